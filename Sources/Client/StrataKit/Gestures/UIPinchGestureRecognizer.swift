import Foundation

/// Two touches moving apart or together: `scale` is their distance over
/// the distance when the second touch went down; it begins once the
/// distance changed by `UIGestureRecognizer.hysteresis` points. A
/// touchpad's pinch drives it too, with no touches: `scale` is the
/// fingers' spread since the pinch began, at the pointer.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// Settable, as in UIKit: later changes multiply the new value.
    open var scale: CGFloat {
        get { scaleBase * ratio }
        set {
            // Later changes count from the distance the touches have now.
            scaleBase = newValue
            initialDistance = distance > 0 ? distance : nil
        }
    }

    /// Scale per second.
    open private(set) var velocity: CGFloat = 0

    private var scaleBase: CGFloat = 1
    private var initialDistance: CGFloat?
    private var distance: CGFloat = 0
    private var lastSample: (scale: CGFloat, time: TimeInterval)?
    /// Where the touchpad pinch in progress is (the pointer).
    private var transformLocation: CGPoint?

    open override func location(in view: UIView?) -> CGPoint {
        transformLocation.map { windowPoint($0, in: view) } ?? super.location(in: view)
    }

    private var ratio: CGFloat {
        guard let initialDistance, initialDistance > 0 else { return 1 }
        return distance / initialDistance
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        measure()
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard measure(), let initialDistance else { return }
        let now = scale
        if let lastSample, event.timestamp > lastSample.time {
            velocity = (now - lastSample.scale) / CGFloat(event.timestamp - lastSample.time)
        }
        lastSample = (now, event.timestamp)
        if state == .possible {
            if abs(distance - initialDistance) > UIGestureRecognizer.hysteresis { state = .began }
        } else {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if liveTouches.count < 2, state == .began || state == .changed { state = .ended }
    }

    open override func reset() {
        super.reset()
        scaleBase = 1
        initialDistance = nil
        distance = 0
        velocity = 0
        lastSample = nil
        transformLocation = nil
    }

    /// A touchpad pinch: its spread stands for the touches' distance, 1 when it began.
    func transform(_ event: TransformEvent) {
        transformLocation = event.location
        switch event.phase {
        case .began:
            distance = 1
            initialDistance = 1
            lastSample = (scale, event.timestamp)
        case .changed:
            distance = event.scale
            let now = scale
            if let lastSample, event.timestamp > lastSample.time {
                velocity = (now - lastSample.scale) / CGFloat(event.timestamp - lastSample.time)
            }
            lastSample = (now, event.timestamp)
            state = state == .possible ? .began : .changed
        case .ended:
            state = state == .began || state == .changed ? .ended : .failed
        case .cancelled:
            state = state == .began || state == .changed ? .cancelled : .failed
        }
    }

    /// The distance of the first two touches; the first one measured is the reference.
    @discardableResult
    private func measure() -> Bool {
        let touches = liveTouches
        guard touches.count >= 2 else { return false }
        let a = touches[0].locationInWindow, b = touches[1].locationInWindow
        distance = hypot(b.x - a.x, b.y - a.y)
        if initialDistance == nil { initialDistance = distance }
        return true
    }
}
