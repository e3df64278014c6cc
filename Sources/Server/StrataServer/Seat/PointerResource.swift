import CStrataServerProtocol
import CWaylandServer

/// A wl_pointer. The seat decides what it is sent; its one request of
/// substance, set_cursor, goes back to the seat.
final class PointerResource {
    unowned let seat: Seat
    private(set) var resource: WaylandResource?
    let client: OpaquePointer
    let version: Int32

    init?(seat: Seat, parent: WaylandResource, id: UInt32) {
        self.seat = seat
        client = wl_resource_get_client(parent)
        version = wl_resource_get_version(parent)
        guard let resource = makeResource(child: parent, interface: strata_wl_pointer_interface(), id: id,
                                          implementation: PointerResource.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> PointerResource? {
        resourceObject(resource, as: PointerResource.self, interface: strata_wl_pointer_interface())
    }

    /// wl_pointer.frame ends each group of events (v5 and later).
    func frame() {
        if let resource, version >= 5 { wl_pointer_send_frame(resource) }
    }

    private func destroyed() {
        resource = nil
        seat.removePointer(self)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_pointer_interface()
        i.set_cursor = { _, resource, serial, surface, x, y in
            guard let pointer = PointerResource.from(resource) else { return }
            pointer.seat.setCursor(from: pointer, serial: serial, surfaceResource: surface, hotspotX: x, hotspotY: y)
        }
        i.release = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
