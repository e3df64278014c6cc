import Foundation

extension CALayer {
    /// The bounds as the superlayer sees them: derived from position, bounds,
    /// anchorPoint and the transform; the smallest enclosing rect when the
    /// transform rotates or projects.
    public var frame: CGRect {
        get {
            let size = bounds.size
            let local = CGRect(x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height,
                               width: size.width, height: size.height)
            guard CATransform3DIsAffine(transform) else {
                return planeTransformToSuperlayer.apply(bounds)
            }
            return local.applying(affineTransform()).offsetBy(dx: position.x, dy: position.y)
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

    /// Maps the layer's own space (bounds coordinates, z included) into its
    /// superlayer's, before the superlayer flattens it: the transform about
    /// the anchor point, the position and zPosition, then the superlayer's
    /// sublayerTransform about the centre of its bounds.
    var transformToSuperlayer3D: CATransform3D {
        let anchor = CGPoint(x: bounds.minX + anchorPoint.x * bounds.width,
                             y: bounds.minY + anchorPoint.y * bounds.height)
        var m = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ), transform),
                                    CATransform3DMakeTranslation(position.x, position.y, zPosition))
        if let parent = superlayer, !CATransform3DIsIdentity(parent.sublayerTransform) {
            let centre = CGPoint(x: parent.bounds.midX, y: parent.bounds.midY)
            m = CATransform3DConcat(CATransform3DConcat(CATransform3DConcat(m, CATransform3DMakeTranslation(-centre.x, -centre.y, 0)),
                                                        parent.sublayerTransform),
                                    CATransform3DMakeTranslation(centre.x, centre.y, 0))
        }
        return m
    }

    /// Whether the layer sits flat in its superlayer's plane, moved only by
    /// an affine transform: then its mapping needs no 4×4 arithmetic.
    private var isFlatInSuperlayer: Bool {
        CATransform3DIsAffine(transform) && (superlayer.map { CATransform3DIsIdentity($0.sublayerTransform) } ?? true)
    }

    /// Maps the layer's plane onto its superlayer's.
    var planeTransformToSuperlayer: PlaneTransform { planeTransform(to: superlayer) }

    /// Maps this layer's plane onto `ancestor`'s (nil: the root layer's).
    /// Below a transform layer the sublayers stay in 3-D, so their 4×4
    /// matrices compose whole until the plane of an ordinary layer flattens
    /// them.
    func planeTransform(to ancestor: CALayer?) -> PlaneTransform {
        var result = PlaneTransform.identity
        var pending: CATransform3D?   // 3-D not yet flattened, below transform layers
        var current: CALayer = self
        while current !== ancestor, let parent = current.superlayer {
            if pending == nil, current.isFlatInSuperlayer, !(parent is CATransformLayer) {
                let anchor = CGPoint(x: current.bounds.minX + current.anchorPoint.x * current.bounds.width,
                                     y: current.bounds.minY + current.anchorPoint.y * current.bounds.height)
                let step = CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
                    .concatenating(current.affineTransform())
                    .concatenating(CGAffineTransform(translationX: current.position.x, y: current.position.y))
                result = result.concatenating(PlaneTransform(step))
            } else {
                let step = pending.map { CATransform3DConcat($0, current.transformToSuperlayer3D) } ?? current.transformToSuperlayer3D
                if parent is CATransformLayer {
                    pending = step
                } else {
                    result = result.concatenating(PlaneTransform(flattening: step))
                    pending = nil
                }
            }
            current = parent
        }
        if let pending { result = result.concatenating(PlaneTransform(flattening: pending)) }
        return result
    }

    /// Maps this layer's coordinates to `layer`'s (nil: the root layer's).
    func planeTransform(toLayer layer: CALayer?) -> PlaneTransform {
        let toRoot = planeTransform(to: nil)
        guard let layer else { return toRoot }
        return toRoot.concatenating(layer.planeTransform(to: nil).invertedOrSelf)
    }

    /// Whether the layer is drawn as it faces: a layer that is not double
    /// sided is not drawn, nor hit, while its back faces the viewer.
    var isFacingViewer: Bool {
        isDoubleSided || planeTransform(to: nil).keepsOrientation
    }

    public func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        planeTransform(toLayer: l).apply(p)
    }

    public func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        guard let l else { return planeTransform(to: nil).invertedOrSelf.apply(p) }
        return l.planeTransform(toLayer: self).apply(p)
    }

    public func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        planeTransform(toLayer: l).apply(r)
    }

    public func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        guard let l else { return planeTransform(to: nil).invertedOrSelf.apply(r) }
        return l.planeTransform(toLayer: self).apply(r)
    }
}
