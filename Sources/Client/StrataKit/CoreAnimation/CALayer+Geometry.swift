import Foundation

extension CALayer {
    /// The bounds as the superlayer sees them: derived from position, bounds,
    /// anchorPoint and the transform; the smallest enclosing rect when the
    /// transform rotates.
    public var frame: CGRect {
        get {
            let size = bounds.size
            let local = CGRect(x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height,
                               width: size.width, height: size.height)
            return local.applying(transform2D).offsetBy(dx: position.x, dy: position.y)
        }
        set {
            // CA: the size goes to the bounds, the position follows the anchor
            // point within the new frame.
            let rect = newValue.standardized
            position = CGPoint(x: rect.minX + anchorPoint.x * rect.width,
                               y: rect.minY + anchorPoint.y * rect.height)
            bounds.size = rect.size
        }
    }

    /// Maps the layer's own (bounds) coordinates to its superlayer's.
    var transformToSuperlayer: CGAffineTransform {
        let anchor = CGPoint(x: bounds.minX + anchorPoint.x * bounds.width,
                             y: bounds.minY + anchorPoint.y * bounds.height)
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(transform2D)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    /// Maps the layer's coordinates to those of its root layer.
    var transformToRoot: CGAffineTransform {
        var result = CGAffineTransform.identity
        var current: CALayer? = self
        while let node = current, let parent = node.superlayer {
            result = result.concatenating(node.transformToSuperlayer)
            current = parent
        }
        return result
    }

    /// Maps this layer's coordinates to `layer`'s (nil: the root layer's).
    func transform(to layer: CALayer?) -> CGAffineTransform {
        let toRoot = transformToRoot
        guard let layer else { return toRoot }
        return toRoot.concatenating(layer.transformToRoot.inverted())
    }

    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        p.applying(transform(to: l))
    }

    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        guard let l else { return p.applying(transformToRoot.inverted()) }
        return p.applying(l.transform(to: self))
    }

    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        r.applying(transform(to: l))
    }

    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        guard let l else { return r.applying(transformToRoot.inverted()) }
        return r.applying(l.transform(to: self))
    }
}
