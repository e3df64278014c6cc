import Foundation

extension UIView {
    /// Marks the view for layout at the next update (coalesces).
    public func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Lays out now if layout is pending: the superviews that need it first,
    /// then the view, then its subviews (top-down, through the layers).
    public func layoutIfNeeded() {
        layer.layoutIfNeeded()
    }
}
