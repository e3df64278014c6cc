import Foundation

/// The system fonts: fontconfig's "sans-serif" and "monospace", the families
/// a Linux desktop configures for its interface, as San Francisco is iOS's.
extension UIFont {
    static let systemFamily = "sans-serif"
    static let monospacedFamily = "monospace"

    public class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(family: systemFamily, weight: weight.openType, isItalic: false, size: fontSize)
    }

    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(family: systemFamily, weight: Weight.regular.openType, isItalic: true, size: fontSize)
    }

    public class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(family: monospacedFamily, weight: weight.openType, isItalic: false, size: fontSize)
    }

    /// UIKit's default label and text size.
    public class var labelFontSize: CGFloat { 17 }
    public class var systemFontSize: CGFloat { 14 }
    public class var smallSystemFontSize: CGFloat { 12 }
    public class var buttonFontSize: CGFloat { 18 }
}
