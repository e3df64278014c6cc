import Foundation

/// What a control runs for an event: a target-action pair or a UIAction.
enum ControlHandler {
    case target(TargetAction)
    case action(UIAction)
}

/// Target-action and UIAction registration. Targets are method references
/// (`addTarget(self, action: Controller.save, for: .touchUpInside)`) held
/// weakly; a nil target sends the action up the responder chain from the
/// first responder, as UIKit does.
extension UIControl {
    /// For `func save()`.
    public func addTarget<Target: AnyObject>(_ target: Target?, action: @escaping (Target) -> () -> Void,
                                             for controlEvents: Event) {
        register(.target(TargetAction(target: target, action: MethodAction(action))), for: controlEvents)
    }

    /// For `func save(_ sender: UIControl)` (or a subclass, or `Any`).
    public func addTarget<Target: AnyObject, Sender>(_ target: Target?, action: @escaping (Target) -> (Sender) -> Void,
                                                     for controlEvents: Event) {
        register(.target(TargetAction(target: target, action: MethodAction(action))), for: controlEvents)
    }

    /// For `func save(_ sender: UIControl, forEvent event: UIEvent)`.
    public func addTarget<Target: AnyObject, Sender>(_ target: Target?,
                                                     action: @escaping (Target) -> (Sender, UIEvent) -> Void,
                                                     for controlEvents: Event) {
        register(.target(TargetAction(target: target, action: MethodAction(action))), for: controlEvents)
    }

    /// Removes `target`'s actions for `controlEvents` (nil target: every
    /// target's). Method references cannot be compared, so `action` must be
    /// nil: all of the target's actions for those events go, as UIKit does
    /// for a nil action. Use UIAction identifiers to remove one closure.
    public func removeTarget(_ target: Any?, action: Never?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        unregister(for: controlEvents) { handler in
            guard case let .target(pair) = handler else { return false }
            return object == nil || pair.target === object || pair.isOrphaned
        }
    }

    /// Adds `action` for `controlEvents`, replacing one with the same identifier.
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
        register(.action(action), for: controlEvents)
    }

    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    public func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        unregister(for: controlEvents) { handler in
            guard case let .action(action) = handler else { return false }
            return action.identifier == actionIdentifier
        }
    }

    /// The live targets (UIKit's is a set of NSObjects; targets here are any class).
    public var allTargets: [AnyObject] {
        registrations.compactMap { registration in
            guard case let .target(pair) = registration.handler else { return nil }
            return pair.target
        }
    }

    /// The events anything is registered for.
    public var allControlEvents: Event {
        registrations.reduce([]) { $0.union($1.events) }
    }

    /// UIKit's `sendAction(_:to:for:)`: sends one action now, as
    /// `UIApplication.sendAction(_:to:from:for:)` does, with this control as sender.
    public func sendAction<Target: AnyObject>(_ action: @escaping (Target) -> () -> Void, to target: Target?,
                                              for event: UIEvent?) {
        TargetAction(target: target, action: MethodAction(action)).send(from: self, for: event)
    }

    public func sendAction<Target: AnyObject, Sender>(_ action: @escaping (Target) -> (Sender) -> Void, to target: Target?,
                                                      for event: UIEvent?) {
        TargetAction(target: target, action: MethodAction(action)).send(from: self, for: event)
    }

    /// Sends the actions registered for any of `controlEvents`, each once, in the order added.
    public func sendActions(for controlEvents: Event) {
        sendActions(for: controlEvents, with: nil)
    }

    func sendActions(for controlEvents: Event, with event: UIEvent?) {
        registrations.removeAll { registration in
            if case let .target(pair) = registration.handler { return pair.isOrphaned }
            return false
        }
        for registration in registrations where !registration.events.isDisjoint(with: controlEvents) {
            switch registration.handler {
            case let .target(pair): pair.send(from: self, for: event)
            case let .action(action): sendAction(action)
            }
        }
    }

    private func register(_ handler: ControlHandler, for controlEvents: Event) {
        registrations.append((controlEvents, handler))
    }

    /// Takes `controlEvents` away from the matching registrations, dropping those left with none.
    private func unregister(for controlEvents: Event, where matches: (ControlHandler) -> Bool) {
        registrations = registrations.compactMap { registration in
            guard matches(registration.handler) else { return registration }
            let remaining = registration.events.subtracting(controlEvents)
            return remaining.isEmpty ? nil : (remaining, registration.handler)
        }
    }
}
