import Foundation
import StrataProtocol

/// Which corners `cornerRadius` rounds (CACornerMask). As on iOS, minY is
/// the top edge: layer coordinates grow downwards.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)

    /// The wire's mask: the same bits; unknown ones are dropped.
    var protocolValue: CornerMask { CornerMask(rawValue: UInt32(rawValue & 0xF)) }
}

/// The shape of rounded corners (CALayerCornerCurve).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Quarter circles, the default.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Curvature that grows smoothly from the straight edges, as iOS app icons.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")

    /// The wire value; unknown names fall back to CA's default, `.circular`.
    var protocolValue: CornerCurve { self == .continuous ? .continuous : .circular }
}
