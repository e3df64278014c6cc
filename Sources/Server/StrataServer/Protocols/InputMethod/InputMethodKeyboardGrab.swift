import CStrataServerProtocol
import CWaylandServer

/// A zwp_input_method_keyboard_grab_v2. It gets the seat's keymap and
/// repeat rate, as a wl_keyboard does; keys are not routed to it: without
/// zwp_virtual_keyboard_v1 (not served yet) an input method could not hand
/// back the keys it does not use, and typing would stop. So the focused
/// client keeps the keys, and the grab waits for that protocol.
final class InputMethodKeyboardGrab {
    private(set) var resource: WaylandResource?
    private weak var inputMethod: InputMethod?

    init?(inputMethod: InputMethod?, keymap: Keymap, parent: WaylandResource, id: UInt32) {
        self.inputMethod = inputMethod
        guard let resource = makeResource(child: parent, interface: strata_zwp_input_method_keyboard_grab_v2_interface(),
                                          id: id, implementation: InputMethodKeyboardGrab.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              if self.inputMethod?.keyboardGrab === self { self.inputMethod?.keyboardGrab = nil }
                                          })
        else { return nil }
        self.resource = resource
        guard inputMethod != nil else { return }
        zwp_input_method_keyboard_grab_v2_send_keymap(resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, keymap.fd, keymap.size)
        zwp_input_method_keyboard_grab_v2_send_repeat_info(resource, KeyboardResource.repeatRate, KeyboardResource.repeatDelay)
    }

    /// The input method went away: the grab is inert until released.
    func inputMethodDestroyed() { inputMethod = nil }

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
        let grab = InputMethodKeyboardGrab(inputMethod: serves ? self : nil, keymap: relay.server.seat.keymap,
                                           parent: parent, id: id)
        if serves { keyboardGrab = grab }
    }
}
