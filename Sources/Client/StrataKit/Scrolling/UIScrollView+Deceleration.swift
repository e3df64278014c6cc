import Foundation

/// The content's motion after the finger lifted, stepped about 60 times a
/// second on the event clock (so tests move time by hand): each step sets
/// bounds.origin once, which is one property change on the wire.
extension UIScrollView {
    static let decelerationStepInterval: TimeInterval = 1.0 / 60

    func startDeceleration(x: ScrollAxisMotion, y: ScrollAxisMotion) {
        stopDeceleration()
        deceleration = (x, y, EventClocks.current.now)
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        scheduleDecelerationStep()
    }

    /// A touch, a new drag or a programmatic scroll stops the motion where
    /// it is (UIKit does not call scrollViewDidEndDecelerating then).
    func stopDeceleration() {
        decelerationTimer?.cancel()
        decelerationTimer = nil
        deceleration = nil
        if isDecelerating { setNeedsLayout() }  // the indicators fade
        isDecelerating = false
    }

    private func scheduleDecelerationStep() {
        decelerationTimer = EventClocks.current.schedule(after: Self.decelerationStepInterval) { [weak self] in
            self?.stepDeceleration()
        }
    }

    /// Moves from where the content is now (the delegate may have moved
    /// it), by the time that really passed since the last step.
    private func stepDeceleration() {
        guard var motion = deceleration, let timer = decelerationTimer else { return }
        let now = EventClocks.current.now
        let seconds = CGFloat(max(now - motion.lastStep, 0))
        motion.lastStep = now
        let offset = contentOffset
        let next = CGPoint(x: motion.x.advance(from: offset.x, by: seconds),
                           y: motion.y.advance(from: offset.y, by: seconds))
        deceleration = motion
        if next != offset { contentOffset = next }
        // scrollViewDidScroll may have stopped or restarted the motion.
        guard let current = deceleration, decelerationTimer === timer else { return }
        if current.x.isResting && current.y.isResting {
            deceleration = nil
            decelerationTimer = nil
            isDecelerating = false
            setNeedsLayout()  // the indicators fade
            delegate?.scrollViewDidEndDecelerating(self)
        } else {
            scheduleDecelerationStep()
        }
    }
}
