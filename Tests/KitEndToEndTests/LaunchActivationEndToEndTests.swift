import Foundation
@testable import StrataKit
import StrataProtocol
import StrataWayland
import TestSupport
import XCTest

/// A StrataKit app that Strata starts (`strata run -- APP`) is handed an
/// xdg_activation token in XDG_ACTIVATION_TOKEN and DESKTOP_STARTUP_ID; as
/// GTK and Qt do, the app activates its first window with it when that
/// window maps, and removes both variables, so the processes it starts do
/// not reuse the token.
///
/// Strata focuses every window that maps, token or not, so the focus
/// itself shows nothing here; what shows that the app's activate request
/// reached Strata with the token is that the token is spent (each
/// activates once: LaunchActivationTokenTests): another client that
/// quotes it afterwards takes the focus with it no more.
final class LaunchActivationEndToEndTests: KitTestCase {
    static let appEnvironmentKey = "STRATA_KIT_ACTIVATION_APP"

    func testLaunchedAppActivatesItsFirstWindowWithItsTokenAndLetsGoOfIt() throws {
        try launchAppAndCheckItsToken(test: "testLaunchedAppActivatesItsFirstWindowWithItsTokenAndLetsGoOfIt")
    }

    /// The same when the app composites its window itself (it maps with its first buffer).
    func testLaunchedAppCompositingItselfActivatesItsFirstWindowWithItsToken() throws {
        try launchAppAndCheckItsToken(test: "testLaunchedAppCompositingItselfActivatesItsFirstWindowWithItsToken",
                                      environment: ["STRATAKIT_COMPOSITING=client"])
    }

    private func launchAppAndCheckItsToken(test: String, environment: [String] = []) throws {
        if let directory = ProcessInfo.processInfo.environment[Self.appEnvironmentKey] {
            LaunchedAppDelegate.directory = directory
            LaunchedAppDelegate.main()
        }
        let directory = NSTemporaryDirectory() + "strata-kit-activation-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        // Beside the app, a client that only keeps its own launch token, for the control.
        let startup = directory + "/startup"
        try ("printf '%s' \"$XDG_ACTIVATION_TOKEN\" > \(directory)/spare-token.part"
             + " && mv \(directory)/spare-token.part \(directory)/spare-token; exec sleep 60\n")
            .write(toFile: startup, atomically: true, encoding: .utf8)
        strata = try StrataProcess(width: 640, height: 480, socketName: "kit-\(UInt32.random(in: 0...UInt32.max))",
                                   extraArguments: ["--startup", startup, "--", "env", "\(Self.appEnvironmentKey)=\(directory)"]
                                       + environment + [executable, "KitEndToEndTests.LaunchActivationEndToEndTests/\(test)"])
        setenv("XDG_RUNTIME_DIR", strata.runtimeDirectory, 1)
        setenv("WAYLAND_DISPLAY", strata.socketName, 1)

        // What the app was given at launch, and what a process it started after its window mapped saw.
        func read(_ name: String) -> String? { try? String(contentsOfFile: directory + "/" + name, encoding: .utf8) }
        XCTAssertTrue(waitUntil(timeout: 30) { read("child-environment") != nil },
                      "the app's window did not map; strata said: \(strata.serverLog)")
        let token = try XCTUnwrap(read("launch-token"))
        XCTAssertEqual(token.count, 32, "Strata's launch token")
        XCTAssertEqual(read("child-environment"), "XDG_ACTIVATION_TOKEN=<unset> DESKTOP_STARTUP_ID=<unset>",
                       "a process the app starts after its window mapped gets no token")
        let launched = try serverWindow(titled: "launched")
        XCTAssertEqual(launched["mapped"] as? Bool, true)
        let composited = (try? appRootLayer(of: launched)).map { !$0.sublayers.isEmpty } ?? false
        XCTAssertEqual(composited, environment.isEmpty, "Strata composites the app's layer tree unless the app does")

        // Another client maps two windows (the last has the focus); the
        // app's token, quoted for the first, does nothing: the app spent it.
        let connection = try Connection()
        let other = try plainWindow(connection, title: "other")
        let probe = try plainWindow(connection, title: "probe")
        XCTAssertEqual(try focusedTitle(), "probe", "the last window mapped has the focus")
        XCTAssertTrue(connection.activate(other, token: token), "Strata offers xdg_activation_v1")
        try connection.roundtrip()
        XCTAssertEqual(try focusedTitle(), "probe", "the token was spent by the app's window")

        // The control: a launch token no app spent focuses that window at once.
        XCTAssertTrue(waitUntil { read("spare-token") != nil })
        let spare = try XCTUnwrap(read("spare-token"))
        XCTAssertEqual(spare.count, 32)
        XCTAssertNotEqual(spare, token, "each launched client has its own token")
        connection.activate(other, token: spare)
        try connection.roundtrip()
        XCTAssertEqual(try focusedTitle(), "other", "an unspent launch token takes the focus")
        withExtendedLifetime((other, probe)) {}
    }

    private func focusedTitle() throws -> String? {
        try strata.windows().first { $0["focused"] as? Bool == true }?["title"] as? String
    }

    /// A mapped window of a plain client, filled with one color.
    private func plainWindow(_ connection: Connection, title: String) throws -> WaylandToplevel {
        let toplevel = try WaylandToplevel(connection: connection, title: title)
        _ = try toplevel.waitForConfigure()
        let pool = try ShmPool(connection: connection, size: 100 * 80 * 4)
        let buffer = try pool.makeBuffer(width: 100, height: 80)
        buffer.fill(Color(red: 0.2, green: 0.4, blue: 0.8))
        toplevel.present(buffer)
        try connection.roundtrip()
        plainWindows.append((pool, buffer))
        return toplevel
    }

    /// Kept for the whole test: the plain windows' buffers.
    private var plainWindows: [(ShmPool, ShmBuffer)] = []
}

/// The app Strata starts: it writes the token it was given, shows a
/// window and, once that window mapped, starts a shell that writes what
/// it finds of the two variables.
final class LaunchedAppDelegate: UIResponder, UIApplicationDelegate {
    static var directory = ""
    var window: UIWindow?
    private var mapWatch: Timer?

    private static func write(_ text: String, to name: String) {
        let path = directory + "/" + name
        try? text.write(toFile: path + ".part", atomically: false, encoding: .utf8)
        rename(path + ".part", path)
    }

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Self.write(ProcessInfo.processInfo.environment["XDG_ACTIVATION_TOKEN"] ?? "", to: "launch-token")
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        window.title = "launched"
        let controller = UIViewController()
        controller.view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        self.window = window
        mapWatch = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { [weak self] _ in
            guard let self, self.window?.surface?.wasMapped == true else { return }
            self.mapWatch?.invalidate()
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "printf 'XDG_ACTIVATION_TOKEN=%s DESKTOP_STARTUP_ID=%s' "
                               + "\"${XDG_ACTIVATION_TOKEN-<unset>}\" \"${DESKTOP_STARTUP_ID-<unset>}\""]
            let output = Pipe()
            shell.standardOutput = output
            do {
                try shell.run()
                let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                shell.waitUntilExit()
                Self.write(printed, to: "child-environment")
            } catch {
                Self.write("cannot start sh: \(error)", to: "child-environment")
            }
        }
        return true
    }
}
