import Foundation

extension CALayer {
    /// The farthest descendant containing `p`, given in the superlayer's
    /// coordinates, as CALayer.hitTest(_:); hidden layers are skipped and
    /// sublayers are asked front to back. (Views take events through
    /// UIView.hitTest(_:with:); layers that no view owns take none.)
    public func hitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden, isFacingViewer else { return nil }
        let local = superlayer.map { convert(p, from: $0) } ?? p
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        for sublayer in sublayersInDrawingOrder.reversed() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}
