import Foundation

/// Inset distances for the four edges of a rectangle (UIKit's geometry).
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// UIEdgeInsetsInsetRect: moves each edge inwards by its inset (negative
    /// insets grow the rect).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let rect = standardized
        return CGRect(x: rect.minX + insets.left, y: rect.minY + insets.top,
                      width: rect.width - insets.left - insets.right,
                      height: rect.height - insets.top - insets.bottom)
    }
}

/// A horizontal and vertical offset (UIKit's geometry).
public struct UIOffset: Equatable, Hashable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat

    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public init() { self.init(horizontal: 0, vertical: 0) }

    public static let zero = UIOffset()
}
