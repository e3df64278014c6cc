import StrataProtocol

/// A press on a server-side title bar, kept until its release.
struct TitleBarPress {
    weak var window: Toplevel?
    let part: TitleBar.Part
    let button: UInt32
    /// Where and when, to tell a click (which may begin a double click) from a drag.
    let point: Point
    let time: UInt32
    /// The second press of a double click: its release starts no new one.
    var completesDoubleClick = false
}

// Title bars are the compositor's: no client hears of presses on them. A
// press raises and focuses the window; dragging the title moves it, a
// double click on it maximizes or restores it; a button acts on its
// release when the pointer is still on it, as buttons do; dragging the
// border around a decorated window resizes it from that edge.
extension Seat {
    /// Double clicks are two presses at most this far apart, in milliseconds.
    static let doubleClickMilliseconds: UInt32 = 400

    /// A press over a title bar: true when it was one (the seat keeps it).
    func titleBarPressed(_ button: UInt32, time: UInt32) -> Bool {
        guard pointerHasMoved, case .titleBar(let window, let part)? = windowHit(at: pointerPosition) else { return false }
        focusWindow(window)
        buttonsDown.append(button)
        titleBarPress = TitleBarPress(window: window, part: part, button: button, point: pointerPosition, time: time)
        if case .edge(let edges) = part {
            if button == PointerButton.left { beginWindowGrab(window, kind: .resize(edges)) }
            return true
        }
        // A right click on the title opens the window menu.
        if part == .title, button == PointerButton.right {
            showWindowMenu(for: window, at: pointerPosition)
            return true
        }
        guard part == .title, button == PointerButton.left else { return true }
        if let last = lastTitleBarClick, last.window.object === window, time &- last.time <= Seat.doubleClickMilliseconds {
            lastTitleBarClick = nil
            titleBarPress?.completesDoubleClick = true
            window.setMaximized(!window.states.maximized)
        } else {
            beginWindowGrab(window, kind: .move)
        }
        return true
    }

    /// The last button went up after a title bar press: a button acts if the pointer is still on it.
    func titleBarReleased(time: UInt32) {
        guard let press = titleBarPress else { return }
        titleBarPress = nil
        // A press and release in place on the title is a click: the next one soon after makes a double click.
        let still = abs(pointerPosition.x - press.point.x) < 4 && abs(pointerPosition.y - press.point.y) < 4
        if press.part == .title, press.button == PointerButton.left, still, !press.completesDoubleClick, let window = press.window {
            lastTitleBarClick = (Weak(window), press.time)
        } else {
            lastTitleBarClick = nil
        }
        guard press.button == PointerButton.left, press.part != .title, let window = press.window,
              case .titleBar(let under, let part)? = windowHit(at: pointerPosition), under === window, part == press.part
        else { return }
        switch part {
        case .close: window.close()
        case .maximize: window.setMaximized(!window.states.maximized)
        case .minimize: window.minimize()
        case .title, .edge: break
        }
    }
}
