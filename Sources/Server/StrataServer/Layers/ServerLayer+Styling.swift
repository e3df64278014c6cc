import CStrataServerProtocol
import StrataProtocol
import StrataRender

// Version 3: what the render server draws for a layer besides its
// contents. Each request checks its values and changes pending state.

extension ServerLayer {
    private func invalid(_ message: String) -> ProtocolViolation {
        .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_VALUE, "layer \(id): \(message)")
    }

    private func invalidEnum(_ message: String) -> ProtocolViolation {
        .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_ENUM, "layer \(id): \(message)")
    }

    private func color(_ c: Color, _ property: String) throws(ProtocolViolation) -> Color {
        for component in c.components where !(0...1).contains(component) {
            throw invalid("\(property) component \(component) is outside 0...1")
        }
        return c
    }

    /// A length that is finite and not negative.
    private func length(_ value: Double, _ property: String) throws(ProtocolViolation) -> Double {
        guard value.isFinite, value >= 0 else { throw invalid("\(property) \(value) is negative or not finite") }
        return value
    }

    private func path(_ wire: [Double], _ property: String) throws(ProtocolViolation) -> LayerPath {
        do { return try LayerPath(wire: wire) } catch {
            throw .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_PATH, "layer \(id): \(property): \(error)")
        }
    }

    func setCornerRadius(_ radius: Double, maskedCorners: UInt32, curve: UInt32) throws(ProtocolViolation) {
        pending.style.cornerRadius = try length(radius, "corner radius")
        guard CornerMask.all.contains(CornerMask(rawValue: maskedCorners)) else {
            throw invalidEnum("\(maskedCorners) is not a set of corners")
        }
        guard let curve = CornerCurve(rawValue: curve) else { throw invalidEnum("\(curve) is not a corner curve") }
        pending.style.maskedCorners = CornerMask(rawValue: maskedCorners)
        pending.style.cornerCurve = curve
        changed()
    }

    func setBorder(width: Double, color c: Color) throws(ProtocolViolation) {
        pending.style.borderWidth = try length(width, "border width")
        pending.style.borderColor = try color(c, "border color")
        changed()
    }

    func setShadow(color c: Color, opacity: Double, offset: Size, radius: Double) throws(ProtocolViolation) {
        let shadowColor = try color(c, "shadow color")
        guard (0...1).contains(opacity) else { throw invalid("shadow opacity \(opacity) is outside 0...1") }
        guard offset.width.isFinite, offset.height.isFinite else { throw invalid("shadow offset is not finite") }
        pending.style.shadowRadius = try length(radius, "shadow radius")
        (pending.style.shadowColor, pending.style.shadowOpacity, pending.style.shadowOffset) = (shadowColor, opacity, offset)
        changed()
    }

    func setShadowPath(_ wire: [Double]) throws(ProtocolViolation) {
        let shadowPath = try path(wire, "shadow path")
        pending.style.shadowPath = shadowPath.isEmpty ? nil : shadowPath
        changed()
    }

    func appendPath(target: UInt32, _ wire: [Double]) throws(ProtocolViolation) {
        let more = try path(wire, "appended path")
        func tooLong(_ count: Int) throws(ProtocolViolation) {
            guard count <= LayerPath.maxElements else {
                throw .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_PATH,
                             "layer \(id): a path of more than \(LayerPath.maxElements) elements")
            }
        }
        switch target {
        case 0:
            guard var shape = pending.shape, !shape.path.isEmpty else {
                throw .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_PATH, "layer \(id): no shape path to append to")
            }
            try tooLong(shape.path.elements.count + more.elements.count)
            shape.path.elements += more.elements
            pending.shape = shape
        case 1:
            guard var shadowPath = pending.style.shadowPath else {
                throw .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_PATH, "layer \(id): no shadow path to append to")
            }
            try tooLong(shadowPath.elements.count + more.elements.count)
            shadowPath.elements += more.elements
            pending.style.shadowPath = shadowPath
        default:
            throw invalidEnum("\(target) is not a path target")
        }
        changed()
    }

    /// The shape being set up: the pending one, or a new CAShapeLayer's defaults.
    private var pendingShape: ShapeStyle {
        get { pending.shape ?? ShapeStyle() }
        set { pending.shape = newValue }
    }

    func setShape(_ wire: [Double], fillRule: UInt32) throws(ProtocolViolation) {
        let shapePath = try path(wire, "shape")
        guard let rule = FillRule(rawValue: fillRule) else { throw invalidEnum("\(fillRule) is not a fill rule") }
        if shapePath.isEmpty && pending.shape == nil { return }
        pendingShape.path = shapePath
        pendingShape.fillRule = rule
        changed()
    }

    func setFillColor(_ c: Color) throws(ProtocolViolation) {
        pendingShape.fillColor = try color(c, "fill color").visible
        changed()
    }

    func setStroke(color c: Color, lineWidth: Double, cap: UInt32, join: UInt32, miterLimit: Double) throws(ProtocolViolation) {
        let strokeColor = try color(c, "stroke color")
        let width = try length(lineWidth, "line width"), limit = try length(miterLimit, "miter limit")
        guard let cap = LineCap(rawValue: cap) else { throw invalidEnum("\(cap) is not a line cap") }
        guard let join = LineJoin(rawValue: join) else { throw invalidEnum("\(join) is not a line join") }
        var shape = pendingShape
        (shape.strokeColor, shape.lineWidth, shape.lineCap, shape.lineJoin, shape.miterLimit) = (strokeColor.visible, width, cap, join, limit)
        pendingShape = shape
        changed()
    }

    /// Dash patterns longer than this are an error: each entry is a segment the stroker walks.
    static let maxDashes = 64

    func setLineDash(_ pattern: [Double], phase: Double) throws(ProtocolViolation) {
        guard pattern.count <= Self.maxDashes else { throw invalid("a dash pattern of \(pattern.count) lengths (at most \(Self.maxDashes))") }
        guard pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw invalid("a dash length is negative or not finite") }
        guard pattern.isEmpty || pattern.contains(where: { $0 > 0 }) else { throw invalid("a dash pattern of zeros") }
        guard phase.isFinite else { throw invalid("the dash phase is not finite") }
        var shape = pendingShape
        (shape.lineDashPattern, shape.lineDashPhase) = (pattern, phase)
        pendingShape = shape
        changed()
    }

    func setStrokeRange(_ range: [Double]) throws(ProtocolViolation) {
        guard range.count == 2, range.allSatisfy({ (0...1).contains($0) }) else {
            throw invalid("a stroke range is two doubles within 0...1")
        }
        var shape = pendingShape
        (shape.strokeStart, shape.strokeEnd) = (range[0], range[1])
        pendingShape = shape
        changed()
    }

    /// More gradient colors than this are an error.
    static let maxGradientColors = 80

    func setGradient(type: UInt32, colors: [Double], locations: [Double], points: [Double]) throws(ProtocolViolation) {
        guard let type = GradientType(rawValue: type) else { throw invalidEnum("\(type) is not a gradient type") }
        if colors.isEmpty {
            pending.gradient = nil
            changed()
            return
        }
        guard colors.count % 4 == 0, colors.count / 4 <= Self.maxGradientColors else {
            throw invalid("gradient colors are four doubles each, at most \(Self.maxGradientColors) colors")
        }
        var gradient = GradientStyle()
        gradient.type = type
        for index in stride(from: 0, to: colors.count, by: 4) {
            let c = Color(red: colors[index], green: colors[index + 1], blue: colors[index + 2], alpha: colors[index + 3])
            gradient.colors.append(try color(c, "gradient color"))
        }
        guard locations.isEmpty || locations.count == gradient.colors.count else {
            throw invalid("\(locations.count) gradient locations for \(gradient.colors.count) colors")
        }
        guard locations.allSatisfy({ (0...1).contains($0) }) else { throw invalid("a gradient location is outside 0...1") }
        guard points.count == 4, points.allSatisfy({ $0.isFinite && abs($0) <= 16_777_216 }) else {
            throw invalid("gradient points are four finite doubles within ±2^24")
        }
        gradient.locations = locations
        (gradient.startPoint, gradient.endPoint) = (Point(x: points[0], y: points[1]), Point(x: points[2], y: points[3]))
        pending.gradient = gradient
        changed()
    }

    // MARK: Replicator

    func setReplicator(count: UInt32, transform: [Double], values: [Double]) throws(ProtocolViolation) {
        guard count <= UInt32(ReplicatorStyle.maxInstances) else {
            throw invalid("\(count) instances (at most \(ReplicatorStyle.maxInstances))")
        }
        guard transform.count == 6, transform.allSatisfy(\.isFinite) else { throw invalid("an instance transform is six finite doubles") }
        guard values.count == 9, values.allSatisfy(\.isFinite) else { throw invalid("replicator values are nine finite doubles") }
        guard values[0] >= 0 else { throw invalid("instance delay \(values[0]) is negative") }
        var rules = ReplicatorStyle()
        rules.count = Int(count)
        rules.instanceTransform = AffineTransform(components: transform)
        rules.instanceDelay = values[0]
        rules.instanceColor = try color(Color(red: values[1], green: values[2], blue: values[3], alpha: values[4]), "instance color")
        rules.instanceColorOffsets = Array(values[5..<9])
        pending.replicator = rules
        changed()
    }

    // MARK: Mask

    /// Checked at commit (see LayerManager.validateMasks), where the tree is known.
    func setMask(_ mask: ServerLayer?) throws(ProtocolViolation) {
        if let mask, mask.manager !== manager {
            throw .layer(resource, STRATA_LAYER_V1_ERROR_INVALID_MASK, "layer \(id): mask \(mask.id) belongs to another strata_layers_v1")
        }
        guard mask !== pendingMask else { return }
        pendingMask?.pendingMaskOwners.remove(self)
        pendingMask = mask
        mask?.pendingMaskOwners.insert(self)
        maskChanged = true
        changed()
    }
}
