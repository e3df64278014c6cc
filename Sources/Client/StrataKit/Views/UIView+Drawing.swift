import Foundation

extension UIView {
    /// The layer delegate's drawing: `draw(_:)` with the invalidated rect, the
    /// context being the current UIGraphics context meanwhile.
    ///
    /// It also finds views that do not draw (see CALayer+DrawsContent.swift):
    /// when the inherited draw(_:) ran, either the class does not override it
    /// or its override called super. The two differ in what is left in the
    /// context — an override that calls super draws something — so the class
    /// is known not to draw only when the context holds no painted pixel.
    func drawLayerContents(in ctx: CGContext) {
        let rect = layer.needsDisplayRect.isNull ? bounds : layer.needsDisplayRect.intersection(bounds)
        inheritedDrawRan = false
        UIGraphicsPushContext(ctx)
        draw(rect.isNull ? bounds : rect)
        UIGraphicsPopContext()
        if inheritedDrawRan, Self.isBlank(ctx) {
            layer.noteDrawIsInherited(by: type(of: self))
        }
        inheritedDrawRan = false
    }

    /// Whether every pixel of the context is fully transparent black.
    private static func isBlank(_ ctx: CGContext) -> Bool {
        guard let image = ctx.makeImage() else { return false }
        return image.withPixels { pixels in
            for row in 0..<image.height {
                let words = pixels.advanced(by: row * image.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                for column in 0..<image.width where words[column] != 0 { return false }
            }
            return true
        }
    }
}
