import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// A taskbar's view of the windows: what zwlr_foreign_toplevel_handle_v1 events say.
final class ForeignToplevelRecorder {
    final class Handle {
        let proxy: OpaquePointer
        var title: String?
        var appID: String?
        var states: [UInt32] = []
        var outputs: [UInt32] = []
        var parent: OpaquePointer?
        var done = 0
        var closed = false
        /// Events since the last `done`; a taskbar applies them on `done`.
        var pending = 0
        init(_ proxy: OpaquePointer) { self.proxy = proxy }

        func has(_ state: zwlr_foreign_toplevel_handle_v1_state) -> Bool { states.contains(state.rawValue) }
    }

    let manager: OpaquePointer
    private(set) var handles: [Handle] = []
    private(set) var finished = false
    private let managerListener = UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_listener>.allocate(capacity: 1)
    private let handleListener = UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_listener>.allocate(capacity: 1)

    init(_ client: RawClient, version: UInt32 = 3) throws {
        manager = try client.bind(strata_zwlr_foreign_toplevel_manager_v1_interface(), version: version)
        managerListener.initialize(to: zwlr_foreign_toplevel_manager_v1_listener(
            toplevel: { data, _, proxy in
                let recorder = Unmanaged<ForeignToplevelRecorder>.fromOpaque(data!).takeUnretainedValue()
                let handle = Handle(proxy!)
                recorder.handles.append(handle)
                zwlr_foreign_toplevel_handle_v1_add_listener(proxy, recorder.handleListener, data)
            },
            finished: { data, _ in
                Unmanaged<ForeignToplevelRecorder>.fromOpaque(data!).takeUnretainedValue().finished = true
            }))
        handleListener.initialize(to: zwlr_foreign_toplevel_handle_v1_listener(
            title: { data, proxy, title in
                recorder(data).handle(proxy).title = title.map { String(cString: $0) }
                recorder(data).handle(proxy).pending += 1
            },
            app_id: { data, proxy, appID in
                recorder(data).handle(proxy).appID = appID.map { String(cString: $0) }
                recorder(data).handle(proxy).pending += 1
            },
            output_enter: { data, proxy, output in
                recorder(data).handle(proxy).outputs.append(wl_proxy_get_id(output))
                recorder(data).handle(proxy).pending += 1
            },
            output_leave: { data, proxy, output in
                recorder(data).handle(proxy).outputs.removeAll { $0 == wl_proxy_get_id(output) }
                recorder(data).handle(proxy).pending += 1
            },
            state: { data, proxy, states in
                var values: [UInt32] = []
                if let states, let base = states.pointee.data {
                    values = Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: states.pointee.size / 4))
                }
                recorder(data).handle(proxy).states = values
                recorder(data).handle(proxy).pending += 1
            },
            done: { data, proxy in
                recorder(data).handle(proxy).done += 1
                recorder(data).handle(proxy).pending = 0
            },
            closed: { data, proxy in recorder(data).handle(proxy).closed = true },
            parent: { data, proxy, parent in
                recorder(data).handle(proxy).parent = parent
                recorder(data).handle(proxy).pending += 1
            }))
        zwlr_foreign_toplevel_manager_v1_add_listener(manager, managerListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        managerListener.deallocate()
        handleListener.deallocate()
    }

    /// The newest handle of `proxy`: a destroyed handle's proxy address may be reused by a new one.
    fileprivate func handle(_ proxy: OpaquePointer?) -> Handle { handles.last { $0.proxy == proxy }! }

    /// The open (not closed) handle whose title is `title`.
    func open(_ title: String) -> Handle? { handles.first { !$0.closed && $0.title == title } }
}

private func recorder(_ data: UnsafeMutableRawPointer?) -> ForeignToplevelRecorder {
    Unmanaged<ForeignToplevelRecorder>.fromOpaque(data!).takeUnretainedValue()
}

/// zwlr_foreign_toplevel_manager_v1 on the real socket: a panel client
/// follows and drives the windows of another client.
final class ForeignToplevelProtocolTests: CompositorTestCase {
    var apps: RawClient!
    var panel: RawClient!

    override func setUpWithError() throws {
        try super.setUpWithError()
        apps = try RawClient(strata)
        panel = try RawClient(strata)
    }

    override func tearDown() {
        panel = nil
        apps = nil
        super.tearDown()
    }

    func windowInfo(_ title: String) throws -> [String: Any] {
        try XCTUnwrap(try strata.windows().first { $0["title"] as? String == title })
    }

    func states(_ title: String) throws -> [String] { try windowInfo(title)["states"] as? [String] ?? [] }

    func testPanelSeesExistingAndNewWindowsWithTheirDetails() throws {
        let first = try ManagedWindow(apps, title: "first", width: 100, height: 80) { window in
            xdg_toplevel_set_app_id(window.toplevel, "org.example.first")
        }
        let output = try panel.bind(strata_wl_output_interface(), version: 4)
        let taskbar = try ForeignToplevelRecorder(panel)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertEqual(taskbar.handles.count, 1, "the window open when the manager was bound")
        let a = try XCTUnwrap(taskbar.open("first"))
        XCTAssertEqual(a.appID, "org.example.first")
        XCTAssertTrue(a.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED))
        XCTAssertEqual(a.outputs, [wl_proxy_get_id(output)], "output_enter names the panel's own wl_output")
        XCTAssertNil(a.parent)
        XCTAssertGreaterThanOrEqual(a.done, 1)
        XCTAssertEqual(a.pending, 0, "every batch ends with done")

        let second = try ManagedWindow(apps, title: "second", width: 90, height: 70) { window in
            xdg_toplevel_set_app_id(window.toplevel, "org.example.second")
            xdg_toplevel_set_parent(window.toplevel, first.toplevel)
        }
        XCTAssertTrue(panel.roundtrip())
        let b = try XCTUnwrap(taskbar.open("second"), "a window mapped later is announced")
        XCTAssertEqual(b.appID, "org.example.second")
        XCTAssertEqual(b.outputs, [wl_proxy_get_id(output)])
        XCTAssertEqual(b.parent, a.proxy, "parent (v3) names the dialog's parent's handle")
        XCTAssertTrue(b.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED), "the new window has the keyboard")
        XCTAssertFalse(a.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED), "and the first no longer")
        XCTAssertEqual(b.pending, 0)
        XCTAssertEqual(a.pending, 0)
        withExtendedLifetime(second) {}
    }

    func testUpdatesFollowTitleMaximizeAndActivation() throws {
        let window = try ManagedWindow(apps, title: "changing", width: 100, height: 80)
        let other = try ManagedWindow(apps, title: "other", width: 60, height: 60)
        let taskbar = try ForeignToplevelRecorder(panel)
        XCTAssertTrue(panel.roundtrip())
        let handle = try XCTUnwrap(taskbar.open("changing"))
        XCTAssertFalse(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED))

        xdg_toplevel_set_title(window.toplevel, "renamed")
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        XCTAssertEqual(handle.title, "renamed")
        XCTAssertEqual(handle.pending, 0)

        xdg_toplevel_set_maximized(window.toplevel)
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MAXIMIZED))

        // A click activates it.
        let place = try XCTUnwrap(try windowInfo("renamed")["origin"] as? [String: Any])
        let (x, y) = ((place["x"] as? NSNumber)?.intValue ?? 0, (place["y"] as? NSNumber)?.intValue ?? 0)
        try strata.input("click", "\(x + 5)", "\(y + 5)")
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED))
        XCTAssertFalse(try XCTUnwrap(taskbar.open("other")).has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED))
        XCTAssertEqual(handle.pending, 0)
        withExtendedLifetime(other) {}
    }

    func testClosedWhenTheWindowUnmapsOrGoes() throws {
        let window = try ManagedWindow(apps, title: "leaving", width: 100, height: 80)
        let taskbar = try ForeignToplevelRecorder(panel)
        XCTAssertTrue(panel.roundtrip())
        let handle = try XCTUnwrap(taskbar.open("leaving"))

        // A null buffer unmaps the window.
        wl_surface_attach(window.surface, nil, 0, 0)
        wl_surface_commit(window.surface)
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(handle.closed)
        zwlr_foreign_toplevel_handle_v1_destroy(handle.proxy)

        // Mapped again, it is a new handle; destroyed, that one closes.
        wl_surface_commit(window.surface)
        XCTAssertTrue(apps.roundtrip())
        window.draw()
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        let again = try XCTUnwrap(taskbar.open("leaving"))
        XCTAssertFalse(again === handle)
        xdg_toplevel_destroy(window.toplevel)
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(again.closed)
    }

    func testPanelRequestsActOnTheWindow() throws {
        let window = try ManagedWindow(apps, title: "driven", width: 100, height: 80)
        let other = try ManagedWindow(apps, title: "front", width: 60, height: 60)
        let taskbar = try ForeignToplevelRecorder(panel)
        XCTAssertTrue(panel.roundtrip())
        let handle = try XCTUnwrap(taskbar.open("driven"))
        let output = try panel.bind(strata_wl_output_interface(), version: 4)
        let seat = try panel.bind(strata_wl_seat_interface(), version: 7)

        zwlr_foreign_toplevel_handle_v1_activate(handle.proxy, seat)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(apps.roundtrip())
        XCTAssertEqual(try windowInfo("driven")["focused"] as? Bool, true, "activate gives it the keyboard")
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_ACTIVATED))
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED))

        zwlr_foreign_toplevel_handle_v1_set_maximized(handle.proxy)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED), "the client is asked to maximize")
        XCTAssertEqual(window.last?.width, 320)
        XCTAssertTrue(try states("driven").contains("maximized"))
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MAXIMIZED))
        zwlr_foreign_toplevel_handle_v1_unset_maximized(handle.proxy)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(apps.roundtrip())
        XCTAssertFalse(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
        XCTAssertTrue(panel.roundtrip())
        XCTAssertFalse(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MAXIMIZED))

        zwlr_foreign_toplevel_handle_v1_set_minimized(handle.proxy)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(try states("driven").contains("minimized"))
        XCTAssertEqual(try windowInfo("front")["focused"] as? Bool, true, "the keyboard goes to the window left")
        XCTAssertTrue(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MINIMIZED))
        XCTAssertFalse(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED))
        XCTAssertEqual(handle.outputs, [wl_proxy_get_id(output)], "still listed on its output, for per-output taskbars")
        zwlr_foreign_toplevel_handle_v1_unset_minimized(handle.proxy)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertFalse(try states("driven").contains("minimized"))
        XCTAssertEqual(try windowInfo("driven")["focused"] as? Bool, true, "shown again, activated")
        XCTAssertFalse(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_MINIMIZED))

        zwlr_foreign_toplevel_handle_v1_set_fullscreen(handle.proxy, nil)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_FULLSCREEN))
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN))
        zwlr_foreign_toplevel_handle_v1_unset_fullscreen(handle.proxy)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertFalse(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN))

        let panelSurface = wl_compositor_create_surface(try panel.bind(strata_wl_compositor_interface(), version: 5))
        zwlr_foreign_toplevel_handle_v1_set_rectangle(handle.proxy, panelSurface, 0, 0, 40, 20)
        XCTAssertEqual(window.closeRequests, 0)
        zwlr_foreign_toplevel_handle_v1_close(handle.proxy)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(apps.roundtrip())
        XCTAssertEqual(window.closeRequests, 1, "close sends xdg_toplevel.close")
        withExtendedLifetime(other) {}
    }

    func testNegativeRectangleIsAnError() throws {
        let window = try ManagedWindow(apps, title: "hinted", width: 100, height: 80)
        let taskbar = try ForeignToplevelRecorder(panel)
        XCTAssertTrue(panel.roundtrip())
        let handle = try XCTUnwrap(taskbar.open("hinted"))
        let surface = wl_compositor_create_surface(try panel.bind(strata_wl_compositor_interface(), version: 5))
        zwlr_foreign_toplevel_handle_v1_set_rectangle(handle.proxy, surface, 0, 0, -4, 20)
        try assertProtocolError(panel, interface: "zwlr_foreign_toplevel_handle_v1",
                                code: ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_ERROR_INVALID_RECTANGLE.rawValue)
        XCTAssertTrue(apps.roundtrip(), "the window's client goes on")
        withExtendedLifetime(window) {}
    }

    /// A taskbar that destroys a handle stops following that window: its
    /// changes announce no new handle; mapped anew, the window is announced again.
    func testADestroyedHandleIsNotAnnouncedAgainUntilTheWindowMapsAnew() throws {
        let window = try ManagedWindow(apps, title: "followed", width: 100, height: 80)
        let taskbar = try ForeignToplevelRecorder(panel)
        XCTAssertTrue(panel.roundtrip())
        let handle = try XCTUnwrap(taskbar.open("followed"))
        zwlr_foreign_toplevel_handle_v1_destroy(handle.proxy)
        XCTAssertTrue(panel.roundtrip())
        xdg_toplevel_set_title(window.toplevel, "renamed")
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        XCTAssertEqual(taskbar.handles.count, 1, "no second handle for a window the taskbar let go")

        wl_surface_attach(window.surface, nil, 0, 0)
        wl_surface_commit(window.surface)
        XCTAssertTrue(apps.roundtrip())
        wl_surface_commit(window.surface)
        XCTAssertTrue(apps.roundtrip())
        window.draw()
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        XCTAssertEqual(taskbar.handles.count, 2)
        XCTAssertNotNil(taskbar.open("renamed"), "mapped anew, it is announced again")
    }

    /// Requests on a closed handle are ignored, as the protocol says, even a bad rectangle.
    func testRequestsOnAClosedHandleAreIgnored() throws {
        let window = try ManagedWindow(apps, title: "gone", width: 100, height: 80)
        let taskbar = try ForeignToplevelRecorder(panel)
        XCTAssertTrue(panel.roundtrip())
        let handle = try XCTUnwrap(taskbar.open("gone"))
        xdg_toplevel_destroy(window.toplevel)
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(handle.closed)
        let surface = wl_compositor_create_surface(try panel.bind(strata_wl_compositor_interface(), version: 5))
        zwlr_foreign_toplevel_handle_v1_set_rectangle(handle.proxy, surface, 0, 0, -4, 20)
        zwlr_foreign_toplevel_handle_v1_close(handle.proxy)
        zwlr_foreign_toplevel_handle_v1_activate(handle.proxy, try panel.bind(strata_wl_seat_interface(), version: 7))
        XCTAssertTrue(panel.roundtrip(), "no error: \(String(describing: panel.protocolError))")
    }

    func testStopEndsTheManagerWithFinished() throws {
        let taskbar = try ForeignToplevelRecorder(panel)
        XCTAssertTrue(panel.roundtrip())
        zwlr_foreign_toplevel_manager_v1_stop(taskbar.manager)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(taskbar.finished)
        let window = try ManagedWindow(apps, title: "unseen", width: 50, height: 50)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(taskbar.handles.isEmpty, "no window is announced after stop")
        withExtendedLifetime(window) {}
    }

    /// A closed handle is the client's to destroy. One that never destroys
    /// them would make the compositor keep a handle for every window that
    /// ever opened; at `closedHandleLimit` (1024) its binding is finished,
    /// while a taskbar that destroys what closes goes on.
    func testATaskbarThatKeepsEveryClosedHandleIsFinished() throws {
        let window = try ManagedWindow(apps, title: "blinking", width: 40, height: 40)
        let tidyClient = try RawClient(strata)
        let hoarder = try ForeignToplevelRecorder(panel)
        let tidy = try ForeignToplevelRecorder(tidyClient)
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(tidyClient.roundtrip())
        var cycles = 0
        var destroyed = Set<OpaquePointer>()
        while !hoarder.finished, cycles < 1100 {
            wl_surface_attach(window.surface, nil, 0, 0)
            wl_surface_commit(window.surface)
            XCTAssertTrue(apps.roundtrip())
            wl_surface_commit(window.surface)
            XCTAssertTrue(apps.roundtrip())
            window.draw()
            XCTAssertTrue(apps.roundtrip())
            XCTAssertTrue(panel.roundtrip())
            XCTAssertTrue(tidyClient.roundtrip())
            for handle in tidy.handles where handle.closed && destroyed.insert(handle.proxy).inserted {
                zwlr_foreign_toplevel_handle_v1_destroy(handle.proxy)
            }
            cycles += 1
        }
        XCTAssertTrue(hoarder.finished)
        XCTAssertEqual(hoarder.handles.filter(\.closed).count, 1024, "finished when it held 1024 closed handles")
        XCTAssertEqual(cycles, 1024)
        let announced = hoarder.handles.count
        wl_surface_attach(window.surface, nil, 0, 0)
        wl_surface_commit(window.surface)
        XCTAssertTrue(apps.roundtrip())
        wl_surface_commit(window.surface)
        XCTAssertTrue(apps.roundtrip())
        window.draw()
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        XCTAssertTrue(tidyClient.roundtrip())
        XCTAssertEqual(hoarder.handles.count, announced, "nothing more is announced to a finished binding")
        XCTAssertFalse(tidy.finished)
        XCTAssertNotNil(tidy.open("blinking"), "the tidy taskbar still follows the window")
        XCTAssertNil(panel.protocolError)
    }

    func testVersionOneHasNoFullscreenStateOrParent() throws {
        let window = try ManagedWindow(apps, title: "old", width: 100, height: 80)
        let taskbar = try ForeignToplevelRecorder(panel, version: 1)
        XCTAssertTrue(panel.roundtrip())
        xdg_toplevel_set_fullscreen(window.toplevel, nil)
        XCTAssertTrue(apps.roundtrip())
        XCTAssertTrue(panel.roundtrip())
        let handle = try XCTUnwrap(taskbar.open("old"))
        XCTAssertFalse(handle.has(ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN))
        XCTAssertTrue(try states("old").contains("fullscreen"))
    }
}
