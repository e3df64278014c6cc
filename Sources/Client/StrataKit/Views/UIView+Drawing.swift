import Foundation

extension UIView {
    /// The layer delegate's drawing: `draw(_:)` with the invalidated rect, the
    /// context being the current UIGraphics context meanwhile.
    func drawLayerContents(in ctx: CGContext) {
        let rect = layer.needsDisplayRect.isNull ? bounds : layer.needsDisplayRect.intersection(bounds)
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        draw(rect.isNull ? bounds : rect)
    }
}
