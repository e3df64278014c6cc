import CPango
import Foundation

/// Caret positions in one line of text, for the text field: where the caret
/// goes before a character, and which character boundary a point is
/// nearest. Offsets are in UTF-16 units of the laid-out string (NSRange's),
/// positions in points from the left of the text.
extension TextLayout {
    /// The x of the caret before the character at `offset` (after the last at its length).
    func caretX(atUTF16Offset offset: Int, of string: String) -> CGFloat {
        guard let paragraph = paragraphs.first else { return 0 }
        let utf16 = string.utf16
        let clamped = min(max(0, offset), utf16.count)
        let index = utf16.index(utf16.startIndex, offsetBy: clamped).samePosition(in: string.unicodeScalars)
            ?? string.unicodeScalars.endIndex
        let byteOffset = string.utf8.distance(from: string.utf8.startIndex, to: index)
        var position = PangoRectangle()
        pango_layout_index_to_pos(paragraph.layout, Int32(byteOffset), &position)
        return (paragraph.lines.first?.rect.minX ?? 0) + TextSystem.points(position.x)
    }

    /// The UTF-16 offset of the character boundary nearest to `x`.
    func utf16Offset(nearestX x: CGFloat, of string: String) -> Int {
        guard let paragraph = paragraphs.first, !string.isEmpty else { return 0 }
        let left = paragraph.lines.first?.rect.minX ?? 0
        var byteIndex: Int32 = 0
        var trailing: Int32 = 0
        pango_layout_xy_to_index(paragraph.layout, TextSystem.units(x - left), 0, &byteIndex, &trailing)
        let utf8 = string.utf8
        let byte = utf8.index(utf8.startIndex, offsetBy: min(max(0, Int(byteIndex)), utf8.count))
        // Pango names the grapheme; `trailing` counts its characters when the point is past its middle.
        var scalar = byte.samePosition(in: string.unicodeScalars) ?? string.unicodeScalars.endIndex
        let scalars = string.unicodeScalars
        for _ in 0..<max(0, Int(trailing)) where scalar < scalars.endIndex { scalar = scalars.index(after: scalar) }
        return string.utf16.distance(from: string.utf16.startIndex, to: scalar)
    }
}
