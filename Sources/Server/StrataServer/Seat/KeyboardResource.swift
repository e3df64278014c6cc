import CStrataServerProtocol
import CWaylandServer

/// A wl_keyboard. On creation it gets the keymap and the repeat rate;
/// the seat sends it focus, keys and modifiers while its client has focus.
final class KeyboardResource {
    unowned let seat: Seat
    private(set) var resource: WaylandResource?
    let client: OpaquePointer

    /// Repeat rate and delay sent on bind: 25 keys a second after 600 ms.
    static let repeatRate: Int32 = 25
    static let repeatDelay: Int32 = 600

    init?(seat: Seat, parent: WaylandResource, id: UInt32) {
        self.seat = seat
        client = wl_resource_get_client(parent)
        guard let resource = makeResource(child: parent, interface: strata_wl_keyboard_interface(), id: id,
                                          implementation: KeyboardResource.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        // One sealed fd for every keyboard: since v7 clients must map it MAP_PRIVATE.
        // The keymap the others have now: a virtual keyboard's while its keys are the latest.
        wl_keyboard_send_keymap(resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, seat.sentKeymap.fd, seat.sentKeymap.size)
        if wl_resource_get_version(resource) >= 4 {
            wl_keyboard_send_repeat_info(resource, KeyboardResource.repeatRate, KeyboardResource.repeatDelay)
        }
    }

    private func destroyed() {
        resource = nil
        seat.removeKeyboard(self)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_keyboard_interface()
        i.release = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
