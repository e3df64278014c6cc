import StrataProtocol
import StrataServer

/// A WlcsPointer: the seat's one pointer, moved and clicked in output pixels.
final class WlcsPointerDevice {
    let host: WlcsHost
    init(host: WlcsHost) { self.host = host }

    func move(to point: Point) {
        host.handle { _ in .pointerMotion(point) }
    }

    func move(by dx: Double, _ dy: Double) {
        host.handle { server in
            let p = server.seat.pointerPosition
            return .pointerMotion(Point(x: p.x + dx, y: p.y + dy))
        }
    }

    func button(_ code: UInt32, pressed: Bool) {
        host.handle { _ in .pointerButton(code, pressed ? .pressed : .released) }
    }
}

/// A WlcsTouch: one finger, with a touch point id of its own.
final class WlcsTouchDevice {
    let host: WlcsHost
    let id: Int32
    init(host: WlcsHost) {
        self.host = host
        id = host.makeTouchID()
    }

    func down(at point: Point) { host.handle { [id] _ in .touchDown(id: id, point) } }
    func move(to point: Point) { host.handle { [id] _ in .touchMotion(id: id, point) } }
    func up() { host.handle { [id] _ in .touchUp(id: id) } }
}
