import Foundation

/// One button of an alert or action sheet: its title, its style and the
/// handler run when the user picks it. Add it to a `UIAlertController`
/// before presenting the controller.
open class UIAlertAction {
    /// How the button looks and where it goes: a cancel action is bold,
    /// takes the leading side of a row of two buttons or the bottom of a
    /// stack, and stands apart at the bottom of an action sheet; a
    /// destructive one is red.
    public enum Style: Int, Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }

    /// The button's title.
    public let title: String?
    public let style: Style

    /// A disabled action's button is dimmed and ignores taps and keys.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { controller?.actionDidChange(self) } }
    }

    let handler: ((UIAlertAction) -> Void)?
    /// The controller the action was added to.
    weak var controller: UIAlertController?

    /// UIKit: "handler: A block to execute when the user selects the
    /// action." StrataKit runs it once the alert is dismissed.
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
