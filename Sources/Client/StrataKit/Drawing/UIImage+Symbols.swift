import Foundation

/// System symbol images (`UIImage(systemName:)`): line drawings in the
/// spirit of SF Symbols for the names apps use most (`SymbolGlyphs`),
/// sized by a symbol configuration (point size, weight, scale, text
/// style) and drawn as templates, so views show them in their tint.
/// A name not drawn here shows a neutral rounded square rather than
/// failing: the real catalogue has thousands of names, and UIKit code
/// force-unwraps the ones it knows exist. Only the empty name is nil.
extension UIImage {
    public enum SymbolWeight: Int, Sendable {
        case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The stroke width, in units of a 24-unit drawing.
        var strokeWidth: CGFloat {
            switch self {
            case .ultraLight: 0.8
            case .thin: 1.1
            case .light: 1.5
            case .unspecified, .regular: 1.9
            case .medium: 2.2
            case .semibold: 2.5
            case .bold: 2.8
            case .heavy: 3.2
            case .black: 3.6
            }
        }
    }

    public enum SymbolScale: Int, Sendable {
        case `default` = -1, unspecified = 0, small = 1, medium = 2, large = 3

        var factor: CGFloat {
            switch self {
            case .small: 0.8
            case .large: 1.3
            default: 1
            }
        }
    }

    /// The size, weight and scale a symbol is drawn at.
    open class SymbolConfiguration: Hashable, @unchecked Sendable {
        public let pointSize: CGFloat?
        public let weight: SymbolWeight
        public let scale: SymbolScale
        public let textStyle: UIFont.TextStyle?

        init(pointSize: CGFloat?, weight: SymbolWeight, scale: SymbolScale, textStyle: UIFont.TextStyle?) {
            self.pointSize = pointSize
            self.weight = weight
            self.scale = scale
            self.textStyle = textStyle
        }

        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: .unspecified, scale: .unspecified, textStyle: nil) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight) {
            self.init(pointSize: pointSize, weight: weight, scale: .unspecified, textStyle: nil)
        }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.init(pointSize: pointSize, weight: weight, scale: scale, textStyle: nil)
        }
        public convenience init(weight: SymbolWeight) { self.init(pointSize: nil, weight: weight, scale: .unspecified, textStyle: nil) }
        public convenience init(scale: SymbolScale) { self.init(pointSize: nil, weight: .unspecified, scale: scale, textStyle: nil) }
        public convenience init(textStyle: UIFont.TextStyle) { self.init(pointSize: nil, weight: .unspecified, scale: .unspecified, textStyle: textStyle) }
        public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale) {
            self.init(pointSize: nil, weight: .unspecified, scale: scale, textStyle: textStyle)
        }
        public convenience init(font: UIFont) { self.init(pointSize: font.pointSize, weight: .unspecified, scale: .unspecified, textStyle: nil) }
        public convenience init(font: UIFont, scale: SymbolScale) { self.init(pointSize: font.pointSize, weight: .unspecified, scale: scale, textStyle: nil) }

        public static let unspecified = SymbolConfiguration(pointSize: nil, weight: .unspecified, scale: .unspecified, textStyle: nil)

        /// Symbols here are drawn in one colour: the hierarchical, palette
        /// and multicolour renderings draw as the tint.
        public convenience init(hierarchicalColor: UIColor) { self.init(pointSize: nil, weight: .unspecified, scale: .unspecified, textStyle: nil) }
        public convenience init(paletteColors: [UIColor]) { self.init(pointSize: nil, weight: .unspecified, scale: .unspecified, textStyle: nil) }
        public static func preferringMulticolor() -> SymbolConfiguration { .unspecified }
        public static func preferringMonochrome() -> SymbolConfiguration { .unspecified }

        /// This configuration with what `other` specifies laid over it.
        open func applying(_ other: SymbolConfiguration?) -> SymbolConfiguration {
            guard let other else { return self }
            return SymbolConfiguration(pointSize: other.pointSize ?? pointSize,
                                       weight: other.weight == .unspecified ? weight : other.weight,
                                       scale: other.scale == .unspecified || other.scale == .default ? scale : other.scale,
                                       textStyle: other.textStyle ?? textStyle)
        }

        /// The font size the symbol matches: 17 points (body) unless set.
        var resolvedPointSize: CGFloat {
            if let pointSize { return pointSize }
            if let textStyle { return UIFont.preferredFont(forTextStyle: textStyle).pointSize }
            return 17
        }

        public static func == (a: SymbolConfiguration, b: SymbolConfiguration) -> Bool {
            a.pointSize == b.pointSize && a.weight == b.weight && a.scale == b.scale && a.textStyle == b.textStyle
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(pointSize)
            hasher.combine(weight)
            hasher.combine(scale)
            hasher.combine(textStyle?.rawValue)
        }
    }

    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name, withConfiguration: nil)
    }

    public convenience init?(systemName name: String, withConfiguration configuration: UIImage.Configuration?) {
        guard !name.isEmpty else { return nil }
        let symbol = configuration ?? .unspecified
        let image = SymbolGlyphs.render(name, configuration: symbol)
        self.init(cgImage: image.cgImage!, scale: image.scale, orientation: .up)
        isSymbolImage = true
        symbolConfiguration = symbol
        systemSymbolName = name
    }

    /// A symbol drawn again for another configuration; other images as they are.
    public func withConfiguration(_ configuration: UIImage.Configuration) -> UIImage {
        guard isSymbolImage, let name = systemSymbolName else { return self }
        let merged = (symbolConfiguration ?? .unspecified).applying(configuration)
        guard let image = UIImage(systemName: name, withConfiguration: merged) else { return self }
        return image.copy(renderingMode: renderingMode, tint: fixedTintColor)
    }

    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
        isSymbolImage ? withConfiguration(configuration) : nil
    }

    /// UIKit's base of image configurations; symbol configurations are its kind here.
    public typealias Configuration = SymbolConfiguration
}
