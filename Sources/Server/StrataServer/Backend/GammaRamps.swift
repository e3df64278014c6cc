/// An output's gamma table as zwlr_gamma_control_v1 carries it and a CRTC
/// takes it: `size` 16-bit entries for red, then as many for green, then
/// for blue, each mapping a channel's input level (0 to size-1, spread
/// over the range) to its output level (0 to 65535).
public struct GammaRamps: Equatable, Sendable {
    public let size: Int
    /// Red, green, then blue.
    public let values: [UInt16]

    /// Nil unless `values` holds exactly three ramps of `size` entries.
    public init?(size: Int, values: [UInt16]) {
        guard size > 0, values.count == size * 3 else { return nil }
        self.size = size
        self.values = values
    }

    public var red: ArraySlice<UInt16> { values[0..<size] }
    public var green: ArraySlice<UInt16> { values[size..<2 * size] }
    public var blue: ArraySlice<UInt16> { values[2 * size..<3 * size] }

    /// The ramps that change nothing: input level i of n shows as i/(n-1) of full.
    public static func linear(size: Int) -> GammaRamps? {
        guard size > 1 else { return nil }
        let ramp = (0..<size).map { UInt16(($0 * 65535) / (size - 1)) }
        return GammaRamps(size: size, values: ramp + ramp + ramp)
    }
}
