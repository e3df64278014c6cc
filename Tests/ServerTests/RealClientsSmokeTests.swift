import Foundation
import TestSupport
import XCTest

/// Every demo client weston ships (and foot; weston-simple-egl draws with
/// Mesa's software renderer into wl_shm buffers here), each on a Strata of its own:
/// it maps a window, draws something into it, and is still running a
/// moment later (a protocol error would have ended it); Strata exits
/// cleanly afterwards. The protocols these clients use each have tests of
/// their own; this is the check that none of them trips on Strata.
final class RealClientsSmokeTests: XCTestCase {
    static let clients: [(name: String, arguments: [String])] = [
        ("weston-clickdot", []), ("weston-cliptest", []), ("weston-confine", []), ("weston-dnd", []),
        ("weston-editor", []), ("weston-eventdemo", []), ("weston-flower", []), ("weston-fullscreen", []),
        ("weston-multi-resource", []), ("weston-presentation-shm", []), ("weston-resizor", []),
        ("weston-scaler", []), ("weston-simple-damage", ["--use-viewport", "--transform=270"]),
        ("weston-simple-egl", []), ("weston-simple-shm", []), ("weston-simple-touch", []), ("weston-smoke", []), ("weston-stacking", []),
        ("weston-subsurfaces", []), ("weston-terminal", []), ("weston-transformed", []), ("foot", []),
    ]

    func testEachClientMapsDrawsAndKeepsRunning() throws {
        var ran = 0
        for (name, arguments) in Self.clients {
            guard let path = StrataProcess.which(name) else { continue }
            ran += 1
            let strata = try StrataProcess(width: 800, height: 600)
            let client = try strata.startClient(path, arguments)
            let mapped = try waitUntil { try strata.windows().contains { $0["mapped"] as? Bool == true } }
            XCTAssertTrue(mapped, "\(name) never mapped a window; strata said: \(strata.serverLog)")
            Thread.sleep(forTimeInterval: 0.5)
            XCTAssertTrue(client.isRunning, "\(name) exited (status \(client.isRunning ? 0 : client.terminationStatus)); strata said: \(strata.serverLog)")
            if mapped, let window = try strata.windows().first(where: { $0["mapped"] as? Bool == true }),
               let origin = window["origin"] as? [String: Any], let geometry = window["geometry"] as? [String: Any],
               let x = origin["x"] as? Int, let y = origin["y"] as? Int,
               let width = (geometry["width"] as? NSNumber)?.intValue, let height = (geometry["height"] as? NSNumber)?.intValue {
                // Over the window (weston-smoke draws only where the pointer goes).
                try strata.input("move", "\(x + width / 2)", "\(y + height / 2)")
                try strata.input("move", "\(x + width / 3)", "\(y + height / 3)")
                Thread.sleep(forTimeInterval: 0.3)
                let path = NSTemporaryDirectory() + "strata-smoke-\(getpid()).png"
                let shot = try strata.screenshot(to: path)
                try? FileManager.default.removeItem(atPath: path)
                // The desktop's colour, from a corner no centred window reaches; the window shows something else.
                let desktop = shot[799, 599]
                let x0 = max(x, 0), y0 = max(y, 0)
                let drawn = shot.count(x: x0, y: y0, width: min(width, 800 - x0), height: min(height, 600 - y0)) {
                    !$0.isClose(to: desktop, tolerance: 8)
                }
                XCTAssertGreaterThan(drawn, 0, "\(name) drew nothing in its \(width)×\(height) window at (\(x), \(y))")
            }
            XCTAssertEqual(strata.stop(), 0, "\(name): strata did not exit cleanly; it said: \(strata.serverLog)")
        }
        if ran == 0 { throw XCTSkip("no weston demo clients installed") }
    }
}
