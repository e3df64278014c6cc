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
        for sublayer in sublayersInHitTestingOrder {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    /// Front to back: a transform layer's sublayers by the depth of their
    /// centres, as they are drawn; others' in reverse drawing order.
    private var sublayersInHitTestingOrder: [CALayer] {
        guard self is CATransformLayer else { return sublayersInDrawingOrder.reversed() }
        return sublayersInDrawingOrder.map { ($0, $0.depthOfCentre) }.sorted { $0.1 > $1.1 }.map(\.0)
    }

    /// The z of the centre of the bounds in the space of the nearest
    /// ordinary ancestor, where transform layers keep their sublayers:
    /// larger is nearer the viewer.
    var depthOfCentre: Double {
        var m = transformToSuperlayer3D
        var parent = superlayer
        while let node = parent, node is CATransformLayer, let above = node.superlayer {
            m = CATransform3DConcat(m, node.transformToSuperlayer3D)
            parent = above
        }
        let (x, y) = (Double(bounds.midX), Double(bounds.midY))
        let z = x * Double(m.m13) + y * Double(m.m23) + Double(m.m43)
        let w = x * Double(m.m14) + y * Double(m.m24) + Double(m.m44)
        return w > 0 ? z / w : -.infinity
    }
}
