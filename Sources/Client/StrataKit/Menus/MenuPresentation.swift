import Foundation

/// What to show, where, and whom to tell: the one thing every menu of
/// StrataKit (button menus, context menus, the edit menu) hands to the
/// presenter.
struct MenuRequest {
    /// Where the menu goes, in the window's coordinates: beside a point
    /// (a click), or below (a list) or above (the edit bar) a rect.
    enum Anchor {
        case point(CGPoint)
        case rect(CGRect)
    }

    var menu: UIMenu
    var anchor: Anchor
    var style: MenuRowView.Style = .list
    /// What showed the menu: a picked UIAction's `sender`.
    var sender: Any?
    /// Told once, as the menu goes away, before a picked element runs.
    var onDismiss: () -> Void = {}
    /// Told after a picked element ran.
    var onPick: (UIMenuElement) -> Void = { _ in }
}

/// A menu on screen. The presenter behind it is today an overlay inside
/// the window (`WindowMenuOverlay`); an xdg_popup presenter, which could
/// reach past the window's edges, only has to conform to this.
protocol MenuPresenting: AnyObject {
    var isPresented: Bool { get }
    /// Takes the menu away without picking anything.
    func dismiss()
}

/// A presenter also sees the window's input before the views do: presses
/// on the menu pick from it, presses elsewhere dismiss it, keys move
/// through it. It answers whether it took the input.
protocol MenuInputGrab: MenuPresenting {
    func intercept(_ input: WindowInput) -> Bool
}

enum MenuPresentation {
    /// Makes the presenter of a request; the one place to swap the overlay for popups.
    static var makePresenter: (MenuRequest, UIWindow) -> MenuInputGrab = { WindowMenuOverlay(request: $0, window: $1) }

    /// Shows the menu in the window, replacing the menu it showed before.
    @discardableResult
    static func present(_ request: MenuRequest, in window: UIWindow) -> MenuPresenting {
        window.input.menuGrab?.dismiss()
        let presenter = makePresenter(request, window)
        window.input.menuGrab = presenter
        return presenter
    }
}
