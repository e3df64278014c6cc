/// A material: what is drawn below a layer, within its (rounded) bounds,
/// blurred, its saturation changed, and tinted (strata_layer_v1.set_backdrop).
public struct BackdropStyle: Hashable, Sendable {
    /// The blur radius in points; the Gaussian's σ is half of it, as a shadow's.
    public var radius: Double = 0
    /// Multiplies the saturation of the blurred image: 1 leaves it, 0 makes it grey.
    public var saturation: Double = 1
    /// Composited over the blurred image (non-premultiplied).
    public var tintColor: Color = .clear

    public init(radius: Double = 0, saturation: Double = 1, tintColor: Color = .clear) {
        (self.radius, self.saturation, self.tintColor) = (radius, saturation, tintColor)
    }

    /// The largest radius a client may ask for (the protocol's quota).
    public static let maximumRadius: Double = 128
    /// The largest saturation a client may ask for.
    public static let maximumSaturation: Double = 4

    /// From set_backdrop's six doubles (radius, saturation, r, g, b, a), or nil when they are not a backdrop's.
    public init?(wire v: [Double]) {
        guard v.count == 6, v.allSatisfy(\.isFinite), (0...Self.maximumRadius).contains(v[0]),
              (0...Self.maximumSaturation).contains(v[1]), v[2...].allSatisfy({ (0...1).contains($0) }) else { return nil }
        self.init(radius: v[0], saturation: v[1], tintColor: Color(red: v[2], green: v[3], blue: v[4], alpha: v[5]))
    }

    public var wireValue: [Double] { [radius, saturation] + tintColor.components }

    /// The same, with values held within what the protocol takes (an animation may overshoot).
    public var clamped: BackdropStyle {
        BackdropStyle(radius: radius.isFinite ? min(max(radius, 0), Self.maximumRadius) : 0,
                      saturation: saturation.isFinite ? min(max(saturation, 0), Self.maximumSaturation) : 1,
                      tintColor: tintColor)
    }
}
