import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataRender
import TestSupport
import XCTest

/// wl_surface.set_buffer_transform on the real socket: bare libwayland
/// clients attach a 60×40 buffer in four coloured quadrants under each
/// transform, and Strata shows it upright as weston does (weston's
/// `weston_transformed_coord`), with the surface 40×60 for quarter turns,
/// for drawing, window geometry, input, the opaque region, the viewport's
/// source and damage.
final class BufferTransformProtocolTests: CompositorTestCase {
    static let red: UInt32 = 0xFF_FF_00_00, green: UInt32 = 0xFF_00_FF_00, blue: UInt32 = 0xFF_00_00_FF, white: UInt32 = 0xFF_FF_FF_FF

    /// The colours of the surface's top left, top right, bottom left and
    /// bottom right quadrants for a buffer that is red, green, blue and
    /// white in those of its own: what weston shows for each transform
    /// (wl_output.transform's values, in order).
    static let quadrantsShown: [(UInt32, UInt32, UInt32, UInt32)] = [
        (red, green, blue, white),      // normal
        (blue, red, white, green),      // 90: turned a quarter clockwise to undo the client's counter-clockwise one
        (white, blue, green, red),      // 180
        (green, white, red, blue),      // 270
        (green, red, white, blue),      // flipped: mirrored left to right
        (red, blue, green, white),      // flipped 90: mirrored across the diagonal
        (blue, white, red, green),      // flipped 180: mirrored top to bottom
        (white, green, blue, red),      // flipped 270: mirrored across the other diagonal
    ]

    /// A client with a window and its surface.
    final class Scene {
        let client: RawClient
        let window: RawWindow
        init(_ strata: StrataProcess, title: String = "transformed") throws {
            client = try RawClient(strata)
            window = try RawWindow(client, title: title, width: 60, height: 40, pixel: BufferTransformProtocolTests.blue)
        }

        var surface: OpaquePointer { window.surface }

        /// A `width`×`height` buffer in quadrants: red top left, green top
        /// right, blue bottom left, white bottom right.
        func quadrants(width: Int32 = 60, height: Int32 = 40) throws -> OpaquePointer {
            try client.makeBuffer(width: width, height: height, shm: window.shm) { x, y in
                switch (x < Int(width) / 2, y < Int(height) / 2) {
                case (true, true): return BufferTransformProtocolTests.red
                case (false, true): return BufferTransformProtocolTests.green
                case (true, false): return BufferTransformProtocolTests.blue
                case (false, false): return BufferTransformProtocolTests.white
                }
            }
        }

        /// Attaches `buffer` damaged whole, with `transform`, and commits.
        func show(_ buffer: OpaquePointer, transform: Int32, file: StaticString = #filePath, line: UInt = #line) {
            wl_surface_set_buffer_transform(surface, transform)
            wl_surface_attach(surface, buffer, 0, 0)
            wl_surface_damage_buffer(surface, 0, 0, .max, .max)
            commit(file: file, line: line)
        }

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

    static func pixel(_ argb: UInt32) -> DecodedPNG.Pixel {
        DecodedPNG.Pixel(red: UInt8(argb >> 16 & 0xFF), green: UInt8(argb >> 8 & 0xFF), blue: UInt8(argb & 0xFF))
    }

    /// The window is `width`×`height` and shows `quadrants` (top left, top
    /// right, bottom left, bottom right), exactly, up to the pixels either
    /// side of the lines between them.
    func assertQuadrants(_ quadrants: (UInt32, UInt32, UInt32, UInt32), width: Int, height: Int, _ message: String,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let shot = try strata.shot("buffer-transform")
        let w = try window()
        XCTAssertEqual(w.width, Double(width), "window width, \(message)", file: file, line: line)
        XCTAssertEqual(w.height, Double(height), "window height, \(message)", file: file, line: line)
        let (midX, midY) = (width / 2, height / 2)
        let expected: [(Int, Int, UInt32)] = [
            (0, 0, quadrants.0), (midX - 1, midY - 1, quadrants.0),
            (midX, 0, quadrants.1), (width - 1, midY - 1, quadrants.1),
            (0, midY, quadrants.2), (midX - 1, height - 1, quadrants.2),
            (midX, midY, quadrants.3), (width - 1, height - 1, quadrants.3),
        ]
        for (x, y, argb) in expected {
            let got = shot[w.x + x, w.y + y], want = Self.pixel(argb)
            XCTAssertTrue(got.isClose(to: want, tolerance: 0), "at (\(x), \(y)): \(got), want \(want), \(message)", file: file, line: line)
        }
        XCTAssertTrue(shot[w.x + width, w.y + midY].isClose(to: .desktop), "right of the window, \(message)", file: file, line: line)
        XCTAssertTrue(shot[w.x + midX, w.y + height].isClose(to: .desktop), "below the window, \(message)", file: file, line: line)
    }

    // MARK: Drawing and size

    func testEachTransformShowsTheBufferUpright() throws {
        let scene = try Scene(strata)
        for transform in 0..<8 {
            scene.show(try scene.quadrants(), transform: Int32(transform))
            let turned = transform % 2 == 1
            try assertQuadrants(Self.quadrantsShown[transform], width: turned ? 40 : 60, height: turned ? 60 : 40,
                                "transform \(transform)")
            let surface = try XCTUnwrap(strata.windows().first?["surface"] as? [String: Any])
            let buffer = try XCTUnwrap(surface["buffer"] as? [String: Any])
            XCTAssertEqual(buffer["width"] as? Int, 60, "the buffer keeps its own size")
            XCTAssertEqual(buffer["transform"] as? Int, transform, "strata tree shows the transform")
        }
    }

    func testTransformAndScaleTogether() throws {
        let scene = try Scene(strata)
        wl_surface_set_buffer_scale(scene.surface, 2)
        for transform in [1, 2, 7] {
            scene.show(try scene.quadrants(width: 120, height: 80), transform: Int32(transform))
            let turned = transform % 2 == 1
            try assertQuadrants(Self.quadrantsShown[transform], width: turned ? 40 : 60, height: turned ? 60 : 40,
                                "transform \(transform) at buffer scale 2")
        }
    }

    func testTheTransformIsDoubleBuffered() throws {
        let scene = try Scene(strata)
        scene.show(try scene.quadrants(), transform: 0)
        wl_surface_set_buffer_transform(scene.surface, 1)
        XCTAssertTrue(scene.client.roundtrip())
        try assertQuadrants(Self.quadrantsShown[0], width: 60, height: 40, "before commit")
        // A commit without a new buffer turns the one shown.
        scene.commit()
        try assertQuadrants(Self.quadrantsShown[1], width: 40, height: 60, "after commit")
        wl_surface_set_buffer_transform(scene.surface, 0)
        scene.commit()
        try assertQuadrants(Self.quadrantsShown[0], width: 60, height: 40, "back to normal")
    }

    // MARK: Damage

    /// `strata frame`'s damage, as disjoint rects in output pixels.
    func frameDamage() throws -> [PixelRect] {
        let result = try strata.control("frame")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return (json["damage"] as? [[String: Int]] ?? []).map {
            PixelRect(x: $0["x"] ?? 0, y: $0["y"] ?? 0, width: $0["width"] ?? 0, height: $0["height"] ?? 0)
        }
    }

    /// Under the 90 transform, buffer pixel (x, y) of the 60×40 buffer is at
    /// surface (40 - 1 - y, x): damage_buffer (buffer pixels) and damage
    /// (surface points) each redraw just the surface rect they name, and
    /// only there do the new buffer's pixels appear.
    func testDamageOfATurnedBufferRedrawsTheRightSurfaceRect() throws {
        let scene = try Scene(strata)
        scene.show(try scene.client.makeBuffer(width: 60, height: 40, shm: scene.window.shm) { _, _ in Self.blue }, transform: 1)
        _ = try frameDamage()
        let w = try window()

        // Buffer x 50..<60, y 0..<10 → surface x 30..<40, y 50..<60.
        let corner = try scene.client.makeBuffer(width: 60, height: 40, shm: scene.window.shm) { x, y in
            x >= 50 && y < 10 ? Self.red : Self.blue
        }
        wl_surface_attach(scene.surface, corner, 0, 0)
        wl_surface_damage_buffer(scene.surface, 50, 0, 10, 10)
        scene.commit()
        XCTAssertEqual(try frameDamage(), [PixelRect(x: w.x + 30, y: w.y + 50, width: 10, height: 10)], "damage_buffer")
        var shot = try strata.shot("buffer-transform-damage-buffer")
        assertPixel(shot, w.x + 35, w.y + 55, .opaqueRed)
        assertPixel(shot, w.x + 35, w.y + 45, Self.pixel(Self.blue))

        // Surface x 0..<10, y 20..<30 → buffer x 20..<30, y 30..<40.
        let side = try scene.client.makeBuffer(width: 60, height: 40, shm: scene.window.shm) { x, y in
            (x >= 20 && x < 30 && y >= 30) ? Self.green : (x >= 50 && y < 10 ? Self.red : Self.blue)
        }
        wl_surface_attach(scene.surface, side, 0, 0)
        wl_surface_damage(scene.surface, 0, 20, 10, 10)
        scene.commit()
        XCTAssertEqual(try frameDamage(), [PixelRect(x: w.x, y: w.y + 20, width: 10, height: 10)], "wl_surface.damage")
        shot = try strata.shot("buffer-transform-damage")
        assertPixel(shot, w.x + 5, w.y + 25, Self.pixel(Self.green))
        assertPixel(shot, w.x + 5, w.y + 35, Self.pixel(Self.blue))
        assertPixel(shot, w.x + 35, w.y + 55, .opaqueRed)
    }

    // MARK: What else sees the surface's size

    func testTheOpaqueRegionCoversTheTurnedSurface() throws {
        let scene = try Scene(strata)
        // Half-transparent blue, premultiplied: unblended it is (0, 0, 128).
        let translucent = try scene.client.makeBuffer(width: 60, height: 40, shm: scene.window.shm) { _, _ in 0x80_00_00_80 }
        let region = wl_compositor_create_region(scene.window.compositor)!
        wl_region_add(region, 0, 0, 40, 60)  // the whole turned surface, not the 60×40 buffer
        wl_surface_set_opaque_region(scene.surface, region)
        wl_region_destroy(region)
        scene.show(translucent, transform: 3)
        let w = try window()
        let shot = try strata.shot("buffer-transform-opaque")
        assertPixel(shot, w.x + 20, w.y + 55, DecodedPNG.Pixel(red: 0, green: 0, blue: 128), "covered: drawn as opaque")
        let surface = try XCTUnwrap(strata.windows().first?["surface"] as? [String: Any])
        let buffer = try XCTUnwrap(surface["buffer"] as? [String: Any])
        XCTAssertEqual(buffer["opaque"] as? Bool, true, "covered whole: copied, not blended")
    }

    func testPointerInputCoversTheTurnedSurface() throws {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: "turned", width: 60, height: 40, configureSurface: { _, surface in
            wl_surface_set_buffer_transform(surface, 1)
        })
        recorder.take()
        let w = try self.window()
        XCTAssertEqual(w.width, 40)
        XCTAssertEqual(w.height, 60)
        // Inside the 40×60 surface, where the untransformed 60×40 buffer would not reach.
        try strata.input("move", "\(w.x + 10)", "\(w.y + 50)")
        XCTAssertEqual(recorder.take(), ["pointer.enter \(window.surfaceID) 10 50", "pointer.motion 10 50"])
        try strata.input("move", "\(w.x + 50)", "\(w.y + 10)")
        XCTAssertEqual(recorder.take(), ["pointer.leave \(window.surfaceID)"], "outside it, where the buffer's width would reach")
    }

    func testTheViewportSourceIsInTurnedSurfaceCoordinates() throws {
        let scene = try Scene(strata)
        let viewporter = try scene.client.bind(strata_wp_viewporter_interface(), version: 1)
        let viewport = wp_viewporter_get_viewport(viewporter, scene.surface)!
        // The bottom half of the 40×60 surface: its bottom left and right quadrants.
        wp_viewport_set_source(viewport, 0, wl_fixed_from_int(30), wl_fixed_from_int(40), wl_fixed_from_int(30))
        scene.show(try scene.quadrants(), transform: 1)
        let shot = try strata.shot("buffer-transform-viewport")
        let w = try window()
        XCTAssertEqual(w.width, 40)
        XCTAssertEqual(w.height, 30)
        let shown = Self.quadrantsShown[1]
        assertPixel(shot, w.x + 5, w.y + 5, Self.pixel(shown.2))
        assertPixel(shot, w.x + 35, w.y + 25, Self.pixel(shown.3))

        // 60 wide fits the buffer, not the turned surface.
        wp_viewport_set_source(viewport, 0, 0, wl_fixed_from_int(60), wl_fixed_from_int(40))
        wl_surface_commit(scene.surface)
        try assertProtocolError(scene.client, interface: "wp_viewport", code: WP_VIEWPORT_ERROR_OUT_OF_BUFFER.rawValue)
    }

    func testASubsurfaceWithATurnedBufferExtendsTheWindowByItsTurnedSize() throws {
        let scene = try Scene(strata)
        let subcompositor = try scene.client.bind(strata_wl_subcompositor_interface(), version: 1)
        let child = wl_compositor_create_surface(scene.window.compositor)!
        let subsurface = wl_subcompositor_get_subsurface(subcompositor, child, scene.surface)!
        wl_subsurface_set_position(subsurface, 55, 0)
        wl_surface_set_buffer_transform(child, 3)
        wl_surface_attach(child, try scene.client.makeBuffer(width: 30, height: 10, shm: scene.window.shm) { _, _ in Self.red }, 0, 0)
        wl_surface_commit(child)
        scene.commit()
        let shot = try strata.shot("buffer-transform-subsurface")
        let w = try window()
        XCTAssertEqual(w.width, 65, "the child, 10×30, reaches x = 65")
        XCTAssertEqual(w.height, 40)
        assertPixel(shot, w.x + 62, w.y + 25, .opaqueRed)
        assertPixel(shot, w.x + 62, w.y + 35, .desktop, "below the child's 30 points")
        assertPixel(shot, w.x + 57, w.y + 35, Self.pixel(Self.blue), "the parent")
    }

    // MARK: Errors

    func testAnInvalidTransformIsAnError() throws {
        for transform: Int32 in [8, -1, .max] {
            let scene = try Scene(strata)
            wl_surface_set_buffer_transform(scene.surface, transform)
            try assertProtocolError(scene.client, interface: "wl_surface", code: WL_SURFACE_ERROR_INVALID_TRANSFORM.rawValue)
        }
    }

    func testTheBufferSizeIsCheckedAgainstTheScaleBeforeTheTransform() throws {
        let scene = try Scene(strata)
        wl_surface_set_buffer_scale(scene.surface, 4)
        // 60×42: 42 is no multiple of 4, whichever way the buffer is turned.
        wl_surface_set_buffer_transform(scene.surface, 1)
        wl_surface_attach(scene.surface, try scene.client.makeBuffer(width: 60, height: 42, shm: scene.window.shm) { _, _ in Self.blue }, 0, 0)
        wl_surface_commit(scene.surface)
        try assertProtocolError(scene.client, interface: "wl_surface", code: WL_SURFACE_ERROR_INVALID_SIZE.rawValue)
    }
}
