import Foundation

/// A two-dimensional vector (Core Graphics); missing from Foundation on Linux.
public struct CGVector: Equatable, Hashable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public init() { self.init(dx: 0, dy: 0) }

    public static let zero = CGVector()
}
