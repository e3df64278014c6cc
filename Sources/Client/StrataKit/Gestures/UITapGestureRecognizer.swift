import Foundation

/// A discrete tap: `numberOfTouchesRequired` touches go down and up
/// `numberOfTapsRequired` times, each tap within `maximumTapDuration`, taps
/// at most `MultiTapDetector.maximumInterval` apart. It fails when a touch
/// moves more than `UIGestureRecognizer.hysteresis` points, is held too
/// long, or (pointer) when the pressed buttons are not `buttonMaskRequired`.
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
    open var buttonMaskRequired: UIEvent.ButtonMask = .primary

    /// How long a touch may stay down and still be a tap.
    static let maximumTapDuration: TimeInterval = 1.5

    private var tapsDone = 0
    /// The most touches down at once in the current tap.
    private var touchesInTap = 0
    private var waitForNextTap: EventTimer?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        waitForNextTap?.cancel()
        if touches.contains(where: { $0.type == .indirectPointer }) && event.buttonMask != buttonMaskRequired {
            return state = .failed
        }
        if touchesInTap == 0 {
            scheduleTimer(after: Self.maximumTapDuration) { [weak self] in self?.failIfPossible() }
        }
        touchesInTap = max(touchesInTap, liveTouches.count)
        if touchesInTap > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let moved = touches.contains {
            hypot($0.locationInWindow.x - $0.initialLocationInWindow.x,
                  $0.locationInWindow.y - $0.initialLocationInWindow.y) > UIGestureRecognizer.hysteresis
        }
        if moved { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard liveTouches.isEmpty else { return }
        // The tap is over: every touch of it lifted.
        for timer in timers { timer.cancel() }
        guard touchesInTap == numberOfTouchesRequired else { return state = .failed }
        touchesInTap = 0
        tapsDone += 1
        if tapsDone == numberOfTapsRequired {
            state = .recognized
        } else {
            waitForNextTap = scheduleTimer(after: MultiTapDetector.maximumInterval) { [weak self] in self?.failIfPossible() }
        }
    }

    open override func reset() {
        super.reset()
        tapsDone = 0
        touchesInTap = 0
        waitForNextTap = nil
    }

    private func failIfPossible() {
        if state == .possible { state = .failed }
    }
}
