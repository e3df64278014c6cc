/// A transition of a layer's whole appearance, as CATransition and UIView's
/// transition options describe it: from what the layer showed before the
/// commit that adds it to what it shows after, on the compositor's clock.
public struct LayerTransition: Hashable, Sendable {
    public enum Kind: UInt32, CaseIterable, Sendable {
        /// The old appearance fades out as the new one fades in (CATransitionType.fade, .transitionCrossDissolve).
        case fade = 0
        /// The new pushes the old out (CATransitionType.push).
        case push = 1
        /// The new slides in over the old (CATransitionType.moveIn).
        case moveIn = 2
        /// The old slides out, uncovering the new (CATransitionType.reveal).
        case reveal = 3
        /// The layer turns over, in perspective, about its vertical or
        /// horizontal axis (.transitionFlipFromLeft/Right/Top/Bottom).
        case flip = 4
        /// The old page lifts away (.transitionCurlUp/Down), approximated
        /// by sliding it off while it fades.
        case curl = 5
    }

    /// The side the motion comes from (CATransitionSubtype); for curl,
    /// fromBottom curls up and fromTop curls down.
    public enum Direction: UInt32, CaseIterable, Sendable {
        case fromLeft = 0, fromRight = 1, fromTop = 2, fromBottom = 3
    }

    public var kind: Kind
    public var direction: Direction
    public var timing: MediaTiming
    public var curve: TimingCurve
    /// The part of the transition played (CATransition.startProgress/endProgress).
    public var startProgress: Double
    public var endProgress: Double

    public init(kind: Kind, direction: Direction = .fromLeft, timing: MediaTiming, curve: TimingCurve = .easeInEaseOut,
                startProgress: Double = 0, endProgress: Double = 1) {
        (self.kind, self.direction, self.timing, self.curve) = (kind, direction, timing, curve)
        (self.startProgress, self.endProgress) = (startProgress, endProgress)
    }

    /// How far the transition has gone at `time`, 0...1 (nil when it does not show).
    public func progress(at time: Double) -> Double? {
        guard case .active(let fraction) = timing.phase(at: time) else { return nil }
        let eased = curve.progress(atFraction: fraction, duration: timing.duration)
        return startProgress + (endProgress - startProgress) * eased
    }

    public var problem: String? {
        if !timing.isValid { return "the timing is out of range (negative, or not finite)" }
        if !curve.isValid { return "the timing curve is out of range" }
        if !(0...1).contains(startProgress) || !(0...1).contains(endProgress) { return "progress must lie in 0...1" }
        return nil
    }
}
