import Foundation

extension UIView {
    /// The first view with `tag`, searching depth first from the receiver
    /// (included) down its subviews in order; never up.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }
}
