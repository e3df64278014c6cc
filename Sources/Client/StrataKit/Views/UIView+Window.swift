import Foundation

extension UIView {
    /// The first UIWindow up the superview chain, the view itself included
    /// (a window's `window` is itself).
    public var window: UIWindow? {
        var current: UIView? = self
        while let node = current {
            if let window = node as? UIWindow { return window }
            current = node.superview
        }
        return nil
    }
}
