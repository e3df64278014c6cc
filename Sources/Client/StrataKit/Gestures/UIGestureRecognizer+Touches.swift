import Foundation

extension UIGestureRecognizer {
    /// Whether it is still taking touches: deciding, or running.
    var acceptsTouches: Bool {
        (state == .possible && pendingState == nil) || state == .began || state == .changed
    }

    /// Whether a new touch goes to this recognizer (UIKit asks the delegate's
    /// shouldReceive before touchesBegan).
    func accepts(_ touch: UITouch) -> Bool {
        // A hover recognizer follows the pointer, never touches (UIWindow+Hover.swift).
        guard isEnabled, acceptsTouches, !(self is UIHoverGestureRecognizer) else { return false }
        if requiresExclusiveTouchType, trackedTouches.contains(where: { !$0.isGone && $0.type != touch.type }) { return false }
        return delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true
    }

    /// Hands the recognizer its touches of one event, phase by phase. A
    /// running recognizer whose touches are cancelled is cancelled.
    func receive(_ touches: [UITouch], with event: UIEvent) {
        for phase: UITouch.Phase in [.began, .moved, .ended, .cancelled] {
            let group = Set(touches.filter { $0.phase == phase })
            guard !group.isEmpty, acceptsTouches else { continue }
            switch phase {
            case .began: touchesBegan(group, with: event)
            case .moved: touchesMoved(group, with: event)
            case .ended: touchesEnded(group, with: event)
            default:
                touchesCancelled(group, with: event)
                if state == .began || state == .changed { state = .cancelled }
            }
        }
    }

    /// Stops sending `touch` (of `event`) to this recognizer.
    public func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        touch.gestureRecognizers?.removeAll { $0 === self }
    }

    /// The touches down in the current event (those ending in it included).
    var liveTouches: [UITouch] { trackedTouches.filter { !$0.isGone && !$0.isFinished } }

    /// What location(in:) averages: the touches of the current event, or
    /// once they are gone, where the sequence's touches last were.
    var locatingTouches: [UITouch] {
        let current = trackedTouches.filter { !$0.isGone }
        return current.isEmpty ? trackedTouches : current
    }

    public var numberOfTouches: Int { trackedTouches.filter { !$0.isGone }.count }

    public func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = locatingTouches
        guard touches.indices.contains(touchIndex) else { return .zero }
        return touches[touchIndex].location(in: view)
    }

    /// Whether it took part in the current touch sequence or scroll.
    var isInvolved: Bool { arenaWindow != nil }

    /// Runs `work` after `delay` on the event clock; cancelled on reset.
    @discardableResult
    func scheduleTimer(after delay: TimeInterval, _ work: @escaping () -> Void) -> EventTimer {
        let timer = EventClocks.current.schedule(after: delay, work)
        timers.removeAll { !$0.isPending }
        timers.append(timer)
        return timer
    }

    var hasPendingTimers: Bool { timers.contains(where: \.isPending) }

    // MARK: Geometry in the window

    func centroid(of touches: [UITouch]) -> CGPoint {
        guard !touches.isEmpty else { return .zero }
        let sum = touches.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.locationInWindow.x, y: $0.y + $1.locationInWindow.y) }
        return CGPoint(x: sum.x / CGFloat(touches.count), y: sum.y / CGFloat(touches.count))
    }

    /// A point of the window in `view` (nil: the window).
    func windowPoint(_ point: CGPoint, in view: UIView?) -> CGPoint {
        guard let view, let window = arenaWindow ?? self.view?.window else { return point }
        return view.convert(point, from: window)
    }

    /// A vector of the window (a translation, a velocity) in `view`.
    func windowVector(_ vector: CGPoint, in view: UIView?) -> CGPoint {
        let origin = windowPoint(.zero, in: view), end = windowPoint(vector, in: view)
        return CGPoint(x: end.x - origin.x, y: end.y - origin.y)
    }

    /// A vector of `view` in the window.
    func vectorInWindow(_ vector: CGPoint, from view: UIView?) -> CGPoint {
        guard let view, let window = arenaWindow ?? self.view?.window else { return vector }
        let origin = window.convert(CGPoint.zero, from: view), end = window.convert(vector, from: view)
        return CGPoint(x: end.x - origin.x, y: end.y - origin.y)
    }
}
