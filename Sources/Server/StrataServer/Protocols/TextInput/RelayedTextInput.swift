/// What `TextInputRelay` needs of a text input, whichever protocol serves
/// it: zwp_text_input_v3 (`TextInput`) or zwp_text_input_v1 (`TextInputV1`).
protocol RelayedTextInput: AnyObject {
    var client: OpaquePointer { get }
    /// Between enter and leave, even when the surface went away meanwhile.
    var hasFocus: Bool { get }
    /// The surface of the last enter, until leave; nil once it is destroyed.
    var focusedSurface: Surface? { get }
    var isEnabled: Bool { get }
    /// The state the input method is told, in zwp_text_input_v3's terms.
    var current: TextInputState { get }

    /// The client's `surface` got the keyboard: v3 text inputs enter it; v1
    /// ones wait for their client to activate them on it.
    func keyboardEntered(_ surface: Surface)
    /// The focused surface lost the keyboard, or the text input its focus.
    func leave()
    /// The input method's committed text, applied by the client at once.
    func sendComposition(preedit: InputMethod.Preedit?, commitString: String?,
                         deleteSurrounding: InputMethod.DeleteSurrounding?)
    /// The input method went away: a preedit it left is cleared.
    func clearPreedit()
}
