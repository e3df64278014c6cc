import Foundation

/// A tap toggles the switch; a drag carries the thumb to the side the
/// finger is on, and the release keeps that side, as UIKit's switch does.
/// `.valueChanged` is sent (before `.touchUpInside`) only when the state
/// changed; a cancelled touch changes nothing.
extension UISwitch {
    /// How far a touch moves across before it drags rather than taps.
    static let dragThreshold: CGFloat = 4

    func beginThumbTracking(_ touch: UITouch) -> Bool {
        trackingStartX = touch.location(in: self).x
        thumbShowsOn = nil
        return true
    }

    func continueThumbTracking(_ touch: UITouch) -> Bool {
        let x = touch.location(in: self).x
        guard thumbShowsOn != nil || abs(x - trackingStartX) > UISwitch.dragThreshold else { return true }
        let side = x > bounds.midX
        if side != (thumbShowsOn ?? on) {
            thumbShowsOn = side
            slideParts()
        } else if thumbShowsOn == nil {
            thumbShowsOn = side
        }
        return true
    }

    func endThumbTracking(with event: UIEvent?) {
        let newOn: Bool
        if let dragged = thumbShowsOn {
            newOn = dragged
        } else {
            guard isTouchInside else { return }
            newOn = !on
        }
        thumbShowsOn = nil
        guard newOn != on else { return }
        setOn(newOn, animated: true)
        sendActions(for: .valueChanged, with: event)
    }

    func cancelThumbTracking() {
        guard thumbShowsOn != nil else { return }
        thumbShowsOn = nil
        slideParts()
    }
}
