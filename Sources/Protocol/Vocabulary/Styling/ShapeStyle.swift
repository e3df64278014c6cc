/// How a path's interior is decided, as CAShapeLayerFillRule.
public enum FillRule: UInt32, Hashable, Sendable {
    case nonZero = 0
    case evenOdd = 1
}

/// The ends of open strokes, as CAShapeLayerLineCap.
public enum LineCap: UInt32, Hashable, Sendable {
    case butt = 0
    case round = 1
    case square = 2
}

/// Where strokes meet, as CAShapeLayerLineJoin.
public enum LineJoin: UInt32, Hashable, Sendable {
    case miter = 0
    case round = 1
    case bevel = 2
}

/// A CAShapeLayer's drawing: its path filled, then stroked, between the
/// layer's contents and its first sublayer.
public struct ShapeStyle: Hashable, Sendable {
    public var path = LayerPath()
    /// Opaque black by default, as CAShapeLayer; nil fills nothing.
    public var fillColor: Color? = .black
    public var fillRule = FillRule.nonZero
    /// nil by default: no stroke.
    public var strokeColor: Color? = nil
    public var lineWidth: Double = 1
    public var lineCap = LineCap.butt
    public var lineJoin = LineJoin.miter
    public var miterLimit: Double = 10
    /// Lengths of alternating painted and unpainted segments; empty is solid.
    public var lineDashPattern: [Double] = []
    public var lineDashPhase: Double = 0
    /// The part of the path stroked, as fractions of its length.
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1

    public init() {}

    public var hasFill: Bool { (fillColor?.alpha ?? 0) > 0 && !path.isEmpty }
    public var hasStroke: Bool {
        (strokeColor?.alpha ?? 0) > 0 && lineWidth > 0 && !path.isEmpty && strokeEnd > strokeStart
    }
}
