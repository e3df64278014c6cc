import Foundation

/// The animatable properties of a layer, as one value: what the compositor
/// and StrataKit both start from, read and write when they apply
/// animations, so they compute the same presentation.
public struct AnimatableValues: Hashable, Sendable {
    public var position = Point.zero
    public var bounds = Rect.zero
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var transform = AffineTransform.identity
    public var opacity: Double = 1
    /// nil is no background.
    public var backgroundColor: Color? = nil
    public var contentsRect = Rect.unit
    public var contentsCenter = Rect.unit
    /// Corners, border and shadow; the shadow path is not animated here.
    public var style = LayerStyle()
    /// A shape layer's animatable values (ignored on other layers).
    public var shape = ShapeStyle()
    /// A gradient layer's points (ignored on other layers).
    public var startPoint = Point(x: 0.5, y: 0)
    public var endPoint = Point(x: 0.5, y: 1)
    /// A replicator's instance transform (ignored on other layers).
    public var instanceTransform = AffineTransform.identity
    /// A gradient layer's colors and locations (ignored on other layers).
    public var gradientColors: [Color] = []
    public var gradientLocations: [Double] = []
    /// A backdrop's values (ignored on layers without one).
    public var backdrop = BackdropStyle()
    /// The 3-D transform (when not affine), sublayer transform, z position
    /// and anchor point z; the rest of it is carried, not animated.
    public var depth = LayerDepth()

    public init() {}

    /// The whole transform.
    public var transform3D: Transform3D {
        get { depth.transform ?? Transform3D(transform) }
        set {
            transform = newValue.affine
            depth.transform = newValue.isAffine ? nil : newValue
        }
    }

    /// The value of an animatable property, as the wire's doubles.
    public func value(of property: AnimatableProperty) -> [Double] {
        switch property {
        case .position: return [position.x, position.y]
        case .positionX: return [position.x]
        case .positionY: return [position.y]
        case .bounds: return [bounds.minX, bounds.minY, bounds.width, bounds.height]
        case .boundsOrigin: return [bounds.minX, bounds.minY]
        case .boundsSize: return [bounds.width, bounds.height]
        case .boundsWidth: return [bounds.width]
        case .boundsHeight: return [bounds.height]
        case .anchorPoint: return [anchorPoint.x, anchorPoint.y]
        case .transform: return transform.components
        case .rotation, .rotationZ: return [transform.decomposed.rotation]
        case .scale, .scaleX: return [transform.decomposed.scaleX]
        case .scaleY: return [transform.decomposed.scaleY]
        case .translation: return [transform.tx, transform.ty]
        case .translationX: return [transform.tx]
        case .translationY: return [transform.ty]
        case .opacity: return [opacity]
        case .backgroundColor:
            let c = backgroundColor ?? .clear
            return [c.red, c.green, c.blue, c.alpha]
        case .contentsRect: return [contentsRect.minX, contentsRect.minY, contentsRect.width, contentsRect.height]
        case .contentsCenter: return [contentsCenter.minX, contentsCenter.minY, contentsCenter.width, contentsCenter.height]
        case .cornerRadius: return [style.cornerRadius]
        case .borderWidth: return [style.borderWidth]
        case .borderColor: return style.borderColor.components
        case .shadowColor: return style.shadowColor.components
        case .shadowOpacity: return [style.shadowOpacity]
        case .shadowOffset: return [style.shadowOffset.width, style.shadowOffset.height]
        case .shadowRadius: return [style.shadowRadius]
        case .fillColor: return (shape.fillColor ?? .clear).components
        case .strokeColor: return (shape.strokeColor ?? .clear).components
        case .lineWidth: return [shape.lineWidth]
        case .lineDashPhase: return [shape.lineDashPhase]
        case .miterLimit: return [shape.miterLimit]
        case .strokeStart: return [shape.strokeStart]
        case .strokeEnd: return [shape.strokeEnd]
        case .startPoint: return [startPoint.x, startPoint.y]
        case .endPoint: return [endPoint.x, endPoint.y]
        case .instanceTransform: return instanceTransform.components
        case .path: return shape.path.wireValue
        case .shadowPath: return style.shadowPath?.wireValue ?? []
        case .colors: return gradientColors.flatMap(\.components)
        case .locations: return gradientLocations
        case .backdropRadius: return [backdrop.radius]
        case .backdropSaturation: return [backdrop.saturation]
        case .backdropTintColor: return backdrop.tintColor.components
        case .transform3D: return transform3D.values
        case .sublayerTransform: return depth.sublayerTransform.values
        case .zPosition: return [depth.zPosition]
        case .anchorPointZ: return [depth.anchorPointZ]
        case .rotationX: return [transform3D.decomposed.map { Transform3D(rotation: $0.rotation).eulerAngles.x } ?? 0]
        case .rotationY: return [transform3D.decomposed.map { Transform3D(rotation: $0.rotation).eulerAngles.y } ?? 0]
        case .scaleZ: return [transform3D.decomposed?.scale.z ?? 1]
        case .translationZ: return [transform3D.m43]
        }
    }

    /// Sets an animatable property (or adds to it, for additive animations).
    /// Values are clamped to what the property can take, since a spring or
    /// an additive sum may overshoot (an opacity of 1.1, a negative width).
    public mutating func apply(_ property: AnimatableProperty, _ value: [Double], additive: Bool = false) {
        var v = additive ? property.add(value, to: self.value(of: property)) : value
        // A spring's overshoot or an additive sum out of range: keep the value as it was.
        guard v.allSatisfy(\.isFinite) else { return }
        // Lengths, offsets and radii stay within the ±2^24 the protocol takes, however far a spring overshoots.
        if property.sinceVersion >= 3, !property.isVariableLength, property != .instanceTransform, property.components != 16 {
            v = v.map { min(max($0, -16_777_216), 16_777_216) }
        }
        switch property {
        case .position: position = Point(x: v[0], y: v[1])
        case .positionX: position.x = v[0]
        case .positionY: position.y = v[0]
        case .bounds: bounds = Rect(x: v[0], y: v[1], width: max(v[2], 0), height: max(v[3], 0))
        case .boundsOrigin: bounds.origin = Point(x: v[0], y: v[1])
        case .boundsSize: bounds.size = Size(width: max(v[0], 0), height: max(v[1], 0))
        case .boundsWidth: bounds.size.width = max(v[0], 0)
        case .boundsHeight: bounds.size.height = max(v[0], 0)
        case .anchorPoint: anchorPoint = Point(x: v[0], y: v[1])
        case .transform: transform = AffineTransform(components: v)
        case .rotation, .rotationZ: updateDecomposition { $0.rotation = v[0] }
        case .scale: updateDecomposition { $0.scaleX = v[0]; $0.scaleY = additive ? $0.scaleY + value[0] : v[0] }
        case .scaleX: updateDecomposition { $0.scaleX = v[0] }
        case .scaleY: updateDecomposition { $0.scaleY = v[0] }
        case .translation where depth.transform != nil: update3D { ($0.translation.x, $0.translation.y) = (v[0], v[1]) }
        case .translationX where depth.transform != nil: update3D { $0.translation.x = v[0] }
        case .translationY where depth.transform != nil: update3D { $0.translation.y = v[0] }
        case .translation: (transform.tx, transform.ty) = (v[0], v[1])
        case .translationX: transform.tx = v[0]
        case .translationY: transform.ty = v[0]
        case .opacity: opacity = min(max(v[0], 0), 1)
        case .backgroundColor: backgroundColor = Color(clamping: v).visible
        case .contentsRect: contentsRect = Rect(x: v[0], y: v[1], width: max(v[2], 0), height: max(v[3], 0))
        case .contentsCenter: contentsCenter = Rect(x: v[0], y: v[1], width: max(v[2], 0), height: max(v[3], 0))
        case .cornerRadius: style.cornerRadius = max(v[0], 0)
        case .borderWidth: style.borderWidth = max(v[0], 0)
        case .borderColor: style.borderColor = Color(clamping: v)
        case .shadowColor: style.shadowColor = Color(clamping: v)
        case .shadowOpacity: style.shadowOpacity = min(max(v[0], 0), 1)
        case .shadowOffset: style.shadowOffset = Size(width: v[0], height: v[1])
        case .shadowRadius: style.shadowRadius = max(v[0], 0)
        case .fillColor: shape.fillColor = Color(clamping: v).visible
        case .strokeColor: shape.strokeColor = Color(clamping: v).visible
        case .lineWidth: shape.lineWidth = max(v[0], 0)
        case .lineDashPhase: shape.lineDashPhase = v[0]
        case .miterLimit: shape.miterLimit = max(v[0], 0)
        case .strokeStart: shape.strokeStart = min(max(v[0], 0), 1)
        case .strokeEnd: shape.strokeEnd = min(max(v[0], 0), 1)
        case .startPoint: startPoint = Point(x: v[0], y: v[1])
        case .endPoint: endPoint = Point(x: v[0], y: v[1])
        case .instanceTransform: instanceTransform = AffineTransform(components: v)
        case .path: if let path = try? LayerPath(wire: v) { shape.path = path }
        case .shadowPath: if let path = try? LayerPath(wire: v) { style.shadowPath = path.isEmpty ? nil : path }
        case .colors:
            guard v.count % 4 == 0 else { return }
            gradientColors = stride(from: 0, to: v.count, by: 4).map { Color(clamping: Array(v[$0..<($0 + 4)])) }
        case .locations: gradientLocations = v.map { min(max($0, 0), 1) }
        case .backdropRadius: backdrop.radius = min(max(v[0], 0), BackdropStyle.maximumRadius)
        case .backdropSaturation: backdrop.saturation = min(max(v[0], 0), BackdropStyle.maximumSaturation)
        case .backdropTintColor: backdrop.tintColor = Color(clamping: v)
        case .transform3D: if let t = Transform3D(values: v) { transform3D = t }
        case .sublayerTransform: if let t = Transform3D(values: v) { depth.sublayerTransform = t }
        case .zPosition: depth.zPosition = v[0]
        case .anchorPointZ: depth.anchorPointZ = v[0]
        case .rotationX: update3D { parts in parts.rotation = Self.rotation(parts.rotation) { $0.x = v[0] } }
        case .rotationY: update3D { parts in parts.rotation = Self.rotation(parts.rotation) { $0.y = v[0] } }
        case .scaleZ: update3D { $0.scale.z = v[0] }
        case .translationZ: update3D { $0.translation.z = v[0] }
        }
    }

    /// One part of the decomposed 3-D transform changed (a matrix that
    /// cannot be taken apart stays as it is).
    private mutating func update3D(_ change: (inout Transform3D.Decomposition) -> Void) {
        guard var parts = transform3D.decomposed else { return }
        change(&parts)
        transform3D = parts.recomposed
    }

    /// A rotation with one of its Euler angles changed.
    private static func rotation(_ q: Transform3D.Quaternion,
                                 _ change: (inout (x: Double, y: Double, z: Double)) -> Void) -> Transform3D.Quaternion {
        var angles = Transform3D(rotation: q).eulerAngles
        change(&angles)
        return Transform3D(eulerX: angles.x, y: angles.y, z: angles.z).decomposed?.rotation ?? q
    }

    private mutating func updateDecomposition(_ change: (inout AffineTransform.Decomposition) -> Void) {
        if depth.transform != nil {
            // In 3-D: the same parts of the 3-D decomposition (rotation about z, x and y scale).
            update3D { parts in
                var angles = Transform3D(rotation: parts.rotation).eulerAngles
                var flat = AffineTransform.Decomposition(rotation: angles.z, scaleX: parts.scale.x, scaleY: parts.scale.y)
                change(&flat)
                angles.z = flat.rotation
                (parts.scale.x, parts.scale.y) = (flat.scaleX, flat.scaleY)
                parts.rotation = Transform3D(eulerX: angles.x, y: angles.y, z: angles.z).decomposed?.rotation ?? parts.rotation
            }
            return
        }
        var parts = transform.decomposed
        change(&parts)
        transform = AffineTransform(parts)
    }
}
