import CStrataServerProtocol
import CWaylandServer

/// A client's zwp_pointer_gesture_swipe_v1, _pinch_v1 or _hold_v1: told of
/// the gestures of its kind that begin on one of its surfaces.
final class PointerGestureObject {
    unowned let manager: PointerGesturesGlobal
    let kind: PointerGesture.Kind
    private(set) var resource: WaylandResource?

    init?(manager: PointerGesturesGlobal, kind: PointerGesture.Kind, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        self.kind = kind
        let interface: UnsafePointer<wl_interface>
        let implementation: UnsafeRawPointer
        switch kind {
        case .swipe: (interface, implementation) = (strata_zwp_pointer_gesture_swipe_v1_interface(), Self.swipeImplementation)
        case .pinch: (interface, implementation) = (strata_zwp_pointer_gesture_pinch_v1_interface(), Self.pinchImplementation)
        case .hold: (interface, implementation) = (strata_zwp_pointer_gesture_hold_v1_interface(), Self.holdImplementation)
        }
        guard let resource = makeResource(child: parent, interface: interface, id: id, implementation: implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.remove(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    func sendBegin(serial: UInt32, time: UInt32, surface: Surface, fingers: UInt32) {
        guard let resource, let surfaceResource = surface.resource else { return }
        switch kind {
        case .swipe: zwp_pointer_gesture_swipe_v1_send_begin(resource, serial, time, surfaceResource, fingers)
        case .pinch: zwp_pointer_gesture_pinch_v1_send_begin(resource, serial, time, surfaceResource, fingers)
        case .hold: zwp_pointer_gesture_hold_v1_send_begin(resource, serial, time, surfaceResource, fingers)
        }
    }

    func sendSwipeUpdate(time: UInt32, dx: Double, dy: Double) {
        guard let resource, kind == .swipe else { return }
        zwp_pointer_gesture_swipe_v1_send_update(resource, time, wl_fixed_from_double(dx), wl_fixed_from_double(dy))
    }

    func sendPinchUpdate(time: UInt32, dx: Double, dy: Double, scale: Double, rotation: Double) {
        guard let resource, kind == .pinch else { return }
        zwp_pointer_gesture_pinch_v1_send_update(resource, time, wl_fixed_from_double(dx), wl_fixed_from_double(dy),
                                                 wl_fixed_from_double(scale), wl_fixed_from_double(rotation))
    }

    func sendEnd(serial: UInt32, time: UInt32, cancelled: Bool) {
        guard let resource else { return }
        let flag: Int32 = cancelled ? 1 : 0
        switch kind {
        case .swipe: zwp_pointer_gesture_swipe_v1_send_end(resource, serial, time, flag)
        case .pinch: zwp_pointer_gesture_pinch_v1_send_end(resource, serial, time, flag)
        case .hold: zwp_pointer_gesture_hold_v1_send_end(resource, serial, time, flag)
        }
    }

    private static let swipeImplementation: UnsafeRawPointer = {
        var i = zwp_pointer_gesture_swipe_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()

    private static let pinchImplementation: UnsafeRawPointer = {
        var i = zwp_pointer_gesture_pinch_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()

    private static let holdImplementation: UnsafeRawPointer = {
        var i = zwp_pointer_gesture_hold_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
