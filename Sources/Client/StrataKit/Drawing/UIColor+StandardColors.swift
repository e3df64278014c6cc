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
    fileprivate static func srgb(_ r: Int, _ g: Int, _ b: Int, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: a)
    }

    fileprivate static func dynamic(_ light: UIColor, _ dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }

    public class var systemRed: UIColor { SystemColors.systemRed }
    public class var systemGreen: UIColor { SystemColors.systemGreen }
    public class var systemBlue: UIColor { SystemColors.systemBlue }
    public class var systemOrange: UIColor { SystemColors.systemOrange }
    public class var systemYellow: UIColor { SystemColors.systemYellow }
    public class var systemPink: UIColor { SystemColors.systemPink }
    public class var systemPurple: UIColor { SystemColors.systemPurple }
    public class var systemTeal: UIColor { SystemColors.systemTeal }
    public class var systemIndigo: UIColor { SystemColors.systemIndigo }
    public class var systemGray: UIColor { srgb(142, 142, 147) }
    public class var systemGray2: UIColor { SystemColors.systemGray2 }
    public class var systemGray3: UIColor { SystemColors.systemGray3 }
    public class var systemGray4: UIColor { SystemColors.systemGray4 }
    public class var systemGray5: UIColor { SystemColors.systemGray5 }
    public class var systemGray6: UIColor { SystemColors.systemGray6 }
    public class var systemBackground: UIColor { SystemColors.systemBackground }
    public class var secondarySystemBackground: UIColor { SystemColors.secondarySystemBackground }
    public class var tertiarySystemBackground: UIColor { SystemColors.tertiarySystemBackground }
    public class var systemGroupedBackground: UIColor { SystemColors.systemGroupedBackground }
    public class var secondarySystemGroupedBackground: UIColor { SystemColors.secondarySystemGroupedBackground }
    public class var tertiarySystemGroupedBackground: UIColor { SystemColors.tertiarySystemGroupedBackground }
    public class var label: UIColor { SystemColors.label }
    public class var secondaryLabel: UIColor { SystemColors.secondaryLabel }
    public class var tertiaryLabel: UIColor { SystemColors.tertiaryLabel }
    public class var quaternaryLabel: UIColor { SystemColors.quaternaryLabel }
    public class var placeholderText: UIColor { SystemColors.placeholderText }
    public class var separator: UIColor { SystemColors.separator }
    public class var opaqueSeparator: UIColor { SystemColors.opaqueSeparator }
    public class var link: UIColor { SystemColors.link }
    public class var systemFill: UIColor { SystemColors.systemFill }
    public class var secondarySystemFill: UIColor { SystemColors.secondarySystemFill }
    public class var tintColor: UIColor { .systemBlue }
}

/// The dynamic system colors, made once.
private enum SystemColors {
    nonisolated(unsafe) static let systemRed = UIColor.dynamic(UIColor.srgb(255, 59, 48), UIColor.srgb(255, 69, 58))
    nonisolated(unsafe) static let systemGreen = UIColor.dynamic(UIColor.srgb(52, 199, 89), UIColor.srgb(48, 209, 88))
    nonisolated(unsafe) static let systemBlue = UIColor.dynamic(UIColor.srgb(0, 122, 255), UIColor.srgb(10, 132, 255))
    nonisolated(unsafe) static let systemOrange = UIColor.dynamic(UIColor.srgb(255, 149, 0), UIColor.srgb(255, 159, 10))
    nonisolated(unsafe) static let systemYellow = UIColor.dynamic(UIColor.srgb(255, 204, 0), UIColor.srgb(255, 214, 10))
    nonisolated(unsafe) static let systemPink = UIColor.dynamic(UIColor.srgb(255, 45, 85), UIColor.srgb(255, 55, 95))
    nonisolated(unsafe) static let systemPurple = UIColor.dynamic(UIColor.srgb(175, 82, 222), UIColor.srgb(191, 90, 242))
    nonisolated(unsafe) static let systemTeal = UIColor.dynamic(UIColor.srgb(48, 176, 199), UIColor.srgb(64, 200, 224))
    nonisolated(unsafe) static let systemIndigo = UIColor.dynamic(UIColor.srgb(88, 86, 214), UIColor.srgb(94, 92, 230))
    nonisolated(unsafe) static let systemGray2 = UIColor.dynamic(UIColor.srgb(174, 174, 178), UIColor.srgb(99, 99, 102))
    nonisolated(unsafe) static let systemGray3 = UIColor.dynamic(UIColor.srgb(199, 199, 204), UIColor.srgb(72, 72, 74))
    nonisolated(unsafe) static let systemGray4 = UIColor.dynamic(UIColor.srgb(209, 209, 214), UIColor.srgb(58, 58, 60))
    nonisolated(unsafe) static let systemGray5 = UIColor.dynamic(UIColor.srgb(229, 229, 234), UIColor.srgb(44, 44, 46))
    nonisolated(unsafe) static let systemGray6 = UIColor.dynamic(UIColor.srgb(242, 242, 247), UIColor.srgb(28, 28, 30))
    nonisolated(unsafe) static let systemBackground = UIColor.dynamic(UIColor.white, UIColor.black)
    nonisolated(unsafe) static let secondarySystemBackground = UIColor.dynamic(UIColor.srgb(242, 242, 247), UIColor.srgb(28, 28, 30))
    nonisolated(unsafe) static let tertiarySystemBackground = UIColor.dynamic(UIColor.white, UIColor.srgb(44, 44, 46))
    nonisolated(unsafe) static let systemGroupedBackground = UIColor.dynamic(UIColor.srgb(242, 242, 247), UIColor.black)
    nonisolated(unsafe) static let secondarySystemGroupedBackground = UIColor.dynamic(UIColor.white, UIColor.srgb(28, 28, 30))
    nonisolated(unsafe) static let tertiarySystemGroupedBackground = UIColor.dynamic(UIColor.srgb(242, 242, 247), UIColor.srgb(44, 44, 46))
    nonisolated(unsafe) static let label = UIColor.dynamic(UIColor.black, UIColor.white)
    nonisolated(unsafe) static let secondaryLabel = UIColor.dynamic(UIColor.srgb(60, 60, 67, 0.6), UIColor.srgb(235, 235, 245, 0.6))
    nonisolated(unsafe) static let tertiaryLabel = UIColor.dynamic(UIColor.srgb(60, 60, 67, 0.3), UIColor.srgb(235, 235, 245, 0.3))
    nonisolated(unsafe) static let quaternaryLabel = UIColor.dynamic(UIColor.srgb(60, 60, 67, 0.18), UIColor.srgb(235, 235, 245, 0.16))
    nonisolated(unsafe) static let placeholderText = UIColor.dynamic(UIColor.srgb(60, 60, 67, 0.3), UIColor.srgb(235, 235, 245, 0.3))
    nonisolated(unsafe) static let separator = UIColor.dynamic(UIColor.srgb(60, 60, 67, 0.29), UIColor.srgb(84, 84, 88, 0.6))
    nonisolated(unsafe) static let opaqueSeparator = UIColor.dynamic(UIColor.srgb(198, 198, 200), UIColor.srgb(56, 56, 58))
    nonisolated(unsafe) static let link = UIColor.dynamic(UIColor.srgb(0, 122, 255), UIColor.srgb(9, 132, 255))
    nonisolated(unsafe) static let systemFill = UIColor.dynamic(UIColor.srgb(120, 120, 128, 0.2), UIColor.srgb(120, 120, 128, 0.36))
    nonisolated(unsafe) static let secondarySystemFill = UIColor.dynamic(UIColor.srgb(120, 120, 128, 0.16), UIColor.srgb(120, 120, 128, 0.32))
}
