import Foundation

extension UIView {
    /// Makes the first responder, if it is this view or inside it, resign.
    /// With `force` a text field resigns without asking its delegate.
    /// Returns whether it resigned (true when there was nothing to resign).
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window = responderWindow, let responder = window.firstResponder as? UIView,
              responder === self || responder.isDescendant(of: self) else { return true }
        if force, let field = responder as? UITextField { return field.endEditing(force: true) }
        return responder.resignFirstResponder()
    }
}
