import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwp_idle_inhibit_manager_v1 on the real socket: inhibitors are recorded
/// per surface and shown by `strata tree`, honoured only while their
/// surface is shown, and end with their surface or their destruction.
final class IdleInhibitProtocolTests: CompositorTestCase {
    final class Scene {
        let client: RawClient
        let window: RawWindow
        let manager: OpaquePointer
        init(_ strata: StrataProcess) throws {
            client = try RawClient(strata)
            window = try RawWindow(client, title: "video", width: 40, height: 40)
            manager = try client.bind(strata_zwp_idle_inhibit_manager_v1_interface(), version: 1)
        }
    }

    func inhibited() throws -> Bool { try XCTUnwrap(strata.tree()["idle_inhibited"] as? Bool) }

    func windowInhibitors() throws -> Int? {
        let surface = try XCTUnwrap(strata.windows().first?["surface"] as? [String: Any])
        return surface["idle_inhibitors"] as? Int
    }

    func testInhibitorOnAShownSurfaceInhibitsUntilDestroyed() throws {
        let scene = try Scene(strata)
        XCTAssertFalse(try inhibited())
        let inhibitor = zwp_idle_inhibit_manager_v1_create_inhibitor(scene.manager, scene.window.surface)!
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertTrue(try inhibited())
        XCTAssertEqual(try windowInhibitors(), 1)

        let second = zwp_idle_inhibit_manager_v1_create_inhibitor(scene.manager, scene.window.surface)!
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(try windowInhibitors(), 2, "a surface may have several")

        zwp_idle_inhibitor_v1_destroy(inhibitor)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertTrue(try inhibited())
        zwp_idle_inhibitor_v1_destroy(second)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertFalse(try inhibited())
        XCTAssertNil(try windowInhibitors())
    }

    func testInhibitorOfAHiddenSurfaceIsNotHonoured() throws {
        let scene = try Scene(strata)
        let bare = wl_compositor_create_surface(scene.window.compositor)!
        _ = zwp_idle_inhibit_manager_v1_create_inhibitor(scene.manager, bare)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertFalse(try inhibited(), "a surface without a role is not on the output")

        // Unmapping the window (a null buffer) stops its inhibitor too.
        _ = zwp_idle_inhibit_manager_v1_create_inhibitor(scene.manager, scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertTrue(try inhibited())
        wl_surface_attach(scene.window.surface, nil, 0, 0)
        wl_surface_commit(scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertFalse(try inhibited())
    }

    func testInhibitorEndsWithItsSurface() throws {
        let scene = try Scene(strata)
        let inhibitor = zwp_idle_inhibit_manager_v1_create_inhibitor(scene.manager, scene.window.surface)!
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertTrue(try inhibited())
        xdg_toplevel_destroy(scene.window.toplevel)
        xdg_surface_destroy(scene.window.xdgSurface)
        wl_surface_destroy(scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertFalse(try inhibited())
        zwp_idle_inhibitor_v1_destroy(inhibitor)
        XCTAssertTrue(scene.client.roundtrip(), "destroying it afterwards is no error")
    }

    func testSubsurfaceInhibitorIsShownOnTheSubsurface() throws {
        let scene = try Scene(strata)
        let subcompositor = try scene.client.bind(strata_wl_subcompositor_interface(), version: 1)
        let child = wl_compositor_create_surface(scene.window.compositor)!
        _ = wl_subcompositor_get_subsurface(subcompositor, child, scene.window.surface)
        wl_surface_attach(child, try scene.client.makeBuffer(shm: scene.window.shm, width: 10, height: 10), 0, 0)
        wl_surface_commit(child)
        wl_surface_commit(scene.window.surface)
        _ = zwp_idle_inhibit_manager_v1_create_inhibitor(scene.manager, child)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertTrue(try inhibited())
        let surface = try XCTUnwrap(strata.windows().first?["surface"] as? [String: Any])
        let stack = try XCTUnwrap(surface["stack"] as? [Any])
        let shown = try XCTUnwrap(stack.compactMap { $0 as? [String: Any] }.first)
        XCTAssertEqual(shown["idle_inhibitors"] as? Int, 1)
    }

    func testInhibitorsOutliveTheManagerAndTheirClientsEndThem() throws {
        var scene: Scene? = try Scene(strata)
        _ = zwp_idle_inhibit_manager_v1_create_inhibitor(scene!.manager, scene!.window.surface)
        zwp_idle_inhibit_manager_v1_destroy(scene!.manager)
        XCTAssertTrue(scene!.client.roundtrip())
        XCTAssertTrue(try inhibited(), "destroying the manager leaves its inhibitors")
        scene = nil  // disconnects
        XCTAssertTrue(waitUntil { (try? self.inhibited()) == false }, "a client that goes away takes its inhibitors")
    }
}
