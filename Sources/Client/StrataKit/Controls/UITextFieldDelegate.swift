import Foundation

/// What a text field asks and tells its delegate. Every method is optional,
/// as in UIKit: the defaults allow everything and do nothing.
public protocol UITextFieldDelegate: AnyObject {
    /// Asked before the field becomes first responder; false keeps it from editing.
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// The field became first responder.
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// Asked before the field resigns first responder; false keeps it editing
    /// (unless the end is forced, by `endEditing(true)`).
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// The field resigned first responder.
    func textFieldDidEndEditing(_ textField: UITextField)
    /// The field resigned first responder, and why. UIKit calls this form
    /// instead of the other when the delegate has it; by default it calls the other.
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    /// Asked before the user's edit replaces `range` (UTF-16 units, as
    /// NSString counts) with `string`; false leaves the text as it is.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    /// The selection (or the caret) moved.
    func textFieldDidChangeSelection(_ textField: UITextField)
    /// Asked before the clear button (or `clearsOnBeginEditing`) empties the field.
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    /// Asked when Return is pressed; true lets the field do its default
    /// (send `.editingDidEndOnExit`).
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
    /// The edit menu for the selected range (Menus/): nil shows the suggested actions.
    func textField(_ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu?
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        textFieldDidEndEditing(textField)
    }
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                          replacementString string: String) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
    public func textField(_ textField: UITextField, editMenuForCharactersIn range: NSRange,
                          suggestedActions: [UIMenuElement]) -> UIMenu? { nil }
}
