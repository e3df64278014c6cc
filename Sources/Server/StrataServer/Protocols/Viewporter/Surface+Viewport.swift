import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
import StrataRender

/// wp_viewport's effect on a surface: the buffer (in surface coordinates,
/// after buffer transform and scale) is cropped to the source rect and scaled to the
/// destination size, which becomes the surface's size for drawing, input
/// and window geometry. Expressed as the content layer's contentsRect and
/// bounds, so the renderer needs nothing new.
extension Surface {
    /// Lays the committed buffer out in `contentLayer`: bounds = the surface
    /// size, contentsRect = the source as a unit rect of the upright buffer
    /// (the renderer applies contentsRect after the contents' transform).
    func placeContents() {
        guard let image = contentLayer.contents else {
            contentLayer.bounds = .zero
            contentLayer.contentsRect = .unit
            return
        }
        let (width, height) = Surface.surfaceSize(ofBufferWidth: image.width, height: image.height, scale: bufferScale,
                                                  transform: bufferTransform)
        let source = viewportSource ?? Rect(x: 0, y: 0, width: width, height: height)
        contentLayer.contentsRect = viewportSource == nil ? .unit
            : Rect(x: source.minX / width, y: source.minY / height, width: source.width / width, height: source.height / height)
        contentLayer.bounds = Rect(origin: .zero, size: viewportDestination ?? source.size)
    }

    /// A rect in surface coordinates (the viewport's destination) in the
    /// coordinates the viewport's source is given in: the upright buffer's,
    /// after the buffer scale, of size `upright`. `scales` is whether the
    /// viewport stretches or shifts it by a fraction on the way.
    func viewportSourceRect(of rect: Rect, upright: Size) -> (rect: Rect, scales: Bool) {
        guard viewportSource != nil || viewportDestination != nil else { return (rect, false) }
        let source = viewportSource ?? Rect(origin: .zero, size: upright)
        let destination = viewportDestination ?? source.size
        guard destination.width > 0, destination.height > 0 else { return (.zero, false) }
        let sx = source.width / destination.width, sy = source.height / destination.height
        let mapped = Rect(x: source.minX + rect.minX * sx, y: source.minY + rect.minY * sy,
                          width: rect.width * sx, height: rect.height * sy)
        let scales = sx != 1 || sy != 1 || source.minX.rounded() != source.minX || source.minY.rounded() != source.minY
        return (mapped, scales)
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
        let scale = pending.bufferScale ?? cached?.bufferScale ?? bufferScale
        let transform = pending.bufferTransform ?? cached?.bufferTransform ?? bufferTransform
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
        let size = Surface.surfaceSize(ofBufferWidth: pixels.width, height: pixels.height, scale: scale, transform: transform)
        return Size(width: size.width, height: size.height)
    }
}
