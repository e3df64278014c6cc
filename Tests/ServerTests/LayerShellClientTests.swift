import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// A real layer-shell client against the real `strata`: swaybg, the
/// wallpaper of sway desktops, draws below the windows over the whole
/// output. (`make test` installs swaybg; the test skips where it is missing.)
final class LayerShellClientTests: CompositorTestCase {
    func testSwaybgDrawsTheWallpaperBelowTheWindows() throws {
        guard let swaybg = StrataProcess.which("swaybg") else { throw XCTSkip("swaybg is not installed") }
        try strata.startClient(swaybg, ["-c", "#ff0000"])
        var wallpaper: [String: Any]?
        XCTAssertTrue(waitUntil {
            wallpaper = (try? strata.tree()["layer_surfaces"] as? [[String: Any]])?.first { $0["mapped"] as? Bool == true }
            return wallpaper != nil
        }, strata.serverLog)
        XCTAssertEqual(wallpaper?["namespace"] as? String, "wallpaper")
        XCTAssertEqual(wallpaper?["layer"] as? String, "background")
        XCTAssertEqual(wallpaper?["exclusive_zone"] as? Int, -1)
        XCTAssertEqual(wallpaper?["frame"] as? [String: Double], ["x": 0, "y": 0, "width": 320, "height": 240])

        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.shot("layer-shell-swaybg")
        assertPixel(shot, 10, 10, .opaqueRed, "the wallpaper")
        assertPixel(shot, 310, 230, .opaqueRed)
        assertPixel(shot, 50, 50, .fill, "the window above it")
        withExtendedLifetime(window) {}
    }
}
