import CStrataClientProtocol
import Foundation
import TestSupport
import XCTest

/// strata_blur_v1 on the real socket: bare libwayland clients with shm
/// buffers. One draws a checkerboard; another's transparent window over
/// it asks for a blur: the screenshot shows, within the region, the
/// Gaussian of what the first drew, and elsewhere what it drew.
final class BlurProtocolTests: CompositorTestCase {
    /// A client with a window of `width`×`height` filled by `pixel(x, y)`.
    final class Painter {
        let client: RawClient
        let window: RawWindow
        init(_ strata: StrataProcess, title: String, width: Int32, height: Int32, pixel: @escaping (Int, Int) -> UInt32) throws {
            client = try RawClient(strata)
            window = try RawWindow(client, title: title, width: width, height: height, pixel: 0xFF00_0000)
            let buffer = try client.makeBuffer(width: width, height: height, shm: window.shm, pixel: pixel)
            wl_surface_attach(window.surface, buffer, 0, 0)
            wl_surface_damage_buffer(window.surface, 0, 0, .max, .max)
            wl_surface_commit(window.surface)
            XCTAssertTrue(client.roundtrip())
        }
    }

    private func board() throws -> Painter {
        try Painter(strata, title: "board", width: 240, height: 180) { x, y in (x / 10 + y / 10) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF }
    }

    private func glass() throws -> (Painter, OpaquePointer) {
        let glass = try Painter(strata, title: "glass", width: 100, height: 80) { _, _ in 0 }
        let manager = try glass.client.bind(strata_client_strata_blur_manager_v1_interface(), version: 1)
        return (glass, manager)
    }

    /// The Gaussian (σ = radius / 2) of `image`'s green channel at (x, y), sampled directly.
    private func gaussian(_ image: DecodedPNG, _ x: Int, _ y: Int, radius: Double) -> Double {
        let sigma = radius / 2, r = Int((4 * sigma).rounded(.up))
        let kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        var sum = 0.0
        for j in -r...r {
            for i in -r...r { sum += kernel[i + r] * kernel[j + r] * Double(image[x + i, y + j].green) }
        }
        return sum / (total * total)
    }

    func testARegionOfATransparentSurfaceBlursWhatIsBelow() throws {
        let board = try board()
        defer { withExtendedLifetime(board) {} }
        let (glass, manager) = try glass()
        let before = try strata.shot("blur-protocol-before")
        let blur = strata_blur_manager_v1_get_blur(manager, glass.window.surface)!
        let region = wl_compositor_create_region(glass.window.compositor)!
        wl_region_add(region, 10, 10, 60, 40)
        strata_blur_v1_set_region(blur, region)
        wl_region_destroy(region)
        strata_blur_v1_set_radius(blur, wl_fixed_from_double(8))
        XCTAssertTrue(glass.client.roundtrip())
        let uncommitted = try strata.shot("blur-protocol-uncommitted")
        wl_surface_commit(glass.window.surface)
        XCTAssertTrue(glass.client.roundtrip())
        let after = try strata.shot("blur-protocol-after")

        let origin = try strata.origin(of: "glass")
        let (x0, y0) = (Int(origin.x), Int(origin.y))
        XCTAssertEqual(uncommitted[x0 + 40, y0 + 30], before[x0 + 40, y0 + 30], "double-buffered: nothing before the commit")
        var worst = 0.0
        for y in stride(from: y0 + 11, to: y0 + 50, by: 3) {
            for x in stride(from: x0 + 11, to: x0 + 70, by: 3) {
                worst = max(worst, abs(gaussian(before, x, y, radius: 8) - Double(after[x, y].green)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 4, "within the region, the Gaussian of what is below")
        // In the window but outside the region, and outside the window: as drawn.
        for (x, y) in [(x0 + 5, y0 + 5), (x0 + 80, y0 + 60), (x0 + 40, y0 + 55), (x0 - 10, y0 + 20)] {
            XCTAssertEqual(after[x, y], before[x, y], "(\(x - x0), \(y - y0)) from the glass")
        }

        // Destroyed: gone at the next commit.
        strata_blur_v1_destroy(blur)
        wl_surface_commit(glass.window.surface)
        XCTAssertTrue(glass.client.roundtrip())
        let removed = try strata.shot("blur-protocol-removed")
        XCTAssertEqual(removed[x0 + 40, y0 + 30], before[x0 + 40, y0 + 30])
    }

    /// No region: the whole surface; the saturation applies.
    func testWithoutARegionTheWholeSurfaceIsBlurred() throws {
        let board = try Painter(strata, title: "board", width: 240, height: 180) { x, _ in x % 20 < 10 ? 0xFFFF_0000 : 0xFF00_00FF }
        defer { withExtendedLifetime(board) {} }
        let (glass, manager) = try glass()
        let blur = strata_blur_manager_v1_get_blur(manager, glass.window.surface)!
        strata_blur_v1_set_radius(blur, wl_fixed_from_double(20))
        strata_blur_v1_set_saturation(blur, wl_fixed_from_double(0))
        wl_surface_commit(glass.window.surface)
        XCTAssertTrue(glass.client.roundtrip())
        let shot = try strata.shot("blur-protocol-whole")
        let origin = try strata.origin(of: "glass")
        for (x, y) in [(2, 2), (50, 40), (97, 77)] {
            let p = shot[Int(origin.x) + x, Int(origin.y) + y]
            // Red and blue stripes blurred to purple, then grey (Rec. 709 luminance: 0.2126 · 127 + 0.0722 · 127 ≈ 36).
            XCTAssertEqual(Int(p.red), Int(p.blue), accuracy: 2, "(\(x), \(y)) is \(p)")
            XCTAssertEqual(Int(p.red), Int(p.green), accuracy: 2, "(\(x), \(y)) is \(p)")
            XCTAssertEqual(Int(p.green), 36, accuracy: 4, "(\(x), \(y)) is \(p)")
        }
    }

    func testASecondBlurForASurfaceIsAnError() throws {
        let (glass, manager) = try glass()
        _ = strata_blur_manager_v1_get_blur(manager, glass.window.surface)
        _ = strata_blur_manager_v1_get_blur(manager, glass.window.surface)
        try assertProtocolError(glass.client, interface: "strata_blur_manager_v1", code: 0)
    }

    func testRadiusAndSaturationOutOfRangeAreErrors() throws {
        for (radius, saturation) in [(129.0, 1.0), (-1, 1), (10, 4.5), (10, -0.5)] {
            let (glass, manager) = try glass()
            let blur = strata_blur_manager_v1_get_blur(manager, glass.window.surface)!
            strata_blur_v1_set_radius(blur, wl_fixed_from_double(radius))
            strata_blur_v1_set_saturation(blur, wl_fixed_from_double(saturation))
            try assertProtocolError(glass.client, interface: "strata_blur_v1", code: 1)
        }
    }

    /// Requests on a blur whose surface is gone are no_surface errors.
    func testABlurOutlivingItsSurfaceIsAnError() throws {
        let client = try RawClient(strata)
        let compositor = try client.bind(strata_client_wl_compositor_interface(), version: 4)
        let manager = try client.bind(strata_client_strata_blur_manager_v1_interface(), version: 1)
        let surface = wl_compositor_create_surface(compositor)!
        let blur = strata_blur_manager_v1_get_blur(manager, surface)!
        wl_surface_destroy(surface)
        strata_blur_v1_set_radius(blur, wl_fixed_from_double(4))
        try assertProtocolError(client, interface: "strata_blur_v1", code: 0)
    }
}
