import Foundation
import TestSupport
import XCTest

/// weston-scaler, a real wp_viewporter client, against the `strata` binary
/// in each of its modes: the surface takes the size its help text says, and
/// the cropped and scaled buffer is on screen.
final class ScalerClientTests: XCTestCase {
    static let blue = DecodedPNG.Pixel(red: 0, green: 0, blue: 255)
    static let white = DecodedPNG.Pixel(red: 255, green: 255, blue: 255)

    /// Runs `weston-scaler mode` and returns its surface's size and origin, and a screenshot.
    func run(_ mode: String) throws -> (width: Double, height: Double, x: Int, y: Int, shot: DecodedPNG) {
        guard let scaler = StrataProcess.which("weston-scaler") else { throw XCTSkip("weston-scaler is not installed") }
        let strata = try StrataProcess(width: 800, height: 600)
        defer { strata.stop() }
        let client = try strata.startClient(scaler, [mode])
        XCTAssertTrue(try waitUntil { try strata.windows().contains { $0["mapped"] as? Bool == true } },
                      "weston-scaler \(mode) never mapped: \(strata.serverLog)")
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertTrue(client.isRunning, "weston-scaler \(mode) exited: \(strata.serverLog)")
        let window = try XCTUnwrap(strata.windows().first)
        let surface = try XCTUnwrap(window["surface"] as? [String: Any])
        let size = try XCTUnwrap(surface["size"] as? [String: Any])
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let path = NSTemporaryDirectory() + "strata-scaler-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        return (try XCTUnwrap((size["width"] as? NSNumber)?.doubleValue), try XCTUnwrap((size["height"] as? NSNumber)?.doubleValue),
                try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int), try strata.screenshot(to: path))
    }

    func testWithoutAViewport() throws {
        let r = try run("-n")
        XCTAssertEqual([r.width, r.height], [421, 337])
    }

    func testSourceAndDestination() throws {
        let r = try run("-b")
        XCTAssertEqual([r.width, r.height], [220, 308])
        // "Blue box with green top and left edge, thick white right edge."
        XCTAssertTrue(r.shot[r.x + 110, r.y + 154].isClose(to: Self.blue), "\(r.shot[r.x + 110, r.y + 154])")
        XCTAssertTrue(r.shot[r.x + 219, r.y + 154].isClose(to: Self.white, tolerance: 40), "\(r.shot[r.x + 219, r.y + 154])")
    }

    func testSourceOnly() throws {
        let r = try run("-s")
        XCTAssertEqual([r.width, r.height], [55, 77])
        XCTAssertTrue(r.shot[r.x + 27, r.y + 38].isClose(to: Self.blue), "\(r.shot[r.x + 27, r.y + 38])")
    }

    func testDestinationOnly() throws {
        let r = try run("-d")
        XCTAssertEqual([r.width, r.height], [220, 308])
    }
}
