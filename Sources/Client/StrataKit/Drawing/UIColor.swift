import Foundation

/// UIKit's color: a thin wrapper over a CGColor in sRGB or gray.
open class UIColor: Hashable, CustomStringConvertible {
    private let fixedColor: CGColor?
    private let provider: ((UITraitCollection) -> UIColor)?

    /// The color; a dynamic color resolves against `UITraitCollection.current`.
    public var cgColor: CGColor {
        fixedColor ?? provider!(UITraitCollection.current).cgColor
    }

    public init(cgColor: CGColor) {
        fixedColor = cgColor
        provider = nil
    }

    /// A color that depends on traits (light and dark appearance), resolved
    /// each time it is used: where UIKit lays out, draws or reports trait
    /// changes, against the view's traits.
    public init(dynamicProvider: @escaping (UITraitCollection) -> UIColor) {
        fixedColor = nil
        provider = dynamicProvider
    }

    /// The color this one is in the given traits (itself if it is not dynamic).
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
    }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A color that paints `image` tiled: in drawing (fills and strokes),
    /// and as a view's or layer's background (painted by the app into the
    /// layer's contents, under what the view draws).
    public convenience init(patternImage image: UIImage) {
        guard let tile = image.cgImage else {
            self.init(cgColor: .clear)
            return
        }
        self.init(cgColor: CGColor(patternImage: tile, scale: image.scale))
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// HSB as UIKit defines it: hue in 0…1 around the color wheel (0 red,
    /// 1/3 green, 2/3 blue), brightness the largest RGB component,
    /// saturation (max − min) / max.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let rgb = UIColor.rgb(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: alpha)
    }

    public var description: String { "UIColor(\(cgColor))" }

    /// The same color with another alpha (still dynamic, if this one is).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if let provider { return UIColor { provider($0).withAlphaComponent(alpha) } }
        return UIColor(cgColor: cgColor.copy(alpha: alpha)!)
    }

    /// The sRGB components; always succeeds (gray colors convert).
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.rgba
        red?.pointee = c.red
        green?.pointee = c.green
        blue?.pointee = c.blue
        alpha?.pointee = c.alpha
        return true
    }

    /// The gray components; false (and nothing written) for a color that is
    /// not in a gray color space, as UIKit.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard cgColor.numberOfComponents == 2, let c = cgColor.components else { return false }
        white?.pointee = c[0]
        alpha?.pointee = c[1]
        return true
    }

    /// The HSB components of the sRGB color; always succeeds.
    @discardableResult
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.rgba
        let maximum = max(c.red, c.green, c.blue), minimum = min(c.red, c.green, c.blue)
        let delta = maximum - minimum
        var h: CGFloat = 0
        if delta > 0 {
            if maximum == c.red {
                h = (c.green - c.blue) / delta
                if h < 0 { h += 6 }
            } else if maximum == c.green {
                h = (c.blue - c.red) / delta + 2
            } else {
                h = (c.red - c.green) / delta + 4
            }
            h /= 6
        }
        hue?.pointee = h
        saturation?.pointee = maximum > 0 ? delta / maximum : 0
        brightness?.pointee = maximum
        alpha?.pointee = c.alpha
        return true
    }

    /// Sets the fill and stroke colors of the current context.
    open func set() {
        setFill()
        setStroke()
    }

    /// Sets the fill color of the current context (UIGraphicsGetCurrentContext).
    open func setFill() {
        UIGraphicsGetCurrentContext()?.setFillColor(cgColor)
    }

    /// Sets the stroke color of the current context (UIGraphicsGetCurrentContext).
    open func setStroke() {
        UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor)
    }

    /// Colors are equal when they are in light and in dark appearance (a
    /// fixed color is the same in both), whatever the current traits.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        if lhs.provider == nil && rhs.provider == nil { return lhs.cgColor == rhs.cgColor }
        return UIColor.appearances.allSatisfy { lhs.resolvedColor(with: $0).cgColor == rhs.resolvedColor(with: $0).cgColor }
    }

    public func hash(into hasher: inout Hasher) {
        for traits in UIColor.appearances { hasher.combine(resolvedColor(with: traits).cgColor) }
    }

    private static let appearances = [UITraitCollection(userInterfaceStyle: .light), UITraitCollection(userInterfaceStyle: .dark)]

    static func rgb(hue: CGFloat, saturation: CGFloat, brightness: CGFloat)
        -> (red: CGFloat, green: CGFloat, blue: CGFloat) {
        var h = hue.truncatingRemainder(dividingBy: 1)
        if h < 0 { h += 1 }
        let sector = h * 6
        let i = Int(sector.rounded(.down)) % 6
        let f = sector - sector.rounded(.down)
        let v = brightness, s = saturation
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }
}
