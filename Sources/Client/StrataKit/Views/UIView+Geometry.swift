import Foundation

extension UIView {
    /// UIKit: setting the frame sets the bounds size and moves the center to
    /// the frame's middle (the anchor point's place, if the layer's anchor
    /// was moved); the transform is kept.
    func setFrame(_ frame: CGRect) {
        let oldSize = layer.bounds.size
        let oldFrame = layer.frame
        layer.frame = frame
        boundsSizeDidChange(from: oldSize)
        if layer.frame != oldFrame { frameDidChange() }
    }

    /// UIKit: setting the bounds keeps the center; a new origin shifts what
    /// the view shows, a new size grows or shrinks it about its center.
    func setBounds(_ bounds: CGRect) {
        let oldSize = layer.bounds.size
        layer.bounds = bounds
        boundsSizeDidChange(from: oldSize)
        if bounds.size != oldSize { frameDidChange() }
    }

    /// A new size autoresizes the subviews and asks for layout of the view
    /// and of its superview, whose layout may depend on it. A view that had
    /// no area has no snapshot to stretch, so it is drawn afresh.
    private func boundsSizeDidChange(from oldSize: CGSize) {
        let newSize = layer.bounds.size
        guard newSize != oldSize else { return }
        if (oldSize.width <= 0 || oldSize.height <= 0) && newSize.width > 0 && newSize.height > 0 {
            layer.setNeedsDisplay()
        }
        if autoresizesSubviews { resizeSubviews(withOldSize: oldSize) }
        setNeedsLayout()
        superview?.setNeedsLayout()
    }
}
