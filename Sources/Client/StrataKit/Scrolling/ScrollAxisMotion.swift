import Foundation

/// The motion of one axis of a scroll view's content after the finger
/// lifted, stepped a frame at a time (UIScrollView+Deceleration.swift).
///
/// Decelerating follows UIKit's model: the velocity is multiplied by the
/// deceleration rate r every millisecond, so from velocity v (points per
/// second) the content still travels v / 1000 × r / (1 − r) points, and a
/// step of n milliseconds covers v / 1000 × r (1 − rⁿ) / (1 − r) of it. It
/// stops once the velocity is so low that less than half a point is left,
/// and then takes that rest, so it ends exactly where the model says.
///
/// Past an edge of the content it bounces (if allowed): a critically
/// damped spring pulls it back to the edge, so it overshoots by about
/// v / (ω e) and settles without oscillating.
struct ScrollAxisMotion {
    enum Phase: Equatable {
        case decelerating
        case bouncing(edge: CGFloat)
        case resting
    }

    private(set) var phase: Phase
    /// Points per second, in the direction the offset changes.
    private(set) var velocity: CGFloat
    /// Per millisecond, within [0, 1).
    let rate: CGFloat
    /// The offsets at which the content is in range.
    let range: ClosedRange<CGFloat>
    let bounces: Bool
    /// Where a motion aimed at a target ends, exactly.
    private var target: CGFloat?

    /// The spring's angular frequency (1/s): back at the edge in about half a second.
    static let bounceFrequency: CGFloat = 12
    /// The bounce ends when within half a point of the edge and slower than this.
    static let bounceRestingVelocity: CGFloat = 10
    /// Both phases end when less than this is left to travel.
    static let restingDistance: CGFloat = 0.5

    /// Decelerating from `velocity`; from outside the range, the bounce back
    /// starts at once (with bounces) or the content is put back at the edge.
    init(position: CGFloat, velocity: CGFloat, rate: CGFloat, range: ClosedRange<CGFloat>, bounces: Bool) {
        self.velocity = velocity
        self.rate = rate
        self.range = range
        self.bounces = bounces
        if !range.contains(position) {
            phase = .bouncing(edge: Self.nearestEdge(of: range, to: position))
        } else if Self.distance(at: velocity, rate: rate) .magnitude < Self.restingDistance {
            phase = .resting
            self.velocity = 0
        } else {
            phase = .decelerating
        }
    }

    /// Decelerating so as to come to rest exactly at `target` (a page, or
    /// where the delegate asked): the velocity the model needs to get there.
    init(position: CGFloat, target: CGFloat, rate: CGFloat, range: ClosedRange<CGFloat>) {
        let factor = rate / (1 - rate)
        let velocity = factor > 0 ? (target - position) * 1000 / factor : 0
        self.init(position: position, velocity: velocity, rate: rate, range: range, bounces: true)
        self.target = target
        // Coming back into range by itself needs no spring, and a step is
        // left to take even when the target is less than half a point away.
        if position != target, range.contains(target) { phase = .decelerating }
    }

    var isResting: Bool { phase == .resting }

    /// How far the model carries content moving at `velocity` before it stops.
    static func distance(at velocity: CGFloat, rate: CGFloat) -> CGFloat {
        guard rate > 0 else { return 0 }
        return velocity / 1000 * rate / (1 - rate)
    }

    /// The position `seconds` after `position`.
    mutating func advance(from position: CGFloat, by seconds: CGFloat) -> CGFloat {
        switch phase {
        case .resting:
            return position
        case .decelerating:
            return decelerate(from: position, by: seconds)
        case .bouncing(let edge):
            return bounce(from: position, toward: edge, by: seconds)
        }
    }

    private mutating func decelerate(from position: CGFloat, by seconds: CGFloat) -> CGFloat {
        let factor = pow(rate, seconds * 1000)
        var next = position + Self.distance(at: velocity, rate: rate) * (1 - factor)
        velocity *= factor
        if Self.distance(at: velocity, rate: rate).magnitude < Self.restingDistance {
            next = target ?? next + Self.distance(at: velocity, rate: rate)
            velocity = 0
            phase = .resting
        }
        // Leaving the range: spring back, or stop dead at the edge.
        let leaving = (next > range.upperBound && velocity >= 0) || (next < range.lowerBound && velocity <= 0)
        if leaving {
            let edge = Self.nearestEdge(of: range, to: next)
            if bounces {
                phase = .bouncing(edge: edge)
            } else {
                next = edge
                velocity = 0
                phase = .resting
            }
        }
        return next
    }

    /// x(t) = (x₀ + (v₀ + ωx₀) t) e^(−ωt) about the edge.
    private mutating func bounce(from position: CGFloat, toward edge: CGFloat, by seconds: CGFloat) -> CGFloat {
        let omega = Self.bounceFrequency
        let x = position - edge
        let b = velocity + omega * x
        let decay = exp(-omega * seconds)
        let nextX = (x + b * seconds) * decay
        velocity = (velocity - omega * b * seconds) * decay
        if nextX.magnitude < Self.restingDistance && velocity.magnitude < Self.bounceRestingVelocity {
            velocity = 0
            phase = .resting
            return edge
        }
        return edge + nextX
    }

    private static func nearestEdge(of range: ClosedRange<CGFloat>, to position: CGFloat) -> CGFloat {
        position > range.upperBound ? range.upperBound : range.lowerBound
    }
}
