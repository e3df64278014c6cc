import Foundation

/// Something that shows a menu for a secondary click (a right click) on
/// its view: a context menu interaction, a button with a menu, a table
/// row, a text field's edit menu. It answers whether it showed one.
protocol SecondaryClickMenuSource: AnyObject {
    func presentMenuForSecondaryClick(at location: CGPoint, in view: UIView) -> Bool
}

extension UIWindow {
    /// Input goes to the menu on screen first. With none, a secondary
    /// press opens the menu of the innermost view under the pointer that
    /// offers one (its interactions first, then the view itself) and goes
    /// no further; a press on views offering none is an ordinary press.
    /// A secondary press outside a menu closes it and opens the one there,
    /// as a desktop's context menus do.
    func interceptForMenus(_ event: WindowInput) -> Bool {
        if let grab = input.menuGrab {
            if grab.isPresented, grab.intercept(event) {
                if case .pointerButton(.secondary, isPressed: true, _) = event, !grab.isPresented, input.pointerTouch == nil {
                    _ = presentMenuForSecondaryClick(at: input.pointerLocation)
                }
                return true
            }
            if !grab.isPresented, input.menuGrab === grab { input.menuGrab = nil }
        }
        guard case .pointerButton(.secondary, isPressed: true, _) = event, input.pointerTouch == nil else { return false }
        return presentMenuForSecondaryClick(at: input.pointerLocation)
    }

    private func presentMenuForSecondaryClick(at location: CGPoint) -> Bool {
        var view = hitTest(location, with: nil)
        while let current = view {
            let point = current.convert(location, from: self)
            for case let source as SecondaryClickMenuSource in current.interactions.reversed()
            where source.presentMenuForSecondaryClick(at: point, in: current) {
                return true
            }
            if let source = current as? SecondaryClickMenuSource, source.presentMenuForSecondaryClick(at: point, in: current) {
                return true
            }
            view = current.superview
        }
        return false
    }
}
