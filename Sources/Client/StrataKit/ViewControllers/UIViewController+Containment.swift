import Foundation

/// Child view controllers, with UIKit's division of work: `addChild(_:)`
/// calls the child's `willMove(toParent:)` itself, and the container calls
/// `didMove(toParent:)` once the child's view is in place;
/// `removeFromParent()` calls `didMove(toParent: nil)` itself, and the
/// container calls `willMove(toParent: nil)` before it.
extension UIViewController {
    /// Adds `childController` as the last child. A controller that is
    /// another's child is taken from it first; adding a controller to
    /// itself or to one of its own descendants is ignored (UIKit raises).
    public func addChild(_ childController: UIViewController) {
        guard childController !== self, !isDescendant(of: childController) else { return }
        if childController.parent === self { return }
        if childController.parent != nil {
            childController.willMove(toParent: nil)
            childController.removeFromParent()
        }
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes the controller from its parent's children, then calls
    /// `didMove(toParent: nil)`. Does nothing without a parent.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Whether `ancestor` is this controller or up its parent chain.
    func isDescendant(of ancestor: UIViewController) -> Bool {
        var current: UIViewController? = self
        while let controller = current {
            if controller === ancestor { return true }
            current = controller.parent
        }
        return false
    }

    /// The nearest navigation controller up the parent chain (the
    /// controller itself excluded), or the presenter's.
    public var navigationController: UINavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? UINavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }

    /// The nearest tab bar controller up the parent chain.
    public var tabBarController: UITabBarController? {
        var current = parent
        while let controller = current {
            if let tabs = controller as? UITabBarController { return tabs }
            current = controller.parent
        }
        return nil
    }
}
