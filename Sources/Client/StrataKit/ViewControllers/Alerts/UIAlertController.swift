import Foundation

/// An alert or an action sheet, presented with `present(_:animated:)` over
/// the presenter's view, which stays in the window beneath a dimming view
/// (`.overFullScreen`), and faded in and out (`.crossDissolve`). An alert
/// is a 270-point box in the middle of the window, an action sheet a
/// column of buttons at its bottom (UIAlertController+Layout). Picking an
/// action (a tap, Return for the preferred action, Escape for the cancel
/// one) dismisses the controller, then runs the action's handler
/// (UIAlertController+Actions).
///
/// UIKit: "The UIAlertController class is intended to be used as-is and
/// doesn't support subclassing."
open class UIAlertController: UIViewController {
    /// UIKit's raw values.
    public enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }

    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }

    public required init?(coder: NSCoder) { nil }

    // MARK: Content

    /// The alert's title, in bold at its top.
    open override var title: String? {
        didSet { contentDidChange() }
    }

    /// More detail, below the title.
    open var message: String? {
        didSet { contentDidChange() }
    }

    /// Alert or action sheet, as given to `init(title:message:preferredStyle:)`.
    public private(set) var preferredStyle: Style = .alert

    /// The actions in the order they were added, which is the order of
    /// their buttons, but for the cancel action's place.
    public private(set) var actions: [UIAlertAction] = []

    /// UIKit: "If your alert has multiple actions, the order in which you
    /// add those actions determines their order in the resulting alert or
    /// action sheet." UIKit raises on a second cancel action; so does this.
    open func addAction(_ action: UIAlertAction) {
        precondition(action.style != .cancel || !actions.contains { $0.style == .cancel },
                     "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        action.controller = self
        actions.append(action)
        contentDidChange()
    }

    /// The action Return picks, shown in bold (in place of the cancel
    /// action). UIKit: it must already have been added ("Assigning an
    /// object to this property before adding it with the addAction(_:)
    /// method is a programmer error"); it is used by alerts only.
    open var preferredAction: UIAlertAction? {
        didSet {
            precondition(preferredAction.map { preferred in actions.contains { $0 === preferred } } ?? true,
                         "The preferred action must be one of the alert controller's actions")
            contentDidChange()
        }
    }

    /// The text fields added with `addTextField(configurationHandler:)`, in order; nil when there are none.
    public var textFields: [UITextField]? { fields.isEmpty ? nil : fields }

    /// Adds a text field below the message; the handler configures it
    /// before the alert is shown. UIKit raises for an action sheet: "Text
    /// fields can only be added to an alert controller of style
    /// UIAlertControllerStyleAlert".
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        precondition(preferredStyle == .alert,
                     "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        let field = makeTextField()
        configurationHandler?(field)
        fields.append(field)
        contentDidChange()
    }

    // MARK: The view

    /// A view as large as the window, holding the dimming view and the box.
    open override func loadView() {
        view = AlertContainerView(controller: self, frame: frameForLoadedView ?? UIScreen.main.bounds)
        buildParts()
    }

    // MARK: Keys (UIAlertController+Actions.swift)

    /// The alert takes the keys while it is shown (or gives them to its
    /// first text field), so Return and Escape reach its key commands.
    open override var canBecomeFirstResponder: Bool { true }

    /// Return for the preferred action, Escape for the cancel action.
    open override var keyCommands: [UIKeyCommand]? { alertKeyCommands }

    // MARK: State of the concerns

    var fields: [UITextField] = []
    /// Set once an action was picked: the alert is on its way out.
    var pickedAction: UIAlertAction?
    /// The responder that had the keys before the alert took them, given them back when it goes.
    weak var responderBeforeAlert: UIResponder?
    let parts = AlertParts()
}
