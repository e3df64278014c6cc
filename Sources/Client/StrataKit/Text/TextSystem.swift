import CCairo
import CPango
import Foundation

/// The one Pango context every measurement and every drawing of text uses,
/// so a string is laid out the same whether it is measured or drawn, at any
/// scale: positions are in points, unhinted and unrounded, and only the
/// glyph images depend on the scale of the context they are drawn into.
enum TextSystem {
    /// Fontconfig's fonts through pangocairo (the process-wide font map).
    nonisolated(unsafe) static let fontMap: UnsafeMutablePointer<PangoFontMap> = pango_cairo_font_map_get_default()

    nonisolated(unsafe) static let context: OpaquePointer = {
        let context = pango_font_map_create_context(fontMap)!
        // Hinted metrics would snap advances to the pixels of one scale, and
        // a label measured at 1× would then not fit its text drawn at 2×.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }()

    /// Points to Pango units and back (Pango counts 1/1024 of a point).
    static func units(_ points: CGFloat) -> Int32 {
        Int32(clamping: Int((points * CGFloat(PANGO_SCALE)).rounded()))
    }

    static func points(_ units: Int32) -> CGFloat {
        CGFloat(units) / CGFloat(PANGO_SCALE)
    }
}
