import Foundation

/// Cut, copy and paste through `UIPasteboard.general` (the compositor's
/// clipboard when there is one). A secure field's text cannot be copied or
/// cut, as in UIKit. A paste is an edit like typing (the delegate is asked,
/// `.editingChanged` is sent); it completes when the text arrives from the
/// client that copied it, without holding up the app's events.
extension UITextField {
    func copySelection() {
        guard !isSecureTextEntry, selectedRange.length > 0 else { return }
        UIPasteboard.general.string = (content.string as NSString).substring(with: selectedRange)
    }

    func cutSelection() {
        guard isEditing, !isSecureTextEntry, selectedRange.length > 0 else { return }
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
