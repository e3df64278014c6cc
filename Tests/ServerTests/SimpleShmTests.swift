import Foundation
import StrataProtocol
import StrataServer
import TestSupport
import XCTest

/// weston-simple-shm against the real `strata` binary: the window shows up
/// on screen and in the tree, and the server outlives the client.
final class SimpleShmTests: XCTestCase {
    /// Server.desktopColor (0.11, 0.12, 0.14) in 8 bits. Spelled out because
    /// TestSupport's static Color.red & co. hide Color's instance members here.
    let desktop = DecodedPNG.Pixel(red: 28, green: 31, blue: 36)

    func testDesktopColorIsTheOneTheseTestsExpect() {
        XCTAssertEqual(Server.desktopColor, Color(red: 0.11, green: 0.12, blue: 0.14))
    }

    func simpleShm() throws -> String {
        guard let path = StrataProcess.which("weston-simple-shm") else {
            throw XCTSkip("weston-simple-shm is not installed")
        }
        return path
    }

    func screenshotPath(_ name: String) -> String {
        NSTemporaryDirectory() + "strata-\(name)-\(getpid()).png"
    }

    func testWindowAppearsInScreenshotAndTree() throws {
        let client = try simpleShm()
        let strata = try StrataProcess(width: 640, height: 480)
        defer { strata.stop() }

        let idle = try strata.screenshot(to: screenshotPath("idle"))
        XCTAssertEqual(idle.width, 640)
        XCTAssertEqual(idle.height, 480)
        XCTAssertEqual(idle.count(x: 0, y: 0, width: 640, height: 480) { !$0.isClose(to: desktop) }, 0,
                       "an empty output is all desktop")

        let shm = try strata.startClient(client)
        XCTAssertTrue(try waitUntil { try strata.windows().contains { $0["mapped"] as? Bool == true } },
                      "simple-shm's window never mapped; server log: \(strata.serverLog)")
        // Let it draw a few frames: the frame callbacks have to keep coming.
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertTrue(shm.isRunning, "simple-shm exited: a protocol error? server log: \(strata.serverLog)")

        let path = screenshotPath("window")
        let shot = try strata.screenshot(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // The first window is cascaded to (32, 32) and simple-shm is 250×250;
        // its pattern animates, so check structure, not exact pixels.
        let window = (x: 32, y: 32, size: 250)
        let inside = shot.count(x: window.x, y: window.y, width: window.size, height: window.size) { !$0.isClose(to: desktop) }
        XCTAssertGreaterThan(inside, window.size * window.size * 9 / 10, "the window's pixels are on screen")
        // simple-shm leaves a white 20-pixel border around its pattern.
        XCTAssertEqual(shot[window.x + 5, window.y + 5], DecodedPNG.Pixel(red: 255, green: 255, blue: 255))
        // Just outside the window is desktop.
        for (x, y) in [(window.x - 1, window.y + 100), (window.x + 100, window.y - 1),
                       (window.x + window.size, window.y + 100), (window.x + 100, window.y + window.size)] {
            XCTAssertTrue(shot[x, y].isClose(to: desktop), "(\(x), \(y)) is \(shot[x, y]), not desktop")
        }
        XCTAssertEqual(shot.count(x: 300, y: 300, width: 340, height: 180) { !$0.isClose(to: desktop) }, 0)

        let windows = try strata.windows()
        XCTAssertEqual(windows.count, 1)
        let listed = try XCTUnwrap(windows.first)
        XCTAssertEqual(listed["title"] as? String, "simple-shm")
        XCTAssertEqual(listed["app_id"] as? String, "org.freedesktop.weston.simple-shm")
        let origin = try XCTUnwrap(listed["origin"] as? [String: Any])
        XCTAssertEqual(origin["x"] as? Int, 32)
        XCTAssertEqual(origin["y"] as? Int, 32)
        let geometry = try XCTUnwrap(listed["geometry"] as? [String: Any])
        XCTAssertEqual(geometry["width"] as? Int, 250)
        XCTAssertEqual(geometry["height"] as? Int, 250)
        let layer = try XCTUnwrap(listed["layer"] as? [String: Any])
        XCTAssertEqual(layer["hidden"] as? Bool, false)
    }

    func testServerGoesOnWhenClientDies() throws {
        let client = try simpleShm()
        let strata = try StrataProcess(width: 640, height: 480)
        defer { strata.stop() }

        let shm = try strata.startClient(client)
        XCTAssertTrue(try waitUntil { try strata.windows().contains { $0["mapped"] as? Bool == true } })
        kill(shm.processIdentifier, SIGKILL)
        shm.waitUntilExit()

        XCTAssertTrue(try waitUntil { try strata.windows().isEmpty }, "the dead client's window is gone from the tree")
        let path = screenshotPath("after")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let shot = try strata.screenshot(to: path)
        XCTAssertEqual(shot.count(x: 0, y: 0, width: 640, height: 480) { !$0.isClose(to: desktop) }, 0,
                       "the window left the screen with its client")

        // A new client is served, at the first cascade position again.
        _ = try strata.startClient(client)
        XCTAssertTrue(try waitUntil { try strata.windows().contains { $0["mapped"] as? Bool == true } },
                      "server log: \(strata.serverLog)")
        XCTAssertEqual(strata.stop(), 0, "strata exits 0 on SIGTERM")
    }

    func testTwoWindowsCascade() throws {
        let client = try simpleShm()
        let strata = try StrataProcess(width: 640, height: 480)
        defer { strata.stop() }
        _ = try strata.startClient(client)
        XCTAssertTrue(try waitUntil { try strata.windows().count == 1 && strata.windows()[0]["mapped"] as? Bool == true })
        _ = try strata.startClient(client)
        XCTAssertTrue(try waitUntil { try strata.windows().filter { $0["mapped"] as? Bool == true }.count == 2 })
        let origins = try strata.windows().compactMap { $0["origin"] as? [String: Any] }.compactMap { $0["x"] as? Int }
        XCTAssertEqual(origins, [32, 64], "bottom to top, each 32 points down-right of the last")
    }

    func testScaledOutputDoublesTheWindow() throws {
        let client = try simpleShm()
        let strata = try StrataProcess(width: 640, height: 480, scale: 2)
        defer { strata.stop() }
        _ = try strata.startClient(client)
        XCTAssertTrue(try waitUntil { try strata.windows().contains { $0["mapped"] as? Bool == true } })
        let path = screenshotPath("scaled")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let shot = try strata.screenshot(to: path)
        // 32 points is 64 pixels; simple-shm's 250-point window covers 500 pixels.
        XCTAssertTrue(shot[63, 200].isClose(to: desktop))
        XCTAssertEqual(shot[64 + 10, 64 + 10], DecodedPNG.Pixel(red: 255, green: 255, blue: 255), "the border, scaled")
        XCTAssertEqual(shot[64 + 30, 64 + 30], DecodedPNG.Pixel(red: 255, green: 255, blue: 255), "a 20-point border is 40 pixels")
        XCTAssertGreaterThan(shot.count(x: 64, y: 64, width: 500, height: 416) { !$0.isClose(to: desktop) }, 500 * 416 * 9 / 10)
    }
}
