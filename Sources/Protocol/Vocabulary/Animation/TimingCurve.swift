import Foundation

/// How an animation's progress follows its time: a cubic Bézier from (0, 0)
/// to (1, 1), as CAMediaTimingFunction, or a damped spring, as
/// CASpringAnimation. Both the compositor and StrataKit evaluate curves
/// here, so an app computes the same presentation value the screen shows.
public enum TimingCurve: Hashable, Sendable {
    /// Control points (x1, y1) and (x2, y2); x is time, y progress.
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
    case spring(Spring)

    // The curves Core Animation names (CAMediaTimingFunctionName), which
    // UIView.AnimationOptions' four curves use.
    public static let linear = TimingCurve.bezier(x1: 0, y1: 0, x2: 1, y2: 1)
    public static let easeIn = TimingCurve.bezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    public static let easeOut = TimingCurve.bezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    public static let easeInEaseOut = TimingCurve.bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// `CAMediaTimingFunctionName.default`, what CA's implicit animations use.
    public static let caDefault = TimingCurve.bezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// Progress at a fraction of the duration. A Bézier reads the fraction;
    /// a spring runs in seconds of its own, so it reads `fraction × duration`.
    public func progress(atFraction fraction: Double, duration: Double) -> Double {
        switch self {
        case .bezier(let x1, let y1, let x2, let y2):
            if x1 == y1 && x2 == y2 { return min(max(fraction, 0), 1) }
            return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).y(atX: fraction)
        case .spring(let spring):
            // The animation ends on its duration, at its target.
            return fraction >= 1 ? 1 : spring.progress(atTime: fraction * duration)
        }
    }

    /// The values are usable: control points with x in 0...1 (so time only
    /// moves forward) and y within ±1000, spring terms positive and within
    /// ranges where its motion stays finite.
    public var isValid: Bool {
        switch self {
        case .bezier(let x1, let y1, let x2, let y2):
            return (0...1).contains(x1) && (0...1).contains(x2) && (-1000...1000).contains(y1) && (-1000...1000).contains(y2)
        case .spring(let s):
            return (1e-3...1e6).contains(s.mass) && (1e-3...1e9).contains(s.stiffness) && (0...1e9).contains(s.damping)
                && (-1e6...1e6).contains(s.initialVelocity)
        }
    }
}

/// A cubic Bézier timing curve, solved for x the way browsers and Core
/// Animation do it: Newton's method from a good guess, bisection if that
/// fails to converge.
public struct CubicBezier: Hashable, Sendable {
    let cx, bx, ax, cy, by, ay: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        // Polynomial coefficients of B(t) = ((a·t + b)·t + c)·t.
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve's y where its x is `x` (clamped to 0...1).
    public func y(atX x: Double) -> Double {
        y(solve(min(max(x, 0), 1)))
    }

    /// The parameter t with x(t) = x, to within 1e-9.
    func solve(_ x: Double) -> Double {
        let epsilon = 1e-9
        var t = x
        for _ in 0..<8 {
            let error = self.x(t) - x
            if abs(error) < epsilon { return t }
            let slope = dx(t)
            if abs(slope) < 1e-7 { break }
            t -= error / slope
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = self.x(t)
            if abs(value - x) < epsilon { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }
}

/// A damped harmonic oscillator pulling the value to its target, as
/// CASpringAnimation: progress is 0 at the start and settles at 1.
/// `initialVelocity` is in units of the whole distance per second, positive
/// towards the target.
public struct Spring: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    /// CASpringAnimation's defaults.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        (self.mass, self.stiffness, self.damping, self.initialVelocity) = (mass, stiffness, damping, initialVelocity)
    }

    /// UIKit's spring of `usingSpringWithDamping:initialSpringVelocity:`,
    /// tuned so that it has settled (to 0.1 % of the distance) when
    /// `duration` ends: the damping ratio sets the bounciness, the duration
    /// the stiffness.
    public init(dampingRatio: Double, duration: Double, initialVelocity: Double) {
        let ratio = min(max(dampingRatio, 0.01), 1)
        // The envelope of the motion, A·e^(−ζω₀t), falls to 0.1 % at the end;
        // critically damped, (1 + ω₀t)·e^(−ω₀t) does at ω₀t ≈ 9.2335.
        let amplitude = ratio < 1 ? min(1 / (1 - ratio * ratio).squareRoot(), 10) : 1
        let decay = ratio < 1 ? min(log(1000 * amplitude), 9.2335) : 9.2335
        let naturalFrequency = decay / (ratio * max(duration, 0.001))
        self.init(mass: 1, stiffness: naturalFrequency * naturalFrequency,
                  damping: 2 * ratio * naturalFrequency, initialVelocity: initialVelocity)
    }

    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Progress after `time` seconds.
    public func progress(atTime time: Double) -> Double {
        1 - displacement(atTime: max(time, 0))
    }

    /// Distance left to the target, as a fraction of the whole (1 at t = 0).
    func displacement(atTime t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio
        let x0 = 1.0, v0 = -initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let envelope = exp(-zeta * w0 * t)
            return envelope * (x0 * cos(wd * t) + (v0 + zeta * w0 * x0) / wd * sin(wd * t))
        } else if zeta == 1 {
            return exp(-w0 * t) * (x0 + (v0 + w0 * x0) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// CASpringAnimation.settlingDuration: how long until the spring stays
    /// within 0.1 % of its target, found by stepping at 1/60 s.
    public var settlingDuration: Double {
        let step = 1.0 / 60
        var lastOutside = 0.0
        var t = 0.0
        while t < 600 {
            if abs(displacement(atTime: t)) > 0.001 { lastOutside = t }
            else if t - lastOutside > 1 { break }
            t += step
        }
        return lastOutside + step
    }
}
