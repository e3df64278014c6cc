import Foundation

/// The layer properties an animation may drive, by Core Animation key path.
/// Each has a fixed number of components per value on the wire.
public enum AnimatableProperty: String, CaseIterable, Hashable, Sendable {
    case position
    case positionX = "position.x"
    case positionY = "position.y"
    case bounds
    case boundsOrigin = "bounds.origin"
    case boundsSize = "bounds.size"
    case boundsWidth = "bounds.size.width"
    case boundsHeight = "bounds.size.height"
    case anchorPoint
    /// The affine transform: a b c d tx ty.
    case transform
    case rotation = "transform.rotation"
    case rotationZ = "transform.rotation.z"
    /// Uniform scale of both axes.
    case scale = "transform.scale"
    case scaleX = "transform.scale.x"
    case scaleY = "transform.scale.y"
    case translation = "transform.translation"
    case translationX = "transform.translation.x"
    case translationY = "transform.translation.y"
    case opacity
    /// Non-premultiplied RGBA; alpha 0 is no background.
    case backgroundColor
    /// The part of the contents shown, in unit coordinates.
    case contentsRect
    case contentsCenter
    // Corners, border and shadow (any layer).
    case cornerRadius
    case borderWidth
    /// Non-premultiplied RGBA.
    case borderColor
    case shadowColor
    case shadowOpacity
    case shadowOffset
    case shadowRadius
    // CAShapeLayer.
    /// Non-premultiplied RGBA; alpha 0 fills nothing.
    case fillColor
    case strokeColor
    case lineWidth
    case lineDashPhase
    case miterLimit
    case strokeStart
    case strokeEnd
    // CAGradientLayer, in unit coordinates.
    case startPoint
    case endPoint
    // CAReplicatorLayer.
    case instanceTransform
    // Backdrops (materials).
    case backdropRadius
    case backdropSaturation
    /// Non-premultiplied RGBA.
    case backdropTintColor
    // Values of varying length: a path's elements (see LayerPath.wireValue),
    // a gradient's colors (four components each) and locations.
    case path
    case shadowPath
    case colors
    case locations
    // Version 4: depth.
    /// The whole transform, sixteen values m11 … m44 (on the wire the
    /// key path is `transform`, with sixteen doubles per value).
    case transform3D = "transform (sixteen values)"
    case sublayerTransform
    case zPosition
    case anchorPointZ
    case rotationX = "transform.rotation.x"
    case rotationY = "transform.rotation.y"
    case scaleZ = "transform.scale.z"
    case translationZ = "transform.translation.z"

    /// The key path as Core Animation and the wire name it: `transform`
    /// for the sixteen-value transform too.
    public var keyPath: String { self == .transform3D ? AnimatableProperty.transform.rawValue : rawValue }

    /// The property of a key path whose values have `count` doubles each:
    /// `transform` with sixteen is the whole 3-D transform.
    public init?(keyPath: String, valueCount: Int) {
        guard let property = AnimatableProperty(rawValue: keyPath) else { return nil }
        self = property == .transform && valueCount == 16 ? .transform3D : property
    }

    /// The strata_layers_v1 version that first names this key path.
    public var sinceVersion: UInt32 {
        switch self {
        case .cornerRadius, .borderWidth, .borderColor, .shadowColor, .shadowOpacity, .shadowOffset, .shadowRadius,
             .fillColor, .strokeColor, .lineWidth, .lineDashPhase, .miterLimit, .strokeStart, .strokeEnd, .startPoint, .endPoint,
             .instanceTransform, .path, .shadowPath, .colors, .locations:
            return 3
        case .backdropRadius, .backdropSaturation, .backdropTintColor,
             .sublayerTransform, .zPosition, .anchorPointZ, .rotationX, .rotationY, .scaleZ, .translationZ:
            return 4
        case .transform3D:
            // Never named on the wire: `transform` with sixteen values is read as it.
            return .max
        default:
            return 2
        }
    }

    /// Whether values differ in length (paths, colors, locations): on the
    /// wire each is then preceded by its count of doubles.
    public var isVariableLength: Bool {
        switch self {
        case .path, .shadowPath, .colors, .locations: return true
        default: return false
        }
    }

    /// Doubles per value; 0 for variable-length values.
    public var components: Int {
        switch self {
        case .path, .shadowPath, .colors, .locations:
            return 0
        case .positionX, .positionY, .boundsWidth, .boundsHeight, .rotation, .rotationZ, .scale, .scaleX, .scaleY,
             .translationX, .translationY, .opacity, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius,
             .lineWidth, .lineDashPhase, .miterLimit, .strokeStart, .strokeEnd, .backdropRadius, .backdropSaturation,
             .zPosition, .anchorPointZ, .rotationX, .rotationY, .scaleZ, .translationZ:
            return 1
        case .position, .boundsOrigin, .boundsSize, .anchorPoint, .translation, .shadowOffset, .startPoint, .endPoint:
            return 2
        case .bounds, .backgroundColor, .contentsRect, .contentsCenter, .borderColor, .shadowColor, .fillColor, .strokeColor, .backdropTintColor:
            return 4
        case .transform, .instanceTransform:
            return 6
        case .transform3D, .sublayerTransform:
            return 16
        }
    }

    /// Whether `value` is one this property can take.
    /// Values are finite and within ±2^24, like the geometry the renderer
    /// draws; transforms' own terms are checked by what they produce.
    public func accepts(_ value: [Double]) -> Bool {
        if isVariableLength { return acceptsVariable(value) }
        guard value.count == components, value.allSatisfy({ $0.isFinite && abs($0) <= 16_777_216 }) else { return false }
        switch self {
        case .boundsSize, .boundsWidth, .boundsHeight: return value.allSatisfy { $0 >= 0 }
        case .bounds, .contentsRect, .contentsCenter: return value[2] >= 0 && value[3] >= 0
        case .opacity, .shadowOpacity, .strokeStart, .strokeEnd: return (0...1).contains(value[0])
        case _ where isColor: return value.allSatisfy { (0...1).contains($0) }
        case .cornerRadius, .borderWidth, .shadowRadius, .lineWidth, .miterLimit: return value[0] >= 0
        case .backdropRadius: return (0...BackdropStyle.maximumRadius).contains(value[0])
        case .backdropSaturation: return (0...BackdropStyle.maximumSaturation).contains(value[0])
        default: return true
        }
    }

    /// The value between `from` (at 0) and `to` (at 1). Transforms blend
    /// their decompositions, so a half-way rotation is a rotation, not a
    /// squashed matrix; colors blend premultiplied, so fading in from clear
    /// does not pass through grey. `t` may leave 0...1 (springs overshoot).
    public func interpolate(_ from: [Double], _ to: [Double], _ t: Double) -> [Double] {
        if isVariableLength { return interpolateVariable(from, to, t) }
        switch self {
        case .transform, .instanceTransform:
            let a = AffineTransform(components: from).decomposed, b = AffineTransform(components: to).decomposed
            return AffineTransform(a.interpolated(to: b, t)).components
        case .transform3D, .sublayerTransform:
            return Transform3D(values: from)!.interpolated(to: Transform3D(values: to)!, t).values
        case _ where isColor:
            let fromAlpha = from[3], toAlpha = to[3]
            let alpha = fromAlpha + (toAlpha - fromAlpha) * t
            guard alpha > 0 else { return [0, 0, 0, 0] }
            let rgb = (0..<3).map { i in
                (from[i] * fromAlpha + (to[i] * toAlpha - from[i] * fromAlpha) * t) / alpha
            }
            return rgb.map { min(max($0, 0), 1) } + [min(max(alpha, 0), 1)]
        default:
            return zip(from, to).map { $0 + ($1 - $0) * t }
        }
    }

    /// A color: four non-premultiplied components, blended premultiplied.
    public var isColor: Bool {
        switch self {
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor, .backdropTintColor: return true
        default: return false
        }
    }

    /// What `value` was before `by` was added to it (`add`'s inverse): a
    /// transform is undone by its inverse, the rest subtract.
    public func removing(_ by: [Double], from value: [Double]) -> [Double] {
        if isVariableLength { return by.count == value.count ? zip(value, by).map { $0 - $1 } : value }
        switch self {
        case .transform, .instanceTransform:
            guard let inverse = AffineTransform(components: by).inverted() else { return value }
            return inverse.concatenating(AffineTransform(components: value)).components
        case .transform3D, .sublayerTransform:
            guard let inverse = Transform3D(values: by)?.inverted(), let value3D = Transform3D(values: value) else { return value }
            return inverse.concatenating(value3D).values
        default:
            return zip(value, by).map { $0 - $1 }
        }
    }

    /// `value` added on top of `base`, for additive animations: transforms
    /// concatenate (the animation's transform applied first), the rest add.
    public func add(_ value: [Double], to base: [Double]) -> [Double] {
        if isVariableLength { return value.count == base.count ? zip(value, base).map { $0 + $1 } : value }
        switch self {
        case .transform, .instanceTransform:
            return AffineTransform(components: value).concatenating(AffineTransform(components: base)).components
        case .transform3D, .sublayerTransform:
            guard let value3D = Transform3D(values: value), let base3D = Transform3D(values: base) else { return value }
            return value3D.concatenating(base3D).values
        default:
            return zip(value, base).map { $0 + $1 }
        }
    }
}

extension AffineTransform {
    /// From the six wire components a b c d tx ty.
    public init(components v: [Double]) {
        self.init(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }

    public var components: [Double] { [a, b, c, d, tx, ty] }

    /// Translation, rotation, shear and scale, in the order CSS and Core
    /// Animation compose them: M = scale · shear · rotate · translate.
    public struct Decomposition: Hashable, Sendable {
        public var translationX, translationY: Double
        public var rotation: Double
        public var scaleX, scaleY: Double
        /// x shear, as a tangent.
        public var shear: Double

        public init(translationX: Double = 0, translationY: Double = 0, rotation: Double = 0,
                    scaleX: Double = 1, scaleY: Double = 1, shear: Double = 0) {
            (self.translationX, self.translationY, self.rotation) = (translationX, translationY, rotation)
            (self.scaleX, self.scaleY, self.shear) = (scaleX, scaleY, shear)
        }

        public func interpolated(to other: Decomposition, _ t: Double) -> Decomposition {
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
            return Decomposition(translationX: mix(translationX, other.translationX),
                                 translationY: mix(translationY, other.translationY),
                                 rotation: mix(rotation, other.rotation),
                                 scaleX: mix(scaleX, other.scaleX), scaleY: mix(scaleY, other.scaleY),
                                 shear: mix(shear, other.shear))
        }
    }

    public var decomposed: Decomposition {
        // Rows (a, b) and (c, d): the first row gives scale x and rotation;
        // the second, made orthogonal to it, gives shear and scale y.
        let scaleX = (a * a + b * b).squareRoot()
        guard scaleX > 0 else {
            return Decomposition(translationX: tx, translationY: ty, scaleX: 0, scaleY: (c * c + d * d).squareRoot())
        }
        let rotation = atan2(b, a)
        let (ux, uy) = (a / scaleX, b / scaleX)
        let shearTimesScaleY = ux * c + uy * d
        let (rx, ry) = (c - ux * shearTimesScaleY, d - uy * shearTimesScaleY)
        var scaleY = (rx * rx + ry * ry).squareRoot()
        // A reflection shows as a negative y scale.
        if a * d - b * c < 0 { scaleY = -scaleY }
        let shear = scaleY != 0 ? shearTimesScaleY / scaleY : 0
        return Decomposition(translationX: tx, translationY: ty, rotation: rotation,
                             scaleX: scaleX, scaleY: scaleY, shear: shear)
    }

    public init(_ p: Decomposition) {
        let (cosine, sine) = (cos(p.rotation), sin(p.rotation))
        // Rows: (sx·cos, sx·sin) and sy·(shear·(cos, sin) + (−sin, cos)).
        self.init(a: p.scaleX * cosine, b: p.scaleX * sine,
                  c: p.scaleY * (p.shear * cosine - sine), d: p.scaleY * (p.shear * sine + cosine),
                  tx: p.translationX, ty: p.translationY)
    }
}
