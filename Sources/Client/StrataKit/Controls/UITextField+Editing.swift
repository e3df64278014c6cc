import Foundation

/// Editing sessions and the user's edits, in UIKit's order:
/// - beginning: `textFieldShouldBeginEditing`, first responder,
///   `textFieldDidBeginEditing`, `.editingDidBegin`, then
///   `textDidBeginEditingNotification`;
/// - an edit: `textField(_:shouldChangeCharactersIn:replacementString:)`,
///   the change, `.editingChanged`, then `textDidChangeNotification`;
/// - ending: `textFieldShouldEndEditing` (unless forced), first responder
///   resigned, `textFieldDidEndEditing(_:reason:)`, `.editingDidEnd`, then
///   `textDidEndEditingNotification`.
extension UITextField {
    // MARK: Sessions

    func beginEditing() -> Bool {
        if isEditing, isFirstResponder { return true }
        guard canBecomeFirstResponder, responderWindow != nil else { return false }
        if let delegate, !delegate.textFieldShouldBeginEditing(self) { return false }
        guard takeFirstResponderStatus() else { return false }
        isEditing = true
        // "This method is also called when editing begins and the
        // clearsOnBeginEditing property of the text field is set to true."
        if clearsOnBeginEditing, hasText, delegate?.textFieldShouldClear(self) ?? true {
            content = NSAttributedString(string: "")
        }
        selectedRange = NSRange(location: content.length, length: 0)
        setNeedsLayout()
        restartCaretBlink()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin, with: nil)
        NotificationCenter.default.post(name: UITextField.textDidBeginEditingNotification, object: self)
        return true
    }

    /// Resigns first responder, asking the delegate unless `force`; false
    /// when the delegate keeps the field editing.
    func endEditing(force: Bool) -> Bool {
        guard isEditing else {
            giveUpFirstResponderStatus()
            return true
        }
        if !force, let delegate, !delegate.textFieldShouldEndEditing(self) { return false }
        giveUpFirstResponderStatus()
        endEditingSession(reason: .committed)
        return true
    }

    func endEditingSession(reason: DidEndEditingReason) {
        guard isEditing else { return }
        isEditing = false
        stopCaretBlink()
        selectedRange = NSRange(location: selectedRange.location, length: 0)
        scrollOffset = 0
        setNeedsLayout()
        delegate?.textFieldDidEndEditing(self, reason: reason)
        sendActions(for: .editingDidEnd, with: nil)
        NotificationCenter.default.post(name: UITextField.textDidEndEditingNotification, object: self)
    }

    // MARK: Edits

    /// Typed text replaces the selection. A single line: Return ("\n") is
    /// not inserted but handled as Return; line breaks inside pasted text become spaces.
    func typeText(_ text: String) {
        guard isEditing else { return }
        if text == "\n" || text == "\r" { return returnPressed() }
        let line = text.replacingOccurrences(of: "\r\n", with: " ")
            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
        guard !line.isEmpty else { return }
        replaceCharacters(in: selectedRange, with: line)
    }

    /// Backspace (and Delete, `forward`): the selection, or the character before (after) the caret.
    func deleteCharacter(forward: Bool) {
        guard isEditing else { return }
        if selectedRange.length > 0 { return deleteSelection() }
        let range = characterRange(at: selectedRange.location, forward: forward)
        guard range.length > 0 else { return }
        replaceCharacters(in: range, with: "")
    }

    func deleteSelection() {
        guard isEditing, selectedRange.length > 0 else { return }
        replaceCharacters(in: selectedRange, with: "")
    }

    /// The user's edit: asks the delegate, replaces, puts the caret after
    /// the new text, and reports the change. Returns whether it happened.
    @discardableResult
    func replaceCharacters(in range: NSRange, with string: String) -> Bool {
        if let delegate, !delegate.textField(self, shouldChangeCharactersIn: range, replacementString: string) {
            return false
        }
        // The delegate may have changed the text while agreeing: keep the range inside it.
        let location = min(max(0, range.location), content.length)
        let clamped = NSRange(location: location, length: min(max(0, range.length), content.length - location))
        let edited = NSMutableAttributedString(attributedString: content)
        edited.replaceCharacters(in: clamped, with: NSAttributedString(string: string, attributes: typingAttributes(at: location)))
        content = edited
        selectedRange = NSRange(location: location + (string as NSString).length, length: 0)
        restartCaretBlink()
        sendActions(for: .editingChanged, with: nil)
        NotificationCenter.default.post(name: UITextField.textDidChangeNotification, object: self)
        return true
    }

    /// New text takes the attributes of the text before it (or the defaults).
    private func typingAttributes(at location: Int) -> [NSAttributedString.Key: Any] {
        guard content.length > 0 else { return defaultTextAttributes }
        return content.attributesOrEmpty(at: max(0, min(location, content.length) - 1))
    }

    /// Return: the delegate decides; by default the field sends
    /// `.editingDidEndOnExit`, and a field with an action for that event
    /// ends editing, as a UIKit field with a "Did End On Exit" action dismisses the keyboard.
    func returnPressed() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: .editingDidEndOnExit, with: nil)
        if allControlEvents.contains(.editingDidEndOnExit), isEditing { _ = resignFirstResponder() }
    }

    /// The clear button: `textFieldShouldClear` may refuse; otherwise the
    /// text goes (a user edit: `.editingChanged`), and editing begins if it had not.
    func clearButtonTapped() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if !isEditing { _ = becomeFirstResponder() }
        guard hasText else { return }
        content = NSAttributedString(string: "")
        selectedRange = NSRange(location: 0, length: 0)
        sendActions(for: .editingChanged, with: nil)
        NotificationCenter.default.post(name: UITextField.textDidChangeNotification, object: self)
    }

    // MARK: Attributes

    /// Applies a field-wide attribute (font, color) to the whole text.
    func applyToContent(_ key: NSAttributedString.Key, _ value: Any) {
        guard content.length > 0 else { return contentDidChange() }
        let styled = NSMutableAttributedString(attributedString: content)
        styled.addAttribute(key, value: value, range: NSRange(location: 0, length: styled.length))
        content = styled
    }
}
