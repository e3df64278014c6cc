import StrataProtocol

// While the session is locked (Protocols/SessionLock) the seat belongs to
// the lock surfaces: the pointer and touch find nothing else
// (`windowHit`), the keyboard goes to the focused lock surface or nowhere
// (`keyboardTarget`), no shortcut acts (`handleBinding`) and no input
// method's grab takes keys. Menus, popup grabs, moves, resizes and drags
// end when the lock begins. What had the keyboard gets it back on unlock,
// whatever took `keyboardFocus` meanwhile: a window that maps or asks to
// be activated while the screen is locked cannot collect what the user
// types after unlocking.

/// The window and layer surface that had the keyboard when the session locked.
struct FocusBeforeLock {
    weak var window: Toplevel?
    weak var layerSurface: LayerSurface?
}

extension Seat {
    var isSessionLocked: Bool { server.sessionLock?.isLocked == true }

    /// The session is about to lock: what holds the seat ends while the
    /// other clients may still hear of it (popups are dismissed, menus
    /// close, a move, a resize or a drag stops, Alt+Tab's round ends).
    func prepareForSessionLock() {
        dismissWindowMenu()
        endWindowGrab()
        titleBarPress = nil
        lastTitleBarClick = nil
        drag?.cancel()
        switcher = nil
        dismissPopupGrabs()
    }

    /// The session is locked: the keyboard leaves what had it, the pointer
    /// and touch points leave their surfaces, and serials quoted from
    /// before can start no grab, menu or move.
    func sessionLocked(keyboardBefore: Surface?) {
        focusBeforeLock = FocusBeforeLock(window: keyboardFocus, layerSurface: layerKeyboardFocus)
        // A token issued before the lock could otherwise take the keyboard at unlock.
        server.xdgActivation?.forgetTokens()
        keyboardTargetChanged(from: keyboardBefore)
        buttonsDown = []
        pressSerials = []
        grabSerials = []
        touchCancel()
        forgetWindowUnderPointer()
        setPointerFocus(nil, local: nil)
        updatePointerFocus()
    }

    /// The session is about to unlock (still locked, so nobody hears of
    /// it yet): the window and layer surface that had the keyboard at lock
    /// take it back if they are still there, the window on top.
    func restoreFocusBeforeLock() {
        guard let saved = focusBeforeLock else { return }
        focusBeforeLock = nil
        if let window = saved.window, window.isMapped, window.isLive {
            focusWindow(window)
        }
        if let layerSurface = saved.layerSurface, layerSurface.isMapped, layerSurface.current.keyboard != .none {
            layerKeyboardFocus = layerSurface
        }
    }

    /// The session is unlocked: the keyboard goes back to the window (or
    /// layer surface) that had it, and the pointer to what is under it.
    func sessionUnlocked(keyboardBefore: Surface?) {
        buttonsDown = []
        pressSerials = []
        touchCancel()
        forgetWindowUnderPointer()
        setPointerFocus(nil, local: nil)
        keyboardTargetChanged(from: keyboardBefore)
        updatePointerFocus()
    }

    /// A lock surface is no longer shown: its pointer focus and touch points end.
    func lockSurfaceHidden(_ surface: Surface) {
        if let focus = pointerFocus, focus.mainSurface === surface {
            buttonsDown = []
            setPointerFocus(nil, local: nil)
        }
        endTouchPoints(on: surface, andSubsurfaces: true)
    }

    /// The shown lock surface under `point` (or a subsurface of it).
    func lockSurfaceHit(at point: Point) -> WindowHit? {
        for lockSurface in server.sessionLock?.shownSurfaces ?? [] {
            if let surface = lockSurface.surface, surface.resource != nil, let hit = surface.inputSurface(at: point) {
                return .lockSurface(lockSurface, hit.surface, local: hit.local)
            }
        }
        return nil
    }
}
