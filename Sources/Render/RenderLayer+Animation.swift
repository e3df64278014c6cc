import StrataProtocol

extension RenderLayer.Properties {
    /// The animatable part, to apply animations to (see AnimatableValues).
    public var animatable: AnimatableValues {
        get {
            var v = AnimatableValues()
            (v.position, v.bounds, v.anchorPoint, v.transform) = (position, bounds, anchorPoint, transform)
            (v.opacity, v.backgroundColor, v.contentsRect, v.contentsCenter) = (opacity, backgroundColor, contentsRect, contentsCenter)
            v.style = style
            if let shape { v.shape = shape }
            if let gradient {
                (v.startPoint, v.endPoint) = (gradient.startPoint, gradient.endPoint)
                (v.gradientColors, v.gradientLocations) = (gradient.colors, gradient.locations)
            }
            if let replicator { v.instanceTransform = replicator.instanceTransform }
            if let backdrop { v.backdrop = backdrop }
            if let depth { v.depth = depth }
            return v
        }
        set {
            (position, bounds, anchorPoint, transform) = (newValue.position, newValue.bounds, newValue.anchorPoint, newValue.transform)
            (opacity, backgroundColor) = (newValue.opacity, newValue.backgroundColor)
            (contentsRect, contentsCenter) = (newValue.contentsRect, newValue.contentsCenter)
            style = newValue.style
            if shape != nil {
                // Dashes, caps, joins and the fill rule are not animated: they stay the model's.
                var animated = newValue.shape
                (animated.fillRule, animated.lineDashPattern) = (shape!.fillRule, shape!.lineDashPattern)
                (animated.lineCap, animated.lineJoin) = (shape!.lineCap, shape!.lineJoin)
                shape = animated
            }
            if gradient != nil {
                (gradient!.startPoint, gradient!.endPoint) = (newValue.startPoint, newValue.endPoint)
                (gradient!.colors, gradient!.locations) = (newValue.gradientColors, newValue.gradientLocations)
            }
            if replicator != nil { replicator!.instanceTransform = newValue.instanceTransform }
            if backdrop != nil { backdrop = newValue.backdrop }
            if depth != nil || newValue.depth != .none { depth = newValue.depth == .none ? nil : newValue.depth }
        }
    }
}
