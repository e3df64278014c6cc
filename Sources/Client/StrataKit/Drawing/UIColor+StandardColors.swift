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

/// The system colors, dynamic: UIKit's published light and dark values.
extension UIColor {
    private static func srgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    private static func dynamic(_ light: UIColor, _ dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }

    public class var systemRed: UIColor { dynamic(srgb(255, 59, 48), srgb(255, 69, 58)) }
    public class var systemGreen: UIColor { dynamic(srgb(52, 199, 89), srgb(48, 209, 88)) }
    public class var systemBlue: UIColor { dynamic(srgb(0, 122, 255), srgb(10, 132, 255)) }
    public class var systemOrange: UIColor { dynamic(srgb(255, 149, 0), srgb(255, 159, 10)) }
    public class var systemYellow: UIColor { dynamic(srgb(255, 204, 0), srgb(255, 214, 10)) }
    public class var systemPink: UIColor { dynamic(srgb(255, 45, 85), srgb(255, 55, 95)) }
    public class var systemPurple: UIColor { dynamic(srgb(175, 82, 222), srgb(191, 90, 242)) }
    public class var systemTeal: UIColor { dynamic(srgb(48, 176, 199), srgb(64, 200, 224)) }
    public class var systemIndigo: UIColor { dynamic(srgb(88, 86, 214), srgb(94, 92, 230)) }
    public class var systemGray: UIColor { srgb(142, 142, 147) }
    public class var systemGray2: UIColor { dynamic(srgb(174, 174, 178), srgb(99, 99, 102)) }
    public class var systemGray3: UIColor { dynamic(srgb(199, 199, 204), srgb(72, 72, 74)) }
    public class var systemGray4: UIColor { dynamic(srgb(209, 209, 214), srgb(58, 58, 60)) }
    public class var systemGray5: UIColor { dynamic(srgb(229, 229, 234), srgb(44, 44, 46)) }
    public class var systemGray6: UIColor { dynamic(srgb(242, 242, 247), srgb(28, 28, 30)) }
    public class var systemBackground: UIColor { dynamic(.white, .black) }
    public class var secondarySystemBackground: UIColor { dynamic(srgb(242, 242, 247), srgb(28, 28, 30)) }
    public class var tertiarySystemBackground: UIColor { dynamic(.white, srgb(44, 44, 46)) }
    public class var systemGroupedBackground: UIColor { dynamic(srgb(242, 242, 247), .black) }
    public class var secondarySystemGroupedBackground: UIColor { dynamic(.white, srgb(28, 28, 30)) }
    public class var tertiarySystemGroupedBackground: UIColor { dynamic(srgb(242, 242, 247), srgb(44, 44, 46)) }
    public class var label: UIColor { dynamic(.black, .white) }
    public class var secondaryLabel: UIColor { dynamic(srgb(60, 60, 67, 0.6), srgb(235, 235, 245, 0.6)) }
    public class var tertiaryLabel: UIColor { dynamic(srgb(60, 60, 67, 0.3), srgb(235, 235, 245, 0.3)) }
    public class var quaternaryLabel: UIColor { dynamic(srgb(60, 60, 67, 0.18), srgb(235, 235, 245, 0.16)) }
    public class var placeholderText: UIColor { dynamic(srgb(60, 60, 67, 0.3), srgb(235, 235, 245, 0.3)) }
    public class var separator: UIColor { dynamic(srgb(60, 60, 67, 0.29), srgb(84, 84, 88, 0.6)) }
    public class var opaqueSeparator: UIColor { dynamic(srgb(198, 198, 200), srgb(56, 56, 58)) }
    public class var link: UIColor { dynamic(srgb(0, 122, 255), srgb(9, 132, 255)) }
    public class var systemFill: UIColor { dynamic(srgb(120, 120, 128, 0.2), srgb(120, 120, 128, 0.36)) }
    public class var secondarySystemFill: UIColor { dynamic(srgb(120, 120, 128, 0.16), srgb(120, 120, 128, 0.32)) }
    public class var tintColor: UIColor { .systemBlue }
}
