import XCTest
@testable import StrataKit

/// Keys as UIKit delivers them: the first responder, presses up the
/// responder chain, key commands, UIKeyInput text, the key window.
final class KeyboardTests: InputTestCase {
    final class Field: UIView, UIKeyInput {
        var text = ""
        var presses: [String] = []
        var canBecome = true
        var refusesToResign = false
        override var canBecomeFirstResponder: Bool { canBecome }
        override var canResignFirstResponder: Bool { !refusesToResign }
        var hasText: Bool { !text.isEmpty }
        func insertText(_ text: String) { self.text += text }
        func deleteBackward() { if !text.isEmpty { text.removeLast() } }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            self.presses.append("began \(presses.first?.key?.characters ?? "")")
            super.pressesBegan(presses, with: event)
        }
        override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            self.presses.append("ended")
        }
        override func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            self.presses.append("cancelled")
        }
    }

    final class Editor: UIView {
        var saved = 0
        var moves = 0
        var received: [UIKeyCommand] = []
        var pressesSeen = 0
        override var keyCommands: [UIKeyCommand]? {
            [UIKeyCommand(input: "s", modifierFlags: .command, action: Editor.save),
             UIKeyCommand(input: UIKeyCommand.inputUpArrow, modifierFlags: [], action: Editor.moveUp)]
        }
        func save() { saved += 1 }
        func moveUp(_ sender: UIKeyCommand) { moves += 1; received.append(sender) }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { pressesSeen += 1 }
    }

    var field: Field!

    override func setUp() {
        super.setUp()
        field = Field(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
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

    func press(_ usage: UIKeyboardHIDUsage, _ characters: String = "", modifiers: UIKeyModifierFlags = [], repeats: Int = 0) {
        let key = stroke(usage, characters, modifiers: modifiers)
        window.receive(.key(key, phase: .down, timestamp: clock.now))
        for _ in 0..<repeats { window.receive(.key(key, phase: .repeat, timestamp: clock.now)) }
        window.receive(.key(key, phase: .up, timestamp: clock.now))
    }

    /// UIResponder.becomeFirstResponder(): only a responder in a window that
    /// can become first responder does; it asks the current one to resign,
    /// which may refuse.
    func testFirstResponder() {
        let loose = Field(frame: .zero)
        XCTAssertFalse(loose.becomeFirstResponder(), "not in a window")
        XCTAssertFalse(UIView().becomeFirstResponder(), "canBecomeFirstResponder is false by default")
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertTrue(field.isFirstResponder)
        let other = Field(frame: .zero)
        window.addSubview(other)
        field.refusesToResign = true
        XCTAssertFalse(other.becomeFirstResponder())
        XCTAssertTrue(field.isFirstResponder)
        field.refusesToResign = false
        XCTAssertTrue(other.becomeFirstResponder())
        XCTAssertFalse(field.isFirstResponder)
        XCTAssertTrue(other.resignFirstResponder())
        XCTAssertFalse(other.isFirstResponder)
    }

    /// UIKeyInput: typed characters arrive as insertText after pressesBegan,
    /// Return as "\n", Backspace as deleteBackward; not with Command held;
    /// a repeat types again without a new pressesBegan.
    func testKeyInput() {
        field.becomeFirstResponder()
        press(.keyboardH, "h")
        press(.keyboardI, "I", modifiers: .shift)
        XCTAssertEqual(field.text, "hI")
        XCTAssertEqual(field.presses, ["began h", "ended", "began I", "ended"])
        press(.keyboardC, "c", modifiers: .command)
        XCTAssertEqual(field.text, "hI")
        press(.keyboardReturnOrEnter, "\r")
        XCTAssertEqual(field.text, "hI\n")
        press(.keyboardDeleteOrBackspace, "\u{8}", repeats: 1)
        XCTAssertEqual(field.text, "h")
        press(.keyboardX, "x", repeats: 2)
        XCTAssertEqual(field.text, "hxxx")
        XCTAssertEqual(field.presses.filter { $0 == "began x" }.count, 1)
    }

    /// beginIgnoringInteractionEvents() drops key events too.
    func testIgnoringInteractionEventsDropsKeys() {
        field.becomeFirstResponder()
        UIApplication.shared.beginIgnoringInteractionEvents()
        press(.keyboardA, "a")
        UIApplication.shared.endIgnoringInteractionEvents()
        press(.keyboardB, "b")
        XCTAssertEqual(field.text, "b")
    }

    /// A hidden first responder keeps getting keys (the guide's warning).
    func testHiddenFirstResponderStillGetsKeys() {
        field.becomeFirstResponder()
        field.isHidden = true
        press(.keyboardA, "a")
        XCTAssertEqual(field.text, "a")
    }

    /// Presses a responder does not handle travel up the responder chain;
    /// one that handles them (no super) takes them from text input.
    func testPressesTravelTheChain() {
        let editor = Editor(frame: window.bounds)
        window.addSubview(editor)
        editor.addSubview(field)
        field.becomeFirstResponder()
        press(.keyboardA, "a")
        XCTAssertEqual(editor.pressesSeen, 1)
        XCTAssertEqual(field.text, "a")
        final class Swallowing: UIView, UIKeyInput {
            var text = ""
            override var canBecomeFirstResponder: Bool { true }
            var hasText: Bool { false }
            func insertText(_ text: String) { self.text += text }
            func deleteBackward() {}
            override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {}
        }
        let swallowing = Swallowing()
        window.addSubview(swallowing)
        swallowing.becomeFirstResponder()
        press(.keyboardA, "a")
        XCTAssertEqual(swallowing.text, "", "it handled the press itself")
    }

    /// UIKeyCommand: found through keyCommands from the first responder up;
    /// the action runs on the responder of its type and consumes the key;
    /// modifiers must match; a repeat repeats the command.
    func testKeyCommands() {
        let editor = Editor(frame: window.bounds)
        window.addSubview(editor)
        editor.addSubview(field)
        field.becomeFirstResponder()
        press(.keyboardS, "s", modifiers: .command)
        XCTAssertEqual(editor.saved, 1)
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(field.presses, [], "the command took the key")
        press(.keyboardS, "S", modifiers: [.command, .shift])
        XCTAssertEqual(editor.saved, 1, "other modifiers")
        press(.keyboardUpArrow, "", repeats: 2)
        XCTAssertEqual(editor.moves, 3)
        XCTAssertEqual(editor.received.first?.input, UIKeyCommand.inputUpArrow)
    }

    /// Without a first responder the window gets the presses.
    func testWindowGetsPressesWithoutFirstResponder() {
        final class Window: UIWindow {
            var presses = 0
            override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { self.presses += 1 }
        }
        let other = Window(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        other.isHidden = false
        other.receive(.keyboardFocus(true))
        other.receive(.key(stroke(.keyboardEscape, "\u{1b}"), phase: .down, timestamp: clock.now))
        XCTAssertEqual(other.presses, 1)
        other.receive(.keyboardFocus(false))
        other.isHidden = true
    }

    /// UIPress and UIKey carry the key: HID usage, characters, modifiers.
    func testPressAndKey() {
        final class Watcher: UIView {
            var press: UIPress?
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                press = presses.first
                XCTAssertEqual(event?.allPresses.count, 1)
                XCTAssertEqual(event?.type, .presses)
            }
        }
        let watcher = Watcher()
        window.addSubview(watcher)
        watcher.becomeFirstResponder()
        press(.keyboardQ, "Q", modifiers: .shift)
        XCTAssertEqual(watcher.press?.key?.keyCode, .keyboardQ)
        XCTAssertEqual(watcher.press?.key?.characters, "Q")
        XCTAssertEqual(watcher.press?.key?.charactersIgnoringModifiers, "q")
        XCTAssertEqual(watcher.press?.key?.modifierFlags, .shift)
        XCTAssertEqual(watcher.press?.phase, .ended)
        XCTAssertEqual(UIKeyModifierFlags.command.rawValue, 1 << 20)
        XCTAssertEqual(UIKeyboardHIDUsage.keyboardF12.rawValue, 69)
        press(.keyboardLeftArrow)
        XCTAssertEqual(watcher.press?.type, .leftArrow)
    }

    /// Keyboard focus makes the window key (didBecomeKeyNotification); losing
    /// it resigns (didResignKeyNotification), leaves no key window, and
    /// cancels the presses in progress.
    func testKeyWindowFollowsKeyboardFocus() {
        XCTAssertTrue(window.isKeyWindow)
        field.becomeFirstResponder()
        final class Log: @unchecked Sendable { var names: [String] = [] }
        let posted = Log()
        let center = NotificationCenter.default
        let observers = [
            center.addObserver(forName: UIWindow.didResignKeyNotification, object: window, queue: nil) { _ in posted.names.append("resign") },
            center.addObserver(forName: UIWindow.didBecomeKeyNotification, object: window, queue: nil) { _ in posted.names.append("become") },
        ]
        defer { observers.forEach(center.removeObserver) }
        window.receive(.key(stroke(.keyboardA, "a"), phase: .down, timestamp: clock.now))
        window.receive(.keyboardFocus(false))
        XCTAssertFalse(window.isKeyWindow)
        XCTAssertNil(UIApplication.shared.keyWindow)
        XCTAssertEqual(field.presses, ["began a", "cancelled"])
        window.receive(.keyboardFocus(true))
        XCTAssertTrue(window.isKeyWindow)
        XCTAssertEqual(posted.names, ["resign", "become"])
    }
}
