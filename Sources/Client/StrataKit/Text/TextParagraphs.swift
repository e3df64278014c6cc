import Foundation

/// An attributed string cut into paragraphs, each laid out by its own Pango
/// layout: Pango has one alignment, indent and direction per layout, and
/// UIKit has one per paragraph.
struct TextParagraph {
    /// The paragraph's text without its separator.
    var text: NSAttributedString
    /// The attributes at its start (at its separator when it is empty),
    /// which decide its paragraph style and an empty line's font.
    var leadingAttributes: [NSAttributedString.Key: Any]
    /// Where the paragraph's text is in the whole string (UTF-16 units).
    var range: NSRange

    /// Paragraphs end at LF, CR, CR LF and U+2029, as in UIKit; a string
    /// ending with a separator has an empty last paragraph.
    static func split(_ string: NSAttributedString) -> [TextParagraph] {
        let units = Array(string.string.utf16)
        var paragraphs: [TextParagraph] = []
        var start = 0, index = 0
        func close(at end: Int, separatorLength: Int) {
            let range = NSRange(location: start, length: end - start)
            paragraphs.append(TextParagraph(text: string.attributedSubstring(from: range),
                                            leadingAttributes: string.attributesOrEmpty(at: start), range: range))
            start = end + separatorLength
        }
        while index < units.count {
            switch units[index] {
            case 0x0A, 0x2029:
                close(at: index, separatorLength: 1)
            case 0x0D:
                let length = index + 1 < units.count && units[index + 1] == 0x0A ? 2 : 1
                close(at: index, separatorLength: length)
                index += length - 1
            default:
                break
            }
            index += 1
        }
        close(at: units.count, separatorLength: 0)
        return paragraphs
    }
}
