import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// wp_single_pixel_buffer_manager_v1 on the real socket: one-pixel
/// buffers shown by surfaces, alone and stretched by a wp_viewport,
/// checked on `strata`'s screenshots.
final class SinglePixelBufferProtocolTests: CompositorTestCase {
    /// Flat colours composited exactly but for 8-bit rounding: 2 a channel.
    static let tolerance = 2

    /// 32-bit channel value for a fraction.
    static func channel(_ fraction: Double) -> UInt32 { UInt32((fraction * Double(UInt32.max)).rounded()) }

    final class Scene {
        let client: RawClient
        let window: RawWindow
        let viewporter: OpaquePointer
        let manager: OpaquePointer
        var released = false
        /// Kept for the process's life: libwayland holds the listener's address.
        private static let bufferListener: UnsafeMutablePointer<wl_buffer_listener> = {
            let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
            listener.initialize(to: wl_buffer_listener(release: { data, _ in
                Unmanaged<Scene>.fromOpaque(data!).takeUnretainedValue().released = true
            }))
            return listener
        }()

        init(_ strata: StrataProcess) throws {
            client = try RawClient(strata)
            window = try RawWindow(client, title: "pixel", width: 10, height: 10, pixel: 0xFF_00_00_FF)
            viewporter = try client.bind(strata_wp_viewporter_interface(), version: 1)
            manager = try client.bind(strata_wp_single_pixel_buffer_manager_v1_interface(), version: 1)
        }

        /// A one-pixel buffer of premultiplied fractions, with a release listener.
        func pixel(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> OpaquePointer {
            let c = SinglePixelBufferProtocolTests.channel
            let buffer = wp_single_pixel_buffer_manager_v1_create_u32_rgba_buffer(manager, c(r), c(g), c(b), c(a))!
            wl_buffer_add_listener(buffer, Scene.bufferListener, Unmanaged.passUnretained(self).toOpaque())
            return buffer
        }
    }

    func screen() throws -> (shot: DecodedPNG, x: Int, y: Int, width: Double, height: Double) {
        let path = NSTemporaryDirectory() + "strata-single-pixel-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let shot = try strata.screenshot(to: path)
        let window = try XCTUnwrap(strata.windows().first)
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let geometry = try XCTUnwrap(window["geometry"] as? [String: Any])
        return (shot, try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int),
                try XCTUnwrap((geometry["width"] as? NSNumber)?.doubleValue),
                try XCTUnwrap((geometry["height"] as? NSNumber)?.doubleValue))
    }

    func testOnePixelStretchedByAViewportFillsAWindow() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.window.surface)!
        wl_surface_attach(scene.window.surface, scene.pixel(1, 0.5, 0, 1), 0, 0)
        wl_surface_damage_buffer(scene.window.surface, 0, 0, 1, 1)
        wp_viewport_set_destination(viewport, 160, 120)
        wl_surface_commit(scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertTrue(scene.released, "read at commit and released")

        let s = try screen()
        XCTAssertEqual(s.width, 160)
        XCTAssertEqual(s.height, 120)
        let orange = DecodedPNG.Pixel(red: 255, green: 128, blue: 0)
        for (x, y) in [(0, 0), (159, 0), (0, 119), (159, 119), (80, 60)] {
            XCTAssertTrue(s.shot[s.x + x, s.y + y].isClose(to: orange, tolerance: Self.tolerance), "at (\(x), \(y)): \(s.shot[s.x + x, s.y + y])")
        }
        XCTAssertFalse(s.shot[s.x + 160, s.y + 60].isClose(to: orange, tolerance: Self.tolerance), "nothing drawn past the window")
    }

    func testWithoutAViewportThePixelIsTheSurface() throws {
        let scene = try Scene(strata)
        wl_surface_attach(scene.window.surface, scene.pixel(0, 1, 0, 1), 0, 0)
        wl_surface_commit(scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        let s = try screen()
        XCTAssertEqual(s.width, 1)
        XCTAssertEqual(s.height, 1)
        XCTAssertTrue(s.shot[s.x, s.y].isClose(to: .init(red: 0, green: 255, blue: 0), tolerance: Self.tolerance))
    }

    func testTranslucentPixelIsPremultiplied() throws {
        // A half-transparent premultiplied red subsurface over the blue window:
        // red + blue × (1 - ½) = (128, 0, 128).
        let scene = try Scene(strata)
        let subcompositor = try scene.client.bind(strata_wl_subcompositor_interface(), version: 1)
        let child = wl_compositor_create_surface(scene.window.compositor)!
        _ = wl_subcompositor_get_subsurface(subcompositor, child, scene.window.surface)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, child)!
        wl_surface_attach(child, scene.pixel(0.5, 0, 0, 0.5), 0, 0)
        wp_viewport_set_destination(viewport, 10, 10)
        wl_surface_commit(child)
        wl_surface_commit(scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        let s = try screen()
        let got = s.shot[s.x + 5, s.y + 5]
        XCTAssertTrue(got.isClose(to: .init(red: 128, green: 0, blue: 127), tolerance: Self.tolerance), "\(got)")
    }

    func testAScaleThePixelDoesNotDivideIsInvalidSize() throws {
        let scene = try Scene(strata)
        wl_surface_set_buffer_scale(scene.window.surface, 2)
        wl_surface_attach(scene.window.surface, scene.pixel(1, 1, 1, 1), 0, 0)
        wl_surface_commit(scene.window.surface)
        try assertProtocolError(scene.client, interface: "wl_surface", code: WL_SURFACE_ERROR_INVALID_SIZE.rawValue)
    }
}
