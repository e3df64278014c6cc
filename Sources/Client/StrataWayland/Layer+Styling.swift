import CStrataClientProtocol
import StrataProtocol

// strata_layer_v1 version 3: corners, border, shadow, shapes, gradients and
// masks. On a layer of an older binding these send nothing (libwayland
// aborts on a request newer than its object), so callers need not check.
// Like the other setters, values go out as given, unchecked.

extension Layer {
    /// Whether the layer takes version 3's requests.
    public var hasStyling: Bool { version >= 3 }

    // MARK: Corners, border, shadow

    public func setCornerRadius(_ radius: Double, maskedCorners: CornerMask = .all, curve: CornerCurve = .circular) {
        setCornerRadius(radius, maskedCornersRawValue: maskedCorners.rawValue, curveRawValue: curve.rawValue)
    }

    /// Sends any mask and curve, including unknown ones (invalid_enum).
    public func setCornerRadius(_ radius: Double, maskedCornersRawValue: UInt32, curveRawValue: UInt32) {
        send(since: 3) { strata_layer_v1_set_corner_radius($0, wl_fixed_from_double(radius), maskedCornersRawValue, curveRawValue) }
    }

    public func setBorder(width: Double, color: Color) {
        send(since: 3) {
            strata_layer_v1_set_border($0, wl_fixed_from_double(width), wl_fixed_from_double(color.red),
                                       wl_fixed_from_double(color.green), wl_fixed_from_double(color.blue),
                                       wl_fixed_from_double(color.alpha))
        }
    }

    public func setShadow(color: Color, opacity: Double, offset: Size, radius: Double) {
        send(since: 3) {
            strata_layer_v1_set_shadow($0, wl_fixed_from_double(color.red), wl_fixed_from_double(color.green),
                                       wl_fixed_from_double(color.blue), wl_fixed_from_double(color.alpha),
                                       wl_fixed_from_double(opacity), wl_fixed_from_double(offset.width),
                                       wl_fixed_from_double(offset.height), wl_fixed_from_double(radius))
        }
    }

    /// nil (an empty array) removes the shadow path.
    /// A path longer than one message goes out in parts (`append_path`).
    public func setShadowPath(_ path: LayerPath?) {
        let parts = (path ?? LayerPath()).wireParts
        setShadowPath(rawPath: parts[0])
        for part in parts.dropFirst() {
            display.flushWaiting()
            appendPath(rawTarget: 1, rawPath: part)
        }
    }

    public func setShadowPath(rawPath: [Double]) {
        send(since: 3) { proxy in withDoubleArrays([rawPath][...]) { strata_layer_v1_set_shadow_path(proxy, $0[0]) } }
    }

    // MARK: Shapes

    /// nil (an empty array) removes the shape.
    /// A path longer than one message goes out in parts (`append_path`).
    public func setShape(_ path: LayerPath?, fillRule: FillRule = .nonZero) {
        let parts = (path ?? LayerPath()).wireParts
        setShape(rawPath: parts[0], fillRuleRawValue: fillRule.rawValue)
        for part in parts.dropFirst() {
            display.flushWaiting()
            appendPath(rawTarget: 0, rawPath: part)
        }
    }

    /// Appends elements to the pending shape (0) or shadow (1) path.
    public func appendPath(rawTarget: UInt32, rawPath: [Double]) {
        send(since: 3) { proxy in withDoubleArrays([rawPath][...]) { strata_layer_v1_append_path(proxy, rawTarget, $0[0]) } }
    }

    /// A CAReplicatorLayer's rules; the compositor draws the copies.
    public func setReplicator(_ rules: ReplicatorStyle) {
        let c = rules.instanceColor
        setReplicator(count: UInt32(clamping: rules.count), transform: rules.instanceTransform.components,
                      values: [rules.instanceDelay, c.red, c.green, c.blue, c.alpha] + rules.instanceColorOffsets)
    }

    public func setReplicator(count: UInt32, transform: [Double], values: [Double]) {
        send(since: 3) { proxy in
            withDoubleArrays([transform, values][...]) { strata_layer_v1_set_replicator(proxy, count, $0[0], $0[1]) }
        }
    }

    public func setShape(rawPath: [Double], fillRuleRawValue: UInt32) {
        send(since: 3) { proxy in
            withDoubleArrays([rawPath][...]) { strata_layer_v1_set_shape(proxy, $0[0], fillRuleRawValue) }
        }
    }

    /// nil sends alpha 0, which fills nothing.
    public func setFillColor(_ color: Color?) {
        let color = color ?? .clear
        send(since: 3) {
            strata_layer_v1_set_fill_color($0, wl_fixed_from_double(color.red), wl_fixed_from_double(color.green),
                                           wl_fixed_from_double(color.blue), wl_fixed_from_double(color.alpha))
        }
    }

    /// A nil color sends alpha 0, which strokes nothing.
    public func setStroke(color: Color?, lineWidth: Double, cap: LineCap = .butt, join: LineJoin = .miter,
                          miterLimit: Double = 10) {
        setStroke(color: color, lineWidth: lineWidth, capRawValue: cap.rawValue, joinRawValue: join.rawValue,
                  miterLimit: miterLimit)
    }

    public func setStroke(color: Color?, lineWidth: Double, capRawValue: UInt32, joinRawValue: UInt32, miterLimit: Double) {
        let color = color ?? .clear
        send(since: 3) {
            strata_layer_v1_set_stroke($0, wl_fixed_from_double(color.red), wl_fixed_from_double(color.green),
                                       wl_fixed_from_double(color.blue), wl_fixed_from_double(color.alpha),
                                       wl_fixed_from_double(lineWidth), capRawValue, joinRawValue,
                                       wl_fixed_from_double(miterLimit))
        }
    }

    /// An empty pattern is a solid line.
    public func setLineDash(pattern: [Double], phase: Double) {
        send(since: 3) { proxy in
            withDoubleArrays([pattern][...]) { strata_layer_v1_set_line_dash(proxy, $0[0], wl_fixed_from_double(phase)) }
        }
    }

    public func setStrokeRange(start: Double, end: Double) {
        setStrokeRange(rawRange: [start, end])
    }

    public func setStrokeRange(rawRange: [Double]) {
        send(since: 3) { proxy in withDoubleArrays([rawRange][...]) { strata_layer_v1_set_stroke_range(proxy, $0[0]) } }
    }

    // MARK: Gradients and masks

    /// nil (or no colors) removes the gradient.
    public func setGradient(_ gradient: GradientStyle?) {
        let gradient = gradient ?? GradientStyle()
        setGradient(typeRawValue: gradient.type.rawValue, colors: gradient.colors.flatMap(\.components),
                    locations: gradient.locations,
                    points: [gradient.startPoint.x, gradient.startPoint.y, gradient.endPoint.x, gradient.endPoint.y])
    }

    public func setGradient(typeRawValue: UInt32, colors: [Double], locations: [Double], points: [Double]) {
        send(since: 3) { proxy in
            withDoubleArrays([colors, locations, points][...]) {
                strata_layer_v1_set_gradient(proxy, typeRawValue, $0[0], $0[1], $0[2])
            }
        }
    }

    /// Masks this layer with `mask`'s alpha; nil removes the mask. The
    /// object mirrors it (`mask`) and keeps it alive, as a context its root.
    public func setMask(_ mask: Layer?) {
        guard hasStyling else { return }
        send(since: 3) { strata_layer_v1_set_mask($0, mask?.proxy) }
        self.mask = mask
    }
}
