import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// Values the protocols allow that once ended the compositor with an
/// arithmetic trap (every client gone), each sent over the real socket
/// beside a bystander window (focused, with a wl_seat) that must keep
/// getting frames and hear nothing of them.
/// Wayland/ClientValues.swift says what each kind of value is clamped to.
final class ClientValueRegressionTests: CompositorTestCase {
    /// A mapped window whose client records its seat's events.
    private final class Bystander {
        let seat: SeatRecorder
        let window: ManagedWindow

        init(_ strata: StrataProcess) throws {
            let client = try RawClient(strata)
            seat = try SeatRecorder(client)
            window = try ManagedWindow(client, title: "bystander", width: 64, height: 48)
            _ = seat.take()
        }
    }

    private var bystander: Bystander?

    override func setUpWithError() throws {
        try super.setUpWithError()
        bystander = try Bystander(strata)
    }

    override func tearDown() {
        bystander = nil
        super.tearDown()
    }

    /// strata is up and renders, and the bystander's next commit is
    /// presented: its frame callback is done after the frame.
    private func assertBystanderGetsFrames(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(strata.process.isRunning, "strata died: \(strata.serverLog)", file: file, line: line)
        let bystander = try XCTUnwrap(bystander)
        let callback = CallbackCounter(wl_surface_frame(bystander.window.surface)!)
        bystander.window.draw()
        XCTAssertTrue(bystander.window.client.roundtrip(), file: file, line: line)
        XCTAssertEqual(try strata.control("frame").status, 0, strata.serverLog, file: file, line: line)
        XCTAssertTrue(bystander.window.client.roundtrip(), file: file, line: line)
        XCTAssertEqual(callback.done.count, 1, "the bystander's commit was presented", file: file, line: line)
        XCTAssertEqual(try strata.control("tree").status, 0, "the tree is dumped", file: file, line: line)
        XCTAssertEqual(bystander.seat.take().filter { $0.hasPrefix("keyboard.key") }, [], "no keys reached the bystander",
                       file: file, line: line)
    }

    // MARK: The three traps of the issue

    /// Two in-range rectangles whose union is wider than Int32: the merged
    /// pixman box's width once overflowed. Both are clamped to ±2^29 and
    /// their union covers the window, which is drawn opaque.
    func testAnOpaqueRegionWiderThanInt32() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "wide region", width: 40, height: 30)
        let region = wl_compositor_create_region(window.compositor)!
        wl_region_add(region, Int32.min, 0, Int32.max, 30)
        wl_region_add(region, -1, 0, Int32.max, 30)
        wl_surface_set_opaque_region(window.surface, region)
        wl_surface_set_input_region(window.surface, region)
        window.draw()
        XCTAssertTrue(client.roundtrip(), "clamped, not an error: \(String(describing: client.protocolError))")
        try assertBystanderGetsFrames()
        XCTAssertTrue(client.roundtrip())
    }

    /// A keycode whose xkb code (+ 8) overflows UInt32, after a keymap:
    /// no keymap has such a key, so the virtual keyboard's client gets
    /// wl_display's invalid_method and the focused client hears nothing.
    func testAVirtualKeycodeWhoseXkbCodeOverflows() throws {
        let client = try RawClient(strata)
        let keyboard = try RawVirtualKeyboard(client, seat: try client.bind(strata_wl_seat_interface(), version: 7))
        try keyboard.sendKeymap()
        keyboard.key(UInt32.max - 3, pressed: true)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.connectionError, EINVAL, "wl_display.invalid_method")
        XCTAssertTrue(strata.serverLog.contains("protocol error 1 on wl_display@1"), strata.serverLog)
        XCTAssertTrue(strata.serverLog.contains("invalid arguments for zwp_virtual_keyboard_v1@"
                                                + "\(wl_proxy_get_id(keyboard.keyboard)).key: keycode 4294967292 + 8 overflows"),
                      strata.serverLog)
        try assertBystanderGetsFrames()
    }

    /// The largest keycode whose xkb code fits is no error: it reaches the focused client as sent.
    func testTheLargestVirtualKeycodeThatFits() throws {
        let client = try RawClient(strata)
        let keyboard = try RawVirtualKeyboard(client, seat: try client.bind(strata_wl_seat_interface(), version: 7))
        try keyboard.sendKeymap()
        keyboard.key(UInt32.max - 8, pressed: true)
        keyboard.key(UInt32.max - 8, pressed: false)
        XCTAssertNil(client.protocolError)
        XCTAssertEqual(try XCTUnwrap(bystander).seat.take().filter { $0.hasPrefix("keyboard.key") },
                       ["keyboard.key \(UInt32.max - 8) pressed", "keyboard.key \(UInt32.max - 8) released"])
        try assertBystanderGetsFrames()
    }

    /// Anchored left and right with margins of −2^31: the box's size was
    /// once converted from Double to UInt32 and trapped. The margins are
    /// clamped to −2^29, so the configure carries the output's width plus 2^30.
    func testALayerSurfaceStretchedByMarginsOfMinusTwoToThe31() throws {
        let client = try RawClient(strata)
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let shell = try client.bind(strata_zwlr_layer_shell_v1_interface(), version: 4)
        let stretched = RawLayerSurface(client, compositor: compositor, shell: shell, layer: RawLayerSurface.top) { s in
            zwlr_layer_surface_v1_set_anchor(s, RawLayerSurface.anchorAll)
            zwlr_layer_surface_v1_set_margin(s, Int32.min, Int32.min, Int32.min, Int32.min)
            zwlr_layer_surface_v1_set_exclusive_zone(s, Int32.max)
        }
        XCTAssertNil(client.protocolError)
        XCTAssertEqual(stretched.lastSize?.width, 320 + (1 << 30))
        XCTAssertEqual(stretched.lastSize?.height, 240 + (1 << 30))
        XCTAssertFalse(stretched.closed)
        try assertBystanderGetsFrames()

        // Margins of +2^31 leave no room: the surface is closed, as one that does not fit is.
        let squeezed = RawLayerSurface(client, compositor: compositor, shell: shell, layer: RawLayerSurface.top) { s in
            zwlr_layer_surface_v1_set_anchor(s, RawLayerSurface.anchorAll)
            zwlr_layer_surface_v1_set_margin(s, Int32.max, Int32.max, Int32.max, Int32.max)
            zwlr_layer_surface_v1_set_exclusive_zone(s, Int32.min)
        }
        XCTAssertTrue(squeezed.closed)
        XCTAssertTrue(client.roundtrip())
        try assertBystanderGetsFrames()
        withExtendedLifetime((stretched, squeezed)) {}
    }

    // MARK: Every handler at the edges of Int32

    /// Values at the edges of Int32 and around the clamp, for sweeps.
    private static let edges: [Int32] = [.min, .min + 1, -(1 << 30), -1, 0, 1, 1 << 30, .max - 1, .max]

    /// Renders a frame; the compositor must answer.
    private func frame(_ what: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try strata.control("frame").status, 0, "\(what()): \(strata.serverLog)", file: file, line: line)
    }

    /// Damage, attach offsets, input and opaque regions and window
    /// geometry with every pair of edge values, each commit drawn; then the
    /// pointer over the window asks the input region.
    func testSurfaceRequestsAtTheEdgesOfInt32() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "edges", width: 40, height: 30)
        for v in Self.edges {
            for w in Self.edges {
                wl_surface_damage(window.surface, v, w, w, v)
                wl_surface_damage_buffer(window.surface, w, v, v, w)
                wl_surface_offset(window.surface, v, w)
                let region = wl_compositor_create_region(window.compositor)!
                wl_region_add(region, v, v, w, w)
                wl_region_add(region, w, v, v, w)
                wl_region_subtract(region, v, w, w, v)
                wl_surface_set_opaque_region(window.surface, region)
                wl_surface_set_input_region(window.surface, region)
                wl_region_destroy(region)
                if w > 0 { xdg_surface_set_window_geometry(window.xdgSurface, v, v, w, w) }
                window.draw()
            }
            XCTAssertTrue(client.roundtrip(), "\(v): \(String(describing: client.protocolError))")
            try frame("damage, offsets and regions at \(v)")
        }
        try strata.input("move", "100", "100")
        try assertBystanderGetsFrames()
        XCTAssertTrue(client.roundtrip())
    }

    /// Buffer scales up to Int32.max: the buffer shown already is drawn
    /// that small, and a new buffer that is no multiple of the scale is
    /// wl_surface's invalid_size.
    func testBufferScalesAtTheEdgesOfInt32() throws {
        for scale in [Int32.max, 1 << 30, 16_385] {
            let client = try RawClient(strata)
            let window = try ManagedWindow(client, title: "scale \(scale)", width: 40, height: 30)
            let viewporter = try client.bind(strata_wp_viewporter_interface(), version: 1)
            wl_surface_set_buffer_scale(window.surface, scale)
            wl_surface_damage(window.surface, 0, 0, .max, .max)
            wl_surface_commit(window.surface)
            XCTAssertTrue(client.roundtrip(), "\(scale): \(String(describing: client.protocolError))")
            try frame("a buffer scale of \(scale)")
            let viewport = wp_viewporter_get_viewport(viewporter, window.surface)!
            wp_viewport_set_destination(viewport, 20, 20)
            wl_surface_commit(window.surface)
            XCTAssertTrue(client.roundtrip(), "\(scale): \(String(describing: client.protocolError))")
            try frame("a buffer scale of \(scale) in a viewport")
            window.draw()
            XCTAssertFalse(client.roundtrip())
            XCTAssertEqual(client.protocolError?.interface, "wl_surface")
            XCTAssertEqual(client.protocolError?.code, WL_SURFACE_ERROR_INVALID_SIZE.rawValue)
        }
        try assertBystanderGetsFrames()
    }

    /// Size limits at the edges (clamped to 2^29), with the states and a
    /// resize that configure sizes from them.
    func testSizeLimitsAndStatesAtTheEdgesOfInt32() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "limits", width: 40, height: 30)
        window.followsConfigures = false  // a configure may ask for 2^29 points
        for (minimum, maximum) in [(Int32.max, Int32.max), (1 << 30, 0), (0, Int32.max), (Int32.max - 1, Int32.max), (0, 0)] {
            xdg_toplevel_set_max_size(window.toplevel, maximum, maximum)
            xdg_toplevel_set_min_size(window.toplevel, minimum, minimum)
            wl_surface_commit(window.surface)
            xdg_toplevel_set_maximized(window.toplevel)
            XCTAssertTrue(client.roundtrip())
            xdg_toplevel_unset_maximized(window.toplevel)
            xdg_toplevel_set_fullscreen(window.toplevel, nil)
            XCTAssertTrue(client.roundtrip())
            xdg_toplevel_unset_fullscreen(window.toplevel)
            XCTAssertTrue(client.roundtrip(), "\(minimum)…\(maximum): \(String(describing: client.protocolError))")
            XCTAssertEqual(try strata.control("resize", ["--title", "limits", "--size", "300x200"]).status, 0)
            XCTAssertTrue(client.roundtrip())
            try frame("size limits \(minimum)…\(maximum)")
        }
        XCTAssertEqual(window.configures.map(\.width).max(), 1 << 29, "a configure carries the clamped minimum")
        try assertBystanderGetsFrames()
    }

    /// Positioners at the edges (sizes, anchor rectangles and offsets),
    /// with every constraint adjustment, for popups and a popup of a popup.
    func testPopupPositionersAtTheEdgesOfInt32() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "parent", width: 40, height: 30)
        var popups: [RawPopup] = []
        for v in Self.edges {
            for size in [1, Int32.max] {
                let positioner = RawPopup.positioner(window.base, width: size, height: size, anchorRect: (v, v, .max, .max),
                                                     anchor: 8, gravity: 8, adjustments: 63, offset: (v, v))
                xdg_positioner_set_parent_size(positioner, v, v)
                let popup = RawPopup(client, compositor: window.compositor, base: window.base, parent: window.xdgSurface,
                                     positioner: positioner)
                try popup.show(shm: window.shm, width: 10, height: 10, pixel: 0xFF_FF_00_00)
                let inner = RawPopup.positioner(window.base, width: size, height: size, anchorRect: (v, v, 0, 0),
                                                offset: (.max, .min))
                let nested = RawPopup(client, compositor: window.compositor, base: window.base, parent: popup.xdgSurface,
                                      positioner: inner)
                try nested.show(shm: window.shm, width: 10, height: 10, pixel: 0xFF_00_FF_00)
                XCTAssertTrue(client.roundtrip(), "\(v) \(size): \(String(describing: client.protocolError))")
                try frame("popups at \(v), size \(size)")
                for p in [nested, popup] {
                    xdg_popup_destroy(p.popup)
                    xdg_surface_destroy(p.xdgSurface)
                    wl_surface_destroy(p.surface)
                }
                popups += [popup, nested]
            }
        }
        XCTAssertTrue(client.roundtrip())
        try assertBystanderGetsFrames()
        withExtendedLifetime(popups) {}
    }

    /// A chain of subsurfaces each at an edge value from its parent, and
    /// viewports stretched to Int32.max.
    func testSubsurfacesAndViewportsAtTheEdgesOfInt32() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "nested", width: 40, height: 30)
        let subcompositor = try client.bind(strata_wl_subcompositor_interface(), version: 1)
        let viewporter = try client.bind(strata_wp_viewporter_interface(), version: 1)
        var parent = window.surface
        for v in Self.edges {
            let child = wl_compositor_create_surface(window.compositor)!
            let subsurface = wl_subcompositor_get_subsurface(subcompositor, child, parent)!
            wl_subsurface_set_position(subsurface, v, v)
            wl_subsurface_set_desync(subsurface)
            wl_surface_attach(child, try client.makeBuffer(shm: window.shm, width: 4, height: 4), 0, 0)
            wl_surface_commit(child)
            parent = child
        }
        let viewport = wp_viewporter_get_viewport(viewporter, window.surface)!
        for (width, height) in [(Int32.max, Int32.max), (1, Int32.max), (Int32.max, 1), (1 << 30, 1 << 30)] {
            wp_viewport_set_destination(viewport, width, height)
            wp_viewport_set_source(viewport, 0, 0, 256, 256)
            window.draw()
            XCTAssertTrue(client.roundtrip(), "\(width)×\(height): \(String(describing: client.protocolError))")
            try frame("a viewport of \(width)×\(height)")
        }
        try strata.input("move", "100", "100")
        try assertBystanderGetsFrames()
    }

    /// A virtual pointer's motion, absolute motion and wheel steps at the
    /// edges (steps add up saturating), and a cursor's hotspot.
    func testPointerValuesAtTheEdgesOfInt32() throws {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_zwlr_virtual_pointer_manager_v1_interface(), version: 2)
        let pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, nil)!
        for v in Self.edges {
            zwlr_virtual_pointer_v1_motion(pointer, 0, v, v)
            zwlr_virtual_pointer_v1_motion(pointer, 0, v, v)
            zwlr_virtual_pointer_v1_frame(pointer)
            zwlr_virtual_pointer_v1_axis_discrete(pointer, 0, 0, v, v)
            zwlr_virtual_pointer_v1_axis_discrete(pointer, 0, 0, v, v)
            zwlr_virtual_pointer_v1_axis_discrete(pointer, 0, 1, v, v)
            zwlr_virtual_pointer_v1_frame(pointer)
        }
        for (x, y, extent) in [(UInt32.max, UInt32.max, UInt32(1)), (0, 0, .max), (.max, 0, .max), (1, 1, 1)] {
            zwlr_virtual_pointer_v1_motion_absolute(pointer, 0, x, y, extent, extent)
            zwlr_virtual_pointer_v1_frame(pointer)
        }
        XCTAssertTrue(client.roundtrip(), String(describing: client.protocolError))
        try frame("virtual pointer")

        // The client under the pointer sets cursors with hotspots at the edges.
        let owner = try RawClient(strata)
        let seat = try SeatRecorder(owner)
        let window = try ManagedWindow(owner, title: "cursor", width: 60, height: 60)
        let origin = try strata.origin(of: "cursor")
        try strata.input("move", "\(Int(origin.x) + 30)", "\(Int(origin.y) + 30)")
        _ = seat.take()
        let cursor = wl_compositor_create_surface(window.compositor)!
        wl_surface_attach(cursor, try owner.makeBuffer(shm: window.shm, width: 8, height: 8), 0, 0)
        wl_surface_commit(cursor)
        for v in Self.edges {
            wl_pointer_set_cursor(seat.pointer, seat.lastPointerEnterSerial, cursor, v, ~v)
            XCTAssertTrue(owner.roundtrip())
            try frame("a hotspot at \(v)")
        }
        try assertBystanderGetsFrames()
    }

    /// A text input's cursor rectangle, surrounding text offsets and an
    /// input method's preedit cursor and deletion at the edges, with the
    /// input method's popup placed from them; v1 too.
    func testTextInputValuesAtTheEdgesOfInt32() throws {
        let inputMethod = try InputMethodClient(strata)
        let compositor = try inputMethod.client.bind(strata_wl_compositor_interface(), version: 5)
        let shm = try inputMethod.client.bind(strata_wl_shm_interface(), version: 1)
        let surface = wl_compositor_create_surface(compositor)!
        let popup = zwp_input_method_v2_get_input_popup_surface(inputMethod.inputMethod, surface)!
        wl_surface_attach(surface, try inputMethod.client.makeBuffer(shm: shm, width: 30, height: 12), 0, 0)
        wl_surface_commit(surface)
        let editor = try TextInputClient(strata, title: "editor")
        for v in Self.edges {
            editor.enable {
                zwp_text_input_v3_set_cursor_rectangle($0, v, v, v, v)
                zwp_text_input_v3_set_surrounding_text($0, "text", v, v)
            }
            _ = inputMethod.takeEvents()
            inputMethod.commit {
                zwp_input_method_v2_set_preedit_string($0, "ka", v, v)
                zwp_input_method_v2_delete_surrounding_text($0, UInt32(bitPattern: v), UInt32(bitPattern: v))
            }
            XCTAssertTrue(editor.client.roundtrip() && inputMethod.client.roundtrip())
            try frame("text input at \(v)")
        }
        editor.disable()

        let editorV1 = try TextInputV1Client(strata, title: "editor v1")
        editorV1.activate()
        for v in Self.edges {
            zwp_text_input_v1_set_cursor_rectangle(editorV1.textInput, v, v, v, v)
            zwp_text_input_v1_set_surrounding_text(editorV1.textInput, "text", UInt32(bitPattern: v), UInt32(bitPattern: v))
            zwp_text_input_v1_commit_state(editorV1.textInput, 1)
            _ = editorV1.takeEvents()
            _ = inputMethod.takeEvents()
            inputMethod.commit { zwp_input_method_v2_delete_surrounding_text($0, UInt32(bitPattern: v), .max) }
            XCTAssertTrue(editorV1.client.roundtrip() && inputMethod.client.roundtrip())
            try frame("text input v1 at \(v)")
        }
        try assertBystanderGetsFrames()
        withExtendedLifetime(popup) {}
    }

    /// Screencopy regions and foreign-toplevel rectangles at the edges.
    func testScreencopyAndTaskbarRectanglesAtTheEdgesOfInt32() throws {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_zwlr_screencopy_manager_v1_interface(), version: 3)
        let output = try client.bind(strata_wl_output_interface(), version: 4)
        for v in Self.edges {
            for w in Self.edges {
                let frame = zwlr_screencopy_manager_v1_capture_output_region(manager, 0, output, v, v, w, w)!
                zwlr_screencopy_frame_v1_destroy(frame)
            }
            XCTAssertTrue(client.roundtrip(), String(describing: client.protocolError))
        }
        try frame("screencopy regions")

        let taskbar = try client.bind(strata_zwlr_foreign_toplevel_manager_v1_interface(), version: 3)
        var handles: [OpaquePointer] = []
        var listener = zwlr_foreign_toplevel_manager_v1_listener(
            toplevel: { data, _, handle in data!.assumingMemoryBound(to: [OpaquePointer].self).pointee.append(handle!) },
            finished: { _, _ in })
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let surface = wl_compositor_create_surface(compositor)!
        try withUnsafeMutablePointer(to: &handles) { handles in
            zwlr_foreign_toplevel_manager_v1_add_listener(taskbar, &listener, handles)
            XCTAssertTrue(client.roundtrip())
            let handle = try XCTUnwrap(handles.pointee.first)
            for v in Self.edges {
                for w in Self.edges where w >= 0 {
                    zwlr_foreign_toplevel_handle_v1_set_rectangle(handle, surface, v, v, w, w)
                }
                XCTAssertTrue(client.roundtrip(), String(describing: client.protocolError))
            }
        }
        try frame("taskbar rectangles")
        try assertBystanderGetsFrames()
    }
}
