import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// A compositor with an X display, and X clients started on it.
class XwaylandTestCase: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        guard StrataProcess.which("Xwayland") != nil else { throw XCTSkip("Xwayland is not installed (make deps)") }
        // Frames as a monitor's: Xwayland draws when its frame callbacks come.
        // Smart placement, as a session has it (dialogs over their parents).
        return try StrataProcess(width: 640, height: 480, windowOrigins: nil, extraArguments: ["--xwayland", "lazy"])
    }

    func xwayland() throws -> [String: Any] {
        try XCTUnwrap(try strata.tree()["xwayland"] as? [String: Any], "no X display \(strata.serverLog)")
    }

    /// Starts an X client on the compositor's X display.
    @discardableResult
    func startX(_ name: String, _ arguments: [String], outputFile: String? = nil) throws -> Process {
        guard let path = name.hasPrefix("/") ? name : StrataProcess.which(name) else {
            throw XCTSkip("\(name) is not installed (make deps)")
        }
        let display = try XCTUnwrap(try xwayland()["display"] as? String)
        return try strata.startClient(path, arguments, environment: ["DISPLAY": display, "WAYLAND_DISPLAY": nil],
                                      outputFile: outputFile)
    }

    func startTestClient(_ arguments: [String], output: String) throws -> Process {
        // Debian's python, whose packages python3-xlib is one of.
        guard (try? runProcess("/usr/bin/python3", ["-c", "import Xlib"]))?.status == 0
        else { throw XCTSkip("python3-xlib is not installed (make deps)") }
        let script = try XCTUnwrap(Bundle.module.path(forResource: "x11-window", ofType: "py", inDirectory: "Fixtures"))
        return try startX("/usr/bin/python3", [script] + arguments, outputFile: output)
    }

    func waitForWindow(_ title: String, timeout: TimeInterval = 30) -> [String: Any]? {
        var found: [String: Any]?
        _ = waitUntil(timeout: timeout, interval: 0.1) {
            found = try? strata.windows().first { $0["title"] as? String == title && $0["mapped"] as? Bool == true }
            return found != nil
        }
        return found
    }

    func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
