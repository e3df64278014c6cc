/// The kind of a CAGradientLayer, as CAGradientLayerType.
public enum GradientType: UInt32, Hashable, Sendable {
    /// Along the line from startPoint to endPoint.
    case axial = 0
    /// Circles about startPoint; endPoint is on the last one (its x and y
    /// distances give an ellipse's radii).
    case radial = 1
    /// Around startPoint, starting in the direction of endPoint.
    case conic = 2
}

/// A CAGradientLayer's fill: colors at locations, drawn over the
/// background in the layer's bounds, with points in unit coordinates.
public struct GradientStyle: Hashable, Sendable {
    public var type = GradientType.axial
    public var colors: [Color] = []
    /// One per color, 0...1, non-decreasing; empty spaces them evenly.
    public var locations: [Double] = []
    public var startPoint = Point(x: 0.5, y: 0)
    public var endPoint = Point(x: 0.5, y: 1)

    public init() {}

    public var isVisible: Bool { colors.contains { $0.alpha > 0 } }

    /// Each color's stop: the locations, or even spacing. Locations that
    /// do not match the colors' count are ignored, as Core Animation does.
    public var stops: [(location: Double, color: Color)] {
        let n = colors.count
        if locations.count == n {
            return zip(locations, colors).map { (min(max($0, 0), 1), $1) }
        }
        if n == 1 { return [(0, colors[0])] }
        return colors.enumerated().map { (Double($0.offset) / Double(n - 1), $0.element) }
    }
}
