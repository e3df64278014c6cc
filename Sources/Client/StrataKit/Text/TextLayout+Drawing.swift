import CCairo
import CPango
import Foundation

extension TextLayout {
    /// Draws the shown lines with the text's top-left at `origin` (user
    /// space of `context`), with the context's global alpha and casting its
    /// shadow, as Core Graphics draws text; the current path is left alone.
    /// Glyphs are rasterized at the context's scale: a 2× context gets 2× glyphs.
    func draw(at origin: CGPoint, in context: CGContext) {
        let alpha = context.state.alpha
        context.paintCastingShadow(keepingPath: true) { cairo in
            cairo_save(cairo)
            if alpha < 1 { cairo_push_group(cairo) }
            for line in lines {
                cairo_move_to(cairo, Double(origin.x + line.rect.minX), Double(origin.y + line.baseline))
                pango_cairo_show_layout_line(cairo, line.line)
            }
            if alpha < 1 {
                cairo_pop_group_to_source(cairo)
                cairo_paint_with_alpha(cairo, Double(alpha))
            }
            cairo_restore(cairo)
        }
    }
}
