import Foundation

/// UIKit's fixed colors, with the component values UIKit documents.
extension UIColor {
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }
}

/// The system colors in their light-appearance values (no dark mode here).
extension UIColor {
    private static func srgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }
    public class var systemRed: UIColor { srgb(255, 59, 48) }
    public class var systemGreen: UIColor { srgb(52, 199, 89) }
    public class var systemBlue: UIColor { srgb(0, 122, 255) }
    public class var systemOrange: UIColor { srgb(255, 149, 0) }
    public class var systemYellow: UIColor { srgb(255, 204, 0) }
    public class var systemPink: UIColor { srgb(255, 45, 85) }
    public class var systemPurple: UIColor { srgb(175, 82, 222) }
    public class var systemTeal: UIColor { srgb(48, 176, 199) }
    public class var systemIndigo: UIColor { srgb(88, 86, 214) }
    public class var systemGray: UIColor { srgb(142, 142, 147) }
    public class var systemGray2: UIColor { srgb(174, 174, 178) }
    public class var systemGray3: UIColor { srgb(199, 199, 204) }
    public class var systemGray4: UIColor { srgb(209, 209, 214) }
    public class var systemGray5: UIColor { srgb(229, 229, 234) }
    public class var systemGray6: UIColor { srgb(242, 242, 247) }
    public class var systemBackground: UIColor { .white }
    public class var secondarySystemBackground: UIColor { srgb(242, 242, 247) }
    public class var systemGroupedBackground: UIColor { srgb(242, 242, 247) }
    public class var label: UIColor { .black }
    public class var secondaryLabel: UIColor { srgb(60, 60, 67, 0.6) }
    public class var tertiaryLabel: UIColor { srgb(60, 60, 67, 0.3) }
    public class var placeholderText: UIColor { srgb(60, 60, 67, 0.3) }
    public class var separator: UIColor { srgb(60, 60, 67, 0.29) }
    public class var link: UIColor { srgb(0, 122, 255) }
    public class var tintColor: UIColor { .systemBlue }
}
