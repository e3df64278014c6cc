import CStrataServerProtocol
import CWaylandServer

/// zwp_pointer_gestures_v1, version 3: touchpad swipes, pinches and holds
/// reach the client with the pointer (browsers zoom on a pinch and go back
/// on a swipe; GTK 4 and Qt read them too). A gesture belongs to the
/// surface under the pointer when it begins: that client's gesture objects
/// of its kind get `begin`, then its updates and `end`, even if the
/// pointer leaves meanwhile.
final class PointerGesturesGlobal {
    static let version: Int32 = 3
    unowned let server: Server
    private var global: Global?
    private var gestures: [PointerGestureObject] = []
    /// The surface each kind's gesture in progress began on (none: no
    /// gesture, or nobody had the pointer), not kept alive by it.
    private struct Began { weak var surface: Surface? }
    private var inProgress: [PointerGesture.Kind: Began] = [:]

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwp_pointer_gestures_v1_interface(),
                        version: PointerGesturesGlobal.version, object: self,
                        implementation: PointerGesturesGlobal.implementation)
        if global == nil { return nil }
    }

    func remove(_ gesture: PointerGestureObject) { gestures.removeAll { $0 === gesture } }

    /// One step of a gesture from the seat; `focus` is the surface with the pointer now.
    func relay(_ gesture: PointerGesture, focus: Surface?, time: UInt32) {
        let kind = gesture.kind
        switch gesture {
        case .swipeBegin(let fingers), .pinchBegin(let fingers), .holdBegin(let fingers):
            inProgress[kind] = nil
            guard let surface = focus, surface.resource != nil else { return }
            inProgress[kind] = Began(surface: surface)
            let serial = server.seat.nextSerial()
            for object in objects(of: kind, for: surface) { object.sendBegin(serial: serial, time: time, surface: surface, fingers: fingers) }
        case .swipeUpdate(let dx, let dy):
            guard let surface = inProgress[kind]?.surface else { return }
            for object in objects(of: kind, for: surface) { object.sendSwipeUpdate(time: time, dx: dx, dy: dy) }
        case .pinchUpdate(let dx, let dy, let scale, let rotation):
            guard let surface = inProgress[kind]?.surface else { return }
            for object in objects(of: kind, for: surface) {
                object.sendPinchUpdate(time: time, dx: dx, dy: dy, scale: scale, rotation: rotation)
            }
        case .swipeEnd(let cancelled), .pinchEnd(let cancelled), .holdEnd(let cancelled):
            guard let surface = inProgress.removeValue(forKey: kind)?.surface else { return }
            let serial = server.seat.nextSerial()
            for object in objects(of: kind, for: surface) { object.sendEnd(serial: serial, time: time, cancelled: cancelled) }
        }
    }

    /// The gesture objects of `kind` that `surface`'s client made.
    private func objects(of kind: PointerGesture.Kind, for surface: Surface) -> [PointerGestureObject] {
        guard surface.resource != nil else { return [] }
        return gestures.filter { $0.kind == kind && $0.client == surface.client }
    }

    private func make(_ kind: PointerGesture.Kind, parent: WaylandResource?, id: UInt32) {
        guard let parent, let object = PointerGestureObject(manager: self, kind: kind, parent: parent, id: id) else { return }
        gestures.append(object)
    }

    private static func from(_ resource: WaylandResource?) -> PointerGesturesGlobal? {
        resourceObject(resource, as: PointerGesturesGlobal.self)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_pointer_gestures_v1_interface()
        // One seat: the wl_pointer argument needs no lookup.
        i.get_swipe_gesture = { _, resource, id, _ in PointerGesturesGlobal.from(resource)?.make(.swipe, parent: resource, id: id) }
        i.get_pinch_gesture = { _, resource, id, _ in PointerGesturesGlobal.from(resource)?.make(.pinch, parent: resource, id: id) }
        i.get_hold_gesture = { _, resource, id, _ in PointerGesturesGlobal.from(resource)?.make(.hold, parent: resource, id: id) }
        i.release = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}

extension PointerGesturesGlobal: ServerExtension {
    func census() -> [String: Int] { ["pointerGestures.objects": gestures.count] }
}

extension Server {
    var pointerGestures: PointerGesturesGlobal? { `extension`(PointerGesturesGlobal.self) }
}
