import Foundation

/// The edit menu before iOS 16, deprecated in UIKit for
/// UIEditMenuInteraction and shown by one here: `showMenu(from:rect:)`
/// shows the first responder's standard actions and then `menuItems`
/// above the rect; an item's action goes up the responder chain from the
/// first responder, as a selector would.
@available(*, deprecated, message: "Use UIEditMenuInteraction")
open class UIMenuController {
    public static let shared = UIMenuController()

    open var menuItems: [UIMenuItem]?
    open var arrowDirection: ArrowDirection = .default

    public enum ArrowDirection: Int, Sendable { case `default`, up, down, left, right }

    public static let willShowMenuNotification = Notification.Name("UIMenuControllerWillShowMenuNotification")
    public static let didShowMenuNotification = Notification.Name("UIMenuControllerDidShowMenuNotification")
    public static let willHideMenuNotification = Notification.Name("UIMenuControllerWillHideMenuNotification")
    public static let didHideMenuNotification = Notification.Name("UIMenuControllerDidHideMenuNotification")

    private var presenter: MenuPresenting?
    private var targetRectInWindow: CGRect = .null

    init() {}

    open var isMenuVisible: Bool {
        get { presenter?.isPresented == true }
        set { if !newValue { hideMenu() } }
    }

    /// The rect the menu was shown for, in window coordinates.
    open var menuFrame: CGRect { targetRectInWindow }

    open func showMenu(from targetView: UIView, rect targetRect: CGRect) {
        guard let window = targetView.window else { return }
        hideMenu()
        var elements = StandardEditActions.suggestedActions(for: window.firstResponder)
        for item in menuItems ?? [] {
            elements.append(UIAction(title: item.title) { _ in
                _ = UIApplication.shared.sendAction(item.action, to: nil, from: UIMenuController.shared, for: nil)
            })
        }
        guard !elements.isEmpty else { return }
        NotificationCenter.default.post(name: Self.willShowMenuNotification, object: self)
        targetRectInWindow = window.convert(targetRect, from: targetView)
        var request = MenuRequest(menu: UIMenu(children: elements), anchor: .rect(targetRectInWindow), style: .bar, sender: self)
        request.onDismiss = { [weak self] in self?.menuDidHide() }
        presenter = MenuPresentation.present(request, in: window)
        NotificationCenter.default.post(name: Self.didShowMenuNotification, object: self)
    }

    open func hideMenu() {
        presenter?.dismiss()
    }

    open func hideMenu(from targetView: UIView) {
        hideMenu()
    }

    /// Menu items are read when the menu is shown; nothing to do here.
    open func update() {}

    private func menuDidHide() {
        presenter = nil
        NotificationCenter.default.post(name: Self.willHideMenuNotification, object: self)
        NotificationCenter.default.post(name: Self.didHideMenuNotification, object: self)
    }
}

/// A custom edit menu command (deprecated with UIMenuController). The
/// action is an unbound method reference, found on the first responder
/// or up the responder chain: `UIMenuItem(title: "Define", action: Editor.define)`.
@available(*, deprecated, message: "Use UIEditMenuInteraction and UIAction")
open class UIMenuItem {
    open var title: String
    let action: MethodAction

    public init<Target: AnyObject>(title: String, action: @escaping (Target) -> () -> Void) {
        self.title = title
        self.action = MethodAction(action)
    }

    public init<Target: AnyObject, Sender>(title: String, action: @escaping (Target) -> (Sender) -> Void) {
        self.title = title
        self.action = MethodAction(action)
    }
}
