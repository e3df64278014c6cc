import Foundation

/// Cut, copy and paste through `UIPasteboard.general`, as the text field
/// does: a view that is not editable can still be copied from while
/// selectable; a paste is an edit like typing (the delegate is asked and
/// told), completed when the text arrives from the client that copied it.
extension UITextView {
    func copySelection() {
        guard isFirstResponder, selectedRange.length > 0 else { return }
        UIPasteboard.general.string = (content.string as NSString).substring(with: selectedRange)
    }

    func cutSelection() {
        guard isEditing, selectedRange.length > 0 else { return }
        copySelection()
        deleteSelection()
    }

    func pasteText() {
        guard isEditing else { return }
        UIPasteboard.general.readString { [weak self] text in
            guard let self, self.isEditing, let text, !text.isEmpty else { return }
            self.typeText(text)
        }
    }
}
