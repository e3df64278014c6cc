/// CAMediaTiming's model of an animation's time, shared by the compositor
/// and StrataKit: when it begins, how fast and how often it runs, whether
/// it reverses, and what it shows before and after.
public struct MediaTiming: Hashable, Sendable {
    /// In the timeline's seconds (the compositor's presentation clock).
    public var beginTime: Double
    /// One pass forwards, in the animation's own seconds.
    public var duration: Double
    public var speed: Double
    /// Added to the animation's own time: a later starting point in the cycle.
    public var timeOffset: Double
    /// Passes to run (fractions allowed); 0 with no repeatDuration means one.
    public var repeatCount: Double
    /// Seconds to keep repeating, instead of a count.
    public var repeatDuration: Double
    public var autoreverses: Bool
    public var fillMode: FillMode

    public enum FillMode: UInt32, Hashable, Sendable {
        case removed = 0, forwards = 1, backwards = 2, both = 3
        var fillsForwards: Bool { self == .forwards || self == .both }
        var fillsBackwards: Bool { self == .backwards || self == .both }
    }

    public init(beginTime: Double = 0, duration: Double, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) {
        (self.beginTime, self.duration, self.speed, self.timeOffset) = (beginTime, duration, speed, timeOffset)
        (self.repeatCount, self.repeatDuration, self.autoreverses, self.fillMode) = (repeatCount, repeatDuration, autoreverses, fillMode)
    }

    /// Where an animation stands at a moment of its timeline.
    public enum Phase: Equatable, Sendable {
        /// Not begun, and not filling backwards: the model value shows.
        case pending
        /// Running, or filling: the progress along one pass (0...1, already
        /// folded back on the reversing half of an autoreversing cycle).
        case active(fraction: Double)
        /// Ended, and not filling forwards: the model value shows.
        case finished
    }

    /// One cycle: a pass, and its way back when autoreversing.
    var cycle: Double { autoreverses ? 2 * duration : duration }

    /// How long it runs, in its own seconds. Infinite for an endless repeat.
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        // Zero length repeated for ever is still zero long.
        if cycle <= 0 { return 0 }
        return cycle * (repeatCount > 0 ? repeatCount : 1)
    }

    /// When it ends, in timeline seconds (infinite when it never does; when
    /// its speed is 0 it stands still and never ends either).
    public var endTime: Double {
        speed > 0 ? beginTime + activeDuration / speed : .infinity
    }

    /// The phase at `time` on the timeline.
    public func phase(at time: Double) -> Phase {
        guard duration > 0 else { return time >= beginTime ? (fillMode.fillsForwards ? .active(fraction: 1) : .finished) : .pending }
        let elapsed = (time - beginTime) * speed
        if elapsed < 0 {
            return fillMode.fillsBackwards ? .active(fraction: fraction(atLocalTime: 0, atEnd: false)) : .pending
        }
        if elapsed >= activeDuration {
            return fillMode.fillsForwards ? .active(fraction: fraction(atLocalTime: activeDuration, atEnd: true)) : .finished
        }
        return .active(fraction: fraction(atLocalTime: elapsed, atEnd: false))
    }

    /// Progress along a pass after `local` seconds of running. At the very
    /// end a whole number of cycles lands on the cycle's last value (1, or
    /// 0 when autoreversing) instead of wrapping to its first.
    private func fraction(atLocalTime local: Double, atEnd: Bool) -> Double {
        var position = (local + timeOffset).truncatingRemainder(dividingBy: cycle)
        if position < 0 { position += cycle }
        if atEnd && position < 1e-9 * max(cycle, 1) && local + timeOffset > 0 { position = cycle }
        let pass = position / duration
        return pass <= 1 ? pass : 2 - pass
    }

    public var isValid: Bool {
        // An endless repeat is HUGE_VALF in Core Animation: infinity is allowed there.
        [beginTime, duration, speed, timeOffset].allSatisfy(\.isFinite)
            && duration >= 0 && speed >= 0 && repeatCount >= 0 && repeatDuration >= 0
    }
}
