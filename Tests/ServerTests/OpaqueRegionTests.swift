import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// wl_surface.set_opaque_region on a real `strata`: an ARGB8888 window
/// whose opaque region covers it is drawn as opaque (copied, not blended,
/// so the desktop under it shows nowhere); outside a region that leaves
/// part of it out, or with none, it is blended.
final class OpaqueRegionTests: CompositorTestCase {
    /// Half-transparent blue, premultiplied.
    static let translucent: UInt32 = 0x80_00_00_80
    /// What it gives over the desktop (28, 31, 36), blended.
    static let blended = DecodedPNG.Pixel(red: 14, green: 15, blue: 146)
    /// What it gives drawn as opaque: its colour channels alone.
    static let unblended = DecodedPNG.Pixel(red: 0, green: 0, blue: 128)

    private func opaqueRegion(_ window: ManagedWindow, _ rects: [(Int32, Int32, Int32, Int32)], subtract: [(Int32, Int32, Int32, Int32)] = []) {
        let region = wl_compositor_create_region(window.compositor)!
        for r in rects { wl_region_add(region, r.0, r.1, r.2, r.3) }
        for r in subtract { wl_region_subtract(region, r.0, r.1, r.2, r.3) }
        wl_surface_set_opaque_region(window.surface, region)
        wl_region_destroy(region)
    }

    private func pixelInside(_ name: String, at point: (x: Int, y: Int) = (10, 10)) throws -> DecodedPNG.Pixel {
        XCTAssertEqual(try strata.control("frame").status, 0)
        let origin = try strata.origin(of: "W")
        return try strata.shot(name)[Int(origin.x) + point.x, Int(origin.y) + point.y]
    }

    func testAnOpaqueRegionCoveringTheWindowDrawsItWithoutBlending() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 60, height: 40, pixel: Self.translucent)
        XCTAssertTrue(try pixelInside("opaque-none").isClose(to: Self.blended), "no region: blended")

        // foot's way: one huge rectangle. It counts from the next buffer on.
        opaqueRegion(window, [(0, 0, Int32.max, Int32.max)])
        window.draw()
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(try pixelInside("opaque-all").isClose(to: Self.unblended), "covered: drawn as opaque")

        // A hole in it, or a region smaller than the window: blended there.
        opaqueRegion(window, [(0, 0, 60, 40)], subtract: [(50, 30, 5, 5)])
        window.draw()
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(try pixelInside("opaque-hole", at: (52, 32)).isClose(to: Self.blended), "a hole: blended")
        opaqueRegion(window, [(0, 0, 59, 40)])
        window.draw()
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(try pixelInside("opaque-short", at: (59, 20)).isClose(to: Self.blended), "a region short of the window: blended")

        // The exact size counts too, and a null region unsets it.
        opaqueRegion(window, [(0, 0, 60, 40)])
        window.draw()
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(try pixelInside("opaque-exact").isClose(to: Self.unblended), "exactly covered: drawn as opaque")
        wl_surface_set_opaque_region(window.surface, nil)
        window.draw()
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(try pixelInside("opaque-unset").isClose(to: Self.blended), "unset: blended")
    }
}

/// A region that covers part of a window: what lies under that part is not
/// drawn, and the region counts from its commit, with or without a new
/// buffer. Two 60×40 ARGB8888 windows at the same place, the upper one
/// promising its top half opaque (a window with a translucent shadow, say).
final class PartialOpaqueRegionTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 320, height: 240, manualFrames: true, windowOrigins: [(40, 40), (40, 40)])
    }

    /// Pixels composited by a frame in which the lower window redraws whole.
    private func compositedWhenTheLowerWindowRedraws(_ lower: ManagedWindow) throws -> Int {
        lower.draw()
        XCTAssertTrue(lower.client.roundtrip())
        let result = try strata.control("frame")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try XCTUnwrap(json["pixelsComposited"] as? Int)
    }

    func testTheWindowUnderThePromisedPartIsNotDrawn() throws {
        let client = try RawClient(strata)
        let lower = try ManagedWindow(client, title: "lower", width: 60, height: 40, pixel: 0xFF_00_80_FF)
        let upper = try ManagedWindow(client, title: "upper", width: 60, height: 40, pixel: 0xFF_FF_80_00)
        XCTAssertEqual(try strata.control("frame").status, 0)
        // No region: the desktop, the lower window and the upper one, each over all 60×40.
        XCTAssertEqual(try compositedWhenTheLowerWindowRedraws(lower), 3 * 2400)

        let region = wl_compositor_create_region(upper.compositor)!
        wl_region_add(region, 0, 0, 60, 20)
        wl_surface_set_opaque_region(upper.surface, region)
        wl_region_destroy(region)
        wl_surface_commit(upper.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try compositedWhenTheLowerWindowRedraws(lower), 1200 + 1200 + 2400,
                       "under the promised top half, neither the desktop nor the lower window is drawn")
        let shot = try strata.shot("partial-opaque")
        XCTAssertTrue(shot[70, 50].isClose(to: DecodedPNG.Pixel(red: 255, green: 128, blue: 0)), "the upper window on top")
        XCTAssertTrue(shot[70, 70].isClose(to: DecodedPNG.Pixel(red: 255, green: 128, blue: 0)))

        wl_surface_set_opaque_region(upper.surface, nil)
        wl_surface_commit(upper.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try compositedWhenTheLowerWindowRedraws(lower), 3 * 2400, "unset without a new buffer: all drawn again")
    }
}
