import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwp_relative_pointer_manager_v1 and zwp_pointer_constraints_v1 on the
/// real socket, driven by `strata input move`: relative motion with every
/// motion, a lock that holds the pointer (and still reports relative
/// motion), a confinement that clamps it to a region, their lifetimes,
/// double-buffered regions, and already_constrained.
final class PointerConstraintsProtocolTests: CompositorTestCase {
    /// A client with a 100×100 window at (32, 32), a seat, and both globals bound.
    final class Scene {
        let client: RawClient
        let recorder: SeatRecorder
        let window: RawWindow
        let constraints: OpaquePointer
        let relativeManager: OpaquePointer
        let relative: OpaquePointer
        private(set) var deltas: [(dx: Double, dy: Double, unaccelerated: Bool)] = []
        private(set) var constraintEvents: [String] = []
        private var relativeListener = zwp_relative_pointer_v1_listener()
        private var lockListener = zwp_locked_pointer_v1_listener()
        private var confineListener = zwp_confined_pointer_v1_listener()

        init(_ strata: StrataProcess) throws {
            client = try RawClient(strata)
            recorder = try SeatRecorder(client)
            window = try RawWindow(client, title: "game", width: 100, height: 100)
            constraints = try client.bind(strata_zwp_pointer_constraints_v1_interface(), version: 1)
            relativeManager = try client.bind(strata_zwp_relative_pointer_manager_v1_interface(), version: 1)
            relative = zwp_relative_pointer_manager_v1_get_relative_pointer(relativeManager, recorder.pointer)!
            let me = Unmanaged.passUnretained(self).toOpaque()
            relativeListener.relative_motion = { data, _, _, _, dx, dy, ux, uy in
                Unmanaged<Scene>.fromOpaque(data!).takeUnretainedValue().deltas
                    .append((wl_fixed_to_double(dx), wl_fixed_to_double(dy), dx == ux && dy == uy))
            }
            zwp_relative_pointer_v1_add_listener(relative, &relativeListener, me)
            lockListener.locked = { data, _ in Unmanaged<Scene>.fromOpaque(data!).takeUnretainedValue().constraintEvents.append("locked") }
            lockListener.unlocked = { data, _ in Unmanaged<Scene>.fromOpaque(data!).takeUnretainedValue().constraintEvents.append("unlocked") }
            confineListener.confined = { data, _ in Unmanaged<Scene>.fromOpaque(data!).takeUnretainedValue().constraintEvents.append("confined") }
            confineListener.unconfined = { data, _ in Unmanaged<Scene>.fromOpaque(data!).takeUnretainedValue().constraintEvents.append("unconfined") }
            client.roundtrip()
        }

        func lock(region: OpaquePointer? = nil, lifetime: zwp_pointer_constraints_v1_lifetime = ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT) -> OpaquePointer {
            let locked = zwp_pointer_constraints_v1_lock_pointer(constraints, window.surface, recorder.pointer, region, lifetime.rawValue)!
            zwp_locked_pointer_v1_add_listener(locked, &lockListener, Unmanaged.passUnretained(self).toOpaque())
            client.roundtrip()
            return locked
        }

        func confine(region: OpaquePointer? = nil, lifetime: zwp_pointer_constraints_v1_lifetime = ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT) -> OpaquePointer {
            let confined = zwp_pointer_constraints_v1_confine_pointer(constraints, window.surface, recorder.pointer, region, lifetime.rawValue)!
            zwp_confined_pointer_v1_add_listener(confined, &confineListener, Unmanaged.passUnretained(self).toOpaque())
            client.roundtrip()
            return confined
        }

        func region(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) -> OpaquePointer {
            let region = wl_compositor_create_region(window.compositor)!
            wl_region_add(region, x, y, width, height)
            return region
        }

        func takeEvents() -> [String] {
            client.roundtrip()
            defer { constraintEvents = [] }
            return constraintEvents
        }

        func takeDeltas() -> [(dx: Double, dy: Double, unaccelerated: Bool)] {
            client.roundtrip()
            defer { deltas = [] }
            return deltas
        }
    }

    func move(_ x: Int, _ y: Int) throws { try strata.input("move", "\(x)", "\(y)") }

    /// "locked", "confined" or nil, as `strata tree` shows the seat.
    func constraint() throws -> String? {
        let seat = try XCTUnwrap(strata.tree()["seat"] as? [String: Any])
        return (seat["pointer"] as? [String: Any])?["constraint"] as? String
    }

    func pointer() throws -> (x: Double, y: Double) {
        let seat = try XCTUnwrap(strata.tree()["seat"] as? [String: Any])
        let pointer = try XCTUnwrap(seat["pointer"] as? [String: Any])
        return (try XCTUnwrap((pointer["x"] as? NSNumber)?.doubleValue), try XCTUnwrap((pointer["y"] as? NSNumber)?.doubleValue))
    }

    func testRelativeMotionWithEveryMotion() throws {
        let scene = try Scene(strata)
        try move(50, 50)
        _ = scene.takeDeltas()
        try move(60, 45)
        try move(58, 45)
        let deltas = scene.takeDeltas()
        XCTAssertEqual(deltas.map(\.dx), [10, -2])
        XCTAssertEqual(deltas.map(\.dy), [-5, 0])
        XCTAssertTrue(deltas.allSatisfy(\.unaccelerated), "absolute devices: accelerated and not are the same")
        try move(300, 300)
        _ = scene.takeDeltas()
        try move(310, 300)
        XCTAssertTrue(scene.takeDeltas().isEmpty, "only the client with the pointer gets relative motion")
    }

    func testLockHoldsThePointerAndStillReportsRelativeMotion() throws {
        let scene = try Scene(strata)
        try move(60, 60)
        XCTAssertNil(try constraint())
        let locked = scene.lock()
        XCTAssertEqual(scene.takeEvents(), ["locked"])
        XCTAssertEqual(try constraint(), "locked", "strata tree shows it")
        _ = scene.recorder.take()
        _ = scene.takeDeltas()
        try move(200, 200)
        XCTAssertEqual(try pointer().x, 60, "the pointer stays where it was locked")
        XCTAssertEqual(try pointer().y, 60)
        XCTAssertEqual(scene.takeDeltas().map(\.dx), [140])
        XCTAssertTrue(scene.recorder.taken("pointer.motion").isEmpty, "no wl_pointer.motion while locked")

        zwp_locked_pointer_v1_destroy(locked)
        XCTAssertTrue(scene.client.roundtrip())
        try move(200, 200)
        XCTAssertEqual(try pointer().x, 200, "unlocked by destruction: the pointer moves again")
    }

    func testLockWaitsForThePointerInItsRegion() throws {
        let scene = try Scene(strata)
        try move(40, 40)  // window point (8, 8)
        _ = scene.lock(region: scene.region(50, 50, 20, 20))
        XCTAssertEqual(scene.takeEvents(), [], "outside the region: not yet")
        try move(90, 90)  // window point (58, 58)
        XCTAssertEqual(scene.takeEvents(), ["locked"])
        try move(10, 10)
        XCTAssertEqual(try pointer().x, 90)
    }

    func testLockEndsWhenTheWindowLosesTheKeyboardAndOneshotIsSpent() throws {
        let scene = try Scene(strata)
        try move(60, 60)
        _ = scene.lock(lifetime: ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT)
        XCTAssertEqual(scene.takeEvents(), ["locked"])
        // Another window takes the keyboard (a new window is focused), and the pointer with it when it covers the pointer.
        let other = try RawClient(strata)
        let cover = try RawWindow(other, title: "cover", width: 200, height: 200)
        XCTAssertEqual(scene.takeEvents(), ["unlocked"])
        xdg_toplevel_destroy(cover.toplevel)
        xdg_surface_destroy(cover.xdgSurface)
        wl_surface_destroy(cover.surface)
        XCTAssertTrue(other.roundtrip())
        try move(61, 61)
        XCTAssertEqual(scene.takeEvents(), [], "a oneshot lock never comes back")
        try move(70, 70)
        XCTAssertEqual(try pointer().x, 70)
    }

    func testPersistentLockComesBack() throws {
        let scene = try Scene(strata)
        try move(60, 60)
        _ = scene.lock()
        XCTAssertEqual(scene.takeEvents(), ["locked"])
        let other = try RawClient(strata)
        let cover = try RawWindow(other, title: "cover", width: 200, height: 200)
        XCTAssertEqual(scene.takeEvents(), ["unlocked"])
        xdg_toplevel_destroy(cover.toplevel)
        xdg_surface_destroy(cover.xdgSurface)
        wl_surface_destroy(cover.surface)
        XCTAssertTrue(other.roundtrip())
        try move(61, 61)
        XCTAssertEqual(scene.takeEvents(), ["locked"], "the window has the pointer and the keyboard again")
    }

    func testCursorHintPlacesThePointerWhenTheLockEnds() throws {
        let scene = try Scene(strata)
        try move(60, 60)
        let locked = scene.lock()
        zwp_locked_pointer_v1_set_cursor_position_hint(locked, wl_fixed_from_int(10), wl_fixed_from_int(20))
        wl_surface_commit(scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        let other = try RawClient(strata)
        _ = try RawWindow(other, title: "elsewhere", width: 20, height: 20)
        XCTAssertEqual(scene.takeEvents(), ["locked", "unlocked"])
        XCTAssertEqual(try pointer().x, 42, "window (32, 32) + hint (10, 20)")
        XCTAssertEqual(try pointer().y, 52)
    }

    func testConfinementClampsThePointerToTheRegion() throws {
        let scene = try Scene(strata)
        try move(60, 60)  // window point (28, 28)
        _ = scene.confine(region: scene.region(10, 10, 50, 50))
        XCTAssertEqual(scene.takeEvents(), ["confined"])
        XCTAssertEqual(try constraint(), "confined")
        try move(70, 70)
        XCTAssertEqual(try pointer().x, 70, "inside, it moves freely")
        // The region is output points 42…91 on each axis (window at 32, region 10…60):
        // a motion that would leave it stops on its edge, on the last point
        // inside, and slides along the edge (as weston and wlcs expect).
        try move(300, 75)
        XCTAssertEqual(try pointer().x, 91, "it stops at the right edge")
        XCTAssertEqual(try pointer().y, 75, "and slides along it")
        try move(10, 10)
        XCTAssertEqual(try pointer().x, 42, "up and left, to the corner")
        XCTAssertEqual(try pointer().y, 42)
        try move(50, 300)
        XCTAssertEqual(try pointer().x, 50, "slides along the bottom edge")
        XCTAssertEqual(try pointer().y, 91)
    }

    func testConfinementRegionIsDoubleBuffered() throws {
        let scene = try Scene(strata)
        try move(60, 60)
        let confined = scene.confine()
        XCTAssertEqual(scene.takeEvents(), ["confined"])
        zwp_confined_pointer_v1_set_region(confined, scene.region(0, 0, 40, 40))
        XCTAssertTrue(scene.client.roundtrip())
        try move(100, 100)
        XCTAssertEqual(try pointer().x, 100, "not applied before the commit: the whole surface")
        wl_surface_commit(scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        try move(60, 60)
        try move(120, 60)
        XCTAssertEqual(try pointer().x, 71, "stopped on the 40-point region's last point: window x 32 + 40 − 1")
    }

    func testSecondConstraintIsAlreadyConstrained() throws {
        let scene = try Scene(strata)
        _ = scene.lock()
        _ = zwp_pointer_constraints_v1_confine_pointer(scene.constraints, scene.window.surface, scene.recorder.pointer, nil,
                                                       ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT.rawValue)
        try assertProtocolError(scene.client, interface: "zwp_pointer_constraints_v1",
                                code: ZWP_POINTER_CONSTRAINTS_V1_ERROR_ALREADY_CONSTRAINED.rawValue)
    }

    func testADestroyedConstraintFreesTheSurfaceForAnother() throws {
        let scene = try Scene(strata)
        let locked = scene.lock()
        zwp_locked_pointer_v1_destroy(locked)
        _ = scene.confine()
        XCTAssertTrue(scene.client.roundtrip())
    }

    func testDestroyedSurfaceEndsTheLock() throws {
        let scene = try Scene(strata)
        try move(60, 60)
        _ = scene.lock()
        XCTAssertEqual(scene.takeEvents(), ["locked"])
        xdg_toplevel_destroy(scene.window.toplevel)
        xdg_surface_destroy(scene.window.xdgSurface)
        wl_surface_destroy(scene.window.surface)
        XCTAssertEqual(scene.takeEvents(), ["unlocked"])
        try move(90, 90)
        XCTAssertEqual(try pointer().x, 90)
    }
}
