import Foundation

extension UIResponder {
    /// The window this responder is in, found up the responder chain
    /// (a window is its own).
    var responderWindow: UIWindow? {
        var current: UIResponder? = self
        while let responder = current {
            if let window = responder as? UIWindow { return window }
            current = responder.next
        }
        return nil
    }

    func takeFirstResponderStatus() -> Bool {
        guard canBecomeFirstResponder, let window = responderWindow else { return false }
        if let current = window.firstResponder {
            if current === self { return true }
            guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
        }
        window.firstResponderReference = self
        return true
    }

    func giveUpFirstResponderStatus() {
        guard let window = responderWindow, window.firstResponderReference === self else { return }
        window.firstResponderReference = nil
    }
}

extension UIWindow {
    /// The responder keys go to; one that left the window is no longer it.
    var firstResponder: UIResponder? {
        guard let responder = firstResponderReference, responder.responderWindow === self else { return nil }
        return responder
    }
}
