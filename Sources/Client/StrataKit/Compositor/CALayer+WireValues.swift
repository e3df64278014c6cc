import Foundation
import StrataProtocol

// Core Animation's values as strata-layers-v1 carries them: doubles for
// CGFloat and Float, un-premultiplied sRGB for colors, a b c d tx ty for
// the 2-D transform. Core Animation accepts values the protocol rejects
// (an alpha of 1.2, extended-range colors, a negative bounds size); they are
// brought into range here, as Core Animation would show them, so ordinary
// UIKit code never costs the app its connection.

extension Point {
    init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

extension Rect {
    init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y),
                  width: max(0, Double(rect.size.width)), height: max(0, Double(rect.size.height)))
    }
}

extension StrataProtocol.AffineTransform {
    init(_ t: CGAffineTransform) {
        self.init(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
    }
}

extension Color {
    init(_ color: CGColor) {
        // A pattern is painted by the app (CALayer+Display); no color of it travels.
        if color.patternImage != nil {
            self = .clear
            return
        }
        let rgba = color.rgba
        func unit(_ value: CGFloat) -> Double { min(1, max(0, Double(value))) }
        self.init(red: unit(rgba.red), green: unit(rgba.green), blue: unit(rgba.blue), alpha: unit(rgba.alpha))
    }
}

extension CGColor {
    /// A wire color back as a CGColor (presentation copies take animated colors so).
    convenience init(_ color: Color) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

extension CALayer {
    /// A length as the wire takes it: finite and not negative.
    static func nonNegative(_ value: CGFloat) -> Double { value.isFinite ? max(Double(value), 0) : 0 }

    /// A color's four components, as an animation carries them; nil is clear.
    static func wireColor(_ color: CGColor?) -> [Double] { (color.map(Color.init) ?? .clear).components }

    /// Corners, border and shadow as the wire carries them; the shadow
    /// path only when asked, as converting it costs.
    func layerStyle(includingShadowPath: Bool) -> LayerStyle {
        var style = LayerStyle()
        style.cornerRadius = Self.nonNegative(cornerRadius)
        style.maskedCorners = maskedCorners.protocolValue
        style.cornerCurve = cornerCurve.protocolValue
        style.borderWidth = Self.nonNegative(borderWidth)
        style.borderColor = borderColor.map(Color.init) ?? .clear
        style.shadowColor = shadowColor.map(Color.init) ?? .clear
        style.shadowOpacity = shadowOpacity.isNaN ? 0 : min(max(Double(shadowOpacity), 0), 1)
        style.shadowOffset = Size(width: Double(shadowOffset.width), height: Double(shadowOffset.height))
        style.shadowRadius = Self.nonNegative(shadowRadius)
        if includingShadowPath { style.shadowPath = shadowPath.map(LayerPath.init) }
        return style
    }
}

extension CALayer {
    /// A finite value (0 for infinities and not-a-number).
    static func finite(_ value: CGFloat) -> Double { value.isFinite ? Double(value) : 0 }

    /// A fraction within 0...1.
    static func unit(_ value: CGFloat) -> Double { value.isNaN ? 0 : min(max(Double(value), 0), 1) }
}

extension CALayer {
    /// A point within the ±2^24 the protocol takes.
    static func wirePoint(_ p: CGPoint) -> Point {
        func coordinate(_ v: CGFloat) -> Double { v.isNaN ? 0 : min(max(Double(v), -16_777_216), 16_777_216) }
        return Point(x: coordinate(p.x), y: coordinate(p.y))
    }

    /// The same as an animation's two doubles.
    static func wirePointValue(_ p: CGPoint) -> [Double] {
        let point = wirePoint(p)
        return [point.x, point.y]
    }
}

extension CAShapeLayer {
    /// The drawing as the wire carries it; the path only when asked, as
    /// converting it costs. A nil color is nil: it fills or strokes nothing.
    func shapeStyle(includingPath: Bool) -> ShapeStyle {
        var shape = ShapeStyle()
        if includingPath, let path { shape.path = LayerPath(path) }
        shape.fillColor = fillColor.map(Color.init)?.visible
        shape.fillRule = fillRule.protocolValue
        shape.strokeColor = strokeColor.map(Color.init)?.visible
        shape.lineWidth = Self.nonNegative(lineWidth)
        (shape.lineCap, shape.lineJoin) = (lineCap.protocolValue, lineJoin.protocolValue)
        shape.miterLimit = Self.nonNegative(miterLimit)
        shape.lineDashPattern = wireDashPattern
        shape.lineDashPhase = Self.finite(lineDashPhase)
        (shape.strokeStart, shape.strokeEnd) = (Self.unit(strokeStart), Self.unit(strokeEnd))
        return shape
    }

    /// At most 64 lengths, finite and not negative; all zero is a solid line.
    var wireDashPattern: [Double] {
        let lengths = (lineDashPattern ?? []).prefix(64).map { number -> Double in
            let length = number.doubleValue
            return length.isFinite ? max(length, 0) : 0
        }
        return lengths.contains { $0 > 0 } ? lengths : []
    }
}

extension CAGradientLayer {
    /// The gradient as the wire carries it; nil without colors. Locations
    /// that do not match the colors are left out (evenly spaced), as Core
    /// Animation ignores them. At most 80 colors, so the request fits one
    /// 4 KiB message.
    var gradientStyle: GradientStyle? {
        let colors = (self.colors ?? []).prefix(80).compactMap { ($0 as? CGColor).map(Color.init) }
        guard !colors.isEmpty else { return nil }
        var gradient = GradientStyle()
        gradient.type = type.protocolValue
        gradient.colors = colors
        let locations = (self.locations ?? []).map { Self.unit(CGFloat($0.doubleValue)) }
        gradient.locations = locations.count == colors.count ? locations : []
        (gradient.startPoint, gradient.endPoint) = (Self.wirePoint(startPoint), Self.wirePoint(endPoint))
        return gradient
    }
}
