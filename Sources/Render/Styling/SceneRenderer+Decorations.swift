import CPixman
import StrataProtocol

// Painting decorations: a solid color through a coverage raster (rounded
// background, shape fill and stroke, border, shadow), and gradients.

extension SceneRenderer {
    /// Sets how `placed` is sampled: copied at a whole-pixel offset, filtered otherwise.
    func prepareSampling(of placed: PlacedRaster) {
        pixman_image_set_filter(placed.raster.image, placed.exact ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(placed.raster.image, PIXMAN_REPEAT_NONE)
    }

    /// `color` (faded by `alpha`) through the coverage of `placed`.
    func paintCoverage(_ placed: PlacedRaster, color: Color, alpha: Double, into target: PaintTarget, clip: Region) {
        guard color.alpha * alpha > 0, let pixelToRaster = placed.toPixel.inverted() else { return }
        let source = makeSolidImage(color, alpha: alpha)
        defer { pixman_image_unref(source) }
        prepareSampling(of: placed)
        composite(PIXMAN_OP_OVER, source: source, mask: placed.raster.image, into: target, rect: placed.rect, clip: clip,
                  maskTransform: pixelToRaster)
    }

    /// A gradient's raster (color, already cut to the rounded bounds), faded by `alpha`.
    func paintGradient(_ placed: PlacedRaster, alpha: Double, into target: PaintTarget, clip: Region) {
        guard alpha > 0, let pixelToRaster = placed.toPixel.inverted() else { return }
        let fade = alpha < 1 ? makeAlphaMask(alpha) : nil
        defer { if let fade { pixman_image_unref(fade) } }
        prepareSampling(of: placed)
        composite(PIXMAN_OP_OVER, source: placed.raster.image, mask: fade, into: target, rect: placed.rect, clip: clip,
                  sourceTransform: pixelToRaster)
    }
}
