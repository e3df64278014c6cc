import StrataProtocol

extension RenderLayer.Properties {
    /// The animatable part, to apply animations to (see AnimatableValues).
    public var animatable: AnimatableValues {
        get {
            var v = AnimatableValues()
            (v.position, v.bounds, v.anchorPoint, v.transform) = (position, bounds, anchorPoint, transform)
            (v.opacity, v.backgroundColor, v.contentsRect, v.contentsCenter) = (opacity, backgroundColor, contentsRect, contentsCenter)
            return v
        }
        set {
            (position, bounds, anchorPoint, transform) = (newValue.position, newValue.bounds, newValue.anchorPoint, newValue.transform)
            (opacity, backgroundColor) = (newValue.opacity, newValue.backgroundColor)
            (contentsRect, contentsCenter) = (newValue.contentsRect, newValue.contentsCenter)
            // The shadow path is not animated: it stays the model's.
            var style = newValue.style
            style.shadowPath = self.style.shadowPath
            self.style = style
            if shape != nil {
                // The path, dashes and fill rule are not animated here.
                var animated = newValue.shape
                (animated.path, animated.fillRule, animated.lineDashPattern) = (shape!.path, shape!.fillRule, shape!.lineDashPattern)
                (animated.lineCap, animated.lineJoin) = (shape!.lineCap, shape!.lineJoin)
                shape = animated
            }
            if gradient != nil { (gradient!.startPoint, gradient!.endPoint) = (newValue.startPoint, newValue.endPoint) }
            if replicator != nil { replicator!.instanceTransform = newValue.instanceTransform }
        }
    }
}
