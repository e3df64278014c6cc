import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// A real app process: this test bundle run again with STRATA_KIT_APP set,
/// where the test calls the `@main` entry point (`UIApplicationDelegate.main()`),
/// which never returns. The parent watches it on the compositor and checks
/// how it ends.
final class ApplicationProcessTests: KitTestCase {
    static let appEnvironmentKey = "STRATA_KIT_APP"

    /// `@main` launches the app (application(_:didFinishLaunchingWithOptions:)
    /// shows its window through the real main run loop) and, when its last
    /// window is closed, the app calls applicationWillTerminate(_:) and the
    /// process exits with status 0. The close comes through the handler
    /// xdg_toplevel.close runs (the compositor cannot send one on request
    /// yet), triggered by a file the parent creates.
    func testMainRunsTheAppUntilItsLastWindowCloses() throws {
        if let closeFile = ProcessInfo.processInfo.environment[Self.appEnvironmentKey] {
            ProcessAppDelegate.closeFile = closeFile
            ProcessAppDelegate.main()
        }
        try startCompositor()
        let closeFile = strata.runtimeDirectory + "/close-now"
        let output = strata.runtimeDirectory + "/app.out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let app = Process()
        app.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        app.arguments = ["KitEndToEndTests.ApplicationProcessTests/testMainRunsTheAppUntilItsLastWindowCloses"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.appEnvironmentKey] = closeFile
        environment["XDG_RUNTIME_DIR"] = strata.runtimeDirectory
        environment["WAYLAND_DISPLAY"] = strata.socketName
        app.environment = environment
        app.standardOutput = FileHandle(forWritingAtPath: output)
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { app.terminate() } }

        XCTAssertTrue(waitUntil(timeout: 20) {
            guard let window = try? self.serverWindow(titled: "process-app"), window["mapped"] as? Bool == true,
                  let root = try? self.appRootLayer(of: window) else { return false }
            return root.sublayers.first?.backgroundRGBA == [1, 0, 0, 1]
        }, "the app's window did not appear; strata said: \(strata.serverLog)")
        XCTAssertTrue(app.isRunning, "the app keeps running while its window is open")

        _ = FileManager.default.createFile(atPath: closeFile, contents: nil)
        XCTAssertTrue(waitUntil(timeout: 20) { !app.isRunning }, "the app did not exit after its window closed")
        app.waitUntilExit()
        XCTAssertEqual(app.terminationReason, .exit)
        XCTAssertEqual(app.terminationStatus, 0)
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        XCTAssertTrue(printed.contains("didFinishLaunching"), printed)
        XCTAssertTrue(printed.contains("willTerminate"), printed)
        XCTAssertTrue(waitUntil(timeout: 5) { (try? self.strata.windows().isEmpty) ?? false })
    }
}

/// The app the child process runs.
final class ProcessAppDelegate: UIResponder, UIApplicationDelegate {
    static var closeFile = ""
    var window: UIWindow?
    private var closeWatch: Timer?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        print("didFinishLaunching")
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        window.title = "process-app"
        let controller = UIViewController()
        controller.view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        self.window = window
        // A Timer on the main run loop, as an app would use one.
        closeWatch = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { [weak self] _ in
            guard FileManager.default.fileExists(atPath: ProcessAppDelegate.closeFile),
                  let onClose = self?.window?.surface?.toplevel.onClose else { return }
            self?.closeWatch?.invalidate()
            onClose()
        }
        return true
    }

    func applicationWillTerminate(_ application: UIApplication) {
        print("willTerminate")
        fflush(stdout)
    }
}
