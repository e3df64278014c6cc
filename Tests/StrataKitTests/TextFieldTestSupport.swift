import XCTest
@testable import StrataKit

/// A text field in a key window, typed into with synthesized keys on a
/// clock the test advances (so the caret's blink holds still).
class TextFieldTestCase: InputTestCase {
    var field: UITextField!
    let recorder = EventRecorder()

    override func setUp() {
        super.setUp()
        UIPasteboard.general.string = nil
        field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
        window.addSubview(field)
        window.receive(.keyboardFocus(true))
    }

    override func tearDown() {
        window.receive(.keyboardFocus(false))
        field = nil
        super.tearDown()
    }

    func stroke(_ usage: UIKeyboardHIDUsage, _ characters: String, modifiers: UIKeyModifierFlags = []) -> KeyStroke {
        KeyStroke(hidUsage: usage.rawValue, linuxKeyCode: UInt32(usage.rawValue), keysym: 0, characters: characters,
                  charactersIgnoringModifiers: characters.lowercased(), modifierFlags: modifiers.rawValue)
    }

    func press(_ usage: UIKeyboardHIDUsage, _ characters: String = "", modifiers: UIKeyModifierFlags = []) {
        let key = stroke(usage, characters, modifiers: modifiers)
        window.receive(.key(key, phase: .down, timestamp: clock.now))
        window.receive(.key(key, phase: .up, timestamp: clock.now))
    }

    /// A key held down through `repeats` repeats.
    func hold(_ usage: UIKeyboardHIDUsage, _ characters: String = "", modifiers: UIKeyModifierFlags = [], repeats: Int) {
        let key = stroke(usage, characters, modifiers: modifiers)
        window.receive(.key(key, phase: .down, timestamp: clock.now))
        for _ in 0..<repeats { window.receive(.key(key, phase: .repeat, timestamp: clock.now)) }
        window.receive(.key(key, phase: .up, timestamp: clock.now))
    }

    /// Types each character as a key press of its own.
    func type(_ text: String) {
        for character in text { press(.keyboardSpacebar, String(character)) }
    }

    func backspace() { press(.keyboardDeleteOrBackspace, "\u{8}") }
    func returnKey() { press(.keyboardReturnOrEnter, "\r") }
    func left(_ modifiers: UIKeyModifierFlags = []) { press(.keyboardLeftArrow, modifiers: modifiers) }
    func right(_ modifiers: UIKeyModifierFlags = []) { press(.keyboardRightArrow, modifiers: modifiers) }
    func command(_ usage: UIKeyboardHIDUsage, _ letter: String) { press(usage, letter, modifiers: .control) }

    /// Registers the recorder for every editing event.
    func recordEditingEvents() {
        field.addTarget(recorder, action: EventRecorder.began, for: .editingDidBegin)
        field.addTarget(recorder, action: EventRecorder.changed, for: .editingChanged)
        field.addTarget(recorder, action: EventRecorder.ended, for: .editingDidEnd)
        field.addTarget(recorder, action: EventRecorder.endedOnExit, for: .editingDidEndOnExit)
    }
}

/// Writes down the editing events a field sends, with its text at the time.
final class EventRecorder {
    var log: [String] = []
    func began(_ sender: UITextField) { log.append("editingDidBegin") }
    func changed(_ sender: UITextField) { log.append("editingChanged \(sender.text ?? "")") }
    func ended(_ sender: UITextField) { log.append("editingDidEnd") }
    func endedOnExit(_ sender: UITextField) { log.append("editingDidEndOnExit") }
}

/// A delegate that writes down what it is asked and told, and answers as set.
final class RecordingTextFieldDelegate: UITextFieldDelegate {
    var log: [String] = []
    var shouldBegin = true
    var shouldEnd = true
    var shouldClear = true
    var shouldReturn = true
    /// Decides edits; nil allows all.
    var change: ((UITextField, NSRange, String) -> Bool)?

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        log.append("shouldBegin editing=\(textField.isEditing)")
        return shouldBegin
    }
    func textFieldDidBeginEditing(_ textField: UITextField) { log.append("didBegin editing=\(textField.isEditing)") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        log.append("shouldEnd")
        return shouldEnd
    }
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        log.append("didEnd \(reason) editing=\(textField.isEditing)")
    }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        log.append("shouldChange \(range.location),\(range.length) \"\(string)\"")
        return change?(textField, range, string) ?? true
    }
    func textFieldShouldClear(_ textField: UITextField) -> Bool {
        log.append("shouldClear")
        return shouldClear
    }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        log.append("shouldReturn")
        return shouldReturn
    }
}
