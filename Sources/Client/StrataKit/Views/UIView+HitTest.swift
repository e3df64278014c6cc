import Foundation

extension UIView {
    /// UIKit's rules: a hidden view, one with alpha below 0.01 or with user
    /// interaction disabled, or a point outside it, hits nothing; otherwise
    /// the subviews are asked front to back, then the view itself.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        // The opacity is a Float: compare in Float so that alpha 0.01 itself counts.
        // A view animating in a block without .allowUserInteraction takes no touches meanwhile.
        guard !isHidden, isUserInteractionEnabled, layer.opacity >= Float(0.01), !isAnimatingWithoutInteraction,
              self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() where subview.layer.isFacingViewer {
            let local = subview.convert(point, from: self)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }
}
