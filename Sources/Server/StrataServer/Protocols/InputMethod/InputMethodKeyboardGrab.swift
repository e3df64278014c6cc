import CStrataServerProtocol
import CWaylandServer

/// A zwp_input_method_keyboard_grab_v2. It gets the seat's keymap, repeat
/// rate and modifiers, as a wl_keyboard does, and then, until it is
/// released, the seat's keys and modifier changes instead of the focused
/// client (`Seat+InputMethodGrab`): the input method composes with them and
/// hands back the keys it does not use through a zwp_virtual_keyboard_v1,
/// whose keys never come back here. The compositor's shortcuts act first.
final class InputMethodKeyboardGrab {
    private(set) var resource: WaylandResource?
    private weak var inputMethod: InputMethod?
    private unowned let seat: Seat

    init?(inputMethod: InputMethod?, seat: Seat, parent: WaylandResource, id: UInt32) {
        self.inputMethod = inputMethod
        self.seat = seat
        guard let resource = makeResource(child: parent, interface: strata_zwp_input_method_keyboard_grab_v2_interface(),
                                          id: id, implementation: InputMethodKeyboardGrab.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.released() })
        else { return nil }
        self.resource = resource
        guard inputMethod != nil else { return }
        sendKeymap(seat.keymap)
        zwp_input_method_keyboard_grab_v2_send_repeat_info(resource, KeyboardResource.repeatRate, KeyboardResource.repeatDelay)
        sendModifiers(seat.keymap.modifiers)
    }

    /// Whether it gets the seat's keys: not released, and its input method is still the seat's.
    var isActive: Bool { resource != nil && inputMethod != nil }

    func sendKeymap(_ keymap: Keymap) {
        guard let resource, isActive else { return }
        zwp_input_method_keyboard_grab_v2_send_keymap(resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, keymap.fd, keymap.size)
    }

    func sendKey(_ key: UInt32, pressed: Bool, time: UInt32) {
        guard let resource, isActive else { return }
        let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        zwp_input_method_keyboard_grab_v2_send_key(resource, seat.nextSerial(), time, key, state.rawValue)
    }

    func sendModifiers(_ m: Keymap.Modifiers) {
        guard let resource, isActive else { return }
        zwp_input_method_keyboard_grab_v2_send_modifiers(resource, seat.nextSerial(), m.depressed, m.latched, m.locked, m.group)
    }

    /// The input method went away: the grab is inert until released, and the keys go back to the focused client.
    func inputMethodDestroyed() {
        let wasActive = isActive
        inputMethod = nil
        if wasActive { seat.keyboardGrabEnded() }
    }

    private func released() {
        let wasActive = isActive
        resource = nil
        if inputMethod?.keyboardGrab === self { inputMethod?.keyboardGrab = nil }
        if wasActive { seat.keyboardGrabEnded() }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_input_method_keyboard_grab_v2_interface()
        i.release = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}

extension InputMethod {
    /// grab_keyboard: one grab at a time; an inert input method's (or a
    /// second grab) is an inert object that gets nothing.
    func grabKeyboard(parent: WaylandResource, id: UInt32) {
        let serves = !isUnavailable && keyboardGrab == nil
        let grab = InputMethodKeyboardGrab(inputMethod: serves ? self : nil, seat: relay.server.seat,
                                           parent: parent, id: id)
        if serves { keyboardGrab = grab }
    }
}
