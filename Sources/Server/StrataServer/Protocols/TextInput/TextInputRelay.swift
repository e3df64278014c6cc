import CWaylandServer

/// The seat's text inputs and its input method, and what passes between
/// them, as sway's input method relay does: the text input of the surface
/// with the keyboard that is enabled has the input method; its commits
/// become activate, the state and done there, and the input method's
/// commits become preedit_string, commit_string, delete_surrounding_text
/// and done on it.
final class TextInputRelay {
    unowned let server: Server
    private var textInputs: [any RelayedTextInput] = []
    /// The surface the text inputs were last told of (weak: it may go away first).
    private weak var focusedSurface: Surface?
    private var hasFocusedSurface = false
    /// The seat's input method, until it is destroyed.
    private(set) weak var inputMethod: InputMethod?
    /// The focused, enabled text input the input method works for (told
    /// of it, or will be once there is one).
    private(set) weak var activeTextInput: (any RelayedTextInput)?

    init(server: Server) { self.server = server }

    // MARK: Text inputs

    func textInputCreated(_ textInput: (any RelayedTextInput)?) {
        guard let textInput else { return }
        textInputs.append(textInput)
        // A client that has the keyboard already learns it at once.
        if let surface = focusedSurface, surface.resource != nil, surface.client == textInput.client {
            textInput.keyboardEntered(surface)
        }
    }

    func textInputDestroyed(_ textInput: any RelayedTextInput) {
        textInputs.removeAll { $0 === textInput }
        if activeTextInput === textInput {
            deactivate()
            activateAnotherEnabledTextInput()
        }
    }

    /// A focused text input committed: enabling gives it the input method
    /// (unless another one has it: that enable waits, as the protocol
    /// asks), a commit while enabled updates the input method, disabling
    /// takes it away, and gives it to another enabled text input of the
    /// focus if there is one (weston-editor enables the entry clicked
    /// before it disables the other).
    func textInputCommitted(_ textInput: any RelayedTextInput, enableRequested: Bool) {
        if textInput.isEnabled {
            if let active = activeTextInput, active !== textInput { return }
            let activates = activeTextInput == nil || enableRequested
            activeTextInput = textInput
            inputMethod?.sendState(of: textInput, activate: activates)
        } else if activeTextInput === textInput {
            deactivate()
            activateAnotherEnabledTextInput()
        }
    }

    /// The first enabled text input that has the focus, if any, takes the input method.
    private func activateAnotherEnabledTextInput() {
        guard activeTextInput == nil, let next = textInputs.first(where: { $0.isEnabled && $0.hasFocus }) else { return }
        activeTextInput = next
        inputMethod?.sendState(of: next, activate: true)
    }

    /// The seat's keyboard target may have moved (Seat+Focus): the text
    /// inputs of the old surface's client get leave, and the new one's enter.
    func keyboardFocusChanged() {
        let target = server.seat.keyboardTarget.flatMap { $0.resource == nil ? nil : $0 }
        guard target !== focusedSurface || hasFocusedSurface != (target != nil) else { return }
        if activeTextInput != nil { deactivate() }
        for textInput in textInputs where textInput.hasFocus { textInput.leave() }
        focusedSurface = target
        hasFocusedSurface = target != nil
        guard let target else { return }
        for textInput in textInputs where textInput.client == target.client { textInput.keyboardEntered(target) }
    }

    /// Whether `surface`'s client has the keyboard (a zwp_text_input_v1 may be activated on it).
    func clientHasKeyboard(_ surface: Surface) -> Bool {
        guard let focused = focusedSurface, focused.resource != nil, surface.resource != nil else { return false }
        return focused.client == surface.client
    }

    // MARK: The input method

    /// A new input method: the seat's if it has none (and activated at once
    /// for an enabled text input), else it gets unavailable.
    func inputMethodCreated(_ newInputMethod: InputMethod) {
        guard inputMethod == nil else {
            newInputMethod.makeUnavailable()
            return
        }
        inputMethod = newInputMethod
        if let textInput = activeTextInput { newInputMethod.sendState(of: textInput, activate: true) }
    }

    /// The input method went away: a preedit it left in the text input is cleared.
    func inputMethodDestroyed(_ oldInputMethod: InputMethod) {
        guard inputMethod === oldInputMethod else { return }
        inputMethod = nil
        activeTextInput?.clearPreedit()
    }

    /// The input method committed: its text goes to the text input it is
    /// active for, and nowhere when there is none.
    func inputMethodCommitted(_ committer: InputMethod, preedit: InputMethod.Preedit?, commitString: String?,
                              deleteSurrounding: InputMethod.DeleteSurrounding?) {
        guard committer === inputMethod, let textInput = activeTextInput, textInput.isEnabled, textInput.hasFocus
        else { return }
        textInput.sendComposition(preedit: preedit, commitString: commitString, deleteSurrounding: deleteSurrounding)
    }

    /// The text input the input method was active for was disabled, lost
    /// the focus or went away.
    private func deactivate() {
        activeTextInput = nil
        inputMethod?.sendDeactivate()
    }
}

extension TextInputRelay: ServerExtension {
    func keyboardFocusChanged(_ change: KeyboardFocusChange) { keyboardFocusChanged() }
    /// The input method's popups stay under their text input's cursor.
    func willRenderFrame() { inputMethod?.popupsFollowTheirTextInput() }
    func census() -> [String: Int] { ["textInput.inputMethod": inputMethod == nil ? 0 : 1] }
}

extension Server {
    /// The text inputs and the input method, between them.
    var textInputRelay: TextInputRelay? { `extension`(TextInputRelay.self) }
}
