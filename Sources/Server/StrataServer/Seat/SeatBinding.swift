import CStrataServerProtocol
import CWaylandServer

/// One client's binding of wl_seat. A client may bind the seat several
/// times; each binding hands out its own pointers, keyboards and touches,
/// and the seat sends to all of that client's objects.
final class SeatBinding {
    unowned let seat: Seat

    init(seat: Seat, client: OpaquePointer, version: UInt32, id: UInt32) {
        self.seat = seat
        guard let resource = makeResource(client: client, interface: strata_wl_seat_interface(), version: Int32(version),
                                          id: id, implementation: SeatBinding.implementation, object: self)
        else { return }
        wl_seat_send_capabilities(resource, WL_SEAT_CAPABILITY_POINTER.rawValue | WL_SEAT_CAPABILITY_KEYBOARD.rawValue
                                  | WL_SEAT_CAPABILITY_TOUCH.rawValue)
        if version >= 2 { wl_seat_send_name(resource, Seat.name) }
    }

    static func from(_ resource: WaylandResource?) -> SeatBinding? {
        resourceObject(resource, as: SeatBinding.self, interface: strata_wl_seat_interface())
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_seat_interface()
        i.get_pointer = { _, resource, id in
            guard let binding = SeatBinding.from(resource) else { return }
            binding.seat.addPointer(PointerResource(seat: binding.seat, parent: resource!, id: id))
        }
        i.get_keyboard = { _, resource, id in
            guard let binding = SeatBinding.from(resource) else { return }
            binding.seat.addKeyboard(KeyboardResource(seat: binding.seat, parent: resource!, id: id))
        }
        i.get_touch = { _, resource, id in
            guard let binding = SeatBinding.from(resource) else { return }
            binding.seat.addTouch(TouchResource(seat: binding.seat, parent: resource!, id: id))
        }
        i.release = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
