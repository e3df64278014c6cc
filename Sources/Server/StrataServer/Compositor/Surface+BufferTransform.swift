import StrataProtocol
import StrataRender

// wl_surface.set_buffer_transform: the client says how it already turned
// or mirrored its buffer's pixels (to match a rotated output, so they
// could be scanned out as they are). The content layer's
// contentsTransform undoes it when drawing; the surface's size in surface
// coordinates is the upright buffer's, so quarter turns swap width and
// height for everything that reads the size (window geometry, input,
// subsurfaces, the viewport's source, wl_surface.enter). The image stays
// in buffer pixels: damage_buffer is in its coordinates already, and
// wl_surface.damage is mapped into them here.
extension Surface {
    /// The size in surface coordinates of a `width`×`height` buffer under
    /// `transform` and `scale` (before any viewport).
    static func surfaceSize(ofBufferWidth width: Int, height: Int, scale: Int32,
                            transform: ContentsTransform) -> (width: Double, height: Double) {
        let scale = Double(max(scale, 1))
        return transform.uprightSize(width: Double(width) / scale, height: Double(height) / scale)
    }

    /// wl_surface.damage rects (surface coordinates) in the pixels of a
    /// `bufferWidth`×`bufferHeight` buffer: back through the viewport's
    /// crop and scale, the committed buffer transform and the buffer scale.
    /// Rounded out; where the viewport scales, a pixel more each way, as
    /// filtering reads the neighbours of each pixel it draws.
    func bufferDamage(fromSurfaceDamage damage: [PixelRect], bufferWidth: Int, bufferHeight: Int) -> [PixelRect] {
        let scale = Int(bufferScale)
        // Clipped first, so huge rects (clients often send INT32_MAX) cannot overflow when scaled.
        let limit = PixelRect(x: 0, y: 0, width: 1 << 16, height: 1 << 16)
        let clipped = damage.map { $0.intersection(limit) }.filter { !$0.isEmpty }
        guard bufferTransform != .normal || viewportSource != nil || viewportDestination != nil else {
            return clipped.map {
                PixelRect(x: ClientValue.product($0.x, scale), y: ClientValue.product($0.y, scale),
                          width: ClientValue.product($0.width, scale), height: ClientValue.product($0.height, scale))
            }
        }
        let size = Surface.surfaceSize(ofBufferWidth: bufferWidth, height: bufferHeight, scale: bufferScale,
                                       transform: bufferTransform)
        let toBuffer = bufferTransform.uprightToImage(width: size.width, height: size.height)
            .concatenating(AffineTransform(scaleX: Double(scale), y: Double(scale)))
        let bounds = PixelRect(x: 0, y: 0, width: bufferWidth, height: bufferHeight)
        return clipped.map { r in
            let source = viewportSourceRect(of: Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height)),
                                            upright: Size(width: size.width, height: size.height))
            let mapped = toBuffer.apply(source.rect)
            let margin = source.scales ? 1.0 : 0.0
            // Whole numbers without a viewport: the transform's terms are 0, ±1 and the surface size.
            let x0 = (mapped.minX - margin).rounded(.down), y0 = (mapped.minY - margin).rounded(.down)
            let x1 = (mapped.maxX + margin).rounded(.up), y1 = (mapped.maxY + margin).rounded(.up)
            return PixelRect(x: ClientValue.int(x0), y: ClientValue.int(y0), width: ClientValue.int(x1 - x0),
                             height: ClientValue.int(y1 - y0)).intersection(bounds)
        }.filter { !$0.isEmpty }
    }
}
