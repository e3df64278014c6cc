import Foundation

/// Picking an action, and the keys that do it.
///
/// A picked action dismisses the alert (animated) and its handler runs
/// once the alert is gone, so the handler can present another controller
/// from the presenter. Apple's reference says only that the alert
/// "executes the block you provided when creating the action object" when
/// a person taps the action; the handler running after the dismissal is
/// what UIKit does. A disabled action cannot be picked, and once one is,
/// the alert ignores the others until it is gone.
///
/// Keys: UIKit's `preferredAction`: "If the iOS device is connected to a
/// physical keyboard, pressing the Return key triggers the preferred
/// action." Without one, Return picks the alert's only default-style
/// action; Escape picks the cancel action. The alert becomes first
/// responder when it enters the window (its first text field does, if it
/// has one), so its key commands are on the responder chain even while a
/// text field types; when it leaves, the responder that had the keys gets
/// them back.
extension UIAlertController {
    func pick(_ action: UIAlertAction) {
        guard action.isEnabled, pickedAction == nil, actions.contains(where: { $0 === action }) else { return }
        pickedAction = action
        let runHandler = { [weak self] in
            self?.pickedAction = nil
            action.handler?(action)
        }
        guard presentingViewController != nil else { return runHandler() }
        dismiss(animated: true, completion: runHandler)
    }

    /// The action Return picks: the preferred one, or an alert's only default-style action.
    var returnKeyAction: UIAlertAction? {
        guard preferredStyle == .alert else { return nil }
        if let preferredAction { return preferredAction }
        let defaults = actions.filter { $0.style == .default }
        return defaults.count == 1 ? defaults[0] : nil
    }

    /// The action Escape picks.
    var escapeKeyAction: UIAlertAction? {
        actions.first { $0.style == .cancel }
    }

    /// The key commands on offer: Return only when it has an action to
    /// pick (else a text field of the alert gets it as usual), Escape only
    /// with a cancel action.
    var alertKeyCommands: [UIKeyCommand] {
        var commands: [UIKeyCommand] = []
        if returnKeyAction != nil {
            commands.append(UIKeyCommand(input: "\r", modifierFlags: [], action: UIAlertController.returnKeyPressed))
        }
        if escapeKeyAction != nil {
            commands.append(UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: UIAlertController.escapeKeyPressed))
        }
        return commands
    }

    func returnKeyPressed() {
        if let action = returnKeyAction { pick(action) }
    }

    func escapeKeyPressed() {
        if let action = escapeKeyAction { pick(action) }
    }

    /// A tap outside an action sheet cancels it, when it has a cancel
    /// action; a tap outside an alert does nothing.
    func dimmingViewTapped() {
        guard preferredStyle == .actionSheet, let cancel = escapeKeyAction else { return }
        pick(cancel)
    }

    /// Takes the keys on entering the window; gives them back on leaving.
    func containerDidMoveToWindow() {
        if let window = view.window {
            guard !isFirstResponder, !fields.contains(where: { $0.isFirstResponder }) else { return }
            responderBeforeAlert = window.firstResponder
            if let field = fields.first(where: { $0.canBecomeFirstResponder }), field.becomeFirstResponder() { return }
            becomeFirstResponder()
        } else {
            // Still reachable through the presenter until the dismissal ends: let go now.
            for field in fields where field.isFirstResponder { field.resignFirstResponder() }
            if isFirstResponder { resignFirstResponder() }
            guard let previous = responderBeforeAlert else { return }
            responderBeforeAlert = nil
            if previous.responderWindow != nil { previous.becomeFirstResponder() }
        }
    }
}
