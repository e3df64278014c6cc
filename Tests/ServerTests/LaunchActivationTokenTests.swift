import CStrataClientProtocol
import Foundation
import TestSupport
import XCTest

/// A client Strata starts (`strata run -- COMMAND`, the startup file) gets
/// an xdg_activation token of its own in XDG_ACTIVATION_TOKEN and
/// DESKTOP_STARTUP_ID, as launchers hand one to the apps they start: with
/// it, that app's window takes the focus from whichever has it, once.
final class LaunchActivationTokenTests: CompositorTestCase {
    private var environmentFile = ""

    override func makeStrata() throws -> StrataProcess {
        environmentFile = NSTemporaryDirectory() + "strata-launch-token-\(getpid())-\(UUID().uuidString)"
        addTeardownBlock { [environmentFile] in try? FileManager.default.removeItem(atPath: environmentFile) }
        // The launched client writes what it was given, then stays (its end would not end the session anyway).
        let script = "printf '%s\\n%s\\n' \"$XDG_ACTIVATION_TOKEN\" \"$DESKTOP_STARTUP_ID\" > \(environmentFile).part"
            + " && mv \(environmentFile).part \(environmentFile); exec sleep 60"
        return try StrataProcess(width: 640, height: 480, manualFrames: true, extraArguments: ["--", "sh", "-c", script])
    }

    /// The two variables the launched client saw, once it has written them.
    private func launchEnvironment() throws -> [String] {
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: environmentFile) {
            guard Date() < deadline else { throw StrataTestError("the launched client wrote no environment") }
            usleep(10_000)
        }
        return try String(contentsOfFile: environmentFile, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func focusedTitle() throws -> String? {
        try strata.windows().first { $0["focused"] as? Bool == true }?["title"] as? String
    }

    func testLaunchedClientsTokenFocusesItsWindowOnce() throws {
        let variables = try launchEnvironment()
        XCTAssertEqual(variables.count, 2)
        let token = try XCTUnwrap(variables.first)
        XCTAssertEqual(token.count, 32, "a token of 128 random bits")
        XCTAssertEqual(variables.last, token, "DESKTOP_STARTUP_ID carries the same token")

        let app = try XdgActivationProtocolTests.Activating(strata, title: "launched")
        let other = try XdgActivationProtocolTests.Activating(strata, title: "other")
        XCTAssertEqual(try focusedTitle(), "other")
        app.activate(token, app.window.surface)
        XCTAssertEqual(try focusedTitle(), "launched", "the launch token needs no serial and no focus")

        // Spent: the same token does nothing the second time.
        let third = try XdgActivationProtocolTests.Activating(strata, title: "third")
        XCTAssertEqual(try focusedTitle(), "third")
        app.activate(token, app.window.surface)
        XCTAssertEqual(try focusedTitle(), "third")
        withExtendedLifetime(other) {}
    }
}
