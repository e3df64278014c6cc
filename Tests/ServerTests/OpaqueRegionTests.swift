import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// wl_surface.set_opaque_region on a real `strata`: an ARGB8888 window
/// whose opaque region covers it is drawn as opaque (copied, not blended,
/// so the desktop under it shows nowhere); a region that leaves part of
/// it out, or none, keeps it blended.
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

    private func pixelInside(_ name: String) throws -> DecodedPNG.Pixel {
        XCTAssertEqual(try strata.control("frame").status, 0)
        let origin = try strata.origin(of: "W")
        return try strata.shot(name)[Int(origin.x) + 10, Int(origin.y) + 10]
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

        // A hole in it, or a region smaller than the window: blended again.
        opaqueRegion(window, [(0, 0, 60, 40)], subtract: [(50, 30, 5, 5)])
        window.draw()
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(try pixelInside("opaque-hole").isClose(to: Self.blended), "a hole: blended")
        opaqueRegion(window, [(0, 0, 59, 40)])
        window.draw()
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(try pixelInside("opaque-short").isClose(to: Self.blended), "a region short of the window: blended")

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
