import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// A zwp_relative_pointer_v1: relative_motion events for its client.
final class RelativePointer {
    unowned let manager: RelativePointerManagerGlobal
    let client: OpaquePointer
    private var resource: WaylandResource?

    init?(manager: RelativePointerManagerGlobal, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        client = wl_resource_get_client(parent)
        guard let resource = makeResource(child: parent, interface: strata_zwp_relative_pointer_v1_interface(), id: id,
                                          implementation: RelativePointer.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.remove(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    func sendMotion(delta: Point, microseconds: UInt64) {
        guard let resource else { return }
        let dx = wl_fixed_from_double(delta.x), dy = wl_fixed_from_double(delta.y)
        zwp_relative_pointer_v1_send_relative_motion(resource, UInt32(truncatingIfNeeded: microseconds >> 32),
                                                     UInt32(truncatingIfNeeded: microseconds), dx, dy, dx, dy)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_relative_pointer_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
