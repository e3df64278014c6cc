import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// An interactive move or resize: the window follows the pointer until
/// the last button is released, or the finger until it lifts. Started by
/// xdg_toplevel.move/resize, a drag on a title bar, or Super+drag.
struct WindowGrab {
    enum Kind: Equatable {
        case move
        case resize(ResizeEdges)
    }
    weak var window: Toplevel?
    let kind: Kind
    /// The finger that drives it; nil for the pointer.
    let touchID: Int32?
    /// The pointer (or finger) and the window's origin and size when the grab began.
    let pointerStart: Point
    let originStart: Point
    let sizeStart: Size
}

// The pointer drives a window grab instead of a client: the client whose
// press began it gets leave (so no motion or release reaches it), and
// enter again once the grab ends. A finger drives one the same way: its
// client hears no more of that finger.
extension Seat {
    /// Whether `serial` is a press of the implicit grab under way, sent to
    /// `client`, on `window`: what xdg_toplevel.move and resize must quote.
    func isPressSerial(_ serial: UInt32, of client: OpaquePointer?, on window: Toplevel) -> Bool {
        guard !buttonsDown.isEmpty, windowGrab == nil, client != nil,
              pressSerials.contains(where: { $0.serial == serial && $0.client == client }),
              let focus = livePointerFocus, server.windows.window(of: focus) === window else { return false }
        return true
    }

    /// The finger still down on `window` whose touch down `client` got with
    /// `serial`: what xdg_toplevel.move and resize may quote instead of a press.
    func touchHolding(_ serial: UInt32, of client: OpaquePointer?, on window: Toplevel) -> Int32? {
        guard windowGrab == nil, client != nil else { return nil }
        return touchPoints.first { _, point in
            guard point.serial == serial, point.client == client, let surface = point.surface else { return false }
            return server.windows.window(of: surface) === window
        }?.key
    }

    /// Begins moving or resizing `window` with the pointer (the buttons down
    /// end it when released) or with the finger `touchID` (its lifting ends it).
    func beginWindowGrab(_ window: Toplevel, kind: WindowGrab.Kind, touchID: Int32? = nil) {
        let start: Point
        if let touchID {
            guard let point = touchPoints[touchID] else { return }
            start = point.position
        } else {
            guard !buttonsDown.isEmpty else { return }
            start = pointerPosition
        }
        guard window.isVisible, let origin = window.origin else { return }
        // Fullscreen and maximized windows keep their place and size.
        guard !window.states.fullscreen, !window.states.maximized else { return }
        windowGrab = WindowGrab(window: window, kind: kind, touchID: touchID, pointerStart: start,
                                originStart: origin, sizeStart: window.geometry.size)
        if touchID == nil, livePointerFocus != nil { setPointerFocus(nil, local: nil) }
        if case .resize(let edges) = kind {
            window.resizeAnchor = (edges, origin, window.geometry.size)
            window.resizeSizeAwaitingAck = nil
            window.states.resizing = true
            window.sendConfigure(size: window.geometry.size)
        }
    }

    /// The pointer (or the grab's finger) moved to `position` during a window grab.
    func updateWindowGrab(to position: Point) {
        guard let grab = windowGrab else { return }
        guard let window = grab.window, window.isVisible else { return endWindowGrab() }
        let dx = (position.x - grab.pointerStart.x).rounded(), dy = (position.y - grab.pointerStart.y).rounded()
        switch grab.kind {
        case .move:
            var origin = Point(x: grab.originStart.x + dx, y: grab.originStart.y + dy)
            // The title bar (or the window's top) stays reachable: never above the output.
            origin.y = max(origin.y, server.windows.workArea(on: server.output(of: window)).minY + (window.titleBar != nil ? TitleBar.height : 0))
            window.move(to: origin)
        case .resize(let edges):
            var width = grab.sizeStart.width, height = grab.sizeStart.height
            if edges.contains(.left) { width -= dx } else if edges.contains(.right) { width += dx }
            if edges.contains(.top) { height -= dy } else if edges.contains(.bottom) { height += dy }
            // The start is the client's geometry: the sizes convert saturating.
            let size = window.clampedSize(width: ClientValue.int32(max(width, 1)), height: ClientValue.int32(max(height, 1)))
            window.requestInteractiveSize(width: size.width, height: size.height)
        }
    }

    /// The last button was released (or the window went away): the grab ends.
    func endWindowGrab() {
        guard let grab = windowGrab else { return }
        windowGrab = nil
        if let window = grab.window, case .resize = grab.kind { window.endInteractiveResize() }
    }
}

extension Toplevel {
    /// xdg_toplevel.move: honoured with the serial of a press on this window
    /// whose button is still down, or of a touch down still held on it;
    /// otherwise ignored, as xdg-shell allows.
    func requestMove(seat seatResource: WaylandResource?, serial: UInt32) {
        beginInteractive(.move, serial: serial)
    }

    /// A move or resize quoting a press still down, or a finger still down.
    private func beginInteractive(_ kind: WindowGrab.Kind, serial: UInt32) {
        let seat = server.seat!
        if seat.isPressSerial(serial, of: client, on: self) {
            seat.beginWindowGrab(self, kind: kind)
        } else if let touchID = seat.touchHolding(serial, of: client, on: self) {
            seat.beginWindowGrab(self, kind: kind, touchID: touchID)
        }
    }

    /// xdg_toplevel.resize: an edge outside the enum is a protocol error; a
    /// stale serial, or none, is ignored.
    func requestResize(seat seatResource: WaylandResource?, serial: UInt32, edges value: UInt32) {
        guard let edges = ResizeEdges(wire: value) else {
            if let resource {
                strata_resource_post_error(resource, XDG_TOPLEVEL_ERROR_INVALID_RESIZE_EDGE.rawValue,
                                           "resize edge \(value) is not an xdg_toplevel.resize_edge")
            }
            return
        }
        guard !edges.isEmpty else { return }
        beginInteractive(.resize(edges), serial: serial)
    }

    /// Ends the resizing state with a configure of the size reached.
    func endInteractiveResize() {
        guard states.resizing else { return }
        states.resizing = false
        if server.seat.windowGrab?.window === self { server.seat.windowGrab = nil }
        // The last size the pointer reached, even if the client has not caught up with the one before.
        if let waiting = resizeSizeAwaitingAck {
            resizeSizeAwaitingAck = nil
            sendConfigure(width: waiting.width, height: waiting.height)
        } else {
            sendConfigure()
        }
    }

    /// During and after a resize, the edges opposite the dragged ones stay put:
    /// the origin follows the size the client committed.
    func followResizeAnchor(size: Size) {
        guard let anchor = resizeAnchor, origin != nil else { return }
        if anchor.edges.contains(.left) { origin!.x = anchor.origin.x + anchor.size.width - size.width }
        if anchor.edges.contains(.top) { origin!.y = anchor.origin.y + anchor.size.height - size.height }
    }
}
