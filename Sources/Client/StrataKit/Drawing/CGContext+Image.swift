import CCairo
import Foundation

/// Drawing images.
extension CGContext {
    /// Draws `image` scaled into `rect` of user space, as Core Graphics does:
    /// the image's first row goes at the rect's maxY edge (upright in Core
    /// Graphics' y-up space). In UIKit's flipped space that shows the image
    /// upside down, exactly as CGContext.draw does inside a UIKit draw(_:);
    /// UIImage.draw(in:) flips it back. The current path is left alone.
    public func draw(_ image: CGImage, in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, image.width > 0, image.height > 0 else { return }
        cairo_surface_flush(image.surface)
        paintCastingShadow(keepingPath: true) { cr in
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_translate(cr, Double(r.minX), Double(r.maxY))
            cairo_scale(cr, Double(r.width) / Double(image.width), -Double(r.height) / Double(image.height))
            cairo_set_source_surface(cr, image.surface, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, state.interpolationQuality.cairo)
            // Edge pixels extend instead of fading to transparent when scaled.
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_rectangle(cr, 0, 0, Double(image.width), Double(image.height))
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, Double(state.alpha))
            cairo_restore(cr)
        }
    }

    /// Draws `image` repeatedly, tiles of `rect`'s size anchored at its origin, over the clip.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) {
        guard byTiling else { return draw(image, in: rect) }
        let r = rect.standardized
        guard r.width > 0, r.height > 0, image.width > 0, image.height > 0 else { return }
        cairo_surface_flush(image.surface)
        preservingPath {
            cairo_save(cairo)
            cairo_translate(cairo, Double(r.minX), Double(r.maxY))
            cairo_scale(cairo, Double(r.width) / Double(image.width), -Double(r.height) / Double(image.height))
            cairo_set_source_surface(cairo, image.surface, 0, 0)
            let pattern = cairo_get_source(cairo)
            cairo_pattern_set_filter(pattern, state.interpolationQuality.cairo)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
            cairo_paint_with_alpha(cairo, Double(state.alpha))
            cairo_restore(cairo)
        }
    }
}
