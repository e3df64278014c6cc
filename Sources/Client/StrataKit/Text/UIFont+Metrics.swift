import CPango
import Foundation

/// Vertical metrics, in points, as Pango lays lines out with them: a line of
/// this font is `lineHeight` tall, its baseline `ascender` below its top.
extension UIFont {
    private var metrics: (ascent: CGFloat, descent: CGFloat) {
        let metrics = pango_context_get_metrics(TextSystem.context, pangoDescription, nil)
        defer { pango_font_metrics_unref(metrics) }
        return (TextSystem.points(pango_font_metrics_get_ascent(metrics)),
                TextSystem.points(pango_font_metrics_get_descent(metrics)))
    }

    /// Top of the line to the baseline.
    public var ascender: CGFloat { metrics.ascent }
    /// Baseline to the bottom of the line; negative, as in UIKit.
    public var descender: CGFloat { -metrics.descent }
    /// Extra space between lines the font asks for; lines here have none.
    public var leading: CGFloat { 0 }
    public var lineHeight: CGFloat { ascender - descender + leading }

    /// The ink height of a capital and of a lowercase x above the baseline,
    /// measured from the font's own glyphs.
    public var capHeight: CGFloat { inkHeightAboveBaseline(of: "H") }
    public var xHeight: CGFloat { inkHeightAboveBaseline(of: "x") }

    private func inkHeightAboveBaseline(of glyph: String) -> CGFloat {
        let layout = pango_layout_new(TextSystem.context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, pangoDescription)
        pango_layout_set_text(layout, glyph, -1)
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        return TextSystem.points(pango_layout_get_baseline(layout) - ink.y)
    }
}
