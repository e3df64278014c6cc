import Foundation

extension UIFont {
    /// UIKit's Dynamic Type styles, with UIKit's raw values.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle("UICTFontTextStyleTitle0")
        public static let title1 = TextStyle("UICTFontTextStyleTitle1")
        public static let title2 = TextStyle("UICTFontTextStyleTitle2")
        public static let title3 = TextStyle("UICTFontTextStyleTitle3")
        public static let headline = TextStyle("UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle("UICTFontTextStyleSubhead")
        public static let body = TextStyle("UICTFontTextStyleBody")
        public static let callout = TextStyle("UICTFontTextStyleCallout")
        public static let footnote = TextStyle("UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle("UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle("UICTFontTextStyleCaption2")

        /// Size and weight at the default ("Large") content size, from
        /// Apple's Human Interface Guidelines, Typography, "iOS, iPadOS
        /// Dynamic Type sizes".
        var defaultFont: (size: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: return (34, .regular)
            case .title1: return (28, .regular)
            case .title2: return (22, .regular)
            case .title3: return (20, .regular)
            case .headline: return (17, .semibold)
            case .callout: return (16, .regular)
            case .subheadline: return (15, .regular)
            case .footnote: return (13, .regular)
            case .caption1: return (12, .regular)
            case .caption2: return (11, .regular)
            default: return (17, .regular)  // .body and unknown styles
            }
        }
    }

    /// The system font for `style` at the default content size (there is no
    /// user text-size setting on this platform yet).
    public class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        let font = style.defaultFont
        return systemFont(ofSize: font.size, weight: font.weight)
    }
}
