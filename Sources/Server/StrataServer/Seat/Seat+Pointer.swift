import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

// The pointer: focus follows the surface under it, except while a button
// is down (the implicit grab): then motion and buttons stay with the
// surface the first press began on, wherever the pointer goes, and the
// focus moves only after the last release.
extension Seat {
    /// What is under a point: a window's surface (its own, a popup's or a
    /// subsurface of either), the title bar Strata draws for it, or a
    /// layer surface's (its own, a popup's, or a subsurface of either).
    enum WindowHit {
        case surface(Toplevel, Surface, local: Point)
        case titleBar(Toplevel, TitleBar.Part)
        case layerSurface(LayerSurface, Surface, local: Point)
        /// An input method's candidate popup, above everything.
        case inputPopup(Surface, local: Point)
        /// A lock surface (or a subsurface of one): while the session is locked, nothing else.
        case lockSurface(LockSurface, Surface, local: Point)
    }

    /// The topmost thing under `point`, honouring input regions and layer
    /// trees: the overlay and top layer surfaces, the windows top to
    /// bottom, then the bottom and background layer surfaces; nil over the desktop.
    func windowHit(at point: Point) -> WindowHit? {
        // Locked: only the lock surfaces are there.
        if isSessionLocked { return lockSurfaceHit(at: point) }
        for popup in (server.textInputRelay?.inputMethod?.shownPopups ?? []).reversed() {
            if let surface = popup.surface, let hit = surface.inputSurface(at: point) { return .inputPopup(hit.surface, local: hit.local) }
        }
        let layerSurfaces = (server.layerShell?.mappedTopToBottom ?? []).filter { server.layerShell?.isShown($0) == true }
        for layerSurface in layerSurfaces where layerSurface.current.layer.isAboveWindows {
            if let hit = layerSurfaceHit(layerSurface, at: point) { return hit }
        }
        let windows = windowsHit(at: point)
        if let hit = windows.hit { return hit }
        // The black around a fullscreen window hides the layers below the windows too.
        if windows.covered { return nil }
        for layerSurface in layerSurfaces where !layerSurface.current.layer.isAboveWindows {
            if let hit = layerSurfaceHit(layerSurface, at: point) { return hit }
        }
        return nil
    }

    /// What of `toplevel` alone is under `point`: its popups, its title
    /// bar, then its surface and subsurfaces.
    func hit(in toplevel: Toplevel, at point: Point) -> WindowHit? {
        for popup in toplevel.mappedPopups.reversed() {
            if let surface = popup.surface, surface.resource != nil, let hit = surface.inputSurface(at: point) {
                return .surface(toplevel, hit.surface, local: hit.local)
            }
        }
        if let part = toplevel.titleBar?.part(at: point) { return .titleBar(toplevel, part) }
        if let surface = toplevel.surface, surface.resource != nil, let hit = surface.inputSurface(at: point) {
            return .surface(toplevel, hit.surface, local: hit.local)
        }
        return nil
    }

    /// A layer surface's popups, top first, then the surface.
    private func layerSurfaceHit(_ layerSurface: LayerSurface, at point: Point) -> WindowHit? {
        for popup in layerSurface.mappedPopups.reversed() {
            if let surface = popup.surface, surface.resource != nil, let hit = surface.inputSurface(at: point) {
                return .layerSurface(layerSurface, hit.surface, local: hit.local)
            }
        }
        if let surface = layerSurface.surface, surface.resource != nil, let hit = surface.inputSurface(at: point) {
            return .layerSurface(layerSurface, hit.surface, local: hit.local)
        }
        return nil
    }

    /// The window under `point`, or whether a fullscreen window covers it.
    private func windowsHit(at point: Point) -> (hit: WindowHit?, covered: Bool) {
        for toplevel in server.windows.visibleToplevels.reversed() {
            if let hit = hit(in: toplevel, at: point) { return (hit, false) }
            // The black around a fullscreen window smaller than the output hides what is below.
            if toplevel.states.fullscreen { return (nil, true) }
        }
        return (nil, false)
    }

    /// The surface under `point` and the window or layer surface it is
    /// part of; nil over the desktop or a title bar.
    func surface(at point: Point) -> (toplevel: Toplevel?, layerSurface: LayerSurface?, surface: Surface, local: Point)? {
        switch windowHit(at: point) {
        case .surface(let toplevel, let surface, let local)?: return (toplevel, nil, surface, local)
        case .layerSurface(let layerSurface, let surface, let local)?: return (nil, layerSurface, surface, local)
        case .inputPopup(let surface, let local)?, .lockSurface(_, let surface, let local)?: return (nil, nil, surface, local)
        default: return nil
        }
    }

    /// The pointer focus if its surface is still alive.
    var livePointerFocus: Surface? {
        guard let focus = pointerFocus, focus.resource != nil else { return nil }
        return focus
    }

    func pointerMotion(to point: Point, time: UInt32) {
        let clamped = server.clampedToOutputs(point)
        guard pointerHasMoved else { return movePointer(to: clamped, time: time) }
        // The delta as the device moved, even where the pointer cannot follow
        // (a lock, the output's edge), to the client with the pointer.
        let from = pointerPosition
        var sentRelative = false
        if let client = livePointerFocus?.client {
            sentRelative = server.relativePointerManager?.pointerMoved(by: Point(x: point.x - from.x, y: point.y - from.y),
                                                                       client: client, microseconds: Seat.nowMicroseconds()) ?? false
        }
        let to = server.pointerConstraints?.constrain(from: from, to: clamped) ?? clamped
        if to == from, server.pointerConstraints?.active?.kind == .lock {
            // Locked: no wl_pointer.motion, but the relative motion's frame.
            if sentRelative, let focus = livePointerFocus { for pointer in pointers(of: focus.client) { pointer.frame() } }
            return
        }
        movePointer(to: to, time: time)
    }

    /// Puts the pointer at `point` (output points, on the output) and tells the surface under it.
    func movePointer(to point: Point, time: UInt32) {
        pointerPosition = point
        // What was under the old position says nothing of the new one.
        forgetWindowUnderPointer()
        pointerHasMoved = true
        if windowGrab != nil, windowGrab?.touchID == nil {
            // A move or resize: the window follows, no client hears of it.
            updateWindowGrab(to: pointerPosition)
            cursor.pointerMoved(to: pointerPosition)
            updateCursorImage()
            server.scheduleFrame()
            return
        }
        if windowMenu != nil {
            // The menu holds the pointer while it is open.
            windowMenuPointerMoved()
            cursor.pointerMoved(to: pointerPosition)
            updateCursorImage()
            server.scheduleFrame()
            return
        }
        if let drag, drag.input == .pointer {
            // A drag: it alone hears of the motion.
            drag.moved(to: pointerPosition, time: time)
            cursor.pointerMoved(to: pointerPosition)
            updateCursorImage()
            server.scheduleFrame()
            return
        }
        if buttonsDown.isEmpty {
            updatePointerFocus()
        }
        if let focus = livePointerFocus, let local = focus.localPoint(fromOutput: pointerPosition) {
            sendMotion(to: focus, local: local, time: time)
        }
        cursor.pointerMoved(to: pointerPosition)
        updateCursorImage()
        server.scheduleFrame()
        server.pointerConstraints?.update()
    }

    /// Moves the pointer without a device (a lock's cursor hint when it ends).
    func warpPointer(to point: Point) {
        movePointer(to: server.clampedToOutputs(point), time: Seat.now())
    }

    private func sendMotion(to focus: Surface, local: Point, time: UInt32) {
        pointerFocusLocal = local
        for pointer in pointers(of: focus.client) {
            guard let resource = pointer.resource else { continue }
            wl_pointer_send_motion(resource, time, wl_fixed_from_double(local.x), wl_fixed_from_double(local.y))
            pointer.frame()
        }
    }

    /// The scene changed under a pointer that did not move (a window was
    /// placed, moved or resized): the focus follows what is now under it,
    /// and a surface that stays focused hears where the pointer now is on it.
    func sceneChangedUnderPointer() {
        guard pointerHasMoved, buttonsDown.isEmpty else { return }
        let before = livePointerFocus
        updatePointerFocus()
        guard let focus = livePointerFocus, focus === before,
              let local = focus.localPoint(fromOutput: pointerPosition), local != pointerFocusLocal else { return }
        sendMotion(to: focus, local: local, time: Seat.now())
    }

    /// Gives the pointer focus to the surface under the pointer, with
    /// leave and enter (each followed by frame). Not during a grab.
    func updatePointerFocus() {
        guard buttonsDown.isEmpty, pointerHasMoved, windowMenu == nil else { return }
        let hit = windowHit(at: pointerPosition)
        rememberWindowUnderPointer(hit?.toplevel)
        var target: (surface: Surface, local: Point)?
        switch hit {
        case .surface(_, let surface, let local)?, .layerSurface(_, let surface, let local)?, .inputPopup(let surface, let local)?,
             .lockSurface(_, let surface, let local)?:
            target = (surface, local)
        default: break
        }
        guard target?.surface !== livePointerFocus else { return }
        setPointerFocus(target?.surface, local: target?.local)
    }

    /// Moves the pointer focus, sending leave to the old surface's client
    /// (if the surface is still alive) and enter to the new one's.
    func setPointerFocus(_ surface: Surface?, local: Point?) {
        if let old = livePointerFocus, let oldResource = old.resource {
            let serial = nextSerial()
            for pointer in pointers(of: old.client) {
                guard let resource = pointer.resource else { continue }
                wl_pointer_send_leave(resource, serial, oldResource)
                pointer.frame()
            }
        }
        pointerFocus = surface
        pointerFocusLocal = local
        defer { server.pointerConstraints?.update() }
        if let surface, let surfaceResource = surface.resource, let local {
            pointerEnterSerial = nextSerial()
            for pointer in pointers(of: surface.client) {
                guard let resource = pointer.resource else { continue }
                wl_pointer_send_enter(resource, pointerEnterSerial, surfaceResource,
                                      wl_fixed_from_double(local.x), wl_fixed_from_double(local.y))
                pointer.frame()
            }
        }
        updateCursorImage()
    }

    func pointerButton(_ button: UInt32, pressed: Bool, time: UInt32) {
        if windowMenu != nil { return windowMenuButton(button, pressed: pressed) }
        if pressed {
            guard !buttonsDown.contains(button) else { return }
            if buttonsDown.isEmpty {
                pressSerials = []
                // A first button: whatever held the last ones let go (or was reset).
                pressClosedMenus = false
                // The grab begins on the surface under the pointer; its window takes the keyboard and goes on top.
                updatePointerFocus()
                if isSessionLocked {
                    // No shortcut, menu or window while locked: the lock surface pressed takes the keyboard.
                    if let focus = livePointerFocus, let lockSurface = server.sessionLock?.lockSurface(of: focus) {
                        server.sessionLock?.focus(lockSurface)
                    }
                    buttonsDown.append(button)
                    return sendButton(button, pressed: pressed, time: time)
                }
                // A press outside the open menus closes them, and is theirs: no client
                // hears of it (a button after popup_done would be its cause, out of order).
                if dismissPopupGrabs(unlessOn: livePointerFocus) {
                    updatePointerFocus()
                    pressClosedMenus = true
                    buttonsDown.append(button)
                    return
                }
                // Presses the compositor keeps: on a title bar, and Super+drag.
                if titleBarPressed(button, time: time) || superDragPressed(button) { return }
                if let focus = livePointerFocus, let toplevel = server.windows.window(of: focus) {
                    focusWindow(toplevel)
                } else if let focus = livePointerFocus, let layerSurface = server.layerShell?.layerSurface(of: focus) {
                    focusLayerSurface(layerSurface)
                }
            } else if (windowGrab != nil && windowGrab?.touchID == nil) || titleBarPress != nil || drag?.input == .pointer
                        || pressClosedMenus {
                // More buttons during a move, a drag, on a title bar or after closing menus: the compositor's too.
                buttonsDown.append(button)
                return
            }
            buttonsDown.append(button)
        } else {
            guard let index = buttonsDown.firstIndex(of: button) else { return }
            buttonsDown.remove(at: index)
            if pressClosedMenus {
                guard buttonsDown.isEmpty else { return }
                pressClosedMenus = false
                updatePointerFocus()
                return
            }
            if let drag, drag.input == .pointer {
                // The last release drops (or cancels) the drag.
                guard buttonsDown.isEmpty else { return }
                drag.release()
                updatePointerFocus()
                return
            }
            if (windowGrab != nil && windowGrab?.touchID == nil) || titleBarPress != nil {
                guard buttonsDown.isEmpty else { return }
                endWindowGrab()
                titleBarReleased(time: time)
                updatePointerFocus()
                return
            }
        }
        sendButton(button, pressed: pressed, time: time)
    }

    /// A button to the surface with the pointer, and after the last release the focus follows the pointer again.
    private func sendButton(_ button: UInt32, pressed: Bool, time: UInt32) {
        if let focus = livePointerFocus {
            let serial = nextSerial()
            let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
            // Menus open on a press or on its release: either may start a popup grab.
            rememberGrabSerial(serial, client: focus.client)
            if pressed { pressSerials.append((serial, focus.client)) }
            for pointer in pointers(of: focus.client) {
                guard let resource = pointer.resource else { continue }
                wl_pointer_send_button(resource, serial, time, button, state.rawValue)
                pointer.frame()
            }
        }
        // The grab ended: the surface under the pointer now gets enter.
        if buttonsDown.isEmpty { updatePointerFocus() }
    }

    func pointerAxis(vertical: Double, horizontal: Double, source: InputEvent.AxisSource,
                     value120: (vertical: Int32, horizontal: Int32) = (0, 0), time: UInt32) {
        guard drag?.input != .pointer, windowMenu == nil, let focus = livePointerFocus else { return }
        for pointer in pointers(of: focus.client) {
            guard let resource = pointer.resource else { continue }
            // axis_source and axis_stop came with frame in v5; wheel_tilt in v6.
            if pointer.version >= 5, source != .wheelTilt || pointer.version >= 6 {
                wl_pointer_send_axis_source(resource, source.rawValue)
            }
            for (axis, value, turn) in [(WL_POINTER_AXIS_VERTICAL_SCROLL, vertical, value120.vertical),
                                        (WL_POINTER_AXIS_HORIZONTAL_SCROLL, horizontal, value120.horizontal)] {
                if value != 0 {
                    // How far a wheel turned, before its axis event: value120 from v8; whole
                    // notches (axis_discrete) for v5 to v7, which know no fraction of one.
                    if turn != 0, pointer.version >= 8 {
                        wl_pointer_send_axis_value120(resource, axis.rawValue, turn)
                    } else if turn != 0, turn % 120 == 0, pointer.version >= 5 {
                        wl_pointer_send_axis_discrete(resource, axis.rawValue, turn / 120)
                    }
                    wl_pointer_send_axis(resource, time, axis.rawValue, wl_fixed_from_double(value))
                } else if source == .finger, pointer.version >= 5, vertical == 0, horizontal == 0 {
                    // Fingers lifted from a touchpad: kinetic scrolling may start here.
                    wl_pointer_send_axis_stop(resource, time, axis.rawValue)
                }
            }
            pointer.frame()
        }
    }

    /// Scrolling stops on the axes named, for the client with the pointer (wl_pointer v5 and later).
    func pointerAxisStop(vertical: Bool, horizontal: Bool, time: UInt32) {
        guard drag?.input != .pointer, windowMenu == nil, let focus = livePointerFocus, vertical || horizontal else { return }
        for pointer in pointers(of: focus.client) where pointer.version >= 5 {
            guard let resource = pointer.resource else { continue }
            wl_pointer_send_axis_source(resource, InputEvent.AxisSource.finger.rawValue)
            if vertical { wl_pointer_send_axis_stop(resource, time, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue) }
            if horizontal { wl_pointer_send_axis_stop(resource, time, WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue) }
            pointer.frame()
        }
    }

    /// wl_pointer.set_cursor: honoured only from the client that has the
    /// pointer and only with the serial of its latest enter, so a late
    /// request cannot change the cursor over another client's window.
    func setCursor(from pointer: PointerResource, serial: UInt32, surfaceResource: WaylandResource?,
                   hotspotX: Int32, hotspotY: Int32) {
        guard let focus = livePointerFocus, focus.client == pointer.client, serial == pointerEnterSerial else { return }
        var surface: Surface?
        if let surfaceResource {
            guard let candidate = Surface.from(surfaceResource) else { return }
            guard candidate.giveRole(.other("cursor")), candidate.roleObject == nil else {
                if let resource = pointer.resource {
                    strata_resource_post_error(resource, WL_POINTER_ERROR_ROLE.rawValue,
                                               "wl_surface@\(candidate.id) already has the role \(candidate.role)")
                }
                return
            }
            surface = candidate
        }
        cursor.setClientCursor(surface, hotspot: Point(x: Double(ClientValue.coordinate(hotspotX)), y: Double(ClientValue.coordinate(hotspotY))),
                               client: pointer.client)
        updateCursorImage()
        server.scheduleFrame()
    }

    /// A cursor-shape-v1 set_shape: the theme's cursor `name` for the
    /// client with the pointer, under the same rule as set_cursor.
    func setCursorShape(_ name: String, from pointer: PointerResource, serial: UInt32) {
        guard let focus = livePointerFocus, focus.client == pointer.client, serial == pointerEnterSerial else { return }
        cursor.setClientShape(name, client: pointer.client)
        updateCursorImage()
        server.scheduleFrame()
    }

    /// The client's cursor over its own surfaces, the arrow elsewhere.
    func updateCursorImage() {
        cursor.showClientCursor(forClient: livePointerFocus?.client)
    }
}
