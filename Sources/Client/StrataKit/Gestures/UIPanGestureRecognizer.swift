import Foundation

/// A drag: begins once the touches' centroid moved `UIGestureRecognizer.hysteresis`
/// points, changes as it moves, ends when fewer than the minimum touches
/// remain. Scrolling (wheel, touchpad) drives it too, as `allowedScrollTypesMask` allows.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
    /// UIKit's default: pans take no scrolling unless asked to.
    open var allowedScrollTypesMask: UIScrollTypeMask = []

    /// Velocity is measured over the samples of this last stretch of time.
    static let velocityWindow: TimeInterval = 0.1

    /// In the window, from where the touches went down (so the hysteresis is included).
    private var translationInWindow = CGPoint.zero
    private var lastCentroid = CGPoint.zero
    private var samples: [(time: TimeInterval, translation: CGPoint)] = []
    /// The pointer's location while scrolling drives the pan.
    private var scrollLocation: CGPoint?
    /// The kind of scrolling (wheel or touchpad) driving the pan; nil for touches.
    private(set) var scrollType: UIScrollTypeMask?

    open func translation(in view: UIView?) -> CGPoint {
        windowVector(translationInWindow, in: view)
    }

    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        translationInWindow = vectorInWindow(translation, from: view)
        samples = []
    }

    /// Points per second, in `view`'s coordinates.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return .zero }
        let seconds = CGFloat(last.time - first.time)
        return windowVector(CGPoint(x: (last.translation.x - first.translation.x) / seconds,
                                    y: (last.translation.y - first.translation.y) / seconds), in: view)
    }

    open override func location(in view: UIView?) -> CGPoint {
        scrollLocation.map { windowPoint($0, in: view) } ?? super.location(in: view)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches where liveTouches.count > maximumNumberOfTouches { ignore(touch, for: event) }
        lastCentroid = centroid(of: liveTouches)
        record(at: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let now = centroid(of: liveTouches)
        translationInWindow.x += now.x - lastCentroid.x
        translationInWindow.y += now.y - lastCentroid.y
        lastCentroid = now
        record(at: event.timestamp)
        advance(canBegin: liveTouches.count >= minimumNumberOfTouches
                && hypot(translationInWindow.x, translationInWindow.y) > UIGestureRecognizer.hysteresis)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // The lift is a sample too: a finger that rested before lifting lets go without velocity.
        record(at: event.timestamp)
        let remaining = liveTouches
        if remaining.count < minimumNumberOfTouches, state == .began || state == .changed {
            state = .ended
        }
        // The centroid jumps when a finger lifts; the translation does not.
        lastCentroid = centroid(of: remaining)
    }

    open override func reset() {
        super.reset()
        translationInWindow = .zero
        samples = []
        scrollLocation = nil
        scrollType = nil
    }

    /// .began the first time it may, .changed after.
    private func advance(canBegin: Bool) {
        if state == .possible {
            if canBegin { state = .began }
        } else {
            state = .changed
        }
    }

    private func record(at time: TimeInterval) {
        samples.append((time, translationInWindow))
        samples.removeAll { time - $0.time > Self.velocityWindow }
    }

    // MARK: Scrolling (UIWindow+Scrolling.swift)

    /// A scroll moves content the way a drag does: content moving up is an upward drag.
    func scroll(_ event: ScrollEvent) {
        scrollLocation = event.location
        scrollType = event.isContinuous ? .continuous : .discrete
        translationInWindow.x -= event.delta.dx
        translationInWindow.y -= event.delta.dy
        record(at: event.timestamp)
        advance(canBegin: true)
    }

    func scrollEnded() {
        state = state == .began || state == .changed ? .ended : .failed
    }
}

extension UIGestureRecognizer {
    /// How far touches move before a pan or pinch begins, and how far a tap
    /// may move and still be a tap (UIKit's long press allows 10 points too),
    /// so a drag is never also a tap.
    static let hysteresis: CGFloat = 10
}
