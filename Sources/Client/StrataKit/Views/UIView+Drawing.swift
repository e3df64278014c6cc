import Foundation

extension UIView {
    /// Invalidates the whole view; invalidations coalesce until the display
    /// pass of the next update, which calls draw(_:) once.
    public func setNeedsDisplay() {
        layer.setNeedsDisplay()
    }

    /// Invalidates `invalidRect` (bounds coordinates) for the next display pass.
    public func setNeedsDisplay(_ invalidRect: CGRect) {
        layer.setNeedsDisplay(invalidRect)
    }

    /// The layer delegate's drawing: `draw(_:)` with the invalidated rect, the
    /// context being the current UIGraphics context meanwhile.
    func drawLayerContents(in ctx: CGContext) {
        let rect = layer.needsDisplayRect.isNull ? bounds : layer.needsDisplayRect.intersection(bounds)
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        draw(rect.isNull ? bounds : rect)
    }
}
