import Foundation

/// Fingers (wl_touch) become touches of type `.direct`. Their changes are
/// gathered until wl_touch.frame, so touches that change together are
/// delivered in one event.
extension UIWindow {
    func fingerDown(id: Int32, at location: CGPoint, timestamp: TimeInterval) {
        let touch = beginTouch(type: .direct, at: location, timestamp: timestamp)
        input.fingers[id] = touch
        input.touchFrame.append(touch)
    }

    func fingerMoved(id: Int32, to location: CGPoint, timestamp: TimeInterval) {
        guard let touch = input.fingers[id] else { return }
        let beganInFrame = touch.phase == .began && input.touchFrame.contains(touch)
        noteInFrame(touch)
        // A touch that began in this frame begins where it is at the frame's end.
        if !beganInFrame { touch.phase = .moved }
        touch.locationInWindow = location
        touch.timestamp = timestamp
    }

    func fingerUp(id: Int32, timestamp: TimeInterval) {
        guard let touch = input.fingers.removeValue(forKey: id) else { return }
        // A touch that begins and ends in one frame is still sent both.
        if touch.phase == .began, input.touchFrame.contains(touch) { sendTouchFrame() }
        noteInFrame(touch)
        touch.phase = .ended
        touch.timestamp = timestamp
    }

    /// wl_touch.cancel: the compositor took every finger; the pointer's
    /// touch, another device, goes on.
    func fingersCancelled(at timestamp: TimeInterval) {
        sendTouchFrame()
        let cancelled = input.touches.filter { $0.type == .direct }
        input.fingers = [:]
        for touch in cancelled {
            touch.phase = .cancelled
            touch.timestamp = timestamp
        }
        sendTouches(cancelled, at: timestamp, buttonMask: [])
    }

    func sendTouchFrame() {
        let changed = input.touchFrame
        input.touchFrame = []
        guard let timestamp = changed.map(\.timestamp).max() else { return }
        sendTouches(changed, at: timestamp, buttonMask: [])
    }

    /// Adds the touch to the frame; the first change in a frame keeps its
    /// location as the previous one (where it was in the last event).
    private func noteInFrame(_ touch: UITouch) {
        guard !input.touchFrame.contains(touch) else { return }
        input.touchFrame.append(touch)
        touch.previousLocationInWindow = touch.locationInWindow
    }

    // MARK: Shared by pointer and fingers

    /// A new touch, bound for its life to the view hit-tested where it began.
    func beginTouch(type: UITouch.TouchType, at location: CGPoint, timestamp: TimeInterval) -> UITouch {
        let tapCount = input.tapDetectors[type, default: MultiTapDetector()].tapCount(at: location, timestamp: timestamp)
        let touch = UITouch(type: type, location: location, timestamp: timestamp, tapCount: tapCount, window: self)
        touch.view = hitTest(location, with: input.touchesEvent)
        input.touches.append(touch)
        return touch
    }

    /// Sends one touches event with `changed` (the other touches down are
    /// stationary in it) through UIApplication.sendEvent(_:), then forgets
    /// the touches that finished and lets gestures settle.
    func sendTouches(_ changed: [UITouch], at timestamp: TimeInterval, buttonMask: UIEvent.ButtonMask) {
        guard !changed.isEmpty else { return }
        for touch in input.touches where !changed.contains(touch) {
            touch.phase = .stationary
            touch.previousLocationInWindow = touch.locationInWindow
        }
        let event = input.touchesEvent
        event.window = self
        event.timestamp = timestamp
        event.buttonMask = buttonMask
        event.modifierFlags = input.modifierFlags
        event.touches = input.touches
        input.isDispatching = true
        UIApplication.shared.sendEvent(event)
        input.isDispatching = false

        for touch in event.touches where touch.isFinished {
            touch.isGone = true
            input.tapDetectors[touch.type, default: MultiTapDetector()].touchFinished(touch)
        }
        input.touches.removeAll(where: \.isGone)
        event.touches = input.touches
        settleGestures()
    }
}
