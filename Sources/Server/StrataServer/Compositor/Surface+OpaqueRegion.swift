import StrataProtocol

// wl_surface.set_opaque_region: a promise that those pixels are opaque.
// Clients such as foot draw into ARGB8888 buffers and declare the whole
// window opaque; honouring that lets the renderer copy their pixels
// instead of blending them, and skip painting whatever they hide. A region
// covering the whole surface makes the buffer's image opaque when it is
// imported; any other region goes to the content layer's
// `opaqueContentsRects` at once, so what it hides is skipped all the same
// (a surface with rounded, translucent corners, or a translucent shadow
// around an opaque window, is the common case).
extension Surface {
    /// Whether the committed opaque region covers everything a buffer of
    /// `description` shows on this surface (its size in points, or the
    /// viewport's destination).
    func opaqueRegionCovers(_ description: ShmBufferDescription) -> Bool {
        guard let opaqueRegion else { return false }
        let scale = Int(max(bufferScale, 1))
        var width = (description.width + scale - 1) / scale, height = (description.height + scale - 1) / scale
        if bufferTransform.swapsAxes { (width, height) = (height, width) }
        if let destination = viewportDestination {
            width = max(width, ClientValue.int(destination.width.rounded(.up)))
            height = max(height, ClientValue.int(destination.height.rounded(.up)))
        }
        return opaqueRegion.covers(width: width, height: height)
    }
}
