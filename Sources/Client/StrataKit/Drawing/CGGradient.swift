import CCairo
import Foundation

/// Colors at locations from 0 to 1, for drawLinearGradient/drawRadialGradient.
public final class CGGradient {
    /// (location, color) pairs in order.
    let stops: [(location: CGFloat, color: CGColor)]

    /// Core Graphics takes a CFArray of CGColors; Swift on Linux has no
    /// CFArray bridging, so this takes the array itself. `locations` holds
    /// one location per color, or nil for evenly spaced colors.
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        stops = colors.enumerated().map { index, color in
            let evenly = colors.count == 1 ? 0 : CGFloat(index) / CGFloat(colors.count - 1)
            return (locations?[index] ?? evenly, color)
        }
    }

    /// `count` colors of the space's component count plus alpha each.
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                 locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let n = space.numberOfComponents + 1
        stops = (0..<count).map { index in
            let c = components + index * n
            let color = n == 2 ? CGColor(gray: c[0], alpha: c[1]) : CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
            let evenly = count == 1 ? 0 : CGFloat(index) / CGFloat(count - 1)
            return (locations?[index] ?? evenly, color)
        }
    }

    func addStops(to pattern: OpaquePointer, alpha: CGFloat) {
        for stop in stops {
            let c = stop.color.rgba
            cairo_pattern_add_color_stop_rgba(pattern, Double(stop.location), Double(c.red), Double(c.green),
                                              Double(c.blue), Double(c.alpha * alpha))
        }
    }
}

/// Whether a gradient also paints beyond its start and end (Core Graphics' CGGradientDrawingOptions).
public struct CGGradientDrawingOptions: OptionSet, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
