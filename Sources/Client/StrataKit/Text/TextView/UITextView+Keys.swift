import Foundation

/// Keys a first-responder text view handles itself, before text input:
/// Left and Right move the caret (by words with Ctrl or Alt), Up and Down
/// by lines, Home and End to the ends of the line (of the text with Ctrl),
/// Page Up and Page Down to the ends of the text; Shift with any of them
/// extends the selection. Delete deletes forward; Ctrl (or Command) with A
/// selects all, with X/C/V cuts, copies and pastes. Other keys go on up
/// the responder chain, and typed characters, Backspace and Return come
/// back as UIKeyInput calls, as for the text field.
extension UITextView: KeyRepeatHandling {
    /// A held arrow or Delete goes on moving or deleting (select all, cut,
    /// copy and paste do not repeat).
    func pressRepeated(_ press: UIPress) {
        guard isFirstResponder, let key = press.key else { return }
        if !key.isEditShortcut { _ = handleKey(key) }
    }

    func handleKey(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags
        let extending = flags.contains(.shift)
        let command = !flags.isDisjoint(with: [.control, .command])
        let byWord = !flags.isDisjoint(with: [.control, .alternate])
        switch key.keyCode {
        case .keyboardLeftArrow:
            moveCaret(forward: false, byWord: byWord, extending: extending)
        case .keyboardRightArrow:
            moveCaret(forward: true, byWord: byWord, extending: extending)
        case .keyboardUpArrow:
            moveCaretVertically(down: false, extending: extending)
        case .keyboardDownArrow:
            moveCaretVertically(down: true, extending: extending)
        case .keyboardHome where command, .keyboardPageUp:
            moveCaretToDocumentEnd(forward: false, extending: extending)
        case .keyboardEnd where command, .keyboardPageDown:
            moveCaretToDocumentEnd(forward: true, extending: extending)
        case .keyboardHome:
            moveCaretToLineEnd(forward: false, extending: extending)
        case .keyboardEnd:
            moveCaretToLineEnd(forward: true, extending: extending)
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
