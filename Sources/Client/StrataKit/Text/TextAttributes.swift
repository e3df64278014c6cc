import Foundation

/// The attributes text falls back on where an attributed string has none:
/// UIKit's defaults for string drawing, or a label's font and color.
struct TextAttributes {
    var font: UIFont
    var foregroundColor: UIColor
    var paragraphStyle: NSParagraphStyle

    /// UIKit's defaults for NSString and NSAttributedString drawing: 12
    /// points, black, the default paragraph style.
    static var drawingDefaults: TextAttributes {
        TextAttributes(font: .systemFont(ofSize: 12), foregroundColor: .black, paragraphStyle: .default)
    }

    func font(in attributes: [NSAttributedString.Key: Any]) -> UIFont {
        attributes[.font] as? UIFont ?? font
    }

    func paragraphStyle(in attributes: [NSAttributedString.Key: Any]) -> NSParagraphStyle {
        attributes[.paragraphStyle] as? NSParagraphStyle ?? paragraphStyle
    }
}

extension NSAttributedString {
    /// The attributes at `location`, or none for an empty string.
    func attributesOrEmpty(at location: Int) -> [NSAttributedString.Key: Any] {
        guard length > 0 else { return [:] }
        return attributes(at: min(max(0, location), length - 1), effectiveRange: nil)
    }
}
