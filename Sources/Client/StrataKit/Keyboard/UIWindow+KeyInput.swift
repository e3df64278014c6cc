import Foundation

/// Keys become presses for the window's first responder (or the window
/// when there is none), which pass up the responder chain unless handled.
/// Before that, a key command of the chain may take the key; after it,
/// a first responder adopting UIKeyInput that passed the press on gets the
/// text. A hidden first responder keeps getting keys, as UIKit warns.
extension UIWindow {
    func key(_ stroke: KeyStroke, phase: KeyPhase, at timestamp: TimeInterval) {
        input.modifierFlags = UIKeyModifierFlags(rawValue: stroke.modifierFlags)
        let event = UIPressesEvent()
        event.window = self
        event.timestamp = timestamp
        event.modifierFlags = input.modifierFlags
        switch phase {
        case .down:
            let press = UIPress(key: UIKey(stroke), timestamp: timestamp, window: self)
            input.presses[stroke.linuxKeyCode] = press
            event.presses = [press]
        case .repeat:
            guard let press = input.presses[stroke.linuxKeyCode] else { return }
            press.timestamp = timestamp
            event.presses = [press]
            event.isRepeat = true
        case .up:
            guard let press = input.presses.removeValue(forKey: stroke.linuxKeyCode) else { return }
            press.phase = .ended
            press.timestamp = timestamp
            event.presses = [press]
        }
        UIApplication.shared.sendEvent(event)
    }

    /// The window stopped being key: its held keys are cancelled.
    func cancelActivePresses() {
        let presses = Array(input.presses.values)
        input.presses = [:]
        guard !presses.isEmpty else { return }
        let event = UIPressesEvent()
        event.window = self
        event.timestamp = EventClocks.current.now
        event.presses = presses
        for press in presses { press.phase = .cancelled }
        deliverPresses(event)
    }

    func deliverPresses(_ event: UIPressesEvent) {
        for press in event.presses {
            switch press.phase {
            case .began where event.isRepeat:
                if press.wasConsumedByKeyCommand {
                    _ = performKeyCommand(for: press, with: event)
                } else if press.feedsTextInput, let responder = press.responder {
                    type(press, into: responder)
                } else if let responder = press.responder as? KeyRepeatHandling {
                    responder.pressRepeated(press)
                }
            case .began:
                let target = firstResponder ?? self
                if performKeyCommand(for: press, with: event) {
                    press.wasConsumedByKeyCommand = true
                    continue
                }
                press.responder = target
                event.deliveredTo = target
                event.wasPassedOnByTarget = false
                target.pressesBegan([press], with: event)
                press.feedsTextInput = event.wasPassedOnByTarget
                if press.feedsTextInput { type(press, into: target) }
            case .ended:
                guard !press.wasConsumedByKeyCommand else { continue }
                press.responder?.pressesEnded([press], with: event)
            case .cancelled:
                guard !press.wasConsumedByKeyCommand else { continue }
                press.responder?.pressesCancelled([press], with: event)
            default:
                break
            }
        }
    }

    /// Looks for a matching key command from the first responder up; runs
    /// the first whose action some responder of the chain can perform.
    private func performKeyCommand(for press: UIPress, with event: UIPressesEvent) -> Bool {
        guard let key = press.key else { return false }
        let first = firstResponder ?? self
        var responder: UIResponder? = first
        while let current = responder {
            for command in current.keyCommands ?? [] where command.matches(key) {
                if command.action.performUpResponderChain(from: first, sender: command, event: event) { return true }
            }
            responder = current.next
        }
        return false
    }

    /// Text input: Return inserts a newline, Backspace deletes backward,
    /// a key that types printable characters without Control or Command inserts them.
    private func type(_ press: UIPress, into responder: UIResponder) {
        guard let keyInput = responder as? UIKeyInput, let key = press.key else { return }
        switch key.keyCode {
        case .keyboardReturnOrEnter, .keypadEnter:
            keyInput.insertText("\n")
        case .keyboardDeleteOrBackspace:
            keyInput.deleteBackward()
        default:
            let printable = !key.characters.isEmpty
                && key.characters.unicodeScalars.allSatisfy { !CharacterSet.controlCharacters.contains($0) }
            if printable, key.modifierFlags.isDisjoint(with: [.control, .command]) { keyInput.insertText(key.characters) }
        }
    }
}
