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
enum Prescaled {
    /// The intermediate's size for `width`×`height` source pixels drawn
    /// through `toPixel`; nil when neither axis shrinks to half or less.
    static func size(width: Int, height: Int, toPixel: AffineTransform) -> (width: Int, height: Int)? {
        let scales = toPixel.axisScales
        guard scales.x < 0.5 || scales.y < 0.5, scales.x.isFinite, scales.y.isFinite else { return nil }
        // Never larger than the source: an axis that grows keeps its pixels.
        let w = max(1, min(width, clampedInt((Double(width) * scales.x).rounded(.up))))
        let h = max(1, min(height, clampedInt((Double(height) * scales.y).rounded(.up))))
        return (w, h)
    }

    /// Intermediate pixels → source pixels' space: compose with the source's
    /// own toPixel to draw the intermediate.
    static func toSource(width: Int, height: Int, scaledWidth: Int, scaledHeight: Int) -> AffineTransform {
        AffineTransform(scaleX: Double(width) / Double(scaledWidth), y: Double(height) / Double(scaledHeight))
    }

    /// Scales `source` (`width`×`height`) into a new image (+1 reference).
    static func shrink(_ source: OpaquePointer, width: Int, height: Int, to w: Int, _ h: Int) -> OpaquePointer? {
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
        return image
    }
}

/// Shrunk contents kept from frame to frame: scaling a large image down
/// costs about one pass over it, so a thumbnail is redone only when its
/// image is damaged or it is drawn at another size. Entries not drawn in a
/// frame are dropped at its end.
final class PrescaleCache {
    private struct Key: Hashable {
        var image: ObjectIdentifier
        var part: PixelRect
        var width: Int, height: Int
    }
    private struct Entry {
        /// Held so the image's address is not reused while the entry lives.
        let owner: LayerImage
        let scaled: OpaquePointer
        var frame: Int
    }
    private var entries: [Key: Entry] = [:]
    private var frame = 0

    deinit { for entry in entries.values { pixman_image_unref(entry.scaled) } }

    /// The shrunk `part` of `owner` (`source` is its pixels, or a view of
    /// the part), `w`×`h`, borrowed until the frame ends.
    func shrunk(_ owner: LayerImage, source: OpaquePointer, part: PixelRect, to w: Int, _ h: Int) -> OpaquePointer? {
        let key = Key(image: ObjectIdentifier(owner), part: part, width: w, height: h)
        if var entry = entries[key], entry.owner === owner {
            entry.frame = frame
            entries[key] = entry
            return entry.scaled
        }
        guard let scaled = Prescaled.shrink(source, width: part.width, height: part.height, to: w, h) else { return nil }
        if let old = entries[key] { pixman_image_unref(old.scaled) }
        entries[key] = Entry(owner: owner, scaled: scaled, frame: frame)
        return scaled
    }

    /// The damaged images of `frame`: what was shrunk from them is stale.
    /// (Most frames shrink nothing: the set is made only when there is something to drop.)
    func invalidate(imagesDamagedIn frame: FrameBuilder) {
        if !entries.isEmpty { invalidate(frame.damagedImages) }
    }

    /// The image's pixels changed: what was shrunk from them is stale.
    func invalidate(_ images: Set<ObjectIdentifier>) {
        guard !images.isEmpty else { return }
        for (key, entry) in entries where images.contains(key.image) {
            pixman_image_unref(entry.scaled)
            entries[key] = nil
        }
    }

    /// Drops what this frame did not draw, and starts the next frame.
    func endFrame() {
        for (key, entry) in entries where entry.frame != frame {
            pixman_image_unref(entry.scaled)
            entries[key] = nil
        }
        frame += 1
    }
}
