/// Which corners `cornerRadius` rounds, as CACornerMask: min/max are in
/// the layer's own coordinates (y down, so minY is the top).
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let minXMinY = CornerMask(rawValue: 1)
    public static let maxXMinY = CornerMask(rawValue: 2)
    public static let minXMaxY = CornerMask(rawValue: 4)
    public static let maxXMaxY = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
}

/// The shape of a rounded corner, as CALayerCornerCurve.
public enum CornerCurve: UInt32, Hashable, Sendable {
    /// A quarter circle.
    case circular = 0
    /// A curve whose curvature grows smoothly from the straight edge (the
    /// "squircle" of iOS app icons); it starts further along each edge.
    case continuous = 1
}

/// What the render server draws around a layer's own content: rounded
/// corners, a border and a shadow, with CALayer's names and defaults.
public struct LayerStyle: Hashable, Sendable {
    public var cornerRadius: Double = 0
    public var maskedCorners: CornerMask = .all
    public var cornerCurve: CornerCurve = .circular
    public var borderWidth: Double = 0
    /// CALayer's default border color is opaque black.
    public var borderColor: Color = .black
    public var shadowColor: Color = .black
    /// 0 by default: no shadow.
    public var shadowOpacity: Double = 0
    /// (0, -3) by default, as Core Animation (whose y grew upwards on macOS).
    public var shadowOffset = Size(width: 0, height: -3)
    /// The blur radius, in points.
    public var shadowRadius: Double = 3
    /// The shadow's shape; nil takes the layer's composited alpha.
    public var shadowPath: LayerPath? = nil

    public init() {}

    public static let plain = LayerStyle()

    public var hasRoundedCorners: Bool { cornerRadius > 0 && !maskedCorners.isEmpty }
    public var hasBorder: Bool { borderWidth > 0 && borderColor.alpha > 0 }
    public var hasShadow: Bool { shadowOpacity > 0 && shadowColor.alpha > 0 }
}
