/// One animation of one layer property, as the protocol carries it and
/// both sides evaluate it: keyframe values (a basic animation is two),
/// their times, the curves, and the timing. What CABasicAnimation,
/// CAKeyframeAnimation and CASpringAnimation describe, flattened.
public struct LayerAnimation: Hashable, Sendable {
    public var property: AnimatableProperty
    /// At least one value, each of `property.components` doubles.
    public var values: [[Double]]
    /// Where each value falls in a pass, 0...1, non-decreasing, one per
    /// value; empty spaces the values evenly.
    public var keyTimes: [Double]
    /// Applied to the whole pass first (CAAnimation.timingFunction, or a spring).
    public var curve: TimingCurve
    /// Then one per segment between values (CAKeyframeAnimation.timingFunctions); empty is linear.
    public var segmentCurves: [TimingCurve]
    /// Hold each value until the next key time instead of blending
    /// (CAAnimationCalculationMode.discrete).
    public var isDiscrete: Bool
    public var timing: MediaTiming
    /// Added to the model value instead of replacing it.
    public var isAdditive: Bool

    public init(property: AnimatableProperty, values: [[Double]], keyTimes: [Double] = [], curve: TimingCurve = .linear,
                segmentCurves: [TimingCurve] = [], isDiscrete: Bool = false, timing: MediaTiming, isAdditive: Bool = false) {
        (self.property, self.values, self.keyTimes, self.curve) = (property, values, keyTimes, curve)
        (self.segmentCurves, self.isDiscrete, self.timing, self.isAdditive) = (segmentCurves, isDiscrete, timing, isAdditive)
    }

    /// Why the description cannot be played, or nil when it can.
    public var problem: String? {
        if values.isEmpty { return "an animation needs at least one value" }
        if let bad = values.first(where: { !property.accepts($0) }) {
            return "\(bad) is not a value of \(property.rawValue)"
        }
        if !keyTimes.isEmpty {
            // Discrete values may have one more: when the last one's hold ends.
            if keyTimes.count != values.count && !(isDiscrete && keyTimes.count == values.count + 1) {
                return "\(keyTimes.count) key times for \(values.count) values"
            }
            if !keyTimes.allSatisfy({ (0...1).contains($0) }) { return "key times must lie in 0...1" }
            if zip(keyTimes, keyTimes.dropFirst()).contains(where: { $0 > $1 }) { return "key times must not decrease" }
        }
        if !segmentCurves.isEmpty && segmentCurves.count != values.count - 1 {
            return "\(segmentCurves.count) segment curves for \(values.count) values"
        }
        if !curve.isValid || !segmentCurves.allSatisfy(\.isValid) { return "a timing curve is out of range" }
        if !timing.isValid { return "the timing is out of range (negative, or not finite)" }
        return nil
    }

    /// The animation's value at `time` on the timeline, or nil when it does
    /// not apply then (not begun, or ended without filling).
    public func value(at time: Double) -> [Double]? {
        guard case .active(let fraction) = timing.phase(at: time) else { return nil }
        return value(atFraction: fraction)
    }

    /// The value at a fraction of one pass.
    public func value(atFraction fraction: Double) -> [Double] {
        let progress = curve.progress(atFraction: fraction, duration: timing.duration)
        guard values.count > 1 else { return values[0] }
        if isDiscrete {
            // CAAnimationCalculationMode.discrete: n values hold for equal
            // parts (at i/n), unless key times say when each begins.
            let times = keyTimes.isEmpty ? (0..<values.count).map { Double($0) / Double(values.count) } : keyTimes
            let held = times.prefix(values.count).lastIndex { $0 <= progress } ?? 0
            return values[held]
        }
        let times = keyTimes.isEmpty ? (0..<values.count).map { Double($0) / Double(values.count - 1) } : keyTimes
        // A spring may overshoot past the last key time: extrapolate the last segment.
        var segment = times.count - 2
        for index in 0..<(times.count - 1) where progress < times[index + 1] {
            segment = index
            break
        }
        let span = times[segment + 1] - times[segment]
        var local = span > 0 ? (progress - times[segment]) / span : 1
        if !segmentCurves.isEmpty, (0...1).contains(local) {
            local = segmentCurves[segment].progress(atFraction: local, duration: timing.duration * span)
        }
        return property.interpolate(values[segment], values[segment + 1], local)
    }
}
