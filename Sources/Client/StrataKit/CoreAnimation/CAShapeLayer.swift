import Foundation
import StrataProtocol

/// How a path's inside is decided (CAShapeLayerFillRule).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")

    /// Unknown names fall back to CA's default, `.nonZero`.
    var protocolValue: FillRule { self == .evenOdd ? .evenOdd : .nonZero }
}

/// The ends of open strokes (CAShapeLayerLineCap).
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")

    var protocolValue: LineCap { self == .round ? .round : self == .square ? .square : .butt }
}

/// Where strokes meet (CAShapeLayerLineJoin).
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")

    var protocolValue: LineJoin { self == .round ? .round : self == .bevel ? .bevel : .miter }
}

/// Core Animation's shape layer: a path the compositor fills, then
/// strokes, above the layer's contents and below its sublayers. With
/// CAShapeLayer's defaults: filled opaque black, not stroked.
open class CAShapeLayer: CALayer {
    /// In the layer's coordinates. Not animated: the protocol animates
    /// the stroke and colors, not the path. Setting it sends it again even
    /// when it is the same object, which a CGMutablePath may have changed.
    /// Animatable: a path blends into one with the same elements, point by
    /// point; into another it switches half way.
    open var path: CGPath? {
        didSet {
            didChange(.shape)
            if let oldValue, path != nil { runAction(for: .path, previous: LayerPath(oldValue).wireValue) }
        }
    }

    open var fillColor: CGColor? = .black {
        didSet {
            guard fillColor != oldValue else { return }
            didChange(.fillColor)
            runAction(for: .fillColor, previous: Self.wireColor(oldValue))
        }
    }

    open var fillRule: CAShapeLayerFillRule = .nonZero {
        didSet { if fillRule != oldValue { didChange(.shape) } }
    }

    open var strokeColor: CGColor? {
        didSet {
            guard strokeColor != oldValue else { return }
            didChange(.stroke)
            runAction(for: .strokeColor, previous: Self.wireColor(oldValue))
        }
    }

    open var lineWidth: CGFloat = 1 {
        didSet {
            guard lineWidth != oldValue else { return }
            didChange(.stroke)
            runAction(for: .lineWidth, previous: [Self.nonNegative(oldValue)])
        }
    }

    open var lineCap: CAShapeLayerLineCap = .butt {
        didSet { if lineCap != oldValue { didChange(.stroke) } }
    }

    open var lineJoin: CAShapeLayerLineJoin = .miter {
        didSet { if lineJoin != oldValue { didChange(.stroke) } }
    }

    open var miterLimit: CGFloat = 10 {
        didSet {
            guard miterLimit != oldValue else { return }
            didChange(.stroke)
            runAction(for: .miterLimit, previous: [Self.nonNegative(oldValue)])
        }
    }

    /// Lengths of painted and unpainted parts in turn; nil is a solid line.
    open var lineDashPattern: [NSNumber]? {
        didSet { if lineDashPattern != oldValue { didChange(.lineDash) } }
    }

    open var lineDashPhase: CGFloat = 0 {
        didSet {
            guard lineDashPhase != oldValue else { return }
            didChange(.lineDash)
            runAction(for: .lineDashPhase, previous: [Self.finite(oldValue)])
        }
    }

    /// Where the stroke starts and ends, as fractions of the path's length.
    open var strokeStart: CGFloat = 0 {
        didSet {
            guard strokeStart != oldValue else { return }
            didChange(.strokeRange)
            runAction(for: .strokeStart, previous: [Self.unit(oldValue)])
        }
    }

    open var strokeEnd: CGFloat = 1 {
        didSet {
            guard strokeEnd != oldValue else { return }
            didChange(.strokeRange)
            runAction(for: .strokeEnd, previous: [Self.unit(oldValue)])
        }
    }

    override func copyStyle(from layer: CALayer) {
        super.copyStyle(from: layer)
        guard let shape = layer as? CAShapeLayer else { return }
        (path, fillRule, lineCap, lineJoin, lineDashPattern) = (shape.path, shape.fillRule, shape.lineCap, shape.lineJoin,
                                                                 shape.lineDashPattern)
    }

    // The animatable values, read and written as the compositor's.
    override func storeAnimatableValues(into values: inout AnimatableValues) {
        values.shape = shapeStyle(includingPath: false)
    }

    override func takeAnimatableValues(_ values: AnimatableValues) {
        let shape = values.shape
        (fillColor, strokeColor) = (shape.fillColor.map(CGColor.init), shape.strokeColor.map(CGColor.init))
        (lineWidth, miterLimit, lineDashPhase) = (shape.lineWidth, shape.miterLimit, shape.lineDashPhase)
        (strokeStart, strokeEnd) = (shape.strokeStart, shape.strokeEnd)
    }
}

