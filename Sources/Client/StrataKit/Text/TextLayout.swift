import CPango
import Foundation

/// An attributed string laid out by Pango in a container: its lines, their
/// positions in points from the top-left of the text, and its size. The
/// one layout both measures and draws, so the two always agree.
final class TextLayout {
    /// A laid-out paragraph and the part of it that is shown.
    struct PlacedParagraph {
        let layout: OpaquePointer
        let lines: [Line]
        /// The paragraph's text in the laid-out string (UTF-16 units), and
        /// where the top-left of its Pango layout is in the text's coordinates.
        var range = NSRange(location: 0, length: 0)
        var origin = CGPoint.zero
    }

    /// A shown line, in the coordinates of the whole text.
    struct Line {
        let line: UnsafeMutablePointer<PangoLayoutLine>
        /// The line box (advances and the fonts' ascent plus descent).
        let rect: CGRect
        let baseline: CGFloat
    }

    private(set) var paragraphs: [PlacedParagraph] = []
    /// Every line of the text is shown (no limit cut any).
    private(set) var isComplete = true

    var lines: [Line] { paragraphs.flatMap(\.lines) }

    /// Characters no installed font has a glyph for (drawn as boxes).
    var unknownGlyphCount: Int { paragraphs.reduce(0) { $0 + Int(pango_layout_get_unknown_glyphs_count($1.layout)) } }

    /// Pango replaced part of a shown line with an ellipsis.
    var isEllipsized: Bool { paragraphs.contains { pango_layout_is_ellipsized($0.layout) != 0 } }

    /// The union of the shown line boxes; its size is the text's size.
    var usedRect: CGRect {
        lines.reduce(CGRect.null) { $0.union($1.rect) }.standardizedOrZero
    }

    init(_ string: NSAttributedString, in container: TextContainer, defaults: TextAttributes) {
        var top: CGFloat = 0
        var shownLines = 0
        let texts = TextParagraph.split(string)
        for (index, paragraph) in texts.enumerated() {
            let style = defaults.paragraphStyle(in: paragraph.leadingAttributes)
            let mode = container.lineBreakMode ?? style.lineBreakMode
            let layout = makeLayout(paragraph, style: style, mode: mode, container: container, defaults: defaults)
            var lines = Self.lines(of: layout, top: top)

            // The lines still allowed by the line limit and by the height.
            var allowed = lines.count
            if container.maximumNumberOfLines > 0 { allowed = min(allowed, container.maximumNumberOfLines - shownLines) }
            if let height = container.maximumHeight {
                let fitting = lines.prefix { $0.rect.maxY <= height + 0.001 }.count
                allowed = min(allowed, max(fitting, shownLines == 0 ? 1 : 0))
            }
            if allowed <= 0 {
                g_object_unref(UnsafeMutableRawPointer(layout))
                isComplete = false
                break
            }
            if allowed < lines.count {
                isComplete = false
                if mode.truncates {
                    // The paragraph's last shown line takes the rest of it, ellipsized.
                    pango_layout_set_ellipsize(layout, Self.ellipsize(mode))
                    pango_layout_set_height(layout, -Int32(allowed))
                    lines = Self.lines(of: layout, top: top)
                }
                lines = Array(lines.prefix(allowed))
            }
            let shift = horizontalShift(of: layout, style: style, container: container)
            let shifted = lines.map { Line(line: $0.line, rect: $0.rect.offsetBy(dx: shift, dy: 0), baseline: $0.baseline) }
            paragraphs.append(PlacedParagraph(layout: layout, lines: shifted, range: paragraph.range,
                                              origin: CGPoint(x: shift, y: top)))
            shownLines += shifted.count
            if !isComplete { break }
            if index < texts.count - 1 {
                top = shifted.last!.rect.maxY + style.lineSpacing + style.paragraphSpacing
            }
        }
        alignParagraphsWithoutWidth(container: container)
    }

    deinit {
        for paragraph in paragraphs { g_object_unref(UnsafeMutableRawPointer(paragraph.layout)) }
    }

    // MARK: Building a paragraph's layout

    private func makeLayout(_ paragraph: TextParagraph, style: NSParagraphStyle, mode: NSLineBreakMode,
                            container: TextContainer, defaults: TextAttributes) -> OpaquePointer {
        let layout = pango_layout_new(TextSystem.context)!
        let text = paragraph.text.string
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        // An empty paragraph still has the height of its font.
        pango_layout_set_font_description(layout, defaults.font(in: paragraph.leadingAttributes).pangoDescription)
        let attributes = PangoAttributeList.make(for: paragraph.text, defaults: defaults)
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)

        pango_layout_set_auto_dir(layout, 1)
        pango_layout_set_wrap(layout, mode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        pango_layout_set_spacing(layout, TextSystem.units(style.lineSpacing))
        // Pango's indent is the first line's, relative to the others.
        pango_layout_set_indent(layout, TextSystem.units(style.firstLineHeadIndent - style.headIndent))
        if let width = lineWidth(style: style, container: container) {
            pango_layout_set_width(layout, TextSystem.units(max(0, width)))
        }
        let isRightToLeft = Self.isRightToLeft(layout)
        pango_layout_set_alignment(layout, Self.pangoAlignment(style.alignment, rightToLeft: isRightToLeft))
        pango_layout_set_justify(layout, style.alignment == .justified ? 1 : 0)
        return layout
    }

    /// The width lines wrap at, less the indents; nil: no wrapping.
    private func lineWidth(style: NSParagraphStyle, container: TextContainer) -> CGFloat? {
        let leading = min(style.firstLineHeadIndent, style.headIndent)
        if style.tailIndent > 0 { return style.tailIndent - leading }
        guard let width = container.width else { return nil }
        return width + style.tailIndent - leading
    }

    /// Where the layout's left edge is: after the leading indent, which is
    /// on the right for right-to-left paragraphs.
    private func horizontalShift(of layout: OpaquePointer, style: NSParagraphStyle, container: TextContainer) -> CGFloat {
        let leading = min(style.firstLineHeadIndent, style.headIndent)
        guard Self.isRightToLeft(layout) else { return leading }
        guard let width = container.width, let lineWidth = lineWidth(style: style, container: container) else { return 0 }
        return width - leading - lineWidth
    }

    /// Without a width each paragraph is as wide as its widest line; they are
    /// aligned within the widest paragraph, as UIKit aligns them in the text's bounds.
    private func alignParagraphsWithoutWidth(container: TextContainer) {
        guard container.width == nil, paragraphs.count > 1 else { return }
        let width = usedRect.maxX
        paragraphs = paragraphs.map { paragraph in
            let used = paragraph.lines.reduce(CGRect.null) { $0.union($1.rect) }
            // The layout's alignment, as Pango reads it for the paragraph's direction.
            let alignment = pango_layout_get_alignment(paragraph.layout)
            let end = alignment == (Self.isRightToLeft(paragraph.layout) ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
            let center = alignment == PANGO_ALIGN_CENTER
            let room = width - used.maxX
            let dx = end ? room : center ? room / 2 : 0
            guard dx > 0 else { return paragraph }
            return PlacedParagraph(layout: paragraph.layout,
                                   lines: paragraph.lines.map { Line(line: $0.line, rect: $0.rect.offsetBy(dx: dx, dy: 0),
                                                                     baseline: $0.baseline) },
                                   range: paragraph.range, origin: CGPoint(x: paragraph.origin.x + dx, y: paragraph.origin.y))
        }
    }

    // MARK: Pango values

    private static func lines(of layout: OpaquePointer, top: CGFloat) -> [Line] {
        var lines: [Line] = []
        let iterator = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let rect = CGRect(x: TextSystem.points(logical.x), y: top + TextSystem.points(logical.y),
                              width: TextSystem.points(logical.width), height: TextSystem.points(logical.height))
            lines.append(Line(line: pango_layout_iter_get_line_readonly(iterator),
                              rect: rect, baseline: top + TextSystem.points(pango_layout_iter_get_baseline(iterator))))
        } while pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    /// Whether the paragraph's base direction (its first strong character's,
    /// which Pango resolves with auto_dir) is right to left.
    static func isRightToLeft(_ layout: OpaquePointer) -> Bool {
        guard let first = pango_layout_get_line_readonly(layout, 0) else { return false }
        return first.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue
    }

    /// Pango swaps left and right for right-to-left paragraphs (auto_dir), so
    /// natural is its left, and UIKit's absolute left and right are swapped back.
    private static func pangoAlignment(_ alignment: NSTextAlignment, rightToLeft: Bool) -> PangoAlignment {
        switch alignment {
        case .natural, .justified: return PANGO_ALIGN_LEFT
        case .center: return PANGO_ALIGN_CENTER
        case .left: return rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        case .right: return rightToLeft ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
        }
    }

    private static func ellipsize(_ mode: NSLineBreakMode) -> PangoEllipsizeMode {
        switch mode {
        case .byTruncatingHead: return PANGO_ELLIPSIZE_START
        case .byTruncatingMiddle: return PANGO_ELLIPSIZE_MIDDLE
        default: return PANGO_ELLIPSIZE_END
        }
    }
}

extension CGRect {
    /// The rect, or a zero rect at the origin when it is null.
    fileprivate var standardizedOrZero: CGRect { isNull ? .zero : standardized }
}
