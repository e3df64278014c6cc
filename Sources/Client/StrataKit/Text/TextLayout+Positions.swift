import CPango
import Foundation

/// Caret positions in text of many lines and paragraphs, for the text
/// view: the caret's rect before a character, the character boundary
/// nearest a point, the line a position is on, and the rects that
/// highlight a range. Offsets are UTF-16 units of the whole laid-out
/// string (NSRange's); points are in the text's coordinates, from the
/// top-left of its first line.
extension TextLayout {
    /// The caret before the character at `offset` (after the last at the
    /// string's length): its x, and the top and height of its line.
    func caretRect(atUTF16Offset offset: Int, of string: String) -> CGRect {
        guard let (paragraph, text, local) = paragraphPosition(atUTF16Offset: offset, of: string) else { return .zero }
        var position = PangoRectangle()
        pango_layout_index_to_pos(paragraph.layout, Int32(Self.byteOffset(ofUTF16Offset: local, in: text)), &position)
        return CGRect(x: paragraph.origin.x + TextSystem.points(position.x), y: paragraph.origin.y + TextSystem.points(position.y),
                      width: 0, height: TextSystem.points(position.height))
    }

    /// The character boundary nearest to `point`: on the line at its
    /// height (the first or last line above or below the text).
    func utf16Offset(nearest point: CGPoint, of string: String) -> Int {
        guard !paragraphs.isEmpty else { return 0 }
        let paragraph = paragraphs.first { ($0.lines.last?.rect.maxY ?? 0) > point.y } ?? paragraphs.last!
        let text = Self.text(of: paragraph, in: string)
        guard !text.isEmpty else { return paragraph.range.location }
        let lines = paragraph.lines
        // Pango clamps a point above or below the layout to its first or last line.
        let y = min(max(point.y, lines.first!.rect.minY), lines.last!.rect.maxY - 0.01) - paragraph.origin.y
        var byteIndex: Int32 = 0
        var trailing: Int32 = 0
        pango_layout_xy_to_index(paragraph.layout, TextSystem.units(point.x - paragraph.origin.x), TextSystem.units(y),
                                 &byteIndex, &trailing)
        let utf8 = text.utf8
        let byte = utf8.index(utf8.startIndex, offsetBy: min(max(0, Int(byteIndex)), utf8.count))
        let scalars = text.unicodeScalars
        var scalar = byte.samePosition(in: scalars) ?? scalars.endIndex
        for _ in 0..<max(0, Int(trailing)) where scalar < scalars.endIndex { scalar = scalars.index(after: scalar) }
        return paragraph.range.location + text.utf16.distance(from: text.utf16.startIndex, to: scalar)
    }

    /// The index in `lines` of the line the caret at `offset` is on.
    func lineIndex(atUTF16Offset offset: Int, of string: String) -> Int {
        let caret = caretRect(atUTF16Offset: offset, of: string)
        let all = lines
        return all.firstIndex { caret.midY < $0.rect.maxY } ?? max(0, all.count - 1)
    }

    /// Rects that highlight `range`, one for each line it touches; a line
    /// the range goes past the end of is highlighted to its end.
    func selectionRects(for range: NSRange, of string: String) -> [CGRect] {
        guard range.length > 0 else { return [] }
        var rects: [CGRect] = []
        let end = range.location + range.length
        for paragraph in paragraphs {
            let paragraphEnd = paragraph.range.location + paragraph.range.length
            guard paragraph.range.location <= end, paragraphEnd >= range.location else { continue }
            let text = Self.text(of: paragraph, in: string)
            let startByte = Self.byteOffset(ofUTF16Offset: max(0, range.location - paragraph.range.location), in: text)
            let endByte = Self.byteOffset(ofUTF16Offset: min(paragraph.range.length, end - paragraph.range.location), in: text)
            let runsPastParagraph = end > paragraphEnd
            for (index, line) in paragraph.lines.enumerated() {
                let lineStart = Int(line.line.pointee.start_index)
                let lineEnd = lineStart + Int(line.line.pointee.length)
                let isLastLine = index == paragraph.lines.count - 1
                let from = max(startByte, lineStart), to = min(endByte, lineEnd)
                // A range starting where a wrapped line ends begins on the next line.
                guard from <= to, from < lineEnd || isLastLine else { continue }
                let continues = endByte > lineEnd || (isLastLine && runsPastParagraph)
                guard from < to || continues else { continue }
                var x1: Int32 = 0, x2: Int32 = 0
                pango_layout_line_index_to_x(line.line, Int32(from), 0, &x1)
                pango_layout_line_index_to_x(line.line, Int32(to), 0, &x2)
                let left = line.rect.minX + TextSystem.points(min(x1, x2))
                var right = line.rect.minX + TextSystem.points(max(x1, x2))
                // The line break is selected too: the highlight reaches past the line's last character.
                if continues { right = max(right, line.rect.maxX, left + 4) }
                rects.append(CGRect(x: left, y: line.rect.minY, width: right - left, height: line.rect.height))
            }
        }
        return rects
    }

    // MARK: Offsets

    /// The paragraph holding `offset`, its text, and the offset inside it.
    private func paragraphPosition(atUTF16Offset offset: Int, of string: String) -> (PlacedParagraph, String, Int)? {
        guard let paragraph = paragraphs.last(where: { $0.range.location <= offset }) ?? paragraphs.first else { return nil }
        let local = min(max(0, offset - paragraph.range.location), paragraph.range.length)
        return (paragraph, Self.text(of: paragraph, in: string), local)
    }

    private static func text(of paragraph: PlacedParagraph, in string: String) -> String {
        (string as NSString).substring(with: paragraph.range)
    }

    /// The UTF-8 offset (Pango's index) of a UTF-16 offset of `text`.
    static func byteOffset(ofUTF16Offset offset: Int, in text: String) -> Int {
        let utf16 = text.utf16
        let index = utf16.index(utf16.startIndex, offsetBy: min(max(0, offset), utf16.count))
        let scalar = index.samePosition(in: text.unicodeScalars) ?? text.unicodeScalars.endIndex
        return text.utf8.distance(from: text.utf8.startIndex, to: scalar)
    }
}
