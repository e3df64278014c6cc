import Foundation

/// A color in sRGB (or gray), with un-premultiplied components, as Core
/// Graphics' CGColor. Colors are immutable; `copy(alpha:)` makes a variant.
public final class CGColor: Hashable, CustomStringConvertible {
    /// The components as Core Graphics reports them: [gray, alpha] for a gray
    /// color, [red, green, blue, alpha] otherwise.
    public let components: [CGFloat]?
    private let isGray: Bool
    /// A pattern color's tile (UIColor(patternImage:)): fills repeat it,
    /// `patternScale` pixels to a point, from the context's origin.
    let patternImage: CGImage?
    let patternScale: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
        isGray = false
        (patternImage, patternScale) = (nil, 1)
    }

    public init(gray: CGFloat, alpha: CGFloat) {
        components = [gray, alpha]
        isGray = true
        (patternImage, patternScale) = (nil, 1)
    }

    /// A color that paints `image` tiled; its components are opaque black
    /// for code that reads them, and the compositor gets no color of it (the
    /// app paints the tiles).
    init(patternImage image: CGImage, scale: CGFloat) {
        components = [0, 1]
        isGray = true
        (patternImage, patternScale) = (image, scale > 0 ? scale : 1)
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public var numberOfComponents: Int { isGray ? 2 : 4 }
    public var alpha: CGFloat { components!.last! }

    /// The same color with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        let c = components!
        return isGray ? CGColor(gray: c[0], alpha: alpha) : CGColor(red: c[0], green: c[1], blue: c[2], alpha: alpha)
    }

    /// Un-premultiplied sRGB, for the compositor and cairo.
    var rgba: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let c = components!
        return isGray ? (c[0], c[0], c[0], c[1]) : (c[0], c[1], c[2], c[3])
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.isGray == rhs.isGray && lhs.components == rhs.components && lhs.patternImage === rhs.patternImage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(isGray)
        hasher.combine(components)
    }

    public var description: String {
        "CGColor(\(isGray ? "gray" : "rgb"): \(components!.map { String(format: "%.3g", Double($0)) }.joined(separator: " ")))"
    }
}
