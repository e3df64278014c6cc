import Foundation
import TestSupport
import XCTest

/// Real clients that are built on subsurfaces, against the real `strata`:
/// foot (its title bar, buttons and borders are subsurfaces) and
/// weston-subsurfaces (synchronized and desynchronized children).
final class SubsurfaceClientTests: XCTestCase {
    /// Server.desktopColor in 8 bits.
    let desktop = DecodedPNG.Pixel(red: 28, green: 31, blue: 36)

    func tool(_ name: String) throws -> String {
        guard let path = StrataProcess.which(name) else { throw XCTSkip("\(name) is not installed (make deps)") }
        return path
    }

    /// The first mapped window: its origin and window geometry size.
    func mappedWindow(_ strata: StrataProcess, title: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        var found: [String: Any]?
        XCTAssertTrue(try waitUntil(timeout: 20) {
            found = try strata.windows().first { $0["title"] as? String == title && $0["mapped"] as? Bool == true }
            return found != nil
        }, "\(title) never mapped; server log: \(strata.serverLog)")
        let window = try XCTUnwrap(found)
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let geometry = try XCTUnwrap(window["geometry"] as? [String: Any])
        return (try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int),
                try XCTUnwrap(geometry["width"] as? Int), try XCTUnwrap(geometry["height"] as? Int))
    }

    func screenshot(_ strata: StrataProcess, _ name: String) throws -> DecodedPNG {
        try FileManager.default.createDirectory(atPath: ImageComparison.outputDirectory, withIntermediateDirectories: true)
        // Kept in the test output folder, to look at.
        return try strata.screenshot(to: "\(ImageComparison.outputDirectory)/\(name).png")
    }

    /// foot running a plain sh (so no one's shell start-up files stand
    /// between the keys and the shell) on a new strata, once its window is
    /// mapped; with client-side decorations, which are subsurfaces (by
    /// default foot asks Strata for server-side ones).
    func startFoot() throws -> (strata: StrataProcess, foot: Process, window: (x: Int, y: Int, width: Int, height: Int)) {
        let foot = try tool("foot")
        let strata = try StrataProcess(width: 1024, height: 640)
        let process = try strata.startClient(foot, ["-o", "csd.preferred=client", "--title", "foot", "/bin/sh"])
        return (strata, process, try mappedWindow(strata, title: "foot"))
    }

    func testFootDrawsItsDecorationsAndExitsOnTypedExit() throws {
        let (strata, process, window) = try startFoot()
        defer { strata.stop() }
        let shot = try screenshot(strata, "foot")
        let area = window.width * window.height
        XCTAssertEqual(shot.count(x: window.x, y: window.y, width: window.width, height: window.height) { $0.isClose(to: self.desktop) }, 0,
                       "foot covers its window geometry, title bar (subsurfaces) included; \(area) pixels")
        // foot's title bar: the top rows of the geometry are above its main surface, drawn only by subsurfaces.
        let titleBar = shot.count(x: window.x, y: window.y, width: window.width, height: 20) { $0.red > 150 && $0.green > 150 }
        XCTAssertGreaterThan(titleBar, window.width * 20 / 2, "a light title bar")

        try strata.input("type", "exit")
        try strata.input("key", "Return")
        XCTAssertTrue(waitUntil(timeout: 10) { !process.isRunning }, "the keys reached foot's shell")
        if !process.isRunning { XCTAssertEqual(process.terminationStatus, 0) }
    }

    func testFootsCloseButtonTakesTheClick() throws {
        let (strata, process, window) = try startFoot()
        defer { strata.stop() }
        // The close button is a subsurface of the title bar, itself a subsurface, at the top right.
        try strata.input("click", "\(window.x + window.width - 6)", "\(window.y + 6)")
        XCTAssertTrue(waitUntil(timeout: 10) { !process.isRunning }, "foot did not close: the click missed its button")
    }

    func testWestonSubsurfacesRunsAndShowsItsChildren() throws {
        let demo = try tool("weston-subsurfaces")
        let strata = try StrataProcess(width: 640, height: 480)
        defer { strata.stop() }
        let process = try strata.startClient(demo)
        let window = try mappedWindow(strata, title: "Wayland Sub-surface Demo")
        Thread.sleep(forTimeInterval: 0.5)  // a few animation frames
        XCTAssertTrue(process.isRunning, "weston-subsurfaces exited: \(strata.serverLog)")
        let shot = try screenshot(strata, "weston-subsurfaces")
        let inside = { (predicate: (DecodedPNG.Pixel) -> Bool) in
            shot.count(x: window.x, y: window.y, width: window.width, height: window.height, where: predicate)
        }
        // The main surface is green; the red square is a desynchronized
        // subsurface, the triangle's dark green square a synchronized one.
        XCTAssertGreaterThan(inside { $0.red > 120 && $0.green < 60 && $0.blue < 60 }, 80 * 80, "the red subsurface")
        XCTAssertGreaterThan(inside { $0.red < 20 && $0.green > 60 && $0.green < 110 && $0.blue < 20 }, 60 * 60,
                             "the triangle's subsurface")
        XCTAssertGreaterThan(inside { $0.red < 30 && $0.green > 150 && $0.blue < 30 }, 150 * 150, "the main surface")
    }
}
