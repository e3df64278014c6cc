// After a window commits, the pointer may be over something else without
// having moved. Finding out walks every window, and with many clients
// committing every frame that walk would run for each of them. A commit
// can change what is under a still pointer only if the committing window
// was under it before or is under it now, so the seat remembers which
// window the last walk found and, for any other window, tests that window
// alone. Moving the pointer, pressing a button, or changing the stacking
// or a window's states forgets what was remembered.

/// The window (nil: the desktop) a full hit test last found under the
/// pointer, and the window stack's arrangement it was found in.
struct WindowUnderPointer {
    weak var window: Toplevel?
    let arrangement: UInt64
}

extension Seat.WindowHit {
    /// The window hit; nil for a layer surface (a panel over the windows) or an input method's popup.
    var toplevel: Toplevel? {
        switch self {
        case .surface(let toplevel, _, _), .titleBar(let toplevel, _): return toplevel
        case .layerSurface, .inputPopup, .lockSurface: return nil
        }
    }
}

extension Seat {
    func rememberWindowUnderPointer(_ toplevel: Toplevel?) {
        windowUnderPointer = WindowUnderPointer(window: toplevel, arrangement: server.windows.arrangementChanges)
    }

    func forgetWindowUnderPointer() { windowUnderPointer = nil }

    /// `window` committed (it may have moved, resized, changed its input
    /// region or its layer tree): the pointer focus follows what is under
    /// the still pointer, when that can have changed.
    func windowChanged(_ window: Toplevel) {
        guard pointerHasMoved, buttonsDown.isEmpty else { return }
        if let known = windowUnderPointer, known.arrangement == server.windows.arrangementChanges,
           known.window !== window, !window.states.fullscreen,
           !window.isVisible || hit(in: window, at: pointerPosition) == nil {
            // Neither under the pointer before nor now: the window on top there is the same.
            return
        }
        sceneChangedUnderPointer()
    }
}
