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
    func dispatch(_ event: UIEvent) {
        guard !isIgnoringInteractionEvents else { return }
        (event.window ?? keyWindow)?.sendEvent(event)
    }
}
