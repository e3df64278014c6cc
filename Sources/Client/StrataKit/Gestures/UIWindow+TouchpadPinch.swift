import Foundation

/// Where a touchpad pinch is in its course.
enum TransformPhase {
    case began, changed, ended, cancelled
}

/// A touchpad pinch (UIEvent.EventType.transform) on its way to the pinch
/// and rotation recognizers under the pointer.
final class TransformEvent: UIEvent {
    let phase: TransformPhase
    /// Since the pinch began: the fingers' spread, and their turn in radians (clockwise).
    let scale: CGFloat
    let rotation: CGFloat
    let location: CGPoint

    init(phase: TransformPhase, scale: CGFloat, rotation: CGFloat, location: CGPoint) {
        self.phase = phase
        self.scale = scale
        self.rotation = rotation
        self.location = location
        super.init(type: .transform)
    }
}

/// As UIKit gives views a trackpad's pinch: an indirect transform drives
/// the UIPinchGestureRecognizers and UIRotationGestureRecognizers under
/// the pointer, with no touches (numberOfTouches is 0), at the pointer.
extension UIWindow {
    func transformed(_ phase: TransformPhase, scale: CGFloat, rotation: CGFloat, at timestamp: TimeInterval) {
        let event = TransformEvent(phase: phase, scale: scale, rotation: rotation, location: input.pointerLocation)
        event.window = self
        event.timestamp = timestamp
        event.modifierFlags = input.modifierFlags
        UIApplication.shared.sendEvent(event)
    }

    func deliverTransform(_ event: TransformEvent) {
        if event.phase == .began {
            input.transformRecognizers = []
            var node = hitTest(event.location, with: event)
            while let view = node {
                for recognizer in view.attachedGestureRecognizers
                    where recognizer.isEnabled && recognizer.acceptsTouches
                    && (recognizer is UIPinchGestureRecognizer || recognizer is UIRotationGestureRecognizer) {
                    input.transformRecognizers.append(recognizer)
                    involve(recognizer, with: nil)
                }
                node = view.superview
            }
        }
        let recognizers = input.transformRecognizers
        if event.phase == .ended || event.phase == .cancelled { input.transformRecognizers = [] }
        input.isDispatching = true
        for recognizer in recognizers where recognizer.acceptsTouches {
            (recognizer as? UIPinchGestureRecognizer)?.transform(event)
            (recognizer as? UIRotationGestureRecognizer)?.transform(event)
        }
        input.isDispatching = false
        settleGestures()
    }
}
