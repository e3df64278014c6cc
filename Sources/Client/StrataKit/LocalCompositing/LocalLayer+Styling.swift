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

    func setShape(_ path: LayerPath?, fillRule: FillRule) {
        (shapeState.path, shapeState.fillRule) = (path ?? LayerPath(), fillRule)
        updatePendingShape()
    }

    /// Alpha 0 (or nil) fills nothing: nil, as the compositor keeps it.
    func setFillColor(_ color: Color?) {
        shapeState.fillColor = color?.wireRounded.visible
        updatePendingShape()
    }

    func setStroke(color: Color?, lineWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
        shapeState.strokeColor = color?.wireRounded.visible
        (shapeState.lineWidth, shapeState.miterLimit) = (wireRounded(lineWidth), wireRounded(miterLimit))
        (shapeState.lineCap, shapeState.lineJoin) = (cap, join)
        updatePendingShape()
    }

    func setLineDash(pattern: [Double], phase: Double) {
        (shapeState.lineDashPattern, shapeState.lineDashPhase) = (pattern, wireRounded(phase))
        updatePendingShape()
    }

    func setStrokeRange(start: Double, end: Double) {
        (shapeState.strokeStart, shapeState.strokeEnd) = (start, end)
        updatePendingShape()
    }

    /// A layer draws a shape only while it has a path.
    private func updatePendingShape() {
        pending.shape = shapeState.path.isEmpty ? nil : shapeState
        changed()
    }

    /// No colors: no gradient.
    func setGradient(_ gradient: GradientStyle?) {
        pending.gradient = gradient.flatMap { $0.colors.isEmpty ? nil : $0 }
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
