import Foundation
import StrataProtocol

/// An effect a `UIVisualEffectView` applies: a blur of what lies behind
/// it (`UIBlurEffect`) or vibrancy for the content on a blur (`UIVibrancyEffect`).
open class UIVisualEffect: Equatable {
    public init() {}

    public static func == (a: UIVisualEffect, b: UIVisualEffect) -> Bool { a.isEqual(to: b) }

    func isEqual(to other: UIVisualEffect) -> Bool { type(of: self) == type(of: other) }
}

/// A blur of the content behind a visual effect view, in one of UIKit's
/// styles: the classic light, dark and prominent ones, and the materials
/// of iOS 13, which follow the appearance unless they name one.
open class UIBlurEffect: UIVisualEffect {
    public enum Style: Int, Sendable {
        case extraLight = 0, light, dark
        case regular = 4, prominent
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    override func isEqual(to other: UIVisualEffect) -> Bool { (other as? UIBlurEffect)?.style == style }

    /// The tint the material lays over what is behind it, and how much of
    /// it covers: thin materials show more of the background, thick ones less.
    func material(dark: Bool) -> UIColor {
        let (white, darkGray): (CGFloat, CGFloat) = (0.97, 0.12)
        let opacity: CGFloat = switch style {
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight, .systemUltraThinMaterialDark: 0.55
        case .systemThinMaterial, .systemThinMaterialLight, .systemThinMaterialDark, .light, .dark: 0.7
        case .systemMaterial, .systemMaterialLight, .systemMaterialDark, .regular: 0.8
        case .systemThickMaterial, .systemThickMaterialLight, .systemThickMaterialDark, .prominent, .extraLight: 0.9
        case .systemChromeMaterial, .systemChromeMaterialLight, .systemChromeMaterialDark: 0.85
        }
        let isDark: Bool = switch style {
        case .dark, .systemUltraThinMaterialDark, .systemThinMaterialDark, .systemMaterialDark, .systemThickMaterialDark,
             .systemChromeMaterialDark: true
        case .extraLight, .light, .systemUltraThinMaterialLight, .systemThinMaterialLight, .systemMaterialLight,
             .systemThickMaterialLight, .systemChromeMaterialLight: false
        default: dark
        }
        return UIColor(white: isDark ? darkGray : white, alpha: opacity)
    }

    /// The material as the compositor draws it: a blur of what is behind
    /// (radius in points), its saturation raised, and a tint thinner than
    /// the flat `material` since the blur does the rest. Close to iOS's
    /// materials: thin ones blur less and let more colour through.
    func backdrop(dark: Bool) -> BackdropStyle {
        let (radius, saturation, lightAlpha, darkAlpha): (Double, Double, Double, Double) = switch style {
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight, .systemUltraThinMaterialDark: (20, 1.6, 0.3, 0.45)
        case .systemThinMaterial, .systemThinMaterialLight, .systemThinMaterialDark: (25, 1.7, 0.45, 0.6)
        case .systemMaterial, .systemMaterialLight, .systemMaterialDark, .regular: (30, 1.8, 0.6, 0.7)
        case .systemThickMaterial, .systemThickMaterialLight, .systemThickMaterialDark: (35, 1.8, 0.78, 0.82)
        case .systemChromeMaterial, .systemChromeMaterialLight, .systemChromeMaterialDark: (30, 1.8, 0.7, 0.75)
        case .light: (30, 1.8, 0.3, 0.3)
        case .extraLight: (30, 1.8, 0.6, 0.6)
        case .dark: (30, 1.8, 0.55, 0.55)
        case .prominent: (30, 1.8, 0.75, 0.75)
        }
        let tint = material(dark: dark)
        var white: CGFloat = 0, alpha: CGFloat = 0
        _ = tint.getWhite(&white, alpha: &alpha)
        let isDark = white < 0.5
        let w = Double(white)
        return BackdropStyle(radius: radius, saturation: saturation,
                             tintColor: Color(red: w, green: w, blue: w, alpha: isDark ? darkAlpha : lightAlpha))
    }
}

/// Vibrancy for content placed on a blur: labels and fills that stand out
/// against the material. It is made for a blur effect (and a style of
/// content since iOS 13).
open class UIVibrancyEffect: UIVisualEffect {
    public let blurEffect: UIBlurEffect
    public let style: UIVibrancyEffectStyle

    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }

    public convenience init(blurEffect: UIBlurEffect) {
        self.init(blurEffect: blurEffect, style: .label)
    }

    override func isEqual(to other: UIVisualEffect) -> Bool {
        guard let other = other as? UIVibrancyEffect else { return false }
        return other.style == style && other.blurEffect == blurEffect
    }
}

public enum UIVibrancyEffectStyle: Int, Sendable {
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}
