import StrataProtocol

extension RenderLayer {
    /// Whether `point`, in the coordinates of this layer's superlayer, falls
    /// on this layer or on one of its sublayers: the area a layer tree
    /// takes input in. A layer counts over its whole bounds, drawn or
    /// transparent (as UIKit hit-tests views by their bounds); hidden layers
    /// and layers of opacity 0 do not count, nor do their sublayers; a layer
    /// that masks to its bounds lets its sublayers count only inside them.
    /// Layers with a singular transform cover nothing. A layer in 3-D is
    /// hit where its projected shape lies: the point maps back through the
    /// inverse homography, and a point beyond its horizon misses it.
    ///
    /// Iterative, so a deep tree cannot exhaust the stack; each layer is
    /// visited at most once.
    public func containsInTree(_ point: Point) -> Bool {
        // Each with its superlayer's sublayer transform (about its centre), if any.
        var stack: [(layer: RenderLayer, point: Point, sublayerTransform: Transform3D?)] = [(self, point, nil)]
        while let (layer, pointInSuperlayer, sublayerTransform) = stack.popLast() {
            let p = layer.properties
            guard !p.isHidden, p.opacity > 0 else { continue }
            let local: Point
            if p.depth == nil && sublayerTransform == nil {
                guard let toLayer = p.transformToSuperlayer.inverted() else { continue }
                local = toLayer.apply(pointInSuperlayer)
            } else {
                guard let toLayer = p.homographyToSuperlayer(sublayerTransform: sublayerTransform).inverted(),
                      let mapped = toLayer.project(pointInSuperlayer) else { continue }
                local = mapped
            }
            let inside = local.x >= p.bounds.minX && local.x < p.bounds.maxX
                && local.y >= p.bounds.minY && local.y < p.bounds.maxY
            if inside { return true }
            if p.masksToBounds { continue }
            let forSublayers = p.centredSublayerTransform
            for sublayer in layer.sublayers { stack.append((sublayer, local, forSublayers)) }
        }
        return false
    }
}
