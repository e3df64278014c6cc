import StrataProtocol
import CXkbCommon

/// Alt+Tab's round: the windows top to bottom as they were at its first
/// Tab, and the one it is on.
struct WindowSwitcher {
    var windows: [Weak<Toplevel>]
    var index = 0
}

// The keys the compositor keeps, never sent to a client: Alt+Tab (and
// Shift+Alt+Tab) goes through the windows, minimized ones included,
// raising and focusing each, in the order they were stacked when Alt went
// down, so one Alt+Tab returns to the previous window; Alt+F4 and Super+Q
// close the focused window; Alt+Space opens its window menu; Super+drag
// moves a window from anywhere in it. While the surface with the keys
// inhibits shortcuts, only Super+Escape is kept, and it ends the inhibition.
// A key that triggered one is not sent on its release either.
extension Seat {
    /// A key went down or up; true when the compositor kept it. Called
    /// before the key changes the modifier state.
    func handleBinding(key: UInt32, pressed: Bool) -> Bool {
        guard pressed else { return consumedKeys.remove(key) != nil }
        // Locked: every key is the lock client's; no shortcut acts.
        if isSessionLocked { return false }
        let keysym = keymap.keysym(of: key)
        if windowMenu != nil {
            consumedKeys.insert(key)
            windowMenuKey(keysym: keysym)
            return true
        }
        let alt = keymap.isActive(XKB_MOD_NAME_ALT), logo = keymap.isActive(XKB_MOD_NAME_LOGO)
        let ctrl = keymap.isActive(XKB_MOD_NAME_CTRL)
        // A surface that inhibits the shortcuts (a virtual machine's window) gets
        // every key; Super+Escape takes them back (Protocols/KeyboardShortcutsInhibit).
        if let inhibitor = server.keyboardShortcutsInhibitor {
            guard keysym == UInt32(XKB_KEY_Escape), logo, !alt, !ctrl else { return false }
            consumedKeys.insert(key)
            inhibitor.releaseByUser()
            return true
        }
        let action: () -> Void
        switch keysym {
        case UInt32(XKB_KEY_Tab) where alt && !ctrl && !logo, UInt32(XKB_KEY_ISO_Left_Tab) where alt && !ctrl && !logo:
            let backwards = keysym == UInt32(XKB_KEY_ISO_Left_Tab) || keymap.isActive(XKB_MOD_NAME_SHIFT)
            action = { self.switchWindow(backwards: backwards) }
        // They close the window with the keys, not one below a layer surface that has them.
        case UInt32(XKB_KEY_F4) where alt && !ctrl && !logo:
            action = { if self.windowHasKeyboard { self.keyboardFocus?.close() } }
        case UInt32(XKB_KEY_q) where logo && !alt && !ctrl, UInt32(XKB_KEY_Q) where logo && !alt && !ctrl:
            action = { if self.windowHasKeyboard { self.keyboardFocus?.close() } }
        // Alt+Space: the focused window's menu, at its top left corner.
        case UInt32(XKB_KEY_space) where alt && !ctrl && !logo:
            action = {
                guard self.windowHasKeyboard, let window = self.keyboardFocus, let origin = window.origin else { return }
                self.showWindowMenu(for: window, at: origin)
                if let menu = self.windowMenu { menu.moveHighlight(by: 1, scale: menu.scale) }
            }
        default:
            return false
        }
        // Kept before acting, so a window focused by it is not told the key is down.
        consumedKeys.insert(key)
        action()
        return true
    }

    /// Alt+Tab: the next window of the round gets the keyboard and goes on top.
    private func switchWindow(backwards: Bool) {
        if switcher == nil {
            // The focused window first, then the shown ones top to bottom, then the minimized ones.
            let stack = server.windows.toplevels.reversed()
            var order = stack.filter { !$0.states.minimized } + stack.filter { $0.states.minimized }
            if let focus = keyboardFocus, let index = order.firstIndex(where: { $0 === focus }) {
                order.insert(order.remove(at: index), at: 0)
            }
            guard order.count > 1 else { return }
            switcher = WindowSwitcher(windows: order.map { Weak($0) })
        }
        guard var round = switcher else { return }
        round.windows.removeAll { $0.object == nil || $0.object?.isMapped != true }
        guard !round.windows.isEmpty else { switcher = nil; return }
        let count = round.windows.count
        round.index = ((round.index + (backwards ? -1 : 1)) % count + count) % count
        switcher = round
        if let window = round.windows[round.index].object { focusWindow(window) }
    }

    /// The modifiers changed: Alt's release ends Alt+Tab's round.
    func modifiersChangedForBindings() {
        if switcher != nil, !keymap.isActive(XKB_MOD_NAME_ALT) { switcher = nil }
    }

    /// A press with Super held on a window: it moves with the pointer. False
    /// when it is no such press (or the window cannot move: maximized,
    /// fullscreen), so the client gets it.
    func superDragPressed(_ button: UInt32) -> Bool {
        guard keymap.isActive(XKB_MOD_NAME_LOGO), let focus = livePointerFocus,
              let window = server.windows.window(of: focus), !window.states.maximized, !window.states.fullscreen
        else { return false }
        focusWindow(window)
        buttonsDown.append(button)
        beginWindowGrab(window, kind: .move)
        if windowGrab == nil { buttonsDown.removeLast(); return false }
        return true
    }
}
