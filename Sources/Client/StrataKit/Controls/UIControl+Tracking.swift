import Foundation

/// The touch a control follows, and the control events it makes:
/// touchDown (and touchDownRepeat for a repeated tap), drag inside/outside,
/// enter/exit when crossing the margin around the bounds, up inside/outside,
/// cancel.
extension UIControl {
    func trackBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard trackingTouch == nil, let touch = touches.first else { return }
        trackingTouch = touch
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

    func trackMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        let wasInside = isTouchInside
        isTouchInside = isWithinTrackingMargin(touch)
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        let controlEvent: Event
        switch (wasInside, isTouchInside) {
        case (true, true): controlEvent = .touchDragInside
        case (false, true): controlEvent = .touchDragEnter
        case (true, false): controlEvent = .touchDragExit
        case (false, false): controlEvent = .touchDragOutside
        }
        sendActions(for: controlEvent, with: event)
    }

    func trackEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        isTouchInside = isWithinTrackingMargin(touch)
        isHighlighted = false
        if isTracking { endTracking(touch, with: event) }
        finishTracking()
        sendActions(for: isTouchInside ? .touchUpInside : .touchUpOutside, with: event)
    }

    func trackCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        isHighlighted = false
        if isTracking { cancelTracking(with: event) }
        finishTracking()
        sendActions(for: .touchCancel, with: event)
    }

    private func finishTracking() {
        trackingTouch = nil
        isTracking = false
    }

    /// Inside the bounds grown by `touchInsideMargin` on every side.
    private func isWithinTrackingMargin(_ touch: UITouch) -> Bool {
        let margin = UIControl.touchInsideMargin
        return bounds.insetBy(dx: -margin, dy: -margin).contains(touch.location(in: self))
    }
}
