/// The hand-made seed corpus (fuzz/corpus/seed-*): inputs that each reach
/// deep into one part of the compositor with well-formed requests, so
/// mutations start from mapped windows, layer trees, popups, grabs, locks…
/// `strata-fuzz-coverage --write-seeds fuzz/corpus` writes them.
public enum Seeds {
    /// Each seed, and what its clients did (`FuzzDriver.lastSummary`).
    public static func all(driver: FuzzDriver) -> [(name: String, bytes: [UInt8], summary: String)] {
        let seeds: [(String, (SeedBuilder) -> Void)] = [
            ("seed-window-shm", window),
            ("seed-window-states", windowStates),
            ("seed-window-decorated", decoratedWindow),
            ("seed-layer-tree", layerTree),
            ("seed-layer-styling", layerStyling),
            ("seed-popup", popup),
            ("seed-subsurface", subsurface),
            ("seed-layer-shell", layerShell),
            ("seed-session-lock", sessionLock),
            ("seed-clipboard", clipboard),
            ("seed-drag", drag),
            ("seed-text-input", textInput),
            ("seed-virtual-devices", virtualDevices),
            ("seed-surface-extensions", surfaceExtensions),
            ("seed-screencopy", screencopy),
            ("seed-foreign-toplevel", foreignToplevel),
            ("seed-output-hotplug", outputHotplug),
            ("seed-idle-notify", idleNotify),
            ("seed-shortcuts-inhibit", shortcutsInhibit),
            ("seed-xdg-foreign", xdgForeign),
            ("seed-output-power", outputPower),
            ("seed-desktop-tools", desktopTools),
        ]
        return SeedBuilder.inputs(seeds, driver: driver)
    }

    // MARK: Pieces

    /// wl_pointer and wl_keyboard of the current client's seat.
    static func pointerAndKeyboard(_ b: SeedBuilder) -> (pointer: UInt32, keyboard: UInt32) {
        let seat = b.object("wl_seat")
        return (b.request(seat, "get_pointer", [.newID]), b.request(seat, "get_keyboard", [.newID]))
    }

    /// A wl_buffer of `width`×`height` pixels (ARGB8888 unless told) in a new
    /// pool of `poolSize` bytes, filled with one opaque color (zeros would be transparent).
    static func shmBuffer(_ b: SeedBuilder, width: Int32, height: Int32, poolSize: Int = 65536, format: UInt32 = 0) -> UInt32 {
        let pool = b.request(b.object("wl_shm"), "create_pool",
                             [.newID, .filledFile(size: poolSize, pattern: [0x50, 0x90, 0xD0, 0xFF]), .fileSize])
        return b.request(pool, "create_buffer", [.newID, .int(0), .int(width), .int(height), .int(width * 4), .uint(format)])
    }

    struct Window { let surface, xdgSurface, toplevel: UInt32 }

    /// An xdg_toplevel with a buffer of `size`×`size`, configured and mapped;
    /// `beforeCommit` runs before the first commit (decorations, layer contexts).
    @discardableResult
    static func mapWindow(_ b: SeedBuilder, size: Int32 = 64, title: String = "fuzz",
                          beforeCommit: (Window) -> Void = { _ in }) -> Window {
        let surface = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        let xdgSurface = b.request(b.object("xdg_wm_base"), "get_xdg_surface", [.newID, .object(surface)])
        let toplevel = b.request(xdgSurface, "get_toplevel", [.newID])
        let window = Window(surface: surface, xdgSurface: xdgSurface, toplevel: toplevel)
        b.request(toplevel, "set_title", [.string(title)])
        b.request(toplevel, "set_app_id", [.string("org.strata.fuzz")])
        beforeCommit(window)
        b.request(surface, "commit")
        b.pump()
        b.request(xdgSurface, "ack_configure", [.recent(b.latest("xdg_surface.configure")[0])])
        let buffer = shmBuffer(b, width: size, height: size)
        b.request(surface, "attach", [.object(buffer), .int(0), .int(0)])
        b.request(surface, "damage_buffer", [.int(0), .int(0), .int(size), .int(size)])
        b.request(surface, "frame", [.newID])
        b.request(surface, "commit")
        b.pump()
        b.frame()
        b.pump()
        return window
    }

    /// Points inside the first and the second window mapped (see
    /// `FuzzDriver.configuration`'s window origins); the second is above
    /// the first where they overlap.
    static let first = (x: 110.0, y: 70.0)
    static let second = (x: 190.0, y: 150.0)

    // MARK: Seeds

    /// A window, clicked and typed in, scrolled, touched.
    static func window(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        mapWindow(b)
        b.move(to: first.x, first.y)
        b.click()
        b.keyDown(10)
        b.keyUp(10)
        b.scroll()
        b.touchDown(0, at: first.x + 10, first.y + 10)
        b.touchUp(0)
        b.frame()
        b.pump()
    }

    /// Two clients' windows: maximized, fullscreen, minimized and back, a
    /// dialog on its parent, moved and resized with the pointer, the window
    /// menu, Escape, Alt+Tab, Alt+F4.
    static func windowStates(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        let window = mapWindow(b, title: "first")
        b.switchToClient(1)
        _ = pointerAndKeyboard(b)
        let other = mapWindow(b, title: "second")
        b.switchToClient(0)
        let dialog = mapWindow(b, size: 32, title: "dialog")
        b.request(dialog.toplevel, "set_parent", [.object(window.toplevel)])
        b.request(window.toplevel, "set_min_size", [.int(20), .int(20)])
        b.request(window.toplevel, "set_max_size", [.int(300), .int(200)])
        b.request(window.toplevel, "set_maximized")
        b.pump()
        b.request(window.xdgSurface, "ack_configure", [.recent(b.latest("xdg_surface.configure")[0])])
        b.request(window.surface, "commit")
        b.frame()
        b.request(window.toplevel, "unset_maximized")
        b.request(window.toplevel, "set_fullscreen", [.object(b.object("wl_output"))])
        b.frame()
        b.request(window.toplevel, "unset_fullscreen")
        b.request(window.toplevel, "set_minimized")
        b.frame()
        b.pump()
        b.switchToClient(1)
        b.move(to: second.x, second.y)
        b.press()
        b.pump()
        let seat = b.object("wl_seat")
        b.request(other.toplevel, "move", [.object(seat), .recent(b.latest("wl_pointer.button")[0])])
        b.move(to: second.x + 30, second.y + 20)
        b.release()
        b.press()
        b.pump()
        b.request(other.toplevel, "resize", [.object(seat), .recent(b.latest("wl_pointer.button")[0]), .uint(10)])
        b.move(to: second.x + 50, second.y + 40)
        b.release()
        b.pump()
        b.request(other.xdgSurface, "ack_configure", [.recent(b.latest("xdg_surface.configure")[0])])
        b.request(other.surface, "commit")
        b.press(1)
        b.pump()
        b.request(other.toplevel, "show_window_menu", [.object(seat), .recent(b.latest("wl_pointer.button")[0]), .int(5), .int(5)])
        b.release(1)
        b.frame()
        b.keyDown(5)
        b.keyUp(5)
        b.keyDown(0)
        b.keyDown(2)
        b.keyUp(2)
        b.keyUp(0)
        b.keyDown(0)
        b.keyDown(3)
        b.keyUp(3)
        b.keyUp(0)
        b.frame()
        b.pump()
    }

    /// A window decorated by the compositor: its title bar dragged, double-clicked, its buttons pressed.
    static func decoratedWindow(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        mapWindow(b, size: 100) { window in
            let decoration = b.request(b.object("zxdg_decoration_manager_v1"), "get_toplevel_decoration", [.newID, .object(window.toplevel)])
            b.request(decoration, "set_mode", [.uint(2)])
        }
        b.frame()
        // The title bar sits above the window's top edge (y 60), 28 points tall.
        b.move(to: 130, 45)
        b.press()
        b.move(to: 150, 55)
        b.release()
        b.click()
        b.click()
        b.move(to: 190, 60)
        b.click()
        b.click(1)
        b.frame()
        b.pump()
    }

    /// A window whose content is a strata layer tree: contents, transforms,
    /// an animation and a transition, clicked through the tree.
    static func layerTree(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        let layers = b.object("strata_layers_v1")
        var root: UInt32 = 0
        mapWindow(b) { window in
            let context = b.request(layers, "get_context", [.newID, .object(window.surface)])
            root = b.request(layers, "create_layer", [.newID])
            b.request(root, "set_bounds", [.fixed(0), .fixed(0), .fixed(120), .fixed(90)])
            b.request(root, "set_position", [.fixed(60), .fixed(45)])
            b.request(root, "set_background_color", [.fixed(1), .fixed(0.5), .fixed(0), .fixed(1)])
            b.request(context, "set_root_layer", [.object(root)])
        }
        let child = b.request(layers, "create_layer", [.newID])
        b.request(child, "set_bounds", [.fixed(0), .fixed(0), .fixed(32), .fixed(32)])
        b.request(child, "set_position", [.fixed(40), .fixed(40)])
        b.request(child, "set_transform", [.doubles([0.5, 0.5, -0.5, 0.5, 0, 0])])
        b.request(child, "set_contents", [.object(shmBuffer(b, width: 32, height: 32)), .int(32), .int(32)])
        b.request(child, "set_contents_gravity", [.uint(3)])
        b.request(child, "set_opacity", [.fixed(0.75)])
        b.request(child, "set_masks_to_bounds", [.uint(1)])
        b.request(root, "insert_sublayer", [.object(child), .uint(0)])
        b.request(child, "add_animation", [.string("spin"), .string("transform.rotation"), .doubles([0, 3.141592653589793]),
                                           .doubles([]), .doubles([]), .doubles([]), .doubles([0, 1, 1, 0, 2, 0]), .uint(0)])
        b.request(root, "add_transition", [.string("fade"), .uint(0), .uint(0), .doubles([0, 0.5, 1, 0, 1, 0]), .doubles([]),
                                           .doubles([0, 1]), .uint(0)])
        b.request(layers, "commit", [.uint(1)])
        b.frame()
        b.pump()
        b.move(to: first.x, first.y)
        b.click()
        b.frame(milliseconds: 200)
        b.frame(milliseconds: 250)
        b.request(child, "remove_from_superlayer")
        b.request(layers, "commit", [.uint(2)])
        b.frame()
        b.pump()
    }

    /// Version 3 and 4 styling: corners, border, shadow, a shape, a gradient, a mask, 3-D, a backdrop.
    static func layerStyling(_ b: SeedBuilder) {
        let layers = b.object("strata_layers_v1")
        var root: UInt32 = 0
        mapWindow(b) { window in
            let context = b.request(layers, "get_context", [.newID, .object(window.surface)])
            root = b.request(layers, "create_layer", [.newID])
            b.request(root, "set_bounds", [.fixed(0), .fixed(0), .fixed(150), .fixed(100)])
            b.request(root, "set_position", [.fixed(75), .fixed(50)])
            b.request(context, "set_root_layer", [.object(root)])
        }
        let card = b.request(layers, "create_layer", [.newID])
        b.request(card, "set_bounds", [.fixed(0), .fixed(0), .fixed(60), .fixed(40)])
        b.request(card, "set_position", [.fixed(50), .fixed(40)])
        b.request(card, "set_background_color", [.fixed(0), .fixed(0), .fixed(1), .fixed(1)])
        b.request(card, "set_corner_radius", [.fixed(8), .uint(15), .uint(1)])
        b.request(card, "set_border", [.fixed(2), .fixed(1), .fixed(1), .fixed(1), .fixed(1)])
        b.request(card, "set_shadow", [.fixed(0), .fixed(0), .fixed(0), .fixed(1), .fixed(0.5), .fixed(2), .fixed(3), .fixed(4)])
        b.request(card, "set_transform_3d", [.doubles([1, 0, 0, 0, 0, 0.5, 0.5, 0, 0, -0.5, 0.5, -0.002, 0, 0, 0, 1])])
        b.request(card, "set_backdrop", [.doubles([8, 1.5, 1, 1, 1, 0.25])])
        let shape = b.request(layers, "create_layer", [.newID])
        b.request(shape, "set_bounds", [.fixed(0), .fixed(0), .fixed(40), .fixed(40)])
        b.request(shape, "set_shape", [.doubles([0, 0, 0, 1, 40, 0, 2, 40, 40, 20, 40, 3, 0, 40, 0, 20, 0, 0, 4]), .uint(0)])
        b.request(shape, "set_fill_color", [.fixed(0), .fixed(1), .fixed(0), .fixed(1)])
        b.request(shape, "set_stroke", [.fixed(1), .fixed(0), .fixed(0), .fixed(1), .fixed(2), .uint(1), .uint(1), .fixed(4)])
        b.request(shape, "set_line_dash", [.doubles([4, 2]), .fixed(0)])
        b.request(shape, "set_stroke_range", [.doubles([0, 0.75])])
        let gradient = b.request(layers, "create_layer", [.newID])
        b.request(gradient, "set_bounds", [.fixed(0), .fixed(0), .fixed(30), .fixed(30)])
        b.request(gradient, "set_gradient", [.uint(0), .doubles([1, 0, 0, 1, 0, 0, 1, 1]), .doubles([0, 1]), .doubles([0.5, 0, 0.5, 1])])
        b.request(gradient, "set_mask", [.object(shape)])
        b.request(root, "insert_sublayer", [.object(card), .uint(0)])
        b.request(root, "insert_sublayer", [.object(gradient), .uint(1)])
        b.request(root, "set_sublayer_transform", [.doubles([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1])])
        b.request(card, "set_z_position", [.fixed(10)])
        b.request(layers, "commit", [.uint(1)])
        b.frame()
        b.pump()
    }

    /// A popup with a grab on a window, repositioned, then dismissed by a click outside.
    static func popup(_ b: SeedBuilder) {
        let (_, _) = pointerAndKeyboard(b)
        let parent = mapWindow(b)
        b.move(to: first.x, first.y)
        b.press()
        b.pump()
        let serial = b.latest("wl_pointer.button")[0]
        let positioner = b.request(b.object("xdg_wm_base"), "create_positioner", [.newID])
        b.request(positioner, "set_size", [.int(40), .int(30)])
        b.request(positioner, "set_anchor_rect", [.int(10), .int(10), .int(5), .int(5)])
        b.request(positioner, "set_anchor", [.uint(8)])
        b.request(positioner, "set_gravity", [.uint(8)])
        b.request(positioner, "set_constraint_adjustment", [.uint(63)])
        b.request(positioner, "set_offset", [.int(2), .int(3)])
        let surface = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        let xdgSurface = b.request(b.object("xdg_wm_base"), "get_xdg_surface", [.newID, .object(surface)])
        let popup = b.request(xdgSurface, "get_popup", [.newID, .object(parent.xdgSurface), .object(positioner)])
        b.request(popup, "grab", [.object(b.object("wl_seat")), .recent(serial)])
        b.request(surface, "commit")
        b.pump()
        b.request(xdgSurface, "ack_configure", [.recent(b.latest("xdg_surface.configure")[0])])
        b.request(surface, "attach", [.object(shmBuffer(b, width: 40, height: 30)), .int(0), .int(0)])
        b.request(surface, "commit")
        b.release()
        b.frame()
        b.pump()
        b.request(positioner, "set_size", [.int(60), .int(20)])
        b.request(popup, "reposition", [.object(positioner), .uint(7)])
        b.pump()
        b.keyDown(10)
        b.keyUp(10)
        b.move(to: 20, 20)
        b.click()
        b.frame()
        b.pump()
    }

    /// A window with a subsurface: placed, restacked, synchronized and not, with its own buffer.
    static func subsurface(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        let parent = mapWindow(b)
        let child = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        let sub = b.request(b.object("wl_subcompositor"), "get_subsurface", [.newID, .object(child), .object(parent.surface)])
        b.request(sub, "set_position", [.int(20), .int(-10)])
        b.request(child, "attach", [.object(shmBuffer(b, width: 32, height: 32)), .int(0), .int(0)])
        b.request(child, "commit")
        b.request(parent.surface, "commit")
        b.frame()
        b.request(sub, "place_below", [.object(parent.surface)])
        b.request(sub, "set_desync")
        b.request(child, "set_buffer_scale", [.int(2)])
        b.request(child, "set_buffer_transform", [.int(1)])
        b.request(child, "commit")
        b.request(parent.surface, "commit")
        b.move(to: first.x + 12, first.y)
        b.click()
        b.frame()
        b.pump()
    }

    /// A panel on the layer shell: anchored, with an exclusive zone and the keyboard, then a window beside it.
    static func layerShell(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        let surface = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        let layer = b.request(b.object("zwlr_layer_shell_v1"), "get_layer_surface",
                              [.newID, .object(surface), .object(b.object("wl_output")), .uint(2), .string("fuzz")])
        b.request(layer, "set_size", [.uint(64), .uint(30)])
        b.request(layer, "set_anchor", [.uint(1)])
        b.request(layer, "set_exclusive_zone", [.int(30)])
        b.request(layer, "set_margin", [.int(2), .int(0), .int(0), .int(0)])
        b.request(layer, "set_keyboard_interactivity", [.uint(2)])
        b.request(surface, "commit")
        b.pump()
        b.request(layer, "ack_configure", [.recent(b.latest("zwlr_layer_surface_v1.configure")[0])])
        b.request(surface, "attach", [.object(shmBuffer(b, width: 64, height: 30)), .int(0), .int(0)])
        b.request(surface, "commit")
        b.frame()
        b.pump()
        b.switchToClient(1)
        _ = pointerAndKeyboard(b)
        let window = mapWindow(b)
        b.request(window.toplevel, "set_maximized")
        b.pump()
        b.switchToClient(0)
        b.move(to: 160, 15)
        b.click()
        b.keyDown(10)
        b.keyUp(10)
        b.request(layer, "set_layer", [.uint(0)])
        b.request(surface, "commit")
        b.frame()
        b.pump()
    }

    /// The session locked with a lock surface on each output, typed on, then unlocked.
    static func sessionLock(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        mapWindow(b)
        let lock = b.request(b.object("ext_session_lock_manager_v1"), "lock", [.newID])
        let surface = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        let lockSurface = b.request(lock, "get_lock_surface", [.newID, .object(surface), .object(b.object("wl_output"))])
        b.pump()
        let configure = b.latest("ext_session_lock_surface_v1.configure")
        b.request(lockSurface, "ack_configure", [.recent(configure[0])])
        b.request(surface, "attach", [.object(shmBuffer(b, width: Int32(configure[1]), height: Int32(configure[2]), poolSize: 1 << 20)),
                                      .int(0), .int(0)])
        b.request(surface, "commit")
        b.frame()
        b.pump()
        b.move(to: 100, 100)
        b.click()
        b.keyDown(10)
        b.keyUp(10)
        b.request(lock, "unlock_and_destroy")
        b.frame()
        b.pump()
    }

    /// A selection set by one client and read by another (clipboard and primary selection).
    static func clipboard(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        mapWindow(b)
        b.move(to: first.x, first.y)
        b.click()
        b.pump()
        let serial = b.latest("wl_pointer.button")[0]
        let seat = b.object("wl_seat")
        let source = b.request(b.object("wl_data_device_manager"), "create_data_source", [.newID])
        b.request(source, "offer", [.string("text/plain")])
        b.request(source, "offer", [.string("UTF8_STRING")])
        let device = b.request(b.object("wl_data_device_manager"), "get_data_device", [.newID, .object(seat)])
        b.request(device, "set_selection", [.object(source), .recent(serial)])
        let primary = b.request(b.object("zwp_primary_selection_device_manager_v1"), "create_source", [.newID])
        b.request(primary, "offer", [.string("text/plain")])
        let primaryDevice = b.request(b.object("zwp_primary_selection_device_manager_v1"), "get_device", [.newID, .object(seat)])
        b.request(primaryDevice, "set_selection", [.object(primary), .recent(serial)])
        b.pump()
        b.switchToClient(1)
        _ = pointerAndKeyboard(b)
        let otherSeat = b.object("wl_seat")
        b.request(b.object("wl_data_device_manager"), "get_data_device", [.newID, .object(otherSeat)])
        b.request(b.object("zwp_primary_selection_device_manager_v1"), "get_device", [.newID, .object(otherSeat)])
        mapWindow(b)
        b.move(to: first.x, first.y)
        b.click()
        b.pump()
        if let offer = b.client.ids(of: "wl_data_offer").last {
            b.request(offer, "receive", [.string("text/plain"), .file(size: 0)])
        }
        if let offer = b.client.ids(of: "zwp_primary_selection_offer_v1").last {
            b.request(offer, "receive", [.string("text/plain"), .file(size: 0)])
        }
        b.pump()
    }

    /// A drag from one client's window dropped on another's.
    static func drag(_ b: SeedBuilder) {
        b.switchToClient(1)
        _ = pointerAndKeyboard(b)
        b.request(b.object("wl_data_device_manager"), "get_data_device", [.newID, .object(b.object("wl_seat"))])
        mapWindow(b, size: 100)
        b.switchToClient(0)
        _ = pointerAndKeyboard(b)
        let origin = mapWindow(b)
        let device = b.request(b.object("wl_data_device_manager"), "get_data_device", [.newID, .object(b.object("wl_seat"))])
        let source = b.request(b.object("wl_data_device_manager"), "create_data_source", [.newID])
        b.request(source, "offer", [.string("text/plain")])
        b.request(source, "set_actions", [.uint(3)])
        b.move(to: second.x, second.y)
        b.press()
        b.pump()
        let icon = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        b.request(device, "start_drag", [.object(source), .object(origin.surface), .object(icon), .recent(b.latest("wl_pointer.button")[0])])
        b.move(to: first.x, first.y)
        b.switchToClient(1)
        b.pump()
        if let offer = b.client.ids(of: "wl_data_offer").last {
            b.request(offer, "set_actions", [.uint(3), .uint(1)])
            b.request(offer, "accept", [.recent(b.latest("wl_data_device.enter")[0]), .string("text/plain")])
        }
        b.switchToClient(0)
        b.move(to: first.x + 2, first.y + 2)
        b.release()
        b.pump()
        b.switchToClient(1)
        if let offer = b.client.ids(of: "wl_data_offer").last {
            b.request(offer, "receive", [.string("text/plain"), .file(size: 0)])
        }
        b.pump()
    }

    /// An input method (client 0) serving a text input v3 and a text input v1 (client 1).
    static func textInput(_ b: SeedBuilder) {
        let method = b.request(b.object("zwp_input_method_manager_v2"), "get_input_method", [.object(b.object("wl_seat")), .newID])
        b.request(method, "grab_keyboard", [.newID])
        b.switchToClient(1)
        _ = pointerAndKeyboard(b)
        let window = mapWindow(b)
        let text = b.request(b.object("zwp_text_input_manager_v3"), "get_text_input", [.newID, .object(b.object("wl_seat"))])
        b.move(to: first.x, first.y)
        b.click()
        b.request(text, "enable")
        b.request(text, "set_surrounding_text", [.string("hello"), .int(5), .int(5)])
        b.request(text, "set_content_type", [.uint(0), .uint(0)])
        b.request(text, "set_cursor_rectangle", [.int(10), .int(10), .int(2), .int(12)])
        b.request(text, "commit")
        b.pump()
        b.switchToClient(0)
        b.pump()
        let popupSurface = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        b.request(method, "get_input_popup_surface", [.newID, .object(popupSurface)])
        b.request(popupSurface, "attach", [.object(shmBuffer(b, width: 40, height: 20)), .int(0), .int(0)])
        b.request(popupSurface, "commit")
        b.request(method, "set_preedit_string", [.string("wor"), .int(0), .int(3)])
        b.request(method, "commit_string", [.string("world")])
        b.request(method, "delete_surrounding_text", [.uint(1), .uint(0)])
        b.request(method, "commit", [.uint(1)])
        b.keyDown(10)
        b.keyUp(10)
        b.frame()
        b.pump()
        b.switchToClient(1)
        let v1 = b.request(b.object("zwp_text_input_manager_v1"), "create_text_input", [.newID])
        b.request(v1, "activate", [.object(b.object("wl_seat")), .object(window.surface)])
        b.request(v1, "set_surrounding_text", [.string("abc"), .uint(1), .uint(1)])
        b.request(v1, "show_input_panel")
        b.request(v1, "commit_state", [.uint(1)])
        b.request(text, "disable")
        b.request(text, "commit")
        b.pump()
    }

    /// A virtual keyboard (with a keymap) and a virtual pointer driving another client's window.
    static func virtualDevices(_ b: SeedBuilder) {
        b.switchToClient(1)
        _ = pointerAndKeyboard(b)
        mapWindow(b)
        b.switchToClient(0)
        let seat = b.object("wl_seat")
        let keyboard = b.request(b.object("zwp_virtual_keyboard_manager_v1"), "create_virtual_keyboard", [.object(seat), .newID])
        b.request(keyboard, "keymap", [.uint(1), .keymap, .fileSize])
        b.request(keyboard, "key", [.uint(0), .uint(30), .uint(1)])
        b.request(keyboard, "modifiers", [.uint(1), .uint(0), .uint(0), .uint(0)])
        b.request(keyboard, "key", [.uint(0), .uint(30), .uint(0)])
        let pointer = b.request(b.object("zwlr_virtual_pointer_manager_v1"), "create_virtual_pointer_with_output",
                                [.object(seat), .object(b.object("wl_output")), .newID])
        b.request(pointer, "motion_absolute", [.uint(0), .uint(160), .uint(120), .uint(320), .uint(240)])
        b.request(pointer, "frame")
        b.request(pointer, "button", [.uint(0), .uint(0x110), .uint(1)])
        b.request(pointer, "frame")
        b.request(pointer, "motion", [.uint(0), .fixed(5), .fixed(3)])
        b.request(pointer, "frame")
        b.request(pointer, "button", [.uint(0), .uint(0x110), .uint(0)])
        b.request(pointer, "axis_source", [.uint(0)])
        b.request(pointer, "axis_discrete", [.uint(0), .uint(0), .fixed(15), .int(1)])
        b.request(pointer, "frame")
        b.request(pointer, "axis_stop", [.uint(0), .uint(0)])
        b.request(pointer, "frame")
        b.frame()
        b.pump()
    }

    /// A window of a single-pixel buffer scaled by a viewport, with presentation
    /// feedback, a fractional scale, an idle inhibitor, a blur, a locked and a
    /// relative pointer, and an activation token.
    static func surfaceExtensions(_ b: SeedBuilder) {
        let (pointer, _) = pointerAndKeyboard(b)
        let window = mapWindow(b)
        let pixel = b.request(b.object("wp_single_pixel_buffer_manager_v1"), "create_u32_rgba_buffer",
                              [.newID, .uint(0xFFFF_FFFF), .uint(0x8000_0000), .uint(0), .uint(0xFFFF_FFFF)])
        let viewport = b.request(b.object("wp_viewporter"), "get_viewport", [.newID, .object(window.surface)])
        b.request(viewport, "set_destination", [.int(100), .int(70)])
        b.request(window.surface, "attach", [.object(pixel), .int(0), .int(0)])
        b.request(b.object("wp_presentation"), "feedback", [.object(window.surface), .newID])
        b.request(b.object("wp_fractional_scale_manager_v1"), "get_fractional_scale", [.newID, .object(window.surface)])
        b.request(b.object("zwp_idle_inhibit_manager_v1"), "create_inhibitor", [.newID, .object(window.surface)])
        let region = b.request(b.object("wl_compositor"), "create_region", [.newID])
        b.request(region, "add", [.int(0), .int(0), .int(50), .int(40)])
        b.request(region, "subtract", [.int(10), .int(10), .int(5), .int(5)])
        let blur = b.request(b.object("strata_blur_manager_v1"), "get_blur", [.newID, .object(window.surface)])
        b.request(blur, "set_region", [.object(region)])
        b.request(blur, "set_radius", [.fixed(12)])
        b.request(window.surface, "set_input_region", [.object(region)])
        b.request(window.surface, "set_opaque_region", [.object(region)])
        b.request(window.surface, "commit")
        b.frame()
        b.pump()
        b.request(b.object("zwp_relative_pointer_manager_v1"), "get_relative_pointer", [.newID, .object(pointer)])
        b.request(b.object("zwp_pointer_constraints_v1"), "lock_pointer",
                  [.newID, .object(window.surface), .object(pointer), .object(nil), .uint(2)])
        b.move(to: first.x, first.y)
        b.click()
        b.move(to: first.x + 10, first.y + 5)
        b.pump()
        let token = b.request(b.object("xdg_activation_v1"), "get_activation_token", [.newID])
        b.request(token, "set_serial", [.recent(b.latest("wl_pointer.button")[0]), .object(b.object("wl_seat"))])
        b.request(token, "set_surface", [.object(window.surface)])
        b.request(token, "commit")
        b.request(b.object("xdg_activation_v1"), "activate", [.string("fuzz"), .object(window.surface)])
        b.frame()
        b.pump()
    }

    /// The output copied into a buffer, with damage, with the cursor and a region.
    static func screencopy(_ b: SeedBuilder) {
        mapWindow(b)
        let manager = b.object("zwlr_screencopy_manager_v1")
        let output = b.object("wl_output")
        let frame = b.request(manager, "capture_output", [.newID, .int(1), .object(output)])
        b.pump()
        let size = b.latest("zwlr_screencopy_frame_v1.buffer")
        let buffer = shmBuffer(b, width: Int32(size[1]), height: Int32(size[2]), poolSize: 1 << 20, format: size[0])
        b.request(frame, "copy_with_damage", [.object(buffer)])
        b.frame()
        b.pump()
        let region = b.request(manager, "capture_output_region", [.newID, .int(0), .object(output), .int(10), .int(10), .int(64), .int(48)])
        b.pump()
        b.request(region, "copy", [.object(shmBuffer(b, width: 64, height: 48, format: size[0]))])
        b.frame()
        b.pump()
    }

    /// A taskbar (client 1) maximizing, minimizing, activating and closing client 0's window.
    static func foreignToplevel(_ b: SeedBuilder) {
        mapWindow(b)
        b.switchToClient(1)
        b.pump()
        guard let handle = b.client.ids(of: "zwlr_foreign_toplevel_handle_v1").first else { return }
        let surface = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        b.request(handle, "set_rectangle", [.object(surface), .int(0), .int(0), .int(20), .int(20)])
        b.request(handle, "set_maximized")
        b.request(handle, "set_minimized")
        b.request(handle, "unset_minimized")
        b.request(handle, "activate", [.object(b.object("wl_seat"))])
        b.request(handle, "set_fullscreen", [.object(b.object("wl_output"))])
        b.request(handle, "unset_fullscreen")
        b.request(handle, "close")
        b.pump()
        b.frame()
        b.pump()
    }

    /// Outputs unplugged under a panel, a waiting screencopy and a
    /// fullscreen window, and plugged in at scale 2.
    static func outputHotplug(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        let window = mapWindow(b)
        let right = b.client.ids(of: "wl_output")[1]
        let surface = b.request(b.object("wl_compositor"), "create_surface", [.newID])
        let panel = b.request(b.object("zwlr_layer_shell_v1"), "get_layer_surface",
                              [.newID, .object(surface), .object(right), .uint(3), .string("fuzz")])
        b.request(panel, "set_size", [.uint(0), .uint(20)])
        b.request(panel, "set_anchor", [.uint(13)])
        b.request(panel, "set_exclusive_zone", [.int(20)])
        b.request(surface, "commit")
        b.pump()
        let configure = b.latest("zwlr_layer_surface_v1.configure")
        b.request(panel, "ack_configure", [.recent(configure[0])])
        b.request(surface, "attach", [.object(shmBuffer(b, width: Int32(configure[1]), height: 20, poolSize: 65536)), .int(0), .int(0)])
        b.request(surface, "commit")
        let frame = b.request(b.object("zwlr_screencopy_manager_v1"), "capture_output", [.newID, .int(0), .object(right)])
        b.pump()
        let size = b.latest("zwlr_screencopy_frame_v1.buffer")
        b.request(frame, "copy", [.object(shmBuffer(b, width: Int32(size[1]), height: Int32(size[2]), poolSize: 1 << 20, format: size[0]))])
        b.request(window.toplevel, "set_fullscreen", [.object(right)])
        b.pump()
        b.request(window.xdgSurface, "ack_configure", [.recent(b.latest("xdg_surface.configure")[0])])
        b.request(window.surface, "commit")
        b.frame()
        b.removeOutput(at: 1)
        b.frame()
        b.addOutput(scale: 2)
        let added = b.bind("wl_output", version: 4)
        b.request(window.toplevel, "set_fullscreen", [.object(added)])
        b.move(to: 500, 100)
        b.frame()
        b.pump()
        b.removeOutput(at: 0)
        b.frame()
        b.pump()
    }

    /// Idle notifications of a few timeouts, input, frames, and an idle inhibitor on a shown window.
    static func idleNotify(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        let window = mapWindow(b)
        let notifier = b.object("ext_idle_notifier_v1")
        let seat = b.object("wl_seat")
        b.request(notifier, "get_idle_notification", [.newID, .uint(0), .object(seat)])
        let later = b.request(notifier, "get_idle_notification", [.newID, .uint(5), .object(seat)])
        b.request(b.object("zwp_idle_inhibit_manager_v1"), "create_inhibitor", [.newID, .object(window.surface)])
        b.pump()
        b.move(to: first.x, first.y)
        b.keyDown(10)
        b.keyUp(10)
        b.frame(milliseconds: 200)
        b.pump()
        b.request(later, "destroy")
        b.request(notifier, "destroy")
        b.pump()
    }

    /// A window that inhibits the shortcuts: Alt+Tab and Alt+F4 go to it, Super+Escape takes them back.
    static func shortcutsInhibit(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        mapWindow(b)
        let window = mapWindow(b, title: "vm")
        let inhibitor = b.request(b.object("zwp_keyboard_shortcuts_inhibit_manager_v1"), "inhibit_shortcuts",
                                  [.newID, .object(window.surface), .object(b.object("wl_seat"))])
        b.pump()
        b.keyDown(0)
        b.keyDown(2)
        b.keyUp(2)
        b.keyDown(3)
        b.keyUp(3)
        b.keyUp(0)
        b.pump()
        b.request(inhibitor, "destroy")
        b.pump()
    }

    /// A window exported, its handle imported (by the same client: the fuzzer's
    /// clients know only the strings sent to them) and made the parent of a
    /// dialog; the handle is revoked as the client hangs up.
    static func xdgForeign(_ b: SeedBuilder) {
        let app = mapWindow(b, title: "app")
        let dialog = mapWindow(b, title: "dialog")
        b.request(b.object("zxdg_exporter_v2"), "export_toplevel", [.newID, .object(app.surface)])
        b.pump()
        let imported = b.request(b.object("zxdg_importer_v2"), "import_toplevel", [.newID, .latestString])
        b.request(imported, "set_parent_of", [.object(dialog.surface)])
        b.pump()
        b.frame()
        b.pump()
    }

    /// An output turned off under a shown window (a frame and input while
    /// it is off, a second controller that fails) and on again; an output
    /// configuration made and dropped.
    /// A clipboard manager sets the selection (data control) that another
    /// client's window is offered and reads; a night-light tool sets a gamma
    /// table of the wrong size; a KDE decoration asks for each mode; a pinch
    /// gesture object is made and dropped.
    static func desktopTools(_ b: SeedBuilder) {
        let seat = b.object("wl_seat")
        let (pointer, _) = pointerAndKeyboard(b)
        let window = mapWindow(b)
        let manager = b.object("zwlr_data_control_manager_v1")
        let device = b.request(manager, "get_data_device", [.newID, .object(seat)])
        let source = b.request(manager, "create_data_source", [.newID])
        b.request(source, "offer", [.string("text/plain;charset=utf-8")])
        b.request(device, "set_selection", [.object(source)])
        let primary = b.request(manager, "create_data_source", [.newID])
        b.request(primary, "offer", [.string("text/plain")])
        b.request(device, "set_primary_selection", [.object(primary)])
        b.pump()
        let gamma = b.request(b.object("zwlr_gamma_control_manager_v1"), "get_gamma_control", [.newID, .object(b.object("wl_output"))])
        b.pump()
        b.request(gamma, "set_gamma", [.filledFile(size: 4096, pattern: [0x00, 0x80, 0xFF, 0x40])])
        let decoration = b.request(b.object("org_kde_kwin_server_decoration_manager"), "create",
                                   [.newID, .object(window.surface)])
        b.request(decoration, "request_mode", [.uint(1)])
        b.request(window.surface, "commit")
        b.request(decoration, "request_mode", [.uint(2)])
        b.request(window.surface, "commit")
        let pinch = b.request(b.object("zwp_pointer_gestures_v1"), "get_pinch_gesture", [.newID, .object(pointer)])
        b.pump()
        b.switchToClient(1)
        let otherSeat = b.object("wl_seat")
        _ = pointerAndKeyboard(b)
        b.request(b.object("wl_data_device_manager"), "get_data_device", [.newID, .object(otherSeat)])
        mapWindow(b)
        b.move(to: first.x, first.y)
        b.click()
        b.pump()
        if let offer = b.client.ids(of: "wl_data_offer").last {
            b.request(offer, "receive", [.string("text/plain;charset=utf-8"), .file(size: 0)])
        }
        b.pump()
        b.switchToClient(0)
        b.request(pinch, "destroy")
        b.request(source, "destroy")
        b.pump()
    }

    static func outputPower(_ b: SeedBuilder) {
        _ = pointerAndKeyboard(b)
        let window = mapWindow(b)
        let manager = b.object("zwlr_output_power_manager_v1")
        let output = b.object("wl_output")
        let power = b.request(manager, "get_output_power", [.newID, .object(output)])
        b.request(power, "set_mode", [.uint(0)])
        b.request(window.surface, "frame", [.newID])
        b.request(window.surface, "commit")
        b.pump()
        b.frame()
        b.move(to: first.x, first.y)
        b.request(manager, "get_output_power", [.newID, .object(output)])
        b.pump()
        b.request(power, "set_mode", [.uint(1)])
        b.frame()
        b.pump()
        let configuration = b.request(b.object("zwlr_output_manager_v1"), "create_configuration", [.newID, .uint(0)])
        b.request(configuration, "destroy")
        b.pump()
    }
}
