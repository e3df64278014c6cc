import Foundation

/// The safe area, frame-based: a window's is zero (a desktop window has no
/// status bar or rounded corners); any other view's is the part of its
/// superview's safe area insets that reaches into it, and a view
/// controller's view adds what its container's bars cover (UIKit lets
/// content extend under bars and insets the safe area instead) and the
/// controller's `additionalSafeAreaInsets`.
extension UIView {
    var computedSafeAreaInsets: UIEdgeInsets {
        guard !(self is UIWindow) else { return .zero }
        var insets = UIEdgeInsets.zero
        if let superview {
            let outer = superview.safeAreaInsets
            let inner = superview.bounds.inset(by: outer)
            let frame = self.frame
            insets = UIEdgeInsets(top: max(0, inner.minY - frame.minY), left: max(0, inner.minX - frame.minX),
                                  bottom: max(0, frame.maxY - inner.maxY), right: max(0, frame.maxX - inner.maxX))
        }
        if let controller = viewController {
            let bars = controller.containerSafeAreaInsets
            let extra = controller.additionalSafeAreaInsets
            insets = UIEdgeInsets(top: max(insets.top, bars.top) + extra.top,
                                  left: max(insets.left, bars.left) + extra.left,
                                  bottom: max(insets.bottom, bars.bottom) + extra.bottom,
                                  right: max(insets.right, bars.right) + extra.right)
        }
        // Never more than the view: insets of a small view stop at its edges.
        let size = bounds.size
        insets.top = min(insets.top, size.height)
        insets.bottom = min(insets.bottom, max(0, size.height - insets.top))
        insets.left = min(insets.left, size.width)
        insets.right = min(insets.right, max(0, size.width - insets.left))
        return insets
    }

    /// Run at the start of the view's layout: a changed safe area is
    /// reported to the view and its controller, and the subviews, whose
    /// safe areas derive from it, are laid out again.
    func refreshSafeAreaInsets() {
        let insets = safeAreaInsets
        guard insets != reportedSafeAreaInsets else { return }
        reportedSafeAreaInsets = insets
        safeAreaInsetsDidChange()
        viewController?.viewSafeAreaInsetsDidChange()
        for subview in subviews { subview.setNeedsLayout() }
    }
}
