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
        }
    }
}
