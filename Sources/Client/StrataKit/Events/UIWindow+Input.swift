import Foundation

extension UIWindow {
    /// The seat glue's one entry point: an input event for this window, on
    /// the main thread. Pointer and touch input become touches (Events/),
    /// scrolls become pans (Gestures/UIWindow+Scrolling.swift), keys become
    /// presses (Keyboard/), and keyboard focus makes the window key.
    func receive(_ input: WindowInput) {
        // A menu on screen, or a secondary click that opens one, takes it first.
        if interceptForMenus(input) { return }
        switch input {
        case let .pointerMotion(location, timestamp):
            pointerMoved(to: location, at: timestamp)
        case let .pointerButton(button, isPressed, timestamp):
            pointerButton(button, isPressed: isPressed, at: timestamp)
        case let .pointerLeave(timestamp):
            // A press keeps its implicit grab, so a leave during one means
            // the press is over; without one, only hovering ends.
            pointerLeft(at: timestamp)
        case let .scroll(delta, isContinuous, timestamp):
            scrolled(by: delta, isContinuous: isContinuous, at: timestamp)
        case let .transform(phase, scale, rotation, timestamp):
            transformed(phase, scale: scale, rotation: rotation, at: timestamp)
        case let .touchDown(id, location, timestamp):
            fingerDown(id: id, at: location, timestamp: timestamp)
        case let .touchMotion(id, location, timestamp):
            fingerMoved(id: id, to: location, timestamp: timestamp)
        case let .touchUp(id, timestamp):
            fingerUp(id: id, timestamp: timestamp)
        case let .touchCancel(timestamp):
            fingersCancelled(at: timestamp)
        case .touchFrame:
            sendTouchFrame()
        case let .key(stroke, phase, timestamp):
            key(stroke, phase: phase, at: timestamp)
        case let .keyboardFocus(hasFocus):
            keyboardFocusChanged(hasFocus)
        }
    }

    /// UIWindow.sendEvent(_:)'s work: each kind of event to its delivery.
    func deliver(_ event: UIEvent) {
        switch event.type {
        case .touches: deliverTouches(event)
        case .scroll: (event as? ScrollEvent).map(deliverScroll)
        case .transform: (event as? TransformEvent).map(deliverTransform)
        case .presses: (event as? UIPressesEvent).map(deliverPresses)
        default: break
        }
    }

    /// With keyboard focus the window is key; without it, no window of the
    /// app is (the keyboard belongs to another app).
    private func keyboardFocusChanged(_ hasFocus: Bool) {
        let application = UIApplication.shared
        if hasFocus {
            makeKey()
        } else if application.keyWindowReference === self {
            application.keyWindowReference = nil
            loseKeyStatus()
        }
    }
}
