import StrataProtocol

extension RenderLayer {
    /// Whether `point`, in the coordinates of this layer's superlayer, falls
    /// on this layer or on one of its sublayers: the area a layer tree
    /// takes input in. A layer counts over its whole bounds, drawn or
    /// transparent (as UIKit hit-tests views by their bounds); hidden layers
    /// and layers of opacity 0 do not count, nor do their sublayers; a layer
    /// that masks to its bounds lets its sublayers count only inside them.
    /// Layers with a singular transform cover nothing.
    ///
    /// Iterative, so a deep tree cannot exhaust the stack; each layer is
    /// visited at most once.
    public func containsInTree(_ point: Point) -> Bool {
        var stack: [(layer: RenderLayer, point: Point)] = [(self, point)]
        while let (layer, pointInSuperlayer) = stack.popLast() {
            let p = layer.properties
            guard !p.isHidden, p.opacity > 0, let toLayer = p.transformToSuperlayer.inverted() else { continue }
            let local = toLayer.apply(pointInSuperlayer)
            let inside = local.x >= p.bounds.minX && local.x < p.bounds.maxX
                && local.y >= p.bounds.minY && local.y < p.bounds.maxY
            if inside { return true }
            if p.masksToBounds { continue }
            for sublayer in layer.sublayers { stack.append((sublayer, local)) }
        }
        return false
    }
}
