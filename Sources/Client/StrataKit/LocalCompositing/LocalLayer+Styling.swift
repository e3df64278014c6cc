import Foundation
import StrataProtocol
import StrataRender

// Version 3's requests on a layer the app composites itself: the same
// RenderLayer.Properties the compositor writes for them, with the values
// the wire carries as wl_fixed rounded as it rounds them (paths, dashes,
// the stroke range and gradients travel as doubles and stay as they are).
extension LocalLayer {
    var hasStyling: Bool { true }

    func setCornerRadius(_ radius: Double, maskedCorners: CornerMask, curve: CornerCurve) {
        (pending.style.cornerRadius, pending.style.maskedCorners, pending.style.cornerCurve) = (wireRounded(radius), maskedCorners, curve)
        changed()
    }

    func setBorder(width: Double, color: Color) {
        (pending.style.borderWidth, pending.style.borderColor) = (wireRounded(width), color.wireRounded)
        changed()
    }

    func setShadow(color: Color, opacity: Double, offset: Size, radius: Double) {
        pending.style.shadowColor = color.wireRounded
        pending.style.shadowOpacity = wireRounded(opacity)
        pending.style.shadowOffset = Size(width: wireRounded(offset.width), height: wireRounded(offset.height))
        pending.style.shadowRadius = wireRounded(radius)
        changed()
    }

    func setShadowPath(_ path: LayerPath?) {
        pending.style.shadowPath = path.flatMap { $0.isEmpty ? nil : $0 }
        changed()
    }

    /// The shape being set up, as the compositor keeps it: the pending one,
    /// or a new CAShapeLayer's defaults once any shape request arrives.
    private var pendingShape: ShapeStyle {
        get { pending.shape ?? ShapeStyle() }
        set { pending.shape = newValue; changed() }
    }

    /// Removing a shape that never was changes nothing.
    func setShape(_ path: LayerPath?, fillRule: FillRule) {
        let path = path ?? LayerPath()
        if path.isEmpty && pending.shape == nil { return }
        (pendingShape.path, pendingShape.fillRule) = (path, fillRule)
    }

    /// Alpha 0 (or nil) fills nothing: nil, as the compositor keeps it.
    func setFillColor(_ color: Color?) {
        pendingShape.fillColor = color?.wireRounded.visible
    }

    func setStroke(color: Color?, lineWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
        var shape = pendingShape
        shape.strokeColor = color?.wireRounded.visible
        (shape.lineWidth, shape.miterLimit) = (wireRounded(lineWidth), wireRounded(miterLimit))
        (shape.lineCap, shape.lineJoin) = (cap, join)
        pendingShape = shape
    }

    func setLineDash(pattern: [Double], phase: Double) {
        (pendingShape.lineDashPattern, pendingShape.lineDashPhase) = (pattern, wireRounded(phase))
    }

    func setStrokeRange(start: Double, end: Double) {
        (pendingShape.strokeStart, pendingShape.strokeEnd) = (start, end)
    }

    /// No colors: no gradient.
    func setGradient(_ gradient: GradientStyle?) {
        pending.gradient = gradient.flatMap { $0.colors.isEmpty ? nil : $0 }
        changed()
    }

    func setReplicator(_ rules: ReplicatorStyle?) {
        pending.replicator = rules
        changed()
    }

    func setMask(_ mask: (any LayerNode)?) {
        pendingMask = mask.map { $0 as! LocalLayer }
        maskChanged = true
        changed()
    }

    /// At commit: the render layer takes the pending mask's.
    func commitMask() {
        guard maskChanged else { return }
        maskChanged = false
        renderLayer.mask = pendingMask?.renderLayer
    }
}

private extension Color {
    var wireRounded: Color {
        Color(red: StrataKit.wireRounded(red), green: StrataKit.wireRounded(green), blue: StrataKit.wireRounded(blue),
              alpha: StrataKit.wireRounded(alpha))
    }
}

// Version 4's backdrop: the same renderer blurs it, over what this app itself draws below it.
extension LocalLayer {
    var hasBackdrops: Bool { true }

    func setBackdrop(_ backdrop: BackdropStyle?) {
        // The wire carries these as doubles: nothing to round.
        pending.backdrop = backdrop
        changed()
    }
}
