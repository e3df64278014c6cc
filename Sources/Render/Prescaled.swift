import CPixman
#if canImport(Glibc)
import Glibc
#endif
import StrataProtocol

/// Contents shown at half their size or less, scaled down first into an
/// intermediate at about destination density with a box filter (pixman's
/// separable convolution), so the thumbnail of a large image averages all
/// its pixels. The intermediate is then drawn with the layer's transform,
/// whose terms are near 1: a 1000×1000 image in a 10×10-point layer would
/// otherwise need a transform of 100 source pixels per destination pixel,
/// and bilinear sampling at that ratio picks a few pixels and skips the rest.
struct Prescaled {
    /// The intermediate (`pixman_image_t *`, +1 reference).
    let image: OpaquePointer
    /// Intermediate pixels → destination pixels.
    let toPixel: AffineTransform

    /// Nil when `toPixel` (source pixels → destination pixels) does not
    /// shrink the source to half or less along either axis.
    init?(source: OpaquePointer, width: Int, height: Int, toPixel: AffineTransform) {
        let scales = toPixel.axisScales
        guard scales.x < 0.5 || scales.y < 0.5, scales.x.isFinite, scales.y.isFinite else { return nil }
        // Never larger than the source: an axis that grows keeps its pixels.
        let w = max(1, min(width, clampedInt((Double(width) * scales.x).rounded(.up))))
        let h = max(1, min(height, clampedInt((Double(height) * scales.y).rounded(.up))))
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(w), Int32(h), nil, 0) else { return nil }
        let sx = Double(width) / Double(w), sy = Double(height) / Double(h)
        // Destination pixel centers map to source coordinates; the terms are
        // source sizes at most (contents are at most 16384 pixels a side).
        var shrink = AffineTransform(scaleX: sx, y: sy).pixmanTransform
        pixman_image_set_transform(source, &shrink)
        pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
        var count: Int32 = 0
        if let params = pixman_filter_create_separable_convolution(
            &count, pixmanFixed(sx), pixmanFixed(sy), PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX,
            PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, 2, 2) {
            pixman_image_set_filter(source, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, params, count)
            free(params)
        } else {
            pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
        }
        pixman_image_composite32(PIXMAN_OP_SRC, source, nil, image, 0, 0, 0, 0, 0, 0, Int32(w), Int32(h))
        pixman_image_set_transform(source, nil)
        pixman_image_set_filter(source, PIXMAN_FILTER_NEAREST, nil, 0)
        pixman_image_set_repeat(source, PIXMAN_REPEAT_NONE)
        self.image = image
        self.toPixel = AffineTransform(scaleX: sx, y: sy).concatenating(toPixel)
    }
}
