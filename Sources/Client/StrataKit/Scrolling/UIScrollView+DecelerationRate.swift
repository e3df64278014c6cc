import Foundation

extension UIScrollView {
    /// How fast the content slows down after a drag: the velocity is
    /// multiplied by `rawValue` every millisecond (UIKit's model).
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        /// UIKit's default, 0.998: a flick at v points per second travels
        /// v / 1000 × 0.998 / 0.002 ≈ v / 2 points.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99: a flick travels v / 10 points.
        public static let fast = DecelerationRate(rawValue: 0.99)

        /// The factor used: a rate of 1 or more would never stop and a
        /// negative one would oscillate, so it is kept within [0, 0.9999].
        var perMillisecond: CGFloat {
            guard rawValue.isFinite else { return DecelerationRate.normal.rawValue }
            return min(max(rawValue, 0), 0.9999)
        }
    }
}
