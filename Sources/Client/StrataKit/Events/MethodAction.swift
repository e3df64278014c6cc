import Foundation

/// An action given as an unbound method reference, Swift's stand-in for a
/// selector: `Controller.save` for `func save()`, `func save(_ sender:)` or
/// `func save(_ sender:forEvent:)`. The sender parameter may be any type the
/// sender is (its own class, a superclass, `Any`); it is cast when the action
/// runs, and an action whose sender type does not fit is not run.
///
/// Method references are closures, which Swift cannot compare, so actions
/// have no identity: removing one is done by target (see `removeTarget`).
struct MethodAction {
    /// Runs the method on `target` if `target` has the method's type and
    /// the sender fits; false otherwise.
    let perform: (_ target: AnyObject, _ sender: Any?, _ event: UIEvent?) -> Bool

    init<Target: AnyObject>(_ method: @escaping (Target) -> () -> Void) {
        perform = { target, _, _ in
            guard let target = target as? Target else { return false }
            method(target)()
            return true
        }
    }

    init<Target: AnyObject, Sender>(_ method: @escaping (Target) -> (Sender) -> Void) {
        perform = { target, sender, _ in
            guard let target = target as? Target, let sender = sender as? Sender else { return false }
            method(target)(sender)
            return true
        }
    }

    init<Target: AnyObject, Sender>(_ method: @escaping (Target) -> (Sender, UIEvent) -> Void) {
        perform = { target, sender, event in
            guard let target = target as? Target, let sender = sender as? Sender, let event else { return false }
            method(target)(sender, event)
            return true
        }
    }
}

extension MethodAction {
    /// Runs on the first responder from `responder` up that has the method's type.
    func performUpResponderChain(from responder: UIResponder?, sender: Any?, event: UIEvent?) -> Bool {
        var current = responder
        while let candidate = current {
            if perform(candidate, sender, event) { return true }
            current = candidate.next
        }
        return false
    }
}

/// A target and its action. The target is held weakly, as UIKit holds
/// targets; a nil target means the responder chain (UIApplication.sendAction).
struct TargetAction {
    private(set) weak var target: AnyObject?
    /// Whether a target was given (so a nil `target` means it was freed).
    let hasTarget: Bool
    let action: MethodAction

    init(target: AnyObject?, action: MethodAction) {
        self.target = target
        hasTarget = target != nil
        self.action = action
    }

    /// Whether the target was given and is gone: the pair can be dropped.
    var isOrphaned: Bool { hasTarget && target == nil }

    /// Sends the action as `UIApplication.sendAction(_:to:from:for:)` does.
    @discardableResult
    func send(from sender: Any?, for event: UIEvent?) -> Bool {
        guard !isOrphaned else { return false }
        return UIApplication.shared.sendAction(action, to: target, from: sender, for: event)
    }
}

extension UIApplication {
    /// Sends `action` to `target`; with no target, to the first responder
    /// of the key window (or, with none, `sender` when it is a responder)
    /// and up the responder chain to the first responder of the method's
    /// type. Returns whether some responder ran it.
    func sendAction(_ action: MethodAction, to target: AnyObject?, from sender: Any?, for event: UIEvent?) -> Bool {
        if let target { return action.perform(target, sender, event) }
        let start = keyWindow?.firstResponder ?? (sender as? UIResponder) ?? keyWindow
        return action.performUpResponderChain(from: start, sender: sender, event: event)
    }

    /// UIKit's `sendAction(_:to:from:for:)` with a method reference for the selector.
    @discardableResult
    public func sendAction<Target: AnyObject>(_ action: @escaping (Target) -> () -> Void, to target: Target?,
                                              from sender: Any?, for event: UIEvent?) -> Bool {
        sendAction(MethodAction(action), to: target, from: sender, for: event)
    }

    @discardableResult
    public func sendAction<Target: AnyObject, Sender>(_ action: @escaping (Target) -> (Sender) -> Void, to target: Target?,
                                                      from sender: Any?, for event: UIEvent?) -> Bool {
        sendAction(MethodAction(action), to: target, from: sender, for: event)
    }
}
