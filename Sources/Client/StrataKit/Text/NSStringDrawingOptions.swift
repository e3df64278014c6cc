import Foundation

/// Options of `boundingRect(with:options:…)` and `draw(with:options:…)`, with UIKit's raw values.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lay out as a block of lines from the top-left, wrapping at the width;
    /// without it the string is one line and the rect is relative to its baseline.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Add the font's leading to line heights.
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Measure glyph ink instead of their advances and line heights.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Truncate the last line that fits in the given height.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// What a drawing or measuring call did, and how small it may scale text.
open class NSStringDrawingContext {
    /// The smallest scale the text may shrink to so it fits (0 or 1: no shrinking).
    open var minimumScaleFactor: CGFloat = 0
    /// The scale the last call used.
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The bounds of the text the last call laid out.
    open internal(set) var totalBounds: CGRect = .zero

    public init() {}
}
