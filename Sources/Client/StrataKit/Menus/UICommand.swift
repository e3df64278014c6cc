import Foundation

/// A menu element whose action goes up the responder chain, from the key
/// window's first responder to the first responder of the method's type,
/// as a selector does in UIKit. The action is an unbound method reference
/// (`UICommand(title: "Save", action: Editor.save)`), the way target-action
/// works in StrataKit. UIKeyCommand stays a class of its own.
open class UICommand: UIMenuElement {
    open override var title: String {
        get { elementTitle }
        set { elementTitle = newValue }
    }

    open override var image: UIImage? {
        get { elementImage }
        set { elementImage = newValue }
    }

    open var discoverabilityTitle: String?
    open var attributes: UIMenuElement.Attributes
    open var state: UIMenuElement.State
    /// Any value the action can read back from its sender.
    public let propertyList: Any?
    public let alternates: [UICommandAlternate]
    let action: MethodAction

    init(title: String, image: UIImage?, action: MethodAction, propertyList: Any?, alternates: [UICommandAlternate],
         discoverabilityTitle: String?, attributes: UIMenuElement.Attributes, state: UIMenuElement.State) {
        self.action = action
        self.propertyList = propertyList
        self.alternates = alternates
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        super.init(title: title, image: image)
    }

    /// For `func save()`.
    public convenience init<Target: AnyObject>(title: String = "", image: UIImage? = nil,
                                               action: @escaping (Target) -> () -> Void, propertyList: Any? = nil,
                                               alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
                                               attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off) {
        self.init(title: title, image: image, action: MethodAction(action), propertyList: propertyList, alternates: alternates,
                  discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    /// For `func save(_ sender: UICommand)` (or `Any?`).
    public convenience init<Target: AnyObject, Sender>(title: String = "", image: UIImage? = nil,
                                                       action: @escaping (Target) -> (Sender) -> Void, propertyList: Any? = nil,
                                                       alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
                                                       attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off) {
        self.init(title: title, image: image, action: MethodAction(action), propertyList: propertyList, alternates: alternates,
                  discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }
}

extension UICommand: MenuLeafElement {
    func performFromMenu(sender: Any?) {
        _ = UIApplication.shared.sendAction(action, to: nil, from: self, for: nil)
    }
}

/// A command's variant for a modifier held while the menu is open.
/// Accepted for code that makes them; menus show only the command.
open class UICommandAlternate {
    public let title: String
    public let modifierFlags: UIKeyModifierFlags
    let action: MethodAction

    public init<Target: AnyObject>(title: String, action: @escaping (Target) -> () -> Void, modifierFlags: UIKeyModifierFlags) {
        self.title = title
        self.action = MethodAction(action)
        self.modifierFlags = modifierFlags
    }
}
