import Foundation

/// A button on a navigation bar or toolbar: a title, an image, one of the
/// system items, or a custom view; or a flexible or fixed space between
/// others. Tapping it sends its action to its target (nil: up the
/// responder chain) with the item as sender, or runs its `primaryAction`.
/// Actions are method references, as for UIControl
/// (`UIBarButtonItem(barButtonSystemItem: .add, target: self, action: ListController.add)`).
open class UIBarButtonItem: UIBarItem {
    public enum Style: Int, Sendable {
        case plain, bordered, done
    }

    open var style: Style = .plain { didSet { if style != oldValue { itemDidChange() } } }

    /// The width of a fixed space (or of any item when set above 0).
    open var width: CGFloat = 0 { didSet { if width != oldValue { itemDidChange() } } }

    open var customView: UIView? { didSet { if customView !== oldValue { itemDidChange() } } }

    /// The item's own tint; nil takes the bar's.
    open var tintColor: UIColor? { didSet { itemDidChange() } }

    /// The closure run on a tap, instead of the target-action pair.
    open var primaryAction: UIAction? { didSet { itemDidChange() } }

    /// The menu a tap shows when the item has no other action (Menus/).
    open var menu: UIMenu? { didSet { itemDidChange() } }

    /// The receiver of the action (held weakly, as UIKit does).
    open weak var target: AnyObject?

    /// The action and whether one is set (method references have no identity).
    var methodAction: MethodAction?
    open var hasAction: Bool { methodAction != nil }

    /// Which system item this is, if it is one.
    public internal(set) var systemItem: SystemItem?

    public override init() {
        super.init()
    }

    public convenience init(title: String?, style: Style, target: AnyObject?, action: Never?) {
        self.init()
        self.title = title
        self.style = style
        self.target = target
    }

    public convenience init<Target: AnyObject>(title: String?, style: Style, target: Target?,
                                               action: ((Target) -> () -> Void)?) {
        self.init(title: title, style: style, target: target, action: nil as Never?)
        methodAction = action.map(MethodAction.init)
    }

    public convenience init<Target: AnyObject, Sender>(title: String?, style: Style, target: Target?,
                                                       action: ((Target) -> (Sender) -> Void)?) {
        self.init(title: title, style: style, target: target, action: nil as Never?)
        methodAction = action.map(MethodAction.init)
    }

    public convenience init(image: UIImage?, style: Style, target: AnyObject?, action: Never?) {
        self.init()
        self.image = image
        self.style = style
        self.target = target
    }

    public convenience init<Target: AnyObject>(image: UIImage?, style: Style, target: Target?,
                                               action: ((Target) -> () -> Void)?) {
        self.init(image: image, style: style, target: target, action: nil as Never?)
        methodAction = action.map(MethodAction.init)
    }

    public convenience init<Target: AnyObject, Sender>(image: UIImage?, style: Style, target: Target?,
                                                       action: ((Target) -> (Sender) -> Void)?) {
        self.init(image: image, style: style, target: target, action: nil as Never?)
        methodAction = action.map(MethodAction.init)
    }

    public convenience init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Never?) {
        self.init()
        self.systemItem = systemItem
        self.target = target
        if systemItem == .done { style = .done }
    }

    public convenience init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target?,
                                               action: ((Target) -> () -> Void)?) {
        self.init(barButtonSystemItem: systemItem, target: target, action: nil as Never?)
        methodAction = action.map(MethodAction.init)
    }

    public convenience init<Target: AnyObject, Sender>(barButtonSystemItem systemItem: SystemItem, target: Target?,
                                                       action: ((Target) -> (Sender) -> Void)?) {
        self.init(barButtonSystemItem: systemItem, target: target, action: nil as Never?)
        methodAction = action.map(MethodAction.init)
    }

    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// iOS 14's forms: a system item or a title and image, with a UIAction.
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init(barButtonSystemItem: systemItem, target: nil, action: nil as Never?)
        self.primaryAction = primaryAction
        self.menu = menu
    }

    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.title = title
        self.image = image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    public convenience init(primaryAction: UIAction?) {
        self.init(title: primaryAction?.title, image: primaryAction?.image, primaryAction: primaryAction)
    }

    /// iOS 14: a flexible or fixed space.
    public static func flexibleSpace() -> UIBarButtonItem {
        UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil as Never?)
    }

    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil as Never?)
        item.width = width
        return item
    }

    /// Whether the item is a space rather than a button.
    var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

    /// A tap: the primary action, else the action to the target (or up
    /// the responder chain), with the item as sender.
    func performTap(with event: UIEvent?) {
        guard isEnabled else { return }
        if let primaryAction {
            primaryAction.perform(from: self)
        } else if let methodAction {
            UIApplication.shared.sendAction(methodAction, to: target, from: self, for: event)
        }
    }
}
