import Foundation

extension UIFont {
    /// UIKit's weights, with UIKit's raw values (-1…1); each maps to the
    /// OpenType weight fontconfig selects faces by.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        private static let openTypeWeights: [(Weight, Int)] = [
            (.ultraLight, 200), (.thin, 100), (.light, 300), (.regular, 400), (.medium, 500),
            (.semibold, 600), (.bold, 700), (.heavy, 800), (.black, 900),
        ]

        /// The OpenType weight of the named weight nearest to this one.
        var openType: Int {
            Weight.openTypeWeights.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
        }
    }
}
