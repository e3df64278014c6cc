import Foundation
import StrataProtocol

/// Core Animation's absolute time: seconds of CLOCK_MONOTONIC, the clock the
/// compositor stamps frames with, so an app's times and the screen's agree.
public func CACurrentMediaTime() -> CFTimeInterval {
    MediaClock.current.now()
}

/// Where `CACurrentMediaTime()` reads the time; tests substitute a clock they move.
public struct MediaClock: Sendable {
    public let now: @Sendable () -> CFTimeInterval
    public init(now: @escaping @Sendable () -> CFTimeInterval) { self.now = now }

    public static let monotonic = MediaClock {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return CFTimeInterval(spec.tv_sec) + CFTimeInterval(spec.tv_nsec) / 1e9
    }

    nonisolated(unsafe) public static var current = MediaClock.monotonic
}

/// What an animation shows outside its active time.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var protocolValue: MediaTiming.FillMode {
        switch self {
        case .forwards: return .forwards
        case .backwards: return .backwards
        case .both: return .both
        default: return .removed
        }
    }
}

/// The timing of an animation (and, in Core Animation, of a layer's own time).
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

/// A curve that maps an animation's time to its progress.
open class CAMediaTimingFunction: Hashable {
    let curve: TimingCurve

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        curve = .bezier(x1: Double(c1x), y1: Double(c1y), x2: Double(c2x), y2: Double(c2y))
    }

    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Control point 0 is (0, 0), 1 and 2 are the curve's, 3 is (1, 1).
    open func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        guard case .bezier(let x1, let y1, let x2, let y2) = curve else { return }
        let points: [(Double, Double)] = [(0, 0), (x1, y1), (x2, y2), (1, 1)]
        let point = points[min(max(index, 0), 3)]
        values[0] = Float(point.0)
        values[1] = Float(point.1)
    }

    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool { lhs.curve == rhs.curve }
    public func hash(into hasher: inout Hasher) { hasher.combine(curve) }
}

public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}
