import Foundation
import StrataProtocol

/// Core Animation's values (CGPoint, CGRect, CGSize, numbers, CGColor,
/// CGAffineTransform, CATransform3D, NSValue and NSNumber) as the doubles
/// the protocol and the shared timing math use, and back onto a layer.
enum AnimationValue {
    /// `value` as a value of `property`, or nil when it is not one.
    static func wire(_ value: Any, for property: AnimatableProperty) -> [Double]? {
        if property.isVariableLength { return variableWire(value, for: property) }
        if let wire = value as? WireValue {
            // An implicit action's 2-D value, in an animation that went 3-D.
            if property.components == 16, wire.values.count == 6 {
                return Transform3D(StrataProtocol.AffineTransform(components: wire.values)).values
            }
            return wire.values.count == property.components ? wire.values : nil
        }
        let result: [Double]?
        switch property.components {
        case 1: result = number(value).map { [$0] }
        case 2:
            if let p = value as? CGPoint { result = [Double(p.x), Double(p.y)] }
            else if let s = value as? CGSize { result = [Double(s.width), Double(s.height)] }
            else { result = nil }
        case 4 where property.isColor:
            result = color(value).map { c in [c.red, c.green, c.blue, c.alpha] }
        case 4:
            if let r = value as? CGRect { result = [Double(r.minX), Double(r.minY), Double(r.width), Double(r.height)] }
            else { result = nil }
        case 6:
            if let t = value as? CGAffineTransform { result = StrataProtocol.AffineTransform(t).components }
            else if let t = value as? CATransform3D { result = StrataProtocol.AffineTransform(CATransform3DGetAffineTransform(t)).components }
            else { result = nil }
        case 16:
            if let t = value as? CATransform3D { result = t.wireValue }
            else if let t = value as? CGAffineTransform { result = CATransform3DMakeAffineTransform(t).wireValue }
            else { result = nil }
        default: result = nil
        }
        guard let result, result.allSatisfy(\.isFinite) else { return nil }
        return clamped(result, for: property)
    }

    /// A path (CGPath or UIBezierPath), colors (CGColors or UIColors) or
    /// locations (numbers) as the wire's doubles.
    private static func variableWire(_ value: Any, for property: AnimatableProperty) -> [Double]? {
        if let wire = value as? WireValue { return property.accepts(wire.values) ? wire.values : nil }
        switch property {
        case .path, .shadowPath:
            if let path = value as? CGPath { return LayerPath(path).wireValue }
            if let path = value as? UIBezierPath { return LayerPath(path.cgPath).wireValue }
            return nil
        case .colors:
            guard let colors = value as? [Any] else { return nil }
            let parsed = colors.compactMap(color)
            guard parsed.count == colors.count else { return nil }
            return parsed.flatMap { $0.components.map { min(max($0, 0), 1) } }
        case .locations:
            guard let numbers = value as? [Any] else { return nil }
            let parsed = numbers.compactMap(number)
            guard parsed.count == numbers.count, parsed.allSatisfy(\.isFinite) else { return nil }
            return parsed.map { min(max($0, 0), 1) }
        default:
            return nil
        }
    }

    /// Brought into what the protocol accepts, as for plain property values.
    static func clamped(_ value: [Double], for property: AnimatableProperty) -> [Double] {
        switch property {
        case .opacity, .shadowOpacity, .strokeStart, .strokeEnd: return value.map { min(max($0, 0), 1) }
        case _ where property.isColor: return value.map { min(max($0, 0), 1) }
        case .cornerRadius, .borderWidth, .shadowRadius, .lineWidth, .miterLimit: return value.map { max($0, 0) }
        case .backdropRadius: return value.map { min(max($0, 0), BackdropStyle.maximumRadius) }
        case .backdropSaturation: return value.map { min(max($0, 0), BackdropStyle.maximumSaturation) }
        case .boundsSize, .boundsWidth, .boundsHeight: return value.map { max($0, 0) }
        case .bounds, .contentsRect, .contentsCenter: return [value[0], value[1], max(value[2], 0), max(value[3], 0)]
        default: return value
        }
    }

    private static func number(_ value: Any) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: return nil
        }
    }

    private static func color(_ value: Any) -> Color? {
        if let c = value as? CGColor { return Color(c) }
        if let c = value as? UIColor { return Color(c.cgColor) }
        return nil
    }

    /// Key times that space the values by the distance between them
    /// (calculationMode paced, and paths), so the motion is even.
    static func pacedTimes(_ values: [[Double]]) -> [Double] {
        guard values.count > 1 else { return [] }
        var lengths = [0.0]
        for (a, b) in zip(values, values.dropFirst()) {
            lengths.append(lengths.last! + zip(a, b).map { ($1 - $0) * ($1 - $0) }.reduce(0, +).squareRoot())
        }
        guard let total = lengths.last, total > 0 else { return [] }
        return lengths.map { $0 / total }
    }
}

extension CALayer {
    /// The model value of an animatable property, as wire doubles.
    func modelValue(of property: AnimatableProperty) -> [Double] {
        // Paths, colors and locations are converted only when asked for.
        switch property {
        case .path: return (self as? CAShapeLayer)?.path.map { LayerPath($0).wireValue } ?? []
        case .shadowPath: return shadowPath.map { LayerPath($0).wireValue } ?? []
        case .colors: return (self as? CAGradientLayer)?.gradientStyle?.colors.flatMap(\.components) ?? []
        case .locations: return (self as? CAGradientLayer)?.gradientStyle?.locations ?? []
        default: return animatableValues.value(of: property)
        }
    }

    /// The animatable properties as one value, to read and apply
    /// animation values with the same code as the compositor.
    var animatableValues: AnimatableValues {
        get {
            var p = AnimatableValues()
            p.position = Point(position)
            p.bounds = Rect(bounds)
            p.anchorPoint = Point(anchorPoint)
            p.transform3D = Transform3D(values: transform.wireValue) ?? .identity
            p.depth.sublayerTransform = Transform3D(values: sublayerTransform.wireValue) ?? .identity
            (p.depth.zPosition, p.depth.anchorPointZ) = (Double(zPosition), Double(anchorPointZ))
            p.opacity = Double(opacity)
            p.backgroundColor = backgroundColor.map(Color.init)
            p.contentsRect = Rect(contentsRect)
            p.contentsCenter = Rect(contentsCenter)
            p.style = layerStyle(includingShadowPath: false)
            if let backdrop { p.backdrop = backdrop }
            storeAnimatableValues(into: &p)
            return p
        }
        set {
            position = CGPoint(x: newValue.position.x, y: newValue.position.y)
            bounds = CGRect(x: newValue.bounds.minX, y: newValue.bounds.minY, width: newValue.bounds.width, height: newValue.bounds.height)
            anchorPoint = CGPoint(x: newValue.anchorPoint.x, y: newValue.anchorPoint.y)
            transform = CATransform3D(wireValue: newValue.transform3D.values)
            sublayerTransform = CATransform3D(wireValue: newValue.depth.sublayerTransform.values)
            (zPosition, anchorPointZ) = (CGFloat(newValue.depth.zPosition), CGFloat(newValue.depth.anchorPointZ))
            opacity = Float(newValue.opacity)
            backgroundColor = newValue.backgroundColor.map { CGColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha) }
            let r = newValue.contentsRect, c = newValue.contentsCenter
            contentsRect = CGRect(x: r.minX, y: r.minY, width: r.width, height: r.height)
            contentsCenter = CGRect(x: c.minX, y: c.minY, width: c.width, height: c.height)
            let style = newValue.style
            (cornerRadius, borderWidth, shadowRadius) = (style.cornerRadius, style.borderWidth, style.shadowRadius)
            borderColor = CGColor(style.borderColor)
            shadowColor = CGColor(style.shadowColor)
            shadowOpacity = Float(style.shadowOpacity)
            shadowOffset = CGSize(width: style.shadowOffset.width, height: style.shadowOffset.height)
            if backdrop != nil { backdrop = newValue.backdrop }
            takeAnimatableValues(newValue)
        }
    }
}

extension CGPath {
    /// The path as points along it: curves cut into short lines. Only the
    /// first subpath counts, as an animation follows one line.
    func flattenedPoints(segmentsPerCurve: Int = 16) -> [CGPoint] {
        var points: [CGPoint] = []
        var start: CGPoint?
        for element in elements {
            let last = points.last ?? .zero
            switch element {
            case .moveToPoint(let p):
                if !points.isEmpty { return points }
                points.append(p)
                start = p
            case .addLineToPoint(let p):
                points.append(p)
            case .addQuadCurveToPoint(let c, let p):
                for step in 1...segmentsPerCurve {
                    let t = CGFloat(step) / CGFloat(segmentsPerCurve), u = 1 - t
                    points.append(CGPoint(x: u * u * last.x + 2 * u * t * c.x + t * t * p.x,
                                          y: u * u * last.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .addCurveToPoint(let c1, let c2, let p):
                for step in 1...segmentsPerCurve {
                    let t = CGFloat(step) / CGFloat(segmentsPerCurve), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    points.append(CGPoint(x: a * last.x + b * c1.x + c * c2.x + d * p.x,
                                          y: a * last.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .closeSubpath:
                if let start { points.append(start) }
            }
        }
        return points
    }
}

extension Rect {
    /// x y width height, as the wire carries a rect.
    var wireValue: [Double] { [minX, minY, width, height] }
}
