import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// org_kde_kwin_server_decoration_manager on the real socket: the manager
/// says Server is the default, a decoration says its mode at once and
/// acknowledges each request_mode with the mode applied, and the window
/// has Strata's title bar in Server mode only (the bar xdg-decoration
/// drives).
final class KdeServerDecorationProtocolTests: CompositorTestCase {
    let server = ORG_KDE_KWIN_SERVER_DECORATION_MODE_SERVER.rawValue
    let client = ORG_KDE_KWIN_SERVER_DECORATION_MODE_CLIENT.rawValue
    let none = ORG_KDE_KWIN_SERVER_DECORATION_MODE_NONE.rawValue

    /// The manager and the default_mode it announced.
    final class RawManager {
        let manager: OpaquePointer
        private(set) var defaultModes: [UInt32] = []
        private let listener = UnsafeMutablePointer<org_kde_kwin_server_decoration_manager_listener>.allocate(capacity: 1)

        init(_ client: RawClient) throws {
            manager = try client.bind(strata_org_kde_kwin_server_decoration_manager_interface(), version: 1)
            listener.initialize(to: org_kde_kwin_server_decoration_manager_listener(default_mode: { data, _, mode in
                Unmanaged<RawManager>.fromOpaque(data!).takeUnretainedValue().defaultModes.append(mode)
            }))
            org_kde_kwin_server_decoration_manager_add_listener(manager, listener, Unmanaged.passUnretained(self).toOpaque())
            client.roundtrip()
        }

        deinit { listener.deallocate() }
    }

    /// A surface's decoration and the modes it was told.
    final class RawDecoration {
        let decoration: OpaquePointer
        private(set) var modes: [UInt32] = []
        private let listener = UnsafeMutablePointer<org_kde_kwin_server_decoration_listener>.allocate(capacity: 1)

        init(manager: RawManager, surface: OpaquePointer) {
            decoration = org_kde_kwin_server_decoration_manager_create(manager.manager, surface)!
            listener.initialize(to: org_kde_kwin_server_decoration_listener(mode: { data, _, mode in
                Unmanaged<RawDecoration>.fromOpaque(data!).takeUnretainedValue().modes.append(mode)
            }))
            org_kde_kwin_server_decoration_add_listener(decoration, listener, Unmanaged.passUnretained(self).toOpaque())
        }

        deinit { listener.deallocate() }
    }

    func hasTitleBar(_ title: String) throws -> Bool { !(try strata.window(title)["title_bar"] is NSNull) }

    func testTheDefaultIsServerAndAWindowGetsStratasTitleBar() throws {
        let raw = try RawClient(strata)
        let manager = try RawManager(raw)
        XCTAssertEqual(manager.defaultModes, [server])
        var decoration: RawDecoration?
        let window = try ManagedWindow(raw, title: "kde", width: 80, height: 60) { window in
            decoration = RawDecoration(manager: manager, surface: window.surface)
        }
        XCTAssertEqual(decoration?.modes, [server], "the policy at once")
        XCTAssertTrue(try hasTitleBar("kde"), "the mapping commit shows the bar")
        XCTAssertEqual(try strata.window("kde")["surface"].flatMap { ($0 as? [String: Any])?["kde_server_decoration"] as? String }, "server")
        withExtendedLifetime(window) {}
    }

    func testAskingForClientRemovesTheBarAndServerBringsItBack() throws {
        let raw = try RawClient(strata)
        let manager = try RawManager(raw)
        let window = try ManagedWindow(raw, title: "kde", width: 80, height: 60)
        XCTAssertFalse(try hasTitleBar("kde"), "no decoration object: the client draws its own")

        // Made after the window mapped: the bar comes at once.
        let decoration = RawDecoration(manager: manager, surface: window.surface)
        XCTAssertTrue(raw.roundtrip())
        XCTAssertTrue(try hasTitleBar("kde"))

        org_kde_kwin_server_decoration_request_mode(decoration.decoration, client)
        XCTAssertTrue(raw.roundtrip())
        XCTAssertEqual(decoration.modes, [server, client], "acknowledged with the same mode")
        XCTAssertFalse(try hasTitleBar("kde"))
        XCTAssertEqual(try strata.window("kde")["decoration"] as? NSNull, NSNull(), "no xdg-decoration object")

        org_kde_kwin_server_decoration_request_mode(decoration.decoration, server)
        XCTAssertTrue(raw.roundtrip())
        XCTAssertEqual(decoration.modes, [server, client, server])
        XCTAssertTrue(try hasTitleBar("kde"))
    }

    func testClientModeBeforeMappingMapsWithoutABar() throws {
        let raw = try RawClient(strata)
        let manager = try RawManager(raw)
        var decoration: RawDecoration?
        _ = try ManagedWindow(raw, title: "csd", width: 80, height: 60) { window in
            decoration = RawDecoration(manager: manager, surface: window.surface)
            org_kde_kwin_server_decoration_request_mode(decoration!.decoration, self.client)
        }
        XCTAssertEqual(decoration?.modes, [server, client])
        XCTAssertFalse(try hasTitleBar("csd"))
    }

    func testNoneAndUnknownModes() throws {
        let raw = try RawClient(strata)
        let manager = try RawManager(raw)
        let window = try ManagedWindow(raw, title: "kde", width: 80, height: 60)
        let decoration = RawDecoration(manager: manager, surface: window.surface)
        org_kde_kwin_server_decoration_request_mode(decoration.decoration, none)
        XCTAssertTrue(raw.roundtrip())
        XCTAssertFalse(try hasTitleBar("kde"), "None: no decoration at all")
        org_kde_kwin_server_decoration_request_mode(decoration.decoration, 7)
        XCTAssertTrue(raw.roundtrip(), "an unknown mode is no protocol error")
        XCTAssertEqual(decoration.modes, [server, none, none], "it leaves the mode as it was")
    }

    func testReleasingTheDecorationRemovesTheBar() throws {
        let raw = try RawClient(strata)
        let manager = try RawManager(raw)
        let window = try ManagedWindow(raw, title: "kde", width: 80, height: 60)
        let decoration = RawDecoration(manager: manager, surface: window.surface)
        XCTAssertTrue(raw.roundtrip())
        XCTAssertTrue(try hasTitleBar("kde"))
        org_kde_kwin_server_decoration_release(decoration.decoration)
        XCTAssertTrue(raw.roundtrip())
        XCTAssertFalse(try hasTitleBar("kde"))
    }

    func testADecorationMadeBeforeTheRoleReachesTheWindowWhenItMaps() throws {
        let raw = try RawClient(strata)
        let manager = try RawManager(raw)
        let compositor = try raw.bind(strata_wl_compositor_interface(), version: 5)
        let shm = try raw.bind(strata_wl_shm_interface(), version: 1)
        let base = try raw.bind(strata_xdg_wm_base_interface(), version: 5)
        let surface = wl_compositor_create_surface(compositor)!
        let decoration = RawDecoration(manager: manager, surface: surface)
        XCTAssertTrue(raw.roundtrip())
        let xdgSurface = xdg_wm_base_get_xdg_surface(base, surface)!
        let acker = ConfigureAcker(xdgSurface)
        let toplevel = xdg_surface_get_toplevel(xdgSurface)!
        xdg_toplevel_set_title(toplevel, "early")
        wl_surface_commit(surface)
        XCTAssertTrue(raw.roundtrip())
        let buffer = try raw.makeBuffer(shm: shm, width: 80, height: 60)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_commit(surface)
        XCTAssertTrue(raw.roundtrip())
        XCTAssertEqual(try strata.window("early")["mapped"] as? Bool, true)
        // The window took the mode as it mapped; its next commit shows the bar.
        wl_surface_commit(surface)
        XCTAssertTrue(raw.roundtrip())
        XCTAssertTrue(try hasTitleBar("early"))
        XCTAssertEqual(decoration.modes, [server])
        withExtendedLifetime(acker) {}
    }

    func testADecorationOutlivingItsSurfaceStillAnswers() throws {
        let raw = try RawClient(strata)
        let manager = try RawManager(raw)
        let compositor = try raw.bind(strata_wl_compositor_interface(), version: 5)
        let surface = wl_compositor_create_surface(compositor)!
        let decoration = RawDecoration(manager: manager, surface: surface)
        XCTAssertTrue(raw.roundtrip())
        XCTAssertEqual(decoration.modes, [server])
        wl_surface_destroy(surface)
        XCTAssertTrue(raw.roundtrip(), "its surface may go first")
        org_kde_kwin_server_decoration_request_mode(decoration.decoration, client)
        XCTAssertTrue(raw.roundtrip())
        XCTAssertEqual(decoration.modes, [server, client])
    }
}
