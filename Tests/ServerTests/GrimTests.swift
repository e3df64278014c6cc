import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// grim, the screenshot tool of wlroots desktops, against the real
/// `strata`: its PNG equals `strata screenshot` pixel for pixel
/// (tolerance 0, as both read the same framebuffer; grim writes RGB).
final class GrimTests: XCTestCase {
    func grim() throws -> String {
        guard let path = StrataProcess.which("grim") else { throw XCTSkip("grim is not installed (make deps)") }
        return path
    }

    /// A window with a subsurface, and the cursor on the output.
    func scene(scale: Int) throws -> (StrataProcess, RawClient, RawWindow) {
        let strata = try StrataProcess(width: 320 * scale, height: 240 * scale, scale: scale)
        let client = try RawClient(strata)
        let window = try RawWindow(client, title: "shot", width: 120, height: 90, pixel: 0xFF_30_60_90)
        let subcompositor = try client.bind(strata_wl_subcompositor_interface(), version: 1)
        let surface = wl_compositor_create_surface(window.compositor)!
        let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, window.surface)!
        wl_subsurface_set_position(subsurface, 100, 70)
        let buffer = try client.makeBuffer(shm: window.shm, width: 40, height: 40, pixel: 0x80_FF_80_00)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_commit(surface)
        wl_surface_commit(window.surface)
        XCTAssertTrue(client.roundtrip())
        try strata.input("move", "150", "120")
        return (strata, client, window)
    }

    func assertGrimMatchesScreenshot(scale: Int, region: String?, crop: (x: Int, y: Int, width: Int, height: Int)?,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let grim = try grim()
        let (strata, client, window) = try scene(scale: scale)
        defer { strata.stop() }
        let dir = ImageComparison.outputDirectory
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let name = "grim-scale\(scale)\(region == nil ? "" : "-region")"
        let grimPath = "\(dir)/\(name).png", shotPath = "\(dir)/\(name).screenshot.png"
        let result = try runProcess(grim, (region.map { ["-g", $0] } ?? []) + [grimPath], environment: strata.clientEnvironment)
        XCTAssertEqual(result.status, 0, result.standardError, file: file, line: line)
        let shot = try strata.screenshot(to: shotPath)
        let copied = try DecodedPNG(contentsOf: grimPath)
        let area = crop ?? (0, 0, shot.width, shot.height)
        XCTAssertEqual(copied.width, area.width, file: file, line: line)
        XCTAssertEqual(copied.height, area.height, file: file, line: line)
        guard copied.width == area.width, copied.height == area.height else { return }
        var differing = 0
        for y in 0..<area.height {
            for x in 0..<area.width where copied[x, y] != shot[area.x + x, area.y + y] { differing += 1 }
        }
        XCTAssertEqual(differing, 0, "grim's \(grimPath) differs from \(shotPath) in \(differing) pixels", file: file, line: line)
        withExtendedLifetime((client, window)) {}
    }

    func testGrimMatchesTheScreenshot() throws {
        try assertGrimMatchesScreenshot(scale: 1, region: nil, crop: nil)
    }

    func testGrimRegionMatchesTheScreenshotsCrop() throws {
        try assertGrimMatchesScreenshot(scale: 1, region: "20,30 200x150", crop: (20, 30, 200, 150))
    }

    func testGrimOnAScaledOutput() throws {
        // grim's region is in points; the PNG is at the output's 2 pixels per point.
        try assertGrimMatchesScreenshot(scale: 2, region: "20,30 200x150", crop: (40, 60, 400, 300))
    }
}
