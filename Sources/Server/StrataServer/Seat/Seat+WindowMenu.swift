import CXkbCommon
import StrataProtocol

// The window menu holds the seat while it is open, as a menu does: the
// pointer highlights its items and no client hears of it; a release on an
// item chooses it; a press or touch outside dismisses it (and goes no
// further); the arrow keys move the highlight, Return chooses, Escape
// dismisses, and no other key reaches a client meanwhile.
extension Seat {
    /// Opens `window`'s menu at `point` (layout points).
    func showWindowMenu(for window: Toplevel, at point: Point) {
        // Not over a move, a resize or a drag: they keep the pointer until they end.
        guard window.isVisible, windowGrab == nil, drag == nil else { return }
        dismissWindowMenu()
        dismissPopupGrabs()
        let output = server.output(at: point) ?? server.output(of: window)
        let menu = WindowMenu(window: window, at: point, within: output.bounds, scale: output.renderer.scale)
        windowMenu = menu
        // Above the windows and panels, below a drag's icon and the cursor.
        let scene = server.scene
        if let index = scene.sublayers.firstIndex(where: { $0 === cursor.layer || $0.name == "drag icon" }) {
            scene.insertSublayer(menu.layer, at: index)
        } else {
            scene.addSublayer(menu.layer)
        }
        if livePointerFocus != nil { setPointerFocus(nil, local: nil) }
        updateCursorImage()
        server.scheduleFrame()
    }

    /// xdg_toplevel.show_window_menu at (`x`, `y`) of the window's surface:
    /// honoured for the window with the keys, with the serial of a recent
    /// press, key or touch of its client (a right click, Alt+Space), as a
    /// popup's grab is.
    func requestWindowMenu(for window: Toplevel, serial: UInt32, x: Int32, y: Int32) {
        guard keyboardFocus === window, windowHasKeyboard, isGrabSerial(serial, of: window.client),
              let origin = window.origin else { return }
        let geometry = window.geometry
        showWindowMenu(for: window, at: Point(x: origin.x - geometry.minX + Double(ClientValue.coordinate(x)),
                                              y: origin.y - geometry.minY + Double(ClientValue.coordinate(y))))
    }

    func dismissWindowMenu() {
        guard let menu = windowMenu else { return }
        windowMenu = nil
        menu.layer.removeFromSuperlayer()
        server.scheduleFrame()
        updatePointerFocus()
    }

    /// The pointer moved with the menu open: the item under it is highlighted.
    func windowMenuPointerMoved() {
        guard let menu = windowMenu else { return }
        menu.isArmed = true
        if menu.highlight(menu.item(at: pointerPosition), scale: menu.scale) { server.scheduleFrame() }
    }

    /// A button with the menu open: a press outside dismisses it; a
    /// release on an item, once the menu is armed, chooses it.
    func windowMenuButton(_ button: UInt32, pressed: Bool) {
        guard let menu = windowMenu else { return }
        if pressed {
            if menu.contains(pointerPosition) { menu.isArmed = true } else { dismissWindowMenu() }
            return
        }
        // The press that opened the menu ends here: neither a client nor the title bar hears of it.
        buttonsDown.removeAll { $0 == button }
        if buttonsDown.isEmpty { titleBarPress = nil }
        guard menu.isArmed, let index = menu.item(at: pointerPosition) else { return }
        dismissWindowMenu()
        menu.perform(index)
    }

    /// A touch with the menu open: on an item it chooses it, elsewhere it dismisses the menu.
    func windowMenuTouched(at point: Point) {
        guard let menu = windowMenu else { return }
        let index = menu.item(at: point)
        dismissWindowMenu()
        if let index { menu.perform(index) }
    }

    /// A key with the menu open; every key is the menu's.
    func windowMenuKey(keysym: UInt32) {
        guard let menu = windowMenu else { return }
        switch keysym {
        case UInt32(XKB_KEY_Escape):
            dismissWindowMenu()
        case UInt32(XKB_KEY_Up):
            menu.moveHighlight(by: -1, scale: menu.scale)
            server.scheduleFrame()
        case UInt32(XKB_KEY_Down):
            menu.moveHighlight(by: 1, scale: menu.scale)
            server.scheduleFrame()
        case UInt32(XKB_KEY_Return), UInt32(XKB_KEY_KP_Enter), UInt32(XKB_KEY_space):
            guard let index = menu.highlighted else { return }
            dismissWindowMenu()
            menu.perform(index)
        default:
            break
        }
    }
}
