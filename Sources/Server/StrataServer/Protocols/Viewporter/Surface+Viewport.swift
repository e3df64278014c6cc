import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
import StrataRender

/// wp_viewport's effect on a surface: the buffer (in surface coordinates,
/// after buffer scale) is cropped to the source rect and scaled to the
/// destination size, which becomes the surface's size for drawing, input
/// and window geometry. Expressed as the content layer's contentsRect and
/// bounds, so the renderer needs nothing new.
extension Surface {
    /// Lays the committed buffer out in `contentLayer`: bounds = the surface
    /// size, contentsRect = the source as a unit rect of the buffer.
    func placeContents() {
        guard let image = contentLayer.contents else {
            contentLayer.bounds = .zero
            contentLayer.contentsRect = .unit
            return
        }
        let scale = Double(max(bufferScale, 1))
        let width = Double(image.width) / scale, height = Double(image.height) / scale
        let source = viewportSource ?? Rect(x: 0, y: 0, width: width, height: height)
        contentLayer.contentsRect = viewportSource == nil ? .unit
            : Rect(x: source.minX / width, y: source.minY / height, width: source.width / width, height: source.height / height)
        contentLayer.bounds = Rect(origin: .zero, size: viewportDestination ?? source.size)
    }

    /// A rect of surface damage (points) in the pixels of a buffer of
    /// `bufferWidth`×`bufferHeight`: through the viewport's crop and scale
    /// when it has either, else by the buffer scale. Rounded out; where the
    /// viewport scales, a pixel more each way, as filtering reads the
    /// neighbours of each pixel it draws.
    func bufferPixels(ofSurfaceDamage rect: PixelRect, bufferWidth: Int, bufferHeight: Int) -> PixelRect {
        let scale = max(bufferScale, 1)
        guard viewportSource != nil || viewportDestination != nil else {
            let s = Int(scale)
            return PixelRect(x: rect.x * s, y: rect.y * s, width: rect.width * s, height: rect.height * s)
        }
        let unscaled = Size(width: Double(bufferWidth) / Double(scale), height: Double(bufferHeight) / Double(scale))
        let source = viewportSource ?? Rect(origin: .zero, size: unscaled)
        let destination = viewportDestination ?? source.size
        guard destination.width > 0, destination.height > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let sx = source.width / destination.width, sy = source.height / destination.height
        let scaled = sx != 1 || sy != 1 || source.minX.rounded() != source.minX || source.minY.rounded() != source.minY
        let margin = scaled ? 1.0 : 0.0
        let x0 = ((source.minX + Double(rect.x) * sx) * Double(scale) - margin).rounded(.down)
        let y0 = ((source.minY + Double(rect.y) * sy) * Double(scale) - margin).rounded(.down)
        let x1 = ((source.minX + Double(rect.x + rect.width) * sx) * Double(scale) + margin).rounded(.up)
        let y1 = ((source.minY + Double(rect.y + rect.height) * sy) * Double(scale) + margin).rounded(.up)
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
            .intersection(PixelRect(x: 0, y: 0, width: bufferWidth, height: bufferHeight))
    }

    /// Checks the viewport state a commit would apply against the buffer
    /// it would show; false after posting bad_size or out_of_buffer on the
    /// viewport, and the commit is dropped.
    func viewportAllowsCommit() -> Bool {
        let source = pending.viewportSource ?? cached?.viewportSource ?? viewportSource
        let destination = pending.viewportDestination ?? cached?.viewportDestination ?? viewportDestination
        guard let source, let viewport else { return true }
        if destination == nil, source.width.rounded() != source.width || source.height.rounded() != source.height {
            viewport.postError(WP_VIEWPORT_ERROR_BAD_SIZE,
                               "source size \(source.width)×\(source.height) is not integer and no destination is set")
            return false
        }
        guard let buffer = committedBufferSize() else { return true }
        let bounds = Rect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        if source.minX < 0 || source.minY < 0 || source.maxX > bounds.maxX || source.maxY > bounds.maxY {
            viewport.postError(WP_VIEWPORT_ERROR_OUT_OF_BUFFER,
                               "source (\(source.minX), \(source.minY), \(source.width)×\(source.height)) reaches outside "
                               + "the \(buffer.width)×\(buffer.height) buffer of wl_surface@\(id)")
            return false
        }
        return true
    }

    /// The size, in surface coordinates, of the buffer the surface will show
    /// once this commit applies; nil when it will show none or the buffer
    /// cannot be read (wl_surface's own checks report that).
    private func committedBufferSize() -> Size? {
        let scale = Double(max(pending.bufferScale ?? cached?.bufferScale ?? bufferScale, 1))
        var change = pending.buffer
        if case .unchanged = change, let cached { change = cached.buffer }
        let pixels: (width: Int, height: Int)
        switch change {
        case .remove:
            return nil
        case .unchanged:
            guard let image = contentLayer.contents else { return nil }
            pixels = (image.width, image.height)
        case .attach(let buffer):
            if SinglePixelBuffer.from(buffer) != nil {
                pixels = (1, 1)
            } else if let description = try? describeShmBuffer(buffer) {
                pixels = (description.width, description.height)
            } else {
                return nil
            }
        }
        return Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
    }
}
