import CWaylandServer
import StrataProtocol

// Popup grabs (xdg_popup.grab): a menu opened in answer to a press, key or
// touch takes the keyboard while it is open; nested menus stack on it, the
// topmost one has the keyboard. A press or touch anywhere outside the chain
// of open menus (and the popups they opened) dismisses them all, topmost
// first, with popup_done; so does another window taking the keyboard.
extension Seat {
    /// The surface that gets keys: the topmost grabbing popup's; else a
    /// layer surface holding the keyboard exclusively, or one clicked
    /// (`layerKeyboardFocus`); else the focused window's. While a layer
    /// surface holds it exclusively, only its own popups' grabs take it.
    var keyboardTarget: Surface? {
        // Locked: a lock surface, or nobody.
        if let lock = server.sessionLock, lock.isLocked { return lock.keyboardSurface?.surface }
        let exclusive = server.layerShell?.exclusiveKeyboardSurface
        // A surface being destroyed still counts, so that its leave hands the keyboard back.
        if let popup = popupGrabs.last, let surface = popup.surface, exclusive == nil || popup.host === exclusive { return surface }
        if let exclusive { return exclusive.surface }
        if let layer = layerKeyboardFocus, layer.isMapped, layer.current.keyboard != .none { return layer.surface }
        return keyboardFocus?.surface
    }

    /// Whether the focused window has the keys (not a layer surface, nor a layer surface's popup).
    var windowHasKeyboard: Bool {
        guard let surface = keyboardTarget, let window = keyboardFocus else { return false }
        if surface === window.surface { return true }
        return (surface.roleObject as? XdgSurface)?.popup?.rootToplevel === window
    }

    /// Remembers a serial sent with a button press or release, key press or touch down; only the latest few stay valid.
    func rememberGrabSerial(_ serial: UInt32, client: OpaquePointer?) {
        grabSerials.append((serial, client))
        if grabSerials.count > 16 { grabSerials.removeFirst(grabSerials.count - 16) }
    }

    /// Whether `serial` is a recent press, key or touch down that `client` got.
    func isGrabSerial(_ serial: UInt32, of client: OpaquePointer?) -> Bool {
        client != nil && grabSerials.contains { $0.serial == serial && $0.client == client }
    }

    /// A grabbing popup was mapped: it joins the chain (a popup of another
    /// chain ends that one first) and takes the keyboard.
    func beginPopupGrab(_ popup: Popup) {
        if let top = popupGrabs.last, popup.parentPopup !== top { dismissPopupGrabs() }
        let previous = keyboardTarget
        popupGrabs.append(popup)
        moveKeyboard(from: previous)
    }

    /// Dismisses every grabbing popup, topmost first. Returns whether there were any.
    @discardableResult
    func dismissPopupGrabs() -> Bool {
        guard let bottom = popupGrabs.first else { return false }
        // The keyboard goes back to the window at once, not through each popup.
        let hadKeyboard = keyboardTarget
        popupGrabs = []
        moveKeyboard(from: hadKeyboard)
        bottom.dismiss()
        return true
    }

    /// Dismisses the grabbing popups unless `surface` belongs to their chain
    /// (one of them, a popup they opened, or a subsurface of either).
    @discardableResult
    func dismissPopupGrabs(unlessOn surface: Surface?) -> Bool {
        guard !popupGrabs.isEmpty else { return false }
        var popup = (surface?.mainSurface.roleObject as? XdgSurface)?.popup
        while let current = popup {
            if popupGrabs.contains(where: { $0 === current }) { return false }
            popup = current.parentPopup
        }
        return dismissPopupGrabs()
    }

    /// The keyboard target changed from `old`: leave it, enter the new one.
    /// The focused window is shown active only while it or one of its own
    /// menus has the keys, not while a layer surface's menu holds them.
    func moveKeyboard(from old: Surface?) {
        let new = keyboardTarget
        guard old !== new else { return }
        if let old { sendKeyboardLeave(old) }
        if let new, new.resource != nil { sendKeyboardEnter(new, to: keyboards(of: new.client), serial: nextSerial()) }
        keyboardFocus?.setActivated(windowHasKeyboard)
        server.keyboardFocusChanged(to: new, entered: true)
    }

    /// A popup left the screen: it leaves the grab (the keyboard returns to
    /// what is below it), and its pointer focus and touch points end.
    func popupUnmapped(_ popup: Popup) {
        if let index = popupGrabs.firstIndex(where: { $0 === popup }) {
            let hadKeyboard = keyboardTarget
            popupGrabs.removeSubrange(index...)
            moveKeyboard(from: hadKeyboard)
        }
        guard let surface = popup.surface else { return }
        if let focus = pointerFocus, focus.mainSurface === surface {
            buttonsDown = []
            setPointerFocus(nil, local: nil)
        }
        endTouchPoints(on: surface, andSubsurfaces: true)
        updatePointerFocus()
    }
}
