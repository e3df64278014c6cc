import CPixman
import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataRender
import TestSupport
import XCTest

/// wl_subcompositor and wl_subsurface on the real socket: bare libwayland
/// clients with real shm buffers against the `strata` binary, checked on
/// its screenshots and through its seat. Every request's effect and every
/// error the protocol defines.
final class SubsurfaceProtocolTests: CompositorTestCase {
    // Opaque ARGB buffers and the screenshot pixels they become.
    static let blue: UInt32 = 0xFF_00_00_FF, red: UInt32 = 0xFF_FF_00_00, green: UInt32 = 0xFF_00_FF_00, white: UInt32 = 0xFF_FF_FF_FF
    static let pixels: [UInt32: DecodedPNG.Pixel] = [
        blue: .init(red: 0, green: 0, blue: 255), red: .init(red: 255, green: 0, blue: 0),
        green: .init(red: 0, green: 255, blue: 0), white: .init(red: 255, green: 255, blue: 255),
    ]

    /// A client whose window is a 100×80 blue surface, with wl_subcompositor bound.
    final class Scene {
        let client: RawClient
        let window: RawWindow
        let subcompositor: OpaquePointer
        init(_ strata: StrataProcess, title: String = "parent") throws {
            client = try RawClient(strata)
            window = try RawWindow(client, title: title, width: 100, height: 80, pixel: SubsurfaceProtocolTests.blue)
            subcompositor = try client.bind(strata_wl_subcompositor_interface(), version: 1)
        }

        /// A new surface made a subsurface of `parent`, at `position`,
        /// showing a `width`×`height` buffer of `pixel` (committed unless told not to).
        func child(of parent: OpaquePointer, at position: (Int32, Int32) = (0, 0), width: Int32 = 20, height: Int32 = 20,
                   pixel: UInt32, commit: Bool = true) throws -> (surface: OpaquePointer, subsurface: OpaquePointer) {
            let surface = wl_compositor_create_surface(window.compositor)!
            let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent)!
            wl_subsurface_set_position(subsurface, position.0, position.1)
            if commit { try show(surface, width: width, height: height, pixel: pixel) }
            return (surface, subsurface)
        }

        /// Attaches a new buffer of `pixel`, commits, and waits until the compositor has handled it.
        func show(_ surface: OpaquePointer, width: Int32 = 20, height: Int32 = 20, pixel: UInt32) throws {
            let buffer = try client.makeBuffer(shm: window.shm, width: width, height: height, pixel: pixel)
            wl_surface_attach(surface, buffer, 0, 0)
            wl_surface_damage_buffer(surface, 0, 0, width, height)
            commit(surface)
        }

        var parent: OpaquePointer { window.surface }

        /// A red 60×50 synchronized child at (10, 10) with a green 20×20
        /// desynchronized grandchild at (10, 10) in it, shown.
        func nest() throws -> (child: (surface: OpaquePointer, subsurface: OpaquePointer),
                               grandchild: (surface: OpaquePointer, subsurface: OpaquePointer)) {
            let child = try self.child(of: parent, at: (10, 10), width: 60, height: 50, pixel: SubsurfaceProtocolTests.red)
            let grandchild = try self.child(of: child.surface, at: (10, 10), pixel: SubsurfaceProtocolTests.green)
            wl_subsurface_set_desync(grandchild.subsurface)
            wl_surface_commit(child.surface)
            commit(parent)
            return (child, grandchild)
        }

        /// Commits `surface` and waits until the compositor has handled it.
        func commit(_ surface: OpaquePointer, file: StaticString = #filePath, line: UInt = #line) {
            wl_surface_commit(surface)
            XCTAssertTrue(client.roundtrip(), "no protocol error", file: file, line: line)
        }
    }

    /// The output now, with the first window's origin.
    func screen() throws -> (shot: DecodedPNG, x: Int, y: Int) {
        let path = NSTemporaryDirectory() + "strata-subsurface-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let shot = try strata.screenshot(to: path)
        let origin = try XCTUnwrap(strata.windows().first?["origin"] as? [String: Any])
        return (shot, try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int))
    }

    /// Asserts the colour at points of the window (window coordinates).
    func assertColors(_ expected: [(x: Int, y: Int, pixel: UInt32)], _ message: String = "",
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let (shot, ox, oy) = try screen()
        for point in expected {
            let want = try XCTUnwrap(Self.pixels[point.pixel])
            XCTAssertEqual(shot[ox + point.x, oy + point.y], want, "at (\(point.x), \(point.y)) \(message)", file: file, line: line)
        }
    }

    // MARK: Commits

    func testSynchronizedChildWaitsForTheParentsCommit() throws {
        let scene = try Scene(strata)
        _ = try scene.child(of: scene.parent, at: (10, 10), pixel: Self.red)
        XCTAssertTrue(scene.client.roundtrip())
        try assertColors([(15, 15, Self.blue)], "a synchronized child's commit is cached")
        scene.commit(scene.parent)
        try assertColors([(15, 15, Self.red), (29, 29, Self.red), (30, 30, Self.blue), (9, 9, Self.blue)],
                         "the parent's commit applied the child's cache and position")
    }

    func testDesynchronizedChildShowsItsCommitsAtOnce() throws {
        let scene = try Scene(strata)
        let child = try scene.child(of: scene.parent, at: (10, 10), pixel: Self.red)
        wl_subsurface_set_desync(child.subsurface)
        scene.commit(scene.parent)
        try assertColors([(15, 15, Self.red)])
        try scene.show(child.surface, pixel: Self.green)
        try assertColors([(15, 15, Self.green)], "desynchronized: applied without the parent")
    }

    func testSetDesyncAppliesTheCachedCommit() throws {
        let scene = try Scene(strata)
        let child = try scene.child(of: scene.parent, at: (10, 10), pixel: Self.red)
        wl_surface_commit(scene.parent)
        try scene.show(child.surface, pixel: Self.green)
        try assertColors([(15, 15, Self.red)], "cached")
        wl_subsurface_set_desync(child.subsurface)
        XCTAssertTrue(scene.client.roundtrip())
        try assertColors([(15, 15, Self.green)], "set_desync under a desynchronized parent applies the cache")
        wl_subsurface_set_sync(child.subsurface)
        try scene.show(child.surface, pixel: Self.white)
        try assertColors([(15, 15, Self.green)], "synchronized again: cached until the parent commits")
        scene.commit(scene.parent)
        try assertColors([(15, 15, Self.white)])
    }

    func testCachedCommitsAccumulateAndFrameCallbacksWaitForTheParent() throws {
        let scene = try Scene(strata)
        let child = try scene.child(of: scene.parent, at: (10, 10), width: 40, height: 40, pixel: Self.red)
        scene.commit(scene.parent)
        // Two commits while cached: a buffer, then a frame callback; both go out with the parent's.
        try scene.show(child.surface, width: 20, height: 20, pixel: Self.green)
        let callback = CallbackCounter(wl_surface_frame(child.surface)!)
        scene.commit(child.surface)
        XCTAssertEqual(try strata.control("frame").status, 0)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(callback.done.count, 0, "a cached commit's frame callback waits for its state to be shown")
        scene.commit(scene.parent)
        XCTAssertEqual(try strata.control("frame").status, 0)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(callback.done.count, 1)
        try assertColors([(15, 15, Self.green), (35, 35, Self.blue)], "the 20×20 buffer replaced the 40×40 one")
    }

    func testPositionWaitsForTheParentEvenWhenDesynchronized() throws {
        let scene = try Scene(strata)
        let child = try scene.child(of: scene.parent, at: (10, 10), pixel: Self.red)
        wl_subsurface_set_desync(child.subsurface)
        wl_surface_commit(scene.parent)
        wl_subsurface_set_position(child.subsurface, 60, 40)
        wl_subsurface_set_position(child.subsurface, 50, 40)  // the last one wins
        scene.commit(child.surface)
        try assertColors([(15, 15, Self.red), (55, 45, Self.blue)], "set_position is the parent's state")
        scene.commit(scene.parent)
        try assertColors([(15, 15, Self.blue), (55, 45, Self.red), (69, 59, Self.red), (70, 45, Self.blue)])
    }

    func testSynchronizedChildHoldsADesynchronizedGrandchild() throws {
        let scene = try Scene(strata)
        let (child, grandchild) = try scene.nest()
        try assertColors([(15, 15, Self.red), (25, 25, Self.green)])
        try scene.show(grandchild.surface, pixel: Self.white)
        try assertColors([(25, 25, Self.green)], "a synchronized ancestor makes the grandchild synchronized")
        scene.commit(child.surface)
        try assertColors([(25, 25, Self.green)], "still held: the child's own commit is cached")
        scene.commit(scene.parent)
        try assertColors([(25, 25, Self.white)])
    }

    /// Without xdg_surface.set_window_geometry, the window is the surface
    /// with its subsurfaces, and follows a desynchronized child's commits.
    func testWindowGeometryIncludesSubsurfaces() throws {
        let scene = try Scene(strata)
        let child = try scene.child(of: scene.parent, at: (-10, -20), pixel: Self.red)
        scene.commit(scene.parent)
        func geometry() throws -> [Int] {
            let g = try XCTUnwrap(strata.windows().first?["geometry"] as? [String: Any])
            return try ["x", "y", "width", "height"].map { try XCTUnwrap(g[$0] as? Int) }
        }
        XCTAssertEqual(try geometry(), [-10, -20, 110, 100])
        try assertColors([(0, 0, Self.red), (10, 20, Self.blue)], "the window's origin is the geometry's top left")
        wl_subsurface_set_desync(child.subsurface)
        try scene.show(child.surface, width: 200, height: 20, pixel: Self.green)
        XCTAssertEqual(try geometry(), [-10, -20, 200, 100], "a desynchronized child's own commit")
        try assertColors([(0, 0, Self.green), (199, 19, Self.green), (10, 20, Self.blue)])
        wl_surface_attach(child.surface, nil, 0, 0)
        scene.commit(child.surface)
        XCTAssertEqual(try geometry(), [0, 0, 100, 80], "an unmapped child is not part of the window")
        try assertColors([(0, 0, Self.blue), (99, 79, Self.blue)], "the window's origin is its surface's top left again")
    }

    // MARK: Stacking

    func testPlaceAboveAndBelowAreAppliedWithTheParent() throws {
        let scene = try Scene(strata)
        let a = try scene.child(of: scene.parent, at: (0, 0), width: 40, height: 40, pixel: Self.red)
        let b = try scene.child(of: scene.parent, at: (20, 20), width: 40, height: 40, pixel: Self.green)
        scene.commit(scene.parent)
        try assertColors([(30, 30, Self.green), (10, 10, Self.red)], "a new subsurface goes on top")

        wl_subsurface_place_above(a.subsurface, b.surface)
        XCTAssertTrue(scene.client.roundtrip())
        try assertColors([(30, 30, Self.green)], "stacking is the parent's pending state")
        scene.commit(scene.parent)
        try assertColors([(30, 30, Self.red)])

        wl_subsurface_place_below(a.subsurface, scene.parent)
        scene.commit(scene.parent)
        try assertColors([(10, 10, Self.blue), (30, 30, Self.green)], "below the parent, the parent's buffer hides it")

        wl_subsurface_place_below(b.subsurface, a.surface)
        wl_subsurface_place_above(a.subsurface, scene.parent)
        scene.commit(scene.parent)
        try assertColors([(10, 10, Self.red), (30, 30, Self.red), (50, 50, Self.blue)],
                         "b went below a, which is below the parent; then a above the parent")
    }

    /// The stacking scene as pixels, against a reference image (tolerance 0:
    /// opaque buffers at whole-pixel positions are copied exactly).
    func testNestedStackingMatchesTheReference() throws {
        let scene = try Scene(strata)
        let a = try scene.child(of: scene.parent, at: (-10, -10), width: 50, height: 40, pixel: Self.red)
        _ = try scene.child(of: a.surface, at: (30, 20), width: 30, height: 30, pixel: Self.white)
        wl_surface_commit(a.surface)
        let b = try scene.child(of: scene.parent, at: (50, 30), width: 60, height: 60, pixel: Self.green)
        wl_subsurface_place_below(b.subsurface, scene.parent)
        scene.commit(scene.parent)

        let path = NSTemporaryDirectory() + "strata-subsurface-ref-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try strata.screenshot(to: path)
        let origin = try XCTUnwrap(strata.windows().first?["origin"] as? [String: Any])
        let full = try PNGFile.read(path: path)
        defer { pixman_image_unref(full) }
        // The window and 20 points around it, as the subsurfaces reach outside it.
        let crop = pixman_image_create_bits(PIXMAN_x8r8g8b8, 140, 120, nil, 0)!
        defer { pixman_image_unref(crop) }
        pixman_image_composite32(PIXMAN_OP_SRC, full, nil, crop, Int32(try XCTUnwrap(origin["x"] as? Int)) - 20,
                                 Int32(try XCTUnwrap(origin["y"] as? Int)) - 20, 0, 0, 0, 0, 140, 120)
        ImageComparison.assertMatches(crop, reference: "subsurface-stacking", in: Bundle.module,
                                      referencesDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/References",
                                      tolerance: 0)
    }

    // MARK: Destruction

    func testDestroyingTheSubsurfaceUnmapsAtOnceAndTheSurfaceMayBeOneAgain() throws {
        let scene = try Scene(strata)
        let child = try scene.child(of: scene.parent, at: (10, 10), pixel: Self.red)
        scene.commit(scene.parent)
        try assertColors([(15, 15, Self.red)])
        wl_subsurface_destroy(child.subsurface)
        XCTAssertTrue(scene.client.roundtrip())
        try assertColors([(15, 15, Self.blue)], "unmapped without a parent commit")
        // The same surface may take the subsurface role again.
        let again = wl_subcompositor_get_subsurface(scene.subcompositor, child.surface, scene.parent)!
        wl_subsurface_set_position(again, 40, 40)
        scene.commit(scene.parent)
        try assertColors([(45, 45, Self.red)], "its buffer is still attached, shown at the new place")
    }

    func testDestroyingAParentUnmapsItsSubsurfaces() throws {
        let scene = try Scene(strata)
        let (child, grandchild) = try scene.nest()
        try assertColors([(25, 25, Self.green)])
        wl_surface_destroy(child.surface)
        XCTAssertTrue(scene.client.roundtrip())
        try assertColors([(15, 15, Self.blue), (25, 25, Self.blue)], "the child and its own child are gone")
        // The grandchild is an orphan now: its commits are harmless and show nothing.
        try scene.show(grandchild.surface, pixel: Self.white)
        wl_subsurface_set_position(grandchild.subsurface, 0, 0)
        XCTAssertTrue(scene.client.roundtrip())
        try assertColors([(5, 5, Self.blue), (25, 25, Self.blue)])
    }

    // MARK: Input

    func testPointerEntersTheSubsurfaceUnderItWithLocalCoordinates() throws {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: "parent", width: 100, height: 80, pixel: Self.blue)
        let subcompositor = try client.bind(strata_wl_subcompositor_interface(), version: 1)
        let surface = wl_compositor_create_surface(window.compositor)!
        let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, window.surface)!
        wl_subsurface_set_position(subsurface, 90, 70)  // reaches outside the parent
        let buffer = try client.makeBuffer(shm: window.shm, width: 30, height: 30, pixel: Self.red)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_commit(surface)
        wl_surface_commit(window.surface)
        recorder.take()
        let origin = try XCTUnwrap(strata.windows().first?["origin"] as? [String: Any])
        let (x, y) = (try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int))
        let child = wl_proxy_get_id(surface)

        try strata.input("move", "\(x + 110)", "\(y + 75)")
        XCTAssertEqual(recorder.take(), ["pointer.enter \(child) 20 5", "pointer.motion 20 5"])
        try strata.input("move", "\(x + 95)", "\(y + 75)")
        XCTAssertEqual(recorder.take(), ["pointer.motion 5 5"], "the subsurface is above its parent")
        try strata.input("move", "\(x + 50)", "\(y + 40)")
        XCTAssertEqual(recorder.take(), ["pointer.leave \(child)", "pointer.enter \(window.surfaceID) 50 40",
                                         "pointer.motion 50 40"])
        // A touch on the subsurface goes to it, and its window keeps the keyboard.
        try strata.input("tap", "\(x + 100)", "\(y + 90)")
        XCTAssertEqual(recorder.taken("touch"), ["touch.down \(child) 0 10 20", "touch.up 0"])
        XCTAssertEqual(try (strata.tree()["seat"] as? [String: Any])?["keyboard_focus"] as? String, "parent")

        // Unmapped (a NULL buffer) it takes no input: the pointer goes back to the parent.
        try strata.input("move", "\(x + 95)", "\(y + 75)")
        recorder.take()
        wl_subsurface_set_desync(subsurface)
        wl_surface_attach(surface, nil, 0, 0)
        wl_surface_commit(surface)
        XCTAssertEqual(recorder.taken("pointer"), ["pointer.leave \(child)", "pointer.enter \(window.surfaceID) 95 75"])
    }

    // MARK: Errors

    func testSurfaceWithAnotherRoleIsBadSurface() throws {
        let scene = try Scene(strata)
        let other = wl_compositor_create_surface(scene.window.compositor)!
        _ = wl_subcompositor_get_subsurface(scene.subcompositor, scene.parent, other)
        try assertProtocolError(scene.client, interface: "wl_subcompositor", code: WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE.rawValue)
    }

    func testSecondSubsurfaceOfASurfaceIsBadSurface() throws {
        let scene = try Scene(strata)
        let child = try scene.child(of: scene.parent, pixel: Self.red)
        _ = wl_subcompositor_get_subsurface(scene.subcompositor, child.surface, scene.parent)
        try assertProtocolError(scene.client, interface: "wl_subcompositor", code: WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE.rawValue)
    }

    func testOwnParentIsBadParent() throws {
        let scene = try Scene(strata)
        let surface = wl_compositor_create_surface(scene.window.compositor)!
        _ = wl_subcompositor_get_subsurface(scene.subcompositor, surface, surface)
        try assertProtocolError(scene.client, interface: "wl_subcompositor", code: 1 /* bad_parent */)
    }

    func testDescendantAsParentIsBadParent() throws {
        let scene = try Scene(strata)
        let top = wl_compositor_create_surface(scene.window.compositor)!
        let child = try scene.child(of: top, pixel: Self.red)
        let grandchild = try scene.child(of: child.surface, pixel: Self.green)
        _ = wl_subcompositor_get_subsurface(scene.subcompositor, top, grandchild.surface)
        try assertProtocolError(scene.client, interface: "wl_subcompositor", code: 1 /* bad_parent */)
    }

    /// Subsurfaces nest as deep as SubcompositorGlobal.maximumDepth (32), no deeper:
    /// by a chain grown downwards, or by hanging a deep tree under a parent.
    func testNestingDeeperThanTheLimitIsBadParent() throws {
        let scene = try Scene(strata)
        var parent = scene.parent
        for _ in 0..<32 { parent = try scene.child(of: parent, pixel: Self.red, commit: false).surface }
        scene.commit(scene.parent)  // 32 levels are served
        let tree = try XCTUnwrap(strata.windows().first?["surface"] as? [String: Any])
        XCTAssertEqual((tree["stack"] as? [Any])?.count, 2, "strata tree lists the parent and its subsurface")
        _ = try scene.child(of: parent, pixel: Self.red, commit: false)
        try assertProtocolError(scene.client, interface: "wl_subcompositor", code: 1 /* bad_parent */)

        let other = try Scene(strata, title: "other")
        let top = wl_compositor_create_surface(other.window.compositor)!
        var bottom = top
        for _ in 0..<32 { bottom = try other.child(of: bottom, pixel: Self.red, commit: false).surface }
        _ = wl_subcompositor_get_subsurface(other.subcompositor, top, other.parent)
        try assertProtocolError(other.client, interface: "wl_subcompositor", code: 1 /* bad_parent */)
    }

    func testPlacingAgainstANonSiblingIsBadSurface() throws {
        let scene = try Scene(strata)
        let child = try scene.child(of: scene.parent, pixel: Self.red)
        let grandchild = try scene.child(of: child.surface, pixel: Self.green)
        wl_subsurface_place_above(child.subsurface, grandchild.surface)
        try assertProtocolError(scene.client, interface: "wl_subsurface", code: WL_SUBSURFACE_ERROR_BAD_SURFACE.rawValue)
    }

    func testPlacingAgainstItselfIsBadSurface() throws {
        let scene = try Scene(strata)
        let child = try scene.child(of: scene.parent, pixel: Self.red)
        wl_subsurface_place_below(child.subsurface, child.surface)
        try assertProtocolError(scene.client, interface: "wl_subsurface", code: WL_SUBSURFACE_ERROR_BAD_SURFACE.rawValue)
    }

    func testAnErrorEndsOnlyThatClient() throws {
        let bystander = try Scene(strata, title: "bystander")
        _ = try bystander.child(of: bystander.parent, at: (10, 10), pixel: Self.red)
        wl_surface_commit(bystander.parent)
        XCTAssertTrue(bystander.client.roundtrip())
        let offender = try RawClient(strata)
        let subcompositor = try offender.bind(strata_wl_subcompositor_interface(), version: 1)
        let compositor = try offender.bind(strata_wl_compositor_interface(), version: 5)
        let surface = wl_compositor_create_surface(compositor)!
        _ = wl_subcompositor_get_subsurface(subcompositor, surface, surface)
        try assertProtocolError(offender, interface: "wl_subcompositor", code: 1)
        XCTAssertTrue(bystander.client.roundtrip())
        try assertColors([(15, 15, Self.red), (50, 50, Self.blue)], "the bystander's window is untouched")
    }
}
