import CStrataClientProtocol
import StrataProtocol
import StrataWayland
#if canImport(Glibc)
import Glibc
#endif

/// The parent compositor's seat as this compositor's input devices: events
/// on a nested window, in its surface points (which are its output's
/// points: the window is the output at its scale), go to `Seat.handle(_:)`
/// at that output's place in the layout; the parent's keymap becomes the seat's.
final class NestedInput {
    private let seat: WaylandSeat
    private unowned let server: Server
    /// The layout position of the output a parent surface shows.
    private let layoutOrigin: (OpaquePointer?) -> Point
    /// Of the window the pointer is on, and of each touch point's window.
    private var pointerOrigin = Point.zero
    private var touchOrigins: [Int32: Point] = [:]
    /// The turn of the parent's pinch in progress so far, in degrees.
    private var pinchRotation = 0.0

    init(seat: WaylandSeat, server: Server, layoutOrigin: @escaping (OpaquePointer?) -> Point) {
        self.seat = seat
        self.server = server
        self.layoutOrigin = layoutOrigin
        seat.onEvent = { [unowned self] event in self.forward(event) }
        // Keys are read with the parent's layout: the keys it sends are its keycodes.
        seat.onKeymap = { [unowned server] text in server.seat.useKeymap(text: text) }
        if let text = seat.keymapText { server.seat.useKeymap(text: text) }
    }

    deinit {
        seat.onEvent = nil
        seat.onKeymap = nil
    }

    private func forward(_ event: SeatEvent) {
        switch event {
        case .pointerEnter(let surface, let x, let y):
            // This compositor draws its own cursor into the output: hide the parent's.
            if let pointer = seat.pointer { wl_pointer_set_cursor(pointer, seat.pointerEnterSerial, nil, 0, 0) }
            pointerOrigin = layoutOrigin(surface)
            server.seat.handle(.pointerMotion(Point(x: pointerOrigin.x + x, y: pointerOrigin.y + y)))
        case .pointerMotion(let x, let y, _):
            server.seat.handle(.pointerMotion(Point(x: pointerOrigin.x + x, y: pointerOrigin.y + y)))
        case .pointerButton(let code, let isPressed, _):
            server.seat.handle(.pointerButton(code, isPressed ? .pressed : .released))
        case .pointerScroll(let dx, let dy, let isContinuous, _):
            server.seat.handle(.pointerAxis(vertical: dy, horizontal: dx, source: isContinuous ? .finger : .wheel))
        case .key(let key, let isPressed, _):
            server.seat.handle(.key(key.code, isPressed ? .pressed : .released))
        case .touchDown(let surface, let id, let x, let y, _):
            let origin = layoutOrigin(surface)
            touchOrigins[id] = origin
            server.seat.handle(.touchDown(id: id, Point(x: origin.x + x, y: origin.y + y)))
        case .touchMotion(let id, let x, let y, _):
            let origin = touchOrigins[id] ?? .zero
            server.seat.handle(.touchMotion(id: id, Point(x: origin.x + x, y: origin.y + y)))
        case .touchUp(let id, _):
            touchOrigins[id] = nil
            server.seat.handle(.touchUp(id: id))
        case .touchCancel:
            touchOrigins = [:]
            server.seat.handle(.touchCancel)
        case .pinchBegin(_, let fingers, _):
            pinchRotation = 0
            server.seat.handle(.pointerGesture(.pinchBegin(fingers: fingers)))
        case .pinchUpdate(let scale, let rotation, _):
            // The parent's pinch, step by step as zwp_pointer_gestures_v1 has it.
            let step = rotation - pinchRotation
            pinchRotation = rotation
            server.seat.handle(.pointerGesture(.pinchUpdate(dx: 0, dy: 0, scale: scale, rotation: step)))
        case .pinchEnd(let isCancelled, _):
            server.seat.handle(.pointerGesture(.pinchEnd(cancelled: isCancelled)))
        case .pointerLeave, .keyboardEnter, .keyboardLeave, .touchFrame:
            break
        }
    }
}
