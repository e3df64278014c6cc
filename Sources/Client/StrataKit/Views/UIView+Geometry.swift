import Foundation

extension UIView {
    /// UIKit: setting the frame sets the bounds size and moves the center to
    /// the frame's middle; the transform is kept.
    func setFrame(_ frame: CGRect) {
        let rect = frame.standardized
        let oldSize = layer.bounds.size
        layer.position = CGPoint(x: rect.midX, y: rect.midY)
        layer.bounds.size = rect.size
        boundsSizeDidChange(from: oldSize)
    }

    /// UIKit: setting the bounds keeps the center; a new origin shifts what
    /// the view shows, a new size grows or shrinks it about its center.
    func setBounds(_ bounds: CGRect) {
        let oldSize = layer.bounds.size
        layer.bounds = bounds
        boundsSizeDidChange(from: oldSize)
    }

    /// A new size autoresizes the subviews and asks for layout of the view
    /// and of its superview, whose layout may depend on it.
    private func boundsSizeDidChange(from oldSize: CGSize) {
        guard layer.bounds.size != oldSize else { return }
        if autoresizesSubviews { resizeSubviews(withOldSize: oldSize) }
        setNeedsLayout()
        superview?.setNeedsLayout()
    }
}
