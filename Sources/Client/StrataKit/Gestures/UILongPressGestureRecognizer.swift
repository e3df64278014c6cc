import Foundation

/// A continuous press: after `numberOfTapsRequired` taps, the touches stay
/// down `minimumPressDuration` without moving more than `allowableMovement`;
/// then it begins, changes as they move, and ends when they lift.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval = 0.5
    open var allowableMovement: CGFloat = 10
    open var numberOfTouchesRequired = 1
    open var numberOfTapsRequired = 0

    private var pressStart: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        let down = liveTouches
        if down.count > numberOfTouchesRequired { return state = .failed }
        // The taps before the press show in the touches' tap count.
        guard down.count == numberOfTouchesRequired,
              down.allSatisfy({ $0.tapCount > numberOfTapsRequired }) else { return }
        pressStart = centroid(of: down)
        scheduleTimer(after: minimumPressDuration) { [weak self] in
            if self?.state == .possible { self?.state = .began }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible {
            guard let pressStart else { return }
            let now = centroid(of: liveTouches)
            if hypot(now.x - pressStart.x, now.y - pressStart.y) > allowableMovement { state = .failed }
        } else {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .possible ? .failed : .ended
    }

    open override func reset() {
        super.reset()
        pressStart = nil
    }
}
