import Foundation

/// Two touches turning about each other: `rotation` is the angle, in
/// radians (clockwise positive, as y points down), turned since the second
/// touch went down; it begins once that exceeds `beginAngle`. A touchpad's
/// pinch turning drives it too, with no touches, at the pointer.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// About 5.7°: a turn smaller than this is a wobble, not a rotation.
    static let beginAngle: CGFloat = 0.1

    /// Settable, as in UIKit: later turns add to the new value.
    open var rotation: CGFloat = 0
    /// Radians per second.
    open private(set) var velocity: CGFloat = 0

    private var lastSample: (angle: CGFloat, time: TimeInterval)?
    /// Where the touchpad pinch in progress is (the pointer), and its turn when last told.
    private var transformLocation: CGPoint?
    private var transformAngle: CGFloat = 0

    open override func location(in view: UIView?) -> CGPoint {
        transformLocation.map { windowPoint($0, in: view) } ?? super.location(in: view)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if let angle = pairAngle(), lastSample == nil { lastSample = (angle, event.timestamp) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let angle = pairAngle(), let lastSample else { return }
        // The step, unwrapped into (-π, π] so turning past ±π keeps counting.
        var step = angle - lastSample.angle
        if step > .pi { step -= 2 * .pi } else if step <= -.pi { step += 2 * .pi }
        rotation += step
        if event.timestamp > lastSample.time { velocity = step / CGFloat(event.timestamp - lastSample.time) }
        self.lastSample = (angle, event.timestamp)
        if state == .possible {
            if abs(rotation) > Self.beginAngle { state = .began }
        } else {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if liveTouches.count < 2, state == .began || state == .changed { state = .ended }
        if liveTouches.count < 2 { lastSample = nil }
    }

    open override func reset() {
        super.reset()
        rotation = 0
        velocity = 0
        lastSample = nil
        transformLocation = nil
        transformAngle = 0
    }

    /// A touchpad pinch: each step of its turn adds to `rotation`; it
    /// begins once the turn exceeds `beginAngle`, as with touches.
    func transform(_ event: TransformEvent) {
        transformLocation = event.location
        switch event.phase {
        case .began:
            transformAngle = 0
            lastSample = (0, event.timestamp)
        case .changed:
            let step = event.rotation - transformAngle
            transformAngle = event.rotation
            rotation += step
            if let lastSample, event.timestamp > lastSample.time { velocity = step / CGFloat(event.timestamp - lastSample.time) }
            lastSample = (event.rotation, event.timestamp)
            if state == .possible {
                if abs(rotation) > Self.beginAngle { state = .began }
            } else {
                state = .changed
            }
        case .ended:
            state = state == .began || state == .changed ? .ended : .failed
        case .cancelled:
            state = state == .began || state == .changed ? .cancelled : .failed
        }
    }

    /// The angle of the line from the first touch to the second.
    private func pairAngle() -> CGFloat? {
        let touches = liveTouches
        guard touches.count >= 2 else { return nil }
        let a = touches[0].locationInWindow, b = touches[1].locationInWindow
        return atan2(b.y - a.y, b.x - a.x)
    }
}
