import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// wp_viewporter on the real socket: bare libwayland clients with real shm
/// buffers against the `strata` binary, checked on its screenshots, its
/// tree and its seat. Every request's effect and every error the protocol defines.
final class ViewporterProtocolTests: CompositorTestCase {
    static let red: UInt32 = 0xFF_FF_00_00, green: UInt32 = 0xFF_00_FF_00, blue: UInt32 = 0xFF_00_00_FF, white: UInt32 = 0xFF_FF_FF_FF

    /// Pixels are checked deep inside uniform areas, where filtering cannot
    /// blend neighbours, so they must match within rounding: 2 a channel.
    static let tolerance = 2

    /// A client with a 100×80 window (blue until a test shows otherwise) and wp_viewporter bound.
    final class Scene {
        let client: RawClient
        let window: RawWindow
        let viewporter: OpaquePointer
        init(_ strata: StrataProcess) throws {
            client = try RawClient(strata)
            window = try RawWindow(client, title: "viewport", width: 100, height: 80, pixel: ViewporterProtocolTests.blue)
            viewporter = try client.bind(strata_wp_viewporter_interface(), version: 1)
        }

        var surface: OpaquePointer { window.surface }

        /// Attaches `buffer` (damaged whole) without committing.
        func attach(_ buffer: OpaquePointer) {
            wl_surface_attach(surface, buffer, 0, 0)
            wl_surface_damage_buffer(surface, 0, 0, .max, .max)
        }

        /// A `size`×`size` buffer in quadrants: red top left, green top
        /// right, blue bottom left, white bottom right.
        func quadrants(size: Int32 = 40) throws -> OpaquePointer {
            try client.makeBuffer(width: size, height: size, shm: window.shm) { x, y in
                switch (x < Int(size) / 2, y < Int(size) / 2) {
                case (true, true): return ViewporterProtocolTests.red
                case (false, true): return ViewporterProtocolTests.green
                case (true, false): return ViewporterProtocolTests.blue
                case (false, false): return ViewporterProtocolTests.white
                }
            }
        }

        /// Commits and waits until the compositor has handled it.
        func commit(file: StaticString = #filePath, line: UInt = #line) {
            wl_surface_commit(surface)
            XCTAssertTrue(client.roundtrip(), "no protocol error: \(String(describing: client.protocolError))", file: file, line: line)
        }
    }

    /// The window's origin on the output and its geometry's size.
    func window() throws -> (x: Int, y: Int, width: Double, height: Double) {
        let window = try XCTUnwrap(strata.windows().first)
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let geometry = try XCTUnwrap(window["geometry"] as? [String: Any])
        return (try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int),
                try XCTUnwrap((geometry["width"] as? NSNumber)?.doubleValue),
                try XCTUnwrap((geometry["height"] as? NSNumber)?.doubleValue))
    }

    /// Asserts the window's size and the colour at points of it (window coordinates).
    func assertWindow(size: (Double, Double), colors expected: [(x: Int, y: Int, pixel: UInt32)], _ message: String = "",
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let path = NSTemporaryDirectory() + "strata-viewport-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let shot = try strata.screenshot(to: path)
        let w = try window()
        XCTAssertEqual(w.width, size.0, "window width \(message)", file: file, line: line)
        XCTAssertEqual(w.height, size.1, "window height \(message)", file: file, line: line)
        for point in expected {
            let want = DecodedPNG.Pixel(red: UInt8(point.pixel >> 16 & 0xFF), green: UInt8(point.pixel >> 8 & 0xFF),
                                        blue: UInt8(point.pixel & 0xFF))
            let got = shot[w.x + point.x, w.y + point.y]
            XCTAssertTrue(got.isClose(to: want, tolerance: Self.tolerance),
                          "at (\(point.x), \(point.y)): \(got), want \(want) \(message)", file: file, line: line)
        }
    }

    // MARK: Effects

    func testSourceCropsAndDestinationScales() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        scene.attach(try scene.quadrants())
        // The middle 20×20 of the 40×40 buffer: 10×10 of each quadrant, each
        // stretched to 50×40.
        wp_viewport_set_source(viewport, wl_fixed_from_int(10), wl_fixed_from_int(10), wl_fixed_from_int(20), wl_fixed_from_int(20))
        wp_viewport_set_destination(viewport, 100, 80)
        scene.commit()
        try assertWindow(size: (100, 80), colors: [
            (2, 2, Self.red), (46, 36, Self.red), (54, 2, Self.green), (97, 36, Self.green),
            (2, 44, Self.blue), (46, 77, Self.blue), (54, 44, Self.white), (97, 77, Self.white),
        ])
        let surface = try XCTUnwrap(strata.windows().first?["surface"] as? [String: Any])
        let shown = try XCTUnwrap(surface["viewport"] as? [String: Any], "strata tree shows the viewport")
        XCTAssertEqual((shown["source"] as? [String: Any])?["width"] as? Double, 20)
        XCTAssertEqual((shown["destination"] as? [String: Any])?["width"] as? Double, 100)
    }

    func testSourceAloneCropsAtItsOwnSize() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        scene.attach(try scene.quadrants())
        wp_viewport_set_source(viewport, wl_fixed_from_int(15), wl_fixed_from_int(25), wl_fixed_from_int(10), wl_fixed_from_int(10))
        scene.commit()
        try assertWindow(size: (10, 10), colors: [(1, 1, Self.blue), (3, 8, Self.blue), (6, 1, Self.white), (8, 8, Self.white)])
    }

    func testDestinationAloneScalesTheWholeBuffer() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        scene.attach(try scene.quadrants())
        wp_viewport_set_destination(viewport, 120, 60)
        scene.commit()
        try assertWindow(size: (120, 60), colors: [(2, 2, Self.red), (56, 26, Self.red), (64, 2, Self.green),
                                                   (2, 34, Self.blue), (117, 57, Self.white)])
    }

    func testSourceIsInSurfaceCoordinatesAfterTheBufferScale() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        wl_surface_set_buffer_scale(scene.surface, 2)
        scene.attach(try scene.quadrants(size: 80))  // 40×40 in surface coordinates
        wp_viewport_set_source(viewport, wl_fixed_from_int(20), wl_fixed_from_int(0), wl_fixed_from_int(20), wl_fixed_from_int(20))
        scene.commit()
        try assertWindow(size: (20, 20), colors: [(1, 1, Self.green), (18, 18, Self.green)])
    }

    func testFractionalSourceWithADestination() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        scene.attach(try scene.quadrants())
        // 19.5 wide from x = 0.5: the red/green edge (x = 20) is at 19.5 of 19.5 → the right edge.
        wp_viewport_set_source(viewport, wl_fixed_from_double(0.5), 0, wl_fixed_from_double(19.5), wl_fixed_from_int(20))
        wp_viewport_set_destination(viewport, 78, 40)
        scene.commit()
        try assertWindow(size: (78, 40), colors: [(2, 2, Self.red), (74, 37, Self.red)])
    }

    func testViewportStateWaitsForCommit() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        wp_viewport_set_destination(viewport, 50, 40)
        XCTAssertTrue(scene.client.roundtrip())
        try assertWindow(size: (100, 80), colors: [(75, 60, Self.blue)], "before commit")
        scene.commit()
        try assertWindow(size: (50, 40), colors: [(2, 2, Self.blue), (47, 37, Self.blue)], "after commit, the same buffer scaled")
    }

    func testUnsettingAndDestroyingRestoreTheBuffer() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        scene.attach(try scene.quadrants())
        wp_viewport_set_source(viewport, wl_fixed_from_int(20), 0, wl_fixed_from_int(20), wl_fixed_from_int(20))
        wp_viewport_set_destination(viewport, 60, 60)
        scene.commit()
        try assertWindow(size: (60, 60), colors: [(30, 30, Self.green)])

        let unset = wl_fixed_from_int(-1)
        wp_viewport_set_source(viewport, unset, unset, unset, unset)
        scene.commit()
        try assertWindow(size: (60, 60), colors: [(10, 10, Self.red), (50, 50, Self.white)], "source unset: the whole buffer, scaled")
        wp_viewport_set_destination(viewport, -1, -1)
        scene.commit()
        try assertWindow(size: (40, 40), colors: [(10, 10, Self.red), (30, 30, Self.white)], "destination unset")

        wp_viewport_set_destination(viewport, 80, 80)
        scene.commit()
        try assertWindow(size: (80, 80), colors: [])
        wp_viewport_destroy(viewport)
        XCTAssertTrue(scene.client.roundtrip())
        try assertWindow(size: (80, 80), colors: [], "destroying applies at the next commit")
        scene.commit()
        try assertWindow(size: (40, 40), colors: [(30, 30, Self.white)], "destroyed")
        // A new viewport may be made once the old one is gone.
        let again = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        wp_viewport_set_destination(again, 20, 20)
        scene.commit()
        try assertWindow(size: (20, 20), colors: [])
    }

    func testViewportStaysWithNewBuffers() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        wp_viewport_set_destination(viewport, 90, 90)
        scene.commit()
        scene.attach(try scene.quadrants(size: 10))
        scene.commit()
        try assertWindow(size: (90, 90), colors: [(5, 5, Self.red), (85, 85, Self.white)])
    }

    func testBufferDamageIsRedrawnThroughCropAndScale() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        scene.attach(try scene.quadrants())
        wp_viewport_set_source(viewport, wl_fixed_from_int(20), 0, wl_fixed_from_int(20), wl_fixed_from_int(20))
        wp_viewport_set_destination(viewport, 100, 80)
        scene.commit()
        try assertWindow(size: (100, 80), colors: [(75, 20, Self.green)])
        // Only the top right 10×10 of the green quadrant changes, and only it is damaged.
        let buffer = try scene.client.makeBuffer(width: 40, height: 40, shm: scene.window.shm) { x, y in
            x >= 30 && y < 10 ? Self.white : (y < 20 ? (x < 20 ? Self.red : Self.green) : (x < 20 ? Self.blue : Self.white))
        }
        wl_surface_attach(scene.surface, buffer, 0, 0)
        wl_surface_damage_buffer(scene.surface, 30, 0, 10, 10)
        scene.commit()
        try assertWindow(size: (100, 80), colors: [(54, 2, Self.white), (97, 36, Self.white), (46, 36, Self.green), (97, 44, Self.green)],
                         "the damaged buffer pixels cover the window's top right quarter")
    }

    /// wl_surface.damage is in surface coordinates: through the viewport it
    /// names the buffer pixels under the destination it covers (the crop's
    /// origin added, its scale undone), as weston-simple-damage
    /// --use-viewport needs; scaled by the buffer scale alone, it would
    /// name pixels the crop never shows.
    func testSurfaceDamageIsRedrawnThroughCropAndScale() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        // The white quadrant of an 80×80 buffer fills the window.
        scene.attach(try scene.quadrants(size: 80))
        wp_viewport_set_source(viewport, wl_fixed_from_int(40), wl_fixed_from_int(40), wl_fixed_from_int(40), wl_fixed_from_int(40))
        wp_viewport_set_destination(viewport, 100, 80)
        scene.commit()
        try assertWindow(size: (100, 80), colors: [(25, 20, Self.white), (75, 60, Self.white)])
        // The white quadrant's top left 20×20 turns red; the surface damage
        // is the window's top left quarter (buffer pixels 40..<60 both ways,
        // which the buffer scale alone would put at 0..<50 and 0..<40).
        let buffer = try scene.client.makeBuffer(width: 80, height: 80, shm: scene.window.shm) { x, y in
            (40..<60).contains(x) && (40..<60).contains(y) ? Self.red
                : (y < 40 ? (x < 40 ? Self.red : Self.green) : (x < 40 ? Self.blue : Self.white))
        }
        wl_surface_attach(scene.surface, buffer, 0, 0)
        wl_surface_damage(scene.surface, 0, 0, 50, 40)
        scene.commit()
        try assertWindow(size: (100, 80), colors: [(2, 2, Self.red), (46, 36, Self.red), (54, 2, Self.white), (97, 77, Self.white)],
                         "the damaged quarter shows the new pixels")
    }

    func testSynchronizedSubsurfaceViewportWaitsForItsParent() throws {
        let scene = try Scene(strata)
        let subcompositor = try scene.client.bind(strata_wl_subcompositor_interface(), version: 1)
        let child = wl_compositor_create_surface(scene.window.compositor)!
        _ = wl_subcompositor_get_subsurface(subcompositor, child, scene.surface)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, child)!
        wl_surface_attach(child, try scene.quadrants(size: 10), 0, 0)
        wl_surface_commit(child)
        scene.commit()
        try assertWindow(size: (100, 80), colors: [(2, 2, Self.red), (8, 8, Self.white), (20, 20, Self.blue)])
        wp_viewport_set_destination(viewport, 40, 40)
        wl_surface_commit(child)
        XCTAssertTrue(scene.client.roundtrip())
        try assertWindow(size: (100, 80), colors: [(30, 30, Self.blue)], "cached with the child's commit")
        scene.commit()
        try assertWindow(size: (100, 80), colors: [(2, 2, Self.red), (30, 30, Self.white), (30, 5, Self.green)],
                         "applied with the parent's")
    }

    func testPointerInputFollowsTheDestination() throws {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: "viewport", width: 40, height: 40, pixel: Self.blue)
        let viewporter = try client.bind(strata_wp_viewporter_interface(), version: 1)
        let viewport = wp_viewporter_get_viewport(viewporter, window.surface)!
        wp_viewport_set_destination(viewport, 100, 80)
        wl_surface_commit(window.surface)
        XCTAssertTrue(client.roundtrip())
        recorder.take()
        let w = try self.window()
        try strata.input("move", "\(w.x + 90)", "\(w.y + 70)")
        XCTAssertEqual(recorder.take(), ["pointer.enter \(window.surfaceID) 90 70", "pointer.motion 90 70"],
                       "outside the 40×40 buffer, inside the 100×80 destination")
    }

    func testHugeDestinationsAndTinySourcesAreServed() throws {
        // Not errors. One pixel stretched past pixman's 16.16 coordinates
        // is still drawn; a destination past 2^29 points is clamped there
        // (as every client length is), a surface past the renderer's limit
        // (2^24 output pixels, Render/Pixman.swift) draws nothing, and the
        // compositor goes on; a source of a fraction of a pixel shows that pixel.
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        wp_viewport_set_source(viewport, wl_fixed_from_int(99), wl_fixed_from_int(79), wl_fixed_from_int(1), wl_fixed_from_int(1))
        wp_viewport_set_destination(viewport, 40000, 30000)
        scene.commit()
        try assertWindow(size: (40000, 30000), colors: [(0, 0, Self.blue), (100, 100, Self.blue)])
        wp_viewport_set_destination(viewport, .max, .max)
        scene.commit()
        try assertWindow(size: (Double(1 << 29), Double(1 << 29)), colors: [])
        try strata.input("move", "100", "100")
        // A source of 1/256 a pixel (wl_fixed's smallest step) inside the buffer.
        wp_viewport_set_source(viewport, wl_fixed_from_int(50), wl_fixed_from_int(40), 1, 1)
        wp_viewport_set_destination(viewport, 30, 20)
        scene.commit()
        try assertWindow(size: (30, 20), colors: [(0, 0, Self.blue), (29, 19, Self.blue)])
        XCTAssertTrue(try RawClient(strata).roundtrip(), "still serving")
    }

    // MARK: Errors

    func testASecondViewportIsAnError() throws {
        let scene = try Scene(strata)
        _ = wp_viewporter_get_viewport(scene.viewporter, scene.surface)
        _ = wp_viewporter_get_viewport(scene.viewporter, scene.surface)
        try assertProtocolError(scene.client, interface: "wp_viewporter", code: WP_VIEWPORTER_ERROR_VIEWPORT_EXISTS.rawValue)
    }

    func testBadSourceValues() throws {
        let one = wl_fixed_from_int(1)
        for (x, y, width, height) in [(wl_fixed_from_int(-2), 0, one, one), (0, wl_fixed_from_int(-1), one, one),
                                      (0, 0, 0, one), (0, 0, one, wl_fixed_from_int(-1)),
                                      (wl_fixed_from_int(-1), wl_fixed_from_int(-1), wl_fixed_from_int(-1), 0)] {
            let scene = try Scene(strata)
            let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
            wp_viewport_set_source(viewport, x, y, width, height)
            try assertProtocolError(scene.client, interface: "wp_viewport", code: WP_VIEWPORT_ERROR_BAD_VALUE.rawValue)
        }
    }

    func testBadDestinationValues() throws {
        for (width, height): (Int32, Int32) in [(0, 10), (10, 0), (-1, 10), (10, -2)] {
            let scene = try Scene(strata)
            let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
            wp_viewport_set_destination(viewport, width, height)
            try assertProtocolError(scene.client, interface: "wp_viewport", code: WP_VIEWPORT_ERROR_BAD_VALUE.rawValue)
        }
    }

    func testFractionalSourceWithoutDestinationIsBadSize() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        wp_viewport_set_source(viewport, 0, 0, wl_fixed_from_double(10.5), wl_fixed_from_int(10))
        XCTAssertTrue(scene.client.roundtrip(), "only the commit checks it")
        wl_surface_commit(scene.surface)
        try assertProtocolError(scene.client, interface: "wp_viewport", code: WP_VIEWPORT_ERROR_BAD_SIZE.rawValue)
    }

    func testSourceOutsideTheBufferIsAnErrorAtCommit() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        wp_viewport_set_source(viewport, wl_fixed_from_int(90), wl_fixed_from_int(70), wl_fixed_from_int(11), wl_fixed_from_int(10))
        XCTAssertTrue(scene.client.roundtrip(), "only the commit checks it")
        wl_surface_commit(scene.surface)
        try assertProtocolError(scene.client, interface: "wp_viewport", code: WP_VIEWPORT_ERROR_OUT_OF_BUFFER.rawValue)
    }

    func testASmallerBufferUnderTheSourceIsAnError() throws {
        let scene = try Scene(strata)
        let viewport = wp_viewporter_get_viewport(scene.viewporter, scene.surface)!
        wp_viewport_set_source(viewport, wl_fixed_from_int(50), wl_fixed_from_int(50), wl_fixed_from_int(20), wl_fixed_from_int(20))
        scene.commit()
        scene.attach(try scene.quadrants())  // 40×40: the source no longer fits
        wl_surface_commit(scene.surface)
        try assertProtocolError(scene.client, interface: "wp_viewport", code: WP_VIEWPORT_ERROR_OUT_OF_BUFFER.rawValue)
    }

    func testRequestsAfterTheSurfaceIsDestroyedAreNoSurface() throws {
        for request in ["set_source", "set_destination"] {
            let scene = try Scene(strata)
            let surface = wl_compositor_create_surface(scene.window.compositor)!
            let viewport = wp_viewporter_get_viewport(scene.viewporter, surface)!
            wl_surface_destroy(surface)
            XCTAssertTrue(scene.client.roundtrip(), "the viewport outlives its surface")
            if request == "set_source" {
                wp_viewport_set_source(viewport, 0, 0, wl_fixed_from_int(1), wl_fixed_from_int(1))
            } else {
                wp_viewport_set_destination(viewport, 1, 1)
            }
            try assertProtocolError(scene.client, interface: "wp_viewport", code: WP_VIEWPORT_ERROR_NO_SURFACE.rawValue)
        }
        // Destroying such a viewport is fine.
        let scene = try Scene(strata)
        let surface = wl_compositor_create_surface(scene.window.compositor)!
        let viewport = wp_viewporter_get_viewport(scene.viewporter, surface)!
        wl_surface_destroy(surface)
        wp_viewport_destroy(viewport)
        XCTAssertTrue(scene.client.roundtrip())
    }
}

extension RawClient {
    /// An ARGB8888 wl_shm buffer whose pixel at (x, y) is `pixel(x, y)`.
    func makeBuffer(width: Int32, height: Int32, shm: OpaquePointer, pixel: (Int, Int) -> UInt32) throws -> OpaquePointer {
        let size = Int(width) * Int(height) * 4
        let (fd, memory) = try RawClient.sharedMemory(size: size)
        defer { close(fd) }
        let words = memory.bindMemory(to: UInt32.self, capacity: size / 4)
        for y in 0..<Int(height) {
            for x in 0..<Int(width) { words[y * Int(width) + x] = pixel(x, y) }
        }
        munmap(memory, size)
        let pool = wl_shm_create_pool(shm, fd, Int32(size))!
        let buffer = wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_ARGB8888.rawValue)!
        wl_shm_pool_destroy(pool)
        return buffer
    }
}
