import Foundation

/// The pan a scroll view owns (UIKit's is a private subclass too). Beside
/// the drag itself it tells the scroll view when a finger lands (which
/// stops a deceleration: the content is caught) and lifts, and it holds a
/// new touch back from the content for `contentTouchDelay` while
/// `delaysContentTouches` is set, so a drag that starts on a button
/// scrolls instead of pressing it. A touch that lifts before a drag began
/// fails the pan at once, so the content gets its held touch without waiting.
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    weak var scrollView: UIScrollView?

    /// UIKit's delay before content sees a touch: 150 ms.
    static let contentTouchDelay: TimeInterval = 0.15

    private var contentTouchDelayElapsed = false

    override var delaysTouchesBegan: Bool {
        get { (scrollView?.delaysContentTouches ?? false) && !contentTouchDelayElapsed }
        set {}
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let isFirstTouch = liveTouches.count == touches.count
        super.touchesBegan(touches, with: event)
        guard isFirstTouch, state == .possible else { return }
        scrollView?.contentTouched()
        if scrollView?.delaysContentTouches == true {
            _ = scheduleTimer(after: Self.contentTouchDelay) { [weak self] in
                guard let self else { return }
                self.contentTouchDelayElapsed = true
                self.arenaWindow?.gestureStateDidChange()
            }
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        liftIfLast()
        super.touchesEnded(touches, with: event)
        if state == .possible && liveTouches.isEmpty {
            state = .failed
            scrollView?.contentReleasedWithoutDrag()
        }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        liftIfLast()
        super.touchesCancelled(touches, with: event)
        if state == .possible && liveTouches.isEmpty {
            state = .failed
            scrollView?.contentReleasedWithoutDrag()
        }
    }

    override func reset() {
        super.reset()
        contentTouchDelayElapsed = false
        scrollView?.isTracking = false
    }

    /// isTracking is over before the drag's end is announced, as in UIKit.
    private func liftIfLast() {
        if liveTouches.isEmpty { scrollView?.isTracking = false }
    }
}
