import Foundation

/// Keys an editing field handles itself, before text input: Left and Right
/// move the caret (by words with Ctrl or Alt), Home/End and Up/Down go to
/// the ends, Shift with any of them extends the selection; Delete deletes
/// forward; Ctrl (or Command) with A selects all, with X/C/V cuts, copies
/// and pastes. Other keys go on up the responder chain, and typed
/// characters, Backspace and Return come back as UIKeyInput calls.
extension UITextField: KeyRepeatHandling {
    /// A held arrow or Delete goes on moving or deleting (select all, cut,
    /// copy and paste do not repeat).
    func pressRepeated(_ press: UIPress) {
        guard isEditing, let key = press.key else { return }
        if !key.isEditShortcut { _ = handleEditingKey(key) }
    }

    func handleEditingKey(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags
        let extending = flags.contains(.shift)
        let command = !flags.isDisjoint(with: [.control, .command])
        let byWord = !flags.isDisjoint(with: [.control, .alternate])
        switch key.keyCode {
        case .keyboardLeftArrow:
            moveCaret(forward: false, byWord: byWord, extending: extending)
        case .keyboardRightArrow:
            moveCaret(forward: true, byWord: byWord, extending: extending)
        case .keyboardHome, .keyboardUpArrow:
            moveCaret(to: 0, extending: extending)
        case .keyboardEnd, .keyboardDownArrow:
            moveCaret(to: content.length, extending: extending)
        case .keyboardDeleteForward:
            deleteCharacter(forward: true)
        case .keyboardA where command:
            selectAllText()
        case .keyboardX where command:
            cutSelection()
        case .keyboardC where command:
            copySelection()
        case .keyboardV where command:
            pasteText()
        default:
            return false
        }
        return true
    }
}
