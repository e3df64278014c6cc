import Foundation

extension UIApplication {
    /// Stops delivering touch, scroll and key events until the matching
    /// endIgnoringInteractionEvents(); calls nest.
    public func beginIgnoringInteractionEvents() {
        interactionIgnoreCount += 1
    }

    public func endIgnoringInteractionEvents() {
        interactionIgnoreCount = max(interactionIgnoreCount - 1, 0)
    }

    public var isIgnoringInteractionEvents: Bool { interactionIgnoreCount > 0 }

    /// UIApplication.sendEvent(_:)'s work: the event goes to its window.
    /// While ignoring, touches that views were already given still end,
    /// so no control stays highlighted and no gesture stays begun.
    func dispatch(_ event: UIEvent) {
        guard !isIgnoringInteractionEvents || event.endsDeliveredTouches else { return }
        (event.window ?? keyWindow)?.sendEvent(event)
    }
}

private extension UIEvent {
    var endsDeliveredTouches: Bool {
        type == .touches && touches.contains { $0.isFinished && $0.viewDelivery != .none }
    }
}
