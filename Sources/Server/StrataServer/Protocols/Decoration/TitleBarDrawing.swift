import CCairo
import CPango
import StrataRender

/// Draws a title bar into an image with cairo, its title laid out by Pango
/// (the server's only text): a dark bar, the title at the left, ellipsized
/// before the buttons, and the minimize, maximize (restore when maximized)
/// and close glyphs at the right.
enum TitleBarDrawing {
    /// What a bar shows; the image is drawn again only when this changes.
    struct Content: Equatable {
        var title: String
        var width: Int
        var active: Bool
        var maximized: Bool
    }

    static let activeColor = (r: 0.16, g: 0.17, b: 0.20)
    static let inactiveColor = (r: 0.27, g: 0.28, b: 0.30)
    /// Title and glyphs: white on the focused window, grey on the others.
    static let activeInk = (r: 0.95, g: 0.95, b: 0.95)
    static let inactiveInk = (r: 0.62, g: 0.63, b: 0.65)
    /// Pixels of text, in points: near GNOME's title size.
    static let fontSize = 13.0

    /// The bar of `content.width`×`height` points, at `scale` pixels a point.
    static func image(of content: Content, height: Double, scale: Double) -> LayerImage {
        let pixelWidth = max(Int((Double(max(content.width, 1)) * scale).rounded()), 1)
        let pixelHeight = max(Int((height * scale).rounded()), 1)
        let image = LayerImage(width: pixelWidth, height: pixelHeight, hasAlpha: false)
        // An opaque LayerImage is x8r8g8b8, cairo's RGB24: cairo draws straight into its pixels.
        let surface = cairo_image_surface_create_for_data(image.data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                          Int32(pixelWidth), Int32(pixelHeight), Int32(image.stride))
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        let width = Double(content.width)
        let bar = content.active ? activeColor : inactiveColor
        let ink = content.active ? activeInk : inactiveInk
        cairo_set_source_rgb(cr, bar.r, bar.g, bar.b)
        cairo_paint(cr)

        // The title, vertically centered, ellipsized before the three buttons.
        let titleWidth = width - 3 * TitleBar.buttonWidth - 16
        if titleWidth > 8, !content.title.isEmpty {
            let layout = pango_cairo_create_layout(cr)!
            let font = pango_font_description_from_string("Sans Bold")!
            pango_font_description_set_absolute_size(font, fontSize * Double(PANGO_SCALE))
            pango_layout_set_font_description(layout, font)
            pango_font_description_free(font)
            pango_layout_set_text(layout, content.title, -1)
            pango_layout_set_width(layout, Int32(titleWidth * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_single_paragraph_mode(layout, 1)
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let textHeight = Double(logical.height) / Double(PANGO_SCALE)
            cairo_set_source_rgb(cr, ink.r, ink.g, ink.b)
            cairo_move_to(cr, 10, ((height - textHeight) / 2).rounded())
            pango_cairo_show_layout(cr, layout)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }

        // The buttons' glyphs, 10 points square, centered in their squares.
        cairo_set_source_rgb(cr, ink.r, ink.g, ink.b)
        cairo_set_line_width(cr, 1.5)
        func center(_ index: Double) -> (x: Double, y: Double) {
            (width - TitleBar.buttonWidth * (index + 0.5), height / 2)
        }
        let close = center(0)
        cairo_move_to(cr, close.x - 5, close.y - 5); cairo_line_to(cr, close.x + 5, close.y + 5)
        cairo_move_to(cr, close.x + 5, close.y - 5); cairo_line_to(cr, close.x - 5, close.y + 5)
        cairo_stroke(cr)
        let maximize = center(1)
        if content.maximized {
            // Restore: two overlapping squares.
            cairo_rectangle(cr, maximize.x - 5, maximize.y - 2, 7, 7)
            cairo_move_to(cr, maximize.x - 2, maximize.y - 2); cairo_line_to(cr, maximize.x - 2, maximize.y - 5)
            cairo_line_to(cr, maximize.x + 5, maximize.y - 5); cairo_line_to(cr, maximize.x + 5, maximize.y + 2)
            cairo_line_to(cr, maximize.x + 2, maximize.y + 2)
        } else {
            cairo_rectangle(cr, maximize.x - 5, maximize.y - 5, 10, 10)
        }
        cairo_stroke(cr)
        let minimize = center(2)
        cairo_move_to(cr, minimize.x - 5, minimize.y + 4); cairo_line_to(cr, minimize.x + 5, minimize.y + 4)
        cairo_stroke(cr)

        cairo_destroy(cr)
        cairo_surface_flush(surface)
        cairo_surface_destroy(surface)
        image.addDamage(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        return image
    }
}
