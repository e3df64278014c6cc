import Foundation

/// A context menu for a view: a secondary click (right click) shows it at
/// the pointer, a long press (0.5 s) shows it at the finger. The delegate
/// is asked for a configuration at that location each time; nil shows
/// nothing. Picking an element first ends the menu (`willEndFor`), then
/// runs it.
open class UIContextMenuInteraction: UIInteraction {
    public private(set) weak var delegate: UIContextMenuInteractionDelegate?
    public private(set) weak var view: UIView?

    /// iOS 14's appearance kinds; the menu shown is always `.compact`-like,
    /// without a preview.
    public enum Appearance: Int, Sendable { case unknown, rich, compact }
    open private(set) var menuAppearance: Appearance = .unknown

    private var longPress: UILongPressGestureRecognizer?
    private var presenter: MenuPresenting?
    private var configuration: UIContextMenuConfiguration?
    /// Where the menu was asked for, in the window's coordinates.
    private var locationInWindow: CGPoint?

    public init(delegate: UIContextMenuInteractionDelegate) {
        self.delegate = delegate
    }

    open func willMove(to view: UIView?) {
        if let longPress { self.view?.removeGestureRecognizer(longPress) }
        longPress = nil
        dismissMenu()
    }

    open func didMove(to view: UIView?) {
        self.view = view
        guard let view else { return }
        let recognizer = UILongPressGestureRecognizer(target: self, action: UIContextMenuInteraction.longPressed)
        recognizer.delegate = self
        view.addGestureRecognizer(recognizer)
        longPress = recognizer
    }

    /// Where the menu was asked for, in `view`'s coordinates.
    open func location(in view: UIView?) -> CGPoint {
        guard let locationInWindow, let window = self.view?.window else { return .zero }
        return view?.convert(locationInWindow, from: window) ?? locationInWindow
    }

    /// Takes the menu away, as if dismissed by the user.
    open func dismissMenu() {
        presenter?.dismiss()
    }

    /// Replaces the shown menu with what `block` makes of it.
    open func updateVisibleMenu(_ block: (UIMenu) -> UIMenu) {
        guard let configuration, let shown = currentMenu, let window = view?.window,
              let locationInWindow, presenter?.isPresented == true else { return }
        let menu = block(shown)
        show(menu, for: configuration, at: locationInWindow, in: window, notifying: false)
    }

    private var currentMenu: UIMenu?

    /// What the delegate answered when the long press was about to begin.
    private var pendingMenu: (location: CGPoint, configuration: UIContextMenuConfiguration, menu: UIMenu)?

    private func longPressed(_ recognizer: UILongPressGestureRecognizer) {
        guard recognizer.state == .began, let pending = pendingMenu, let view, let window = view.window else { return }
        pendingMenu = nil
        show(pending.menu, for: pending.configuration, at: window.convert(pending.location, from: view), in: window, notifying: true)
    }

    /// The delegate's configuration and its menu at `location` (in the view's coordinates).
    private func configuredMenu(at location: CGPoint) -> (configuration: UIContextMenuConfiguration, menu: UIMenu)? {
        guard let view, view.window != nil, let delegate,
              let configuration = delegate.contextMenuInteraction(self, configurationForMenuAtLocation: location),
              let menu = configuration.makeMenu() else { return nil }
        return (configuration, menu)
    }

    /// Asks the delegate and shows its menu at `location` (in the view's coordinates).
    func presentMenu(at location: CGPoint) -> Bool {
        guard let (configuration, menu) = configuredMenu(at: location), let view, let window = view.window else { return false }
        show(menu, for: configuration, at: window.convert(location, from: view), in: window, notifying: true)
        return true
    }

    private func show(_ menu: UIMenu, for configuration: UIContextMenuConfiguration, at point: CGPoint,
                      in window: UIWindow, notifying: Bool) {
        if notifying {
            let animator = ContextMenuAnimator()
            delegate?.contextMenuInteraction(self, willDisplayMenuFor: configuration, animator: animator)
            animator.complete()
        } else {
            // The menu is replaced without ending it.
            let old = presenter
            presenter = nil
            self.configuration = nil
            old?.dismiss()
        }
        self.configuration = configuration
        currentMenu = menu
        locationInWindow = point
        menuAppearance = .compact
        var request = MenuRequest(menu: menu, anchor: .point(point), sender: self)
        request.onDismiss = { [weak self] in self?.menuDidEnd(configuration) }
        presenter = MenuPresentation.present(request, in: window)
    }

    private func menuDidEnd(_ configuration: UIContextMenuConfiguration) {
        guard self.configuration === configuration else { return }
        self.configuration = nil
        presenter = nil
        currentMenu = nil
        menuAppearance = .unknown
        let animator = ContextMenuAnimator()
        delegate?.contextMenuInteraction(self, willEndFor: configuration, animator: animator)
        animator.complete()
    }
}

/// The long press begins only where the delegate has a menu, so elsewhere
/// the view keeps its touches, as UIKit's interaction does.
extension UIContextMenuInteraction: UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let view else { return false }
        let location = gestureRecognizer.location(in: view)
        guard let (configuration, menu) = configuredMenu(at: location) else { return false }
        pendingMenu = (location, configuration, menu)
        return true
    }
}

extension UIContextMenuInteraction: SecondaryClickMenuSource {
    func presentMenuForSecondaryClick(at location: CGPoint, in view: UIView) -> Bool {
        presentMenu(at: location)
    }
}
