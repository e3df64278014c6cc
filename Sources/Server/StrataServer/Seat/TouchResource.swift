import CStrataServerProtocol
import CWaylandServer

/// A wl_touch: sent the touch points that went down on its client's surfaces.
final class TouchResource {
    unowned let seat: Seat
    private(set) var resource: WaylandResource?
    let client: OpaquePointer

    init?(seat: Seat, parent: WaylandResource, id: UInt32) {
        self.seat = seat
        client = wl_resource_get_client(parent)
        guard let resource = makeResource(child: parent, interface: strata_wl_touch_interface(), id: id,
                                          implementation: TouchResource.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    private func destroyed() {
        resource = nil
        seat.removeTouch(self)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_touch_interface()
        i.release = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
