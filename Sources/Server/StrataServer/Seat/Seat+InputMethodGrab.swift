// An input method's keyboard grab (zwp_input_method_keyboard_grab_v2): while
// it lasts, the seat's keys and modifiers go to it instead of the focused
// client, whether or not the input method is active for a text input (as
// the protocol says, and sway does). The compositor's shortcuts still come
// first. A key goes up where it went down, so none is left stuck: one held
// before the grab is released to the client, one pressed into the grab is
// released to it, or to nobody once it has ended.
extension Seat {
    /// The input method's grab, if it has a live one.
    var activeKeyboardGrab: InputMethodKeyboardGrab? {
        // Locked: the keys are the lock client's, never an input method's.
        guard !isSessionLocked, let grab = server.textInputRelay?.inputMethod?.keyboardGrab, grab.isActive else { return nil }
        return grab
    }

    /// A grab ended (released, or its input method went): the focused
    /// client hears the modifiers it missed while the grab had them.
    func keyboardGrabEnded() {
        guard activeKeyboardGrab == nil else { return }
        sendModifiersToFocusedClient()
    }
}
