import Foundation

/// UIKit's attribute names, with UIKit's raw values, on Foundation's own
/// NSAttributedString.Key (see README: Foundation's attributed strings are used).
extension NSAttributedString.Key {
    /// A UIFont; the system font of 12 points when absent, as in UIKit.
    public static let font = NSAttributedString.Key("NSFont")
    /// A UIColor; black when absent.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A UIColor painted behind the glyphs' line boxes.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// An NSParagraphStyle; the paragraph's first character's style applies to all of it.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// Points added after each character (a number).
    public static let kern = NSAttributedString.Key("NSKern")
    /// An NSUnderlineStyle or its raw Int.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// An NSUnderlineStyle or its raw Int.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// A URL or String; drawn in the link color.
    public static let link = NSAttributedString.Key("NSLink")
}
