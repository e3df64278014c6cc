import Foundation

/// Editing sessions and the user's edits, in UIKit's order:
/// - beginning: `textViewShouldBeginEditing`, first responder,
///   `textViewDidBeginEditing`, then `textDidBeginEditingNotification`;
///   a view that is selectable but not editable becomes first responder
///   without a session (and without asking);
/// - an edit: `textView(_:shouldChangeTextIn:replacementText:)`, the
///   change, `textViewDidChangeSelection` (the caret moved), then
///   `textViewDidChange` and `textDidChangeNotification`;
/// - ending: `textViewShouldEndEditing` (unless forced), first responder
///   resigned, `textViewDidEndEditing`, then `textDidEndEditingNotification`.
extension UITextView {
    // MARK: Sessions

    func beginEditing() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, responderWindow != nil else { return false }
        if isEditable, let delegate = textViewDelegate, !delegate.textViewShouldBeginEditing(self) { return false }
        guard takeFirstResponderStatus() else { return false }
        guard isEditable else {
            setNeedsLayout()
            return true
        }
        isEditing = true
        restartCaretBlink()
        needsCaretVisible = true
        setNeedsLayout()
        textViewDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: UITextView.textDidBeginEditingNotification, object: self)
        return true
    }

    /// Resigns first responder, asking the delegate unless `force`; false
    /// when the delegate keeps the view editing.
    func endEditing(force: Bool) -> Bool {
        guard isEditing else {
            giveUpFirstResponderStatus()
            setNeedsLayout()
            return true
        }
        if !force, let delegate = textViewDelegate, !delegate.textViewShouldEndEditing(self) { return false }
        giveUpFirstResponderStatus()
        endEditingSession()
        return true
    }

    func endEditingSession() {
        guard isEditing else { return }
        isEditing = false
        stopCaretBlink()
        setNeedsLayout()
        textViewDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: UITextView.textDidEndEditingNotification, object: self)
    }

    // MARK: Edits

    /// Typed or pasted text replaces the selection; line breaks stay.
    func typeText(_ text: String) {
        guard isEditing, !text.isEmpty else { return }
        replaceCharacters(in: selectedRange, with: text == "\r" ? "\n" : text)
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
        if let delegate = textViewDelegate, !delegate.textView(self, shouldChangeTextIn: range, replacementText: string) {
            return false
        }
        // The delegate may have changed the text while agreeing: keep the range inside it.
        let location = min(max(0, range.location), content.length)
        let clamped = NSRange(location: location, length: min(max(0, range.length), content.length - location))
        let edited = NSMutableAttributedString(attributedString: content)
        edited.replaceCharacters(in: clamped, with: NSAttributedString(string: string, attributes: typingAttributes(at: location)))
        content = edited
        selectedRange = NSRange(location: location + (string as NSString).length, length: 0)
        verticalMoveX = nil
        restartCaretBlink()
        needsCaretVisible = true
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: UITextView.textDidChangeNotification, object: self)
        return true
    }

    /// New text takes the attributes of the text before it (or the view's own).
    private func typingAttributes(at location: Int) -> [NSAttributedString.Key: Any] {
        guard content.length > 0 else { return typingDefaults }
        return content.attributesOrEmpty(at: max(0, min(location, content.length) - 1))
    }

    // MARK: Attributes

    /// The attributes of text set through `text`: the font, the color, the alignment.
    var typingDefaults: [NSAttributedString.Key: Any] {
        [.font: font!, .foregroundColor: textColor ?? UIColor.label, .paragraphStyle: alignedParagraphStyle]
    }

    var alignedParagraphStyle: NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.alignment = textAlignment
        return style
    }

    /// Applies a view-wide attribute (font, color, alignment) to the whole text.
    func applyToContent(_ key: NSAttributedString.Key, _ value: Any) {
        guard content.length > 0 else { return contentDidChange() }
        let styled = NSMutableAttributedString(attributedString: content)
        styled.addAttribute(key, value: value, range: NSRange(location: 0, length: styled.length))
        content = styled
    }
}
