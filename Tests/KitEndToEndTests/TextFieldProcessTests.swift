import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// Copy and paste between two StrataKit app processes through the real
/// compositor: this test process and a child (this test bundle run again
/// with STRATA_KIT_PASTE_APP set, running an app with one text field that
/// writes its text to a file at each change).
final class TextFieldProcessTests: KitTestCase {
    static let appEnvironmentKey = "STRATA_KIT_PASTE_APP"

    private var window: UIWindow!
    private var field: UITextField!

    override func tearDown() {
        window = nil
        field = nil
        super.tearDown()
    }

    private func control(_ key: String) throws {
        try strata.input("key", "Control_L", "--down")
        try strata.input("key", key)
        try strata.input("key", "Control_L", "--up")
    }

    func testCopyAndPasteBetweenAppProcesses() throws {
        if let output = ProcessInfo.processInfo.environment[Self.appEnvironmentKey] {
            PasteAppDelegate.outputPath = output
            PasteAppDelegate.main()
        }
        try startCompositor(width: 560, height: 300)
        // Windows cascade: this one's field reaches past the right of the
        // child's window and title bar, the child's field is below this
        // window, so each can be clicked.
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 80))
        window.title = "Source"
        window.backgroundColor = .white
        field = UITextField(frame: CGRect(x: 20, y: 0, width: 360, height: 30))
        field.borderStyle = .line
        window.addSubview(field)
        show(window)
        let sourceOrigin = try origin(of: serverWindow(titled: "Source"))

        let output = strata.runtimeDirectory + "/pasted.txt"
        let app = Process()
        app.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        app.arguments = ["KitEndToEndTests.TextFieldProcessTests/testCopyAndPasteBetweenAppProcesses"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.appEnvironmentKey] = output
        environment["XDG_RUNTIME_DIR"] = strata.runtimeDirectory
        environment["WAYLAND_DISPLAY"] = strata.socketName
        app.environment = environment
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { app.terminate() } }
        XCTAssertTrue(runMainLoop(until: {
            guard let target = try? self.serverWindow(titled: "Paste target"), target["mapped"] as? Bool == true,
                  let root = try? self.appRootLayer(of: target) else { return false }
            return !root.sublayers.isEmpty
        }, timeout: 20), "the child app's window did not appear; strata said: \(strata.serverLog)")
        let target = try serverWindow(titled: "Paste target")
        let targetOrigin = try origin(of: target)
        let targetField = ["\(targetOrigin.x + 120)", "\(targetOrigin.y + 117)"]
        // Right of the child's window and of its title bar's resize border (6 points).
        let childRight = Int(try XCTUnwrap(target.rect("title_bar") ?? target.rect("geometry").map {
            $0.offsetBy(dx: CGFloat(targetOrigin.x), dy: CGFloat(targetOrigin.y))
        }).maxX) + 6
        let sourceFieldRight = sourceOrigin.x + 20 + 360
        XCTAssertLessThan(childRight + 10, sourceFieldRight, "the source field shows right of the child's window")
        let sourceField = ["\((childRight + sourceFieldRight) / 2)", "\(sourceOrigin.y + 15)"]

        // Copied here, pasted there.
        try strata.input(["click"] + sourceField)
        XCTAssertTrue(runMainLoop(until: { self.field.isEditing }))
        try strata.input("type", "between apps")
        XCTAssertTrue(runMainLoop(until: { self.field.text == "between apps" }))
        try control("a")
        try control("c")
        XCTAssertTrue(runMainLoop(until: { self.compositor.clipboard?.ownsSelection == true }))
        try strata.input(["click"] + targetField)
        XCTAssertTrue(runMainLoop(until: { (try? self.serverWindow(titled: "Paste target"))?["focused"] as? Bool == true }),
                      "the click gave the child's window the keyboard")
        try control("v")
        func pasted() -> String? { try? String(contentsOfFile: output, encoding: .utf8) }
        XCTAssertTrue(runMainLoop(until: { pasted() == "between apps" }, timeout: 20),
                      "the child's field has \(pasted() ?? "nothing")")

        // Typed and copied there, pasted here over the selection.
        try strata.input("type", "!")
        XCTAssertTrue(runMainLoop(until: { pasted() == "between apps!" }, timeout: 20))
        try control("a")
        try control("c")
        XCTAssertTrue(runMainLoop(until: { self.compositor.clipboard?.ownsSelection == false }), "the child's copy replaced ours")
        try strata.input(["click"] + sourceField)
        try control("a")
        try control("v")
        XCTAssertTrue(runMainLoop(until: { self.field.text == "between apps!" }, timeout: 20),
                      "pasted here: \(field.text ?? "")")
    }
}

/// The child process's app: one field, its text written to a file at each change.
final class PasteAppDelegate: UIResponder, UIApplicationDelegate {
    static var outputPath = ""
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 140))
        window.title = "Paste target"
        window.backgroundColor = .white
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        field.borderStyle = .roundedRect
        field.addAction(UIAction { action in
            guard let field = action.sender as? UITextField else { return }
            try? (field.text ?? "").write(toFile: PasteAppDelegate.outputPath, atomically: true, encoding: .utf8)
        }, for: .editingChanged)
        window.addSubview(field)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
