/// A non-premultiplied sRGB color, components from 0 to 1, as UIColor.
public struct Color: Hashable, Sendable {
    public var red, green, blue, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    public var isOpaque: Bool { alpha >= 1 }
}

extension Color {
    /// red, green, blue, alpha: an animatable property's wire value.
    public var components: [Double] { [red, green, blue, alpha] }

    /// From four components, each clamped to 0...1.
    public init(clamping v: [Double]) {
        let c = v.map { min(max($0, 0), 1) }
        self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// nil when fully transparent: nothing to draw.
    public var visible: Color? { alpha > 0 ? self : nil }
}
