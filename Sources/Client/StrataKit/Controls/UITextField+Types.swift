import Foundation

extension UITextField {
    /// How the field's border is drawn.
    public enum BorderStyle: Int, Sendable {
        case none, line, bezel, roundedRect
    }

    /// When an overlay view (the clear button, `leftView`, `rightView`) shows.
    public enum ViewMode: Int, Sendable {
        case never, whileEditing, unlessEditing, always
    }

    /// Why editing ended, for `textFieldDidEndEditing(_:reason:)`.
    public enum DidEndEditingReason: Int, Sendable {
        case committed
        case cancelled
    }

    /// Posted with the field as object when it begins editing, when its text
    /// changes by the user's edit, and when it ends editing.
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
}

extension UITextField.ViewMode {
    /// Whether an overlay with this mode shows while the field is or is not editing.
    func shows(whileEditing isEditing: Bool) -> Bool {
        switch self {
        case .never: return false
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        case .always: return true
        }
    }
}
