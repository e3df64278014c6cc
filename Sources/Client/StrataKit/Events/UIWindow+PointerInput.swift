import Foundation

/// The pointer as UIKit on iPadOS presents it: a press-drag-release is one
/// touch of type `.indirectPointer`. Any button begins it, motion while a
/// button is down moves it, and releasing the last button ends it; the
/// event's `buttonMask` says which buttons are down.
extension UIWindow {
    func pointerMoved(to location: CGPoint, at timestamp: TimeInterval) {
        input.pointerLocation = location
        guard let touch = input.pointerTouch else { return pointerHovered(at: location) }
        touch.phase = .moved
        touch.previousLocationInWindow = touch.locationInWindow
        touch.locationInWindow = location
        touch.timestamp = timestamp
        sendTouches([touch], at: timestamp, buttonMask: input.pressedButtons)
    }

    func pointerButton(_ button: PointerButton, isPressed: Bool, at timestamp: TimeInterval) {
        if isPressed {
            input.pressedButtons.insert(button.mask)
            // A second button during a drag changes only the mask.
            guard input.pointerTouch == nil else { return }
            let touch = beginTouch(type: .indirectPointer, at: input.pointerLocation, timestamp: timestamp)
            input.pointerTouch = touch
            sendTouches([touch], at: timestamp, buttonMask: input.pressedButtons)
        } else {
            let clicked = input.pressedButtons
            input.pressedButtons.remove(button.mask)
            guard let touch = input.pointerTouch, input.pressedButtons.isEmpty else { return }
            input.pointerTouch = nil
            touch.phase = .ended
            touch.timestamp = timestamp
            sendTouches([touch], at: timestamp, buttonMask: clicked)
        }
    }
}

extension UIWindow {
    /// The pointer left while a press was in progress: the compositor only
    /// does that when it ended the press itself (the window went away under
    /// it), so the release will never come. The touch is cancelled.
    func pointerLeft(at timestamp: TimeInterval) {
        input.pressedButtons = []
        endHovering()
        guard let touch = input.pointerTouch else { return }
        input.pointerTouch = nil
        touch.phase = .cancelled
        touch.timestamp = timestamp
        sendTouches([touch], at: timestamp, buttonMask: [])
    }

    /// Every touch and press in progress ends as cancelled: the window
    /// left the screen, and no release or key up will reach it. A menu
    /// shown in it goes away.
    func cancelAllInput() {
        input.menuGrab?.dismiss()
        let timestamp = EventClocks.current.now
        pointerLeft(at: timestamp)
        fingersCancelled(at: timestamp)
        cancelActivePresses()
    }
}

extension PointerButton {
    /// The button's bit in UIEvent.ButtonMask (BTN_LEFT is button 1).
    var mask: UIEvent.ButtonMask {
        switch self {
        case .primary: return .primary
        case .secondary: return .secondary
        case .middle: return .button(3)
        case let .other(code):
            let number = Int(code) - 0x110 + 1
            return (1...32).contains(number) ? .button(number) : []
        }
    }
}
