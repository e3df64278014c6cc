import Foundation

/// The responder chain: a view's next responder is its view controller if it
/// is one's root view, else its superview; a view controller's is its view's
/// superview; a window's is the application, and the application's is its
/// delegate when that is a responder.
///
/// Every event method's default passes the event to `next`, so what a
/// responder does not handle travels up the chain. They live in the class
/// body because Swift cannot override members declared in extensions.
open class UIResponder {
    public init() {}

    open var next: UIResponder? { nil }

    // MARK: Touches (Events/UIWindow+TouchDelivery.swift delivers them)

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses (Keyboard/UIWindow+KeyDelivery.swift delivers them)

    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        event?.notePassedOn(by: self)
        next?.pressesBegan(presses, with: event)
    }

    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesEnded(presses, with: event)
    }

    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }

    /// The key commands this responder offers; the chain is searched from
    /// the first responder up.
    open var keyCommands: [UIKeyCommand]? { nil }

    // MARK: First responder (Keyboard/UIResponder+FirstResponder.swift)

    open var canBecomeFirstResponder: Bool { false }

    open var canResignFirstResponder: Bool { true }

    open var isFirstResponder: Bool {
        guard let window = responderWindow else { return false }
        return window.firstResponder === self
    }

    /// Asks the current first responder of the window to resign, then
    /// becomes first responder; false when it cannot become one, is in no
    /// window, or the current one refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        takeFirstResponderStatus()
    }

    /// Gives up first-responder status; true unless an override refuses.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        giveUpFirstResponderStatus()
        return true
    }
}
