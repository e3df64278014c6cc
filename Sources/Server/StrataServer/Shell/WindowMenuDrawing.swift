import CCairo
import CPango
import StrataProtocol
import StrataRender

/// Draws the window menu with cairo, its items' titles laid out by Pango,
/// in the title bars' colours: a dark panel with a light border, one item
/// a row, the highlighted one on a lighter band.
enum WindowMenuDrawing {
    static let background = (r: 0.16, g: 0.17, b: 0.20)
    static let border = (r: 0.36, g: 0.37, b: 0.40)
    static let highlight = (r: 0.24, g: 0.42, b: 0.78)
    static let ink = (r: 0.95, g: 0.95, b: 0.95)

    static func image(titles: [String], highlighted: Int?, size: Size, itemHeight: Double, padding: Double,
                      scale: Double) -> LayerImage {
        let pixelWidth = max(Int((size.width * scale).rounded()), 1)
        let pixelHeight = max(Int((size.height * scale).rounded()), 1)
        let image = LayerImage(width: pixelWidth, height: pixelHeight, hasAlpha: false)
        // An opaque LayerImage is x8r8g8b8, cairo's RGB24: cairo draws straight into its pixels.
        let surface = cairo_image_surface_create_for_data(image.data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                          Int32(pixelWidth), Int32(pixelHeight), Int32(image.stride))
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        cairo_set_source_rgb(cr, border.r, border.g, border.b)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, background.r, background.g, background.b)
        cairo_rectangle(cr, 1, 1, size.width - 2, size.height - 2)
        cairo_fill(cr)

        let layout = pango_cairo_create_layout(cr)!
        let font = pango_font_description_from_string("Sans")!
        pango_font_description_set_absolute_size(font, TitleBarDrawing.fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        for (index, title) in titles.enumerated() {
            let top = padding + Double(index) * itemHeight
            if index == highlighted {
                cairo_set_source_rgb(cr, highlight.r, highlight.g, highlight.b)
                cairo_rectangle(cr, 1, top, size.width - 2, itemHeight)
                cairo_fill(cr)
            }
            pango_layout_set_text(layout, title, -1)
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let textHeight = Double(logical.height) / Double(PANGO_SCALE)
            cairo_set_source_rgb(cr, ink.r, ink.g, ink.b)
            cairo_move_to(cr, 14, (top + (itemHeight - textHeight) / 2).rounded())
            pango_cairo_show_layout(cr, layout)
        }
        g_object_unref(UnsafeMutableRawPointer(layout))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
        image.addDamage(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        return image
    }
}
