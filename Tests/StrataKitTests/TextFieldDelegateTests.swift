import XCTest
@testable import StrataKit

/// UITextFieldDelegate, the editing control events and the notifications,
/// in the order Apple documents them.
final class TextFieldDelegateTests: TextFieldTestCase {
    let delegate = RecordingTextFieldDelegate()
    var notifications: [String] = []
    var observers: [NSObjectProtocol] = []

    override func setUp() {
        super.setUp()
        field.delegate = delegate
        recordEditingEvents()
        let names: [(Notification.Name, String)] = [
            (UITextField.textDidBeginEditingNotification, "didBeginNotification"),
            (UITextField.textDidChangeNotification, "didChangeNotification"),
            (UITextField.textDidEndEditingNotification, "didEndNotification"),
        ]
        for (name, label) in names {
            observers.append(NotificationCenter.default.addObserver(forName: name, object: field, queue: nil) { [unowned self] _ in
                self.notifications.append(label)
                self.recorder.log.append(label)
            })
        }
    }

    override func tearDown() {
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
        super.tearDown()
    }

    /// "textFieldShouldBeginEditing(_:) ... Asks the delegate whether to
    /// begin editing in the specified text field" (before it becomes first
    /// responder); "textFieldDidBeginEditing(_:) ... Tells the delegate
    /// when editing begins" (it is first responder by then); then the
    /// editingDidBegin event and textDidBeginEditingNotification.
    func testBeginningOrder() {
        XCTAssertTrue(field.becomeFirstResponder())
        XCTAssertEqual(delegate.log, ["shouldBegin editing=false", "didBegin editing=true"])
        XCTAssertEqual(recorder.log, ["editingDidBegin", "didBeginNotification"])
    }

    func testShouldBeginEditingFalseKeepsTheFieldFromEditing() {
        delegate.shouldBegin = false
        XCTAssertFalse(field.becomeFirstResponder())
        tap(at: CGPoint(x: 60, y: 37))
        XCTAssertFalse(field.isEditing)
        XCTAssertFalse(field.isFirstResponder)
        XCTAssertEqual(recorder.log, [], "no event")
    }

    /// "textFieldShouldEndEditing(_:) ... Return false to prevent the text
    /// field from resigning first responder"; `endEditing(true)` forces it
    /// ("If force is true, the text field is never asked").
    func testEndingOrderAndRefusal() {
        field.becomeFirstResponder()
        delegate.log = []
        recorder.log = []
        delegate.shouldEnd = false
        XCTAssertFalse(field.resignFirstResponder())
        XCTAssertTrue(field.isEditing)
        XCTAssertFalse(window.endEditing(false))
        XCTAssertTrue(field.isFirstResponder)
        XCTAssertTrue(window.endEditing(true))
        XCTAssertFalse(field.isEditing)
        XCTAssertEqual(delegate.log, ["shouldEnd", "shouldEnd", "didEnd committed editing=false"])
        XCTAssertEqual(recorder.log, ["editingDidEnd", "didEndNotification"])
    }

    /// Typing asks shouldChangeCharactersIn with the range in UTF-16 units,
    /// then sends editingChanged and posts textDidChangeNotification.
    func testAnEditAsksThenReports() {
        field.becomeFirstResponder()
        field.insertText("😀")
        delegate.log = []
        recorder.log = []
        type("a")
        backspace()
        XCTAssertEqual(delegate.log, ["shouldChange 2,0 \"a\"", "shouldChange 2,1 \"\""],
                       "the emoji is two UTF-16 units, so \"a\" goes at 2")
        XCTAssertEqual(recorder.log, ["editingChanged 😀a", "didChangeNotification", "editingChanged 😀", "didChangeNotification"])
    }

    /// Returning false from shouldChangeCharactersIn vetoes the edit.
    func testShouldChangeVetoes() {
        delegate.change = { _, _, string in string.allSatisfy(\.isNumber) }
        field.becomeFirstResponder()
        recorder.log = []
        type("1a2")
        XCTAssertEqual(field.text, "12")
        XCTAssertEqual(recorder.log.filter { $0.hasPrefix("editingChanged") }, ["editingChanged 1", "editingChanged 12"],
                       "no event for the refused edit")
    }

    /// A delegate may make its own change and refuse the original (the
    /// common way to reformat input): the field keeps the delegate's text.
    func testShouldChangeCanAlterTheEdit() {
        delegate.change = { field, range, string in
            field.text = ((field.text ?? "") as NSString).replacingCharacters(in: range, with: string.uppercased())
            return false
        }
        field.becomeFirstResponder()
        type("abc")
        XCTAssertEqual(field.text, "ABC")
    }

    /// Setting `text` in code sends no event and asks no delegate.
    func testProgrammaticChangesSendNothing() {
        field.becomeFirstResponder()
        delegate.log = []
        recorder.log = []
        field.text = "set"
        XCTAssertEqual(delegate.log, [])
        XCTAssertEqual(recorder.log, [])
    }

    /// "textFieldShouldReturn(_:) ... true if the text field should
    /// implement its default behavior for the return button": it sends
    /// editingDidEndOnExit, and a field with an action for that event
    /// resigns, as a "Did End On Exit" connection dismisses the keyboard.
    func testReturnSendsEditingDidEndOnExitAndResigns() {
        field.becomeFirstResponder()
        recorder.log = []
        delegate.log = []
        returnKey()
        XCTAssertEqual(delegate.log, ["shouldReturn", "shouldEnd", "didEnd committed editing=false"])
        XCTAssertEqual(recorder.log, ["editingDidEndOnExit", "editingDidEnd", "didEndNotification"])
        XCTAssertFalse(field.isFirstResponder)
    }

    func testShouldReturnFalseSendsNothing() {
        delegate.shouldReturn = false
        field.becomeFirstResponder()
        recorder.log = []
        returnKey()
        XCTAssertEqual(recorder.log, [])
        XCTAssertTrue(field.isEditing)
    }

    func testReturnWithoutAnExitActionKeepsEditing() {
        let plain = UITextField(frame: CGRect(x: 20, y: 80, width: 200, height: 34))
        window.addSubview(plain)
        var exits = 0
        plain.addAction(UIAction { _ in }, for: .editingChanged)
        plain.becomeFirstResponder()
        returnKey()
        XCTAssertTrue(plain.isEditing, "no action for editingDidEndOnExit: the field stays first responder")
        plain.addAction(UIAction { _ in exits += 1 }, for: .editingDidEndOnExit)
        returnKey()
        XCTAssertEqual(exits, 1)
        XCTAssertFalse(plain.isEditing)
    }

    /// "This method is also called when editing begins and the
    /// clearsOnBeginEditing property of the text field is set to true."
    func testClearsOnBeginEditingAsksShouldClear() {
        field.text = "old"
        field.clearsOnBeginEditing = true
        delegate.shouldClear = false
        field.becomeFirstResponder()
        XCTAssertEqual(field.text, "old", "the delegate refused")
        field.resignFirstResponder()
        delegate.shouldClear = true
        field.becomeFirstResponder()
        XCTAssertEqual(field.text, "")
        XCTAssertTrue(delegate.log.contains("shouldClear"))
    }

    /// Moving the caret tells the delegate (textFieldDidChangeSelection).
    func testSelectionChangesAreReported() {
        final class SelectionDelegate: UITextFieldDelegate {
            var changes = 0
            func textFieldDidChangeSelection(_ textField: UITextField) { changes += 1 }
        }
        let selection = SelectionDelegate()
        field.delegate = selection
        field.becomeFirstResponder()
        type("ab")
        let afterTyping = selection.changes
        left()
        XCTAssertEqual(selection.changes, afterTyping + 1)
        press(.keyboardHome)
        press(.keyboardHome)
        XCTAssertEqual(selection.changes, afterTyping + 2, "no report when nothing moved")
    }

    /// A delegate with only the plain didEnd gets it through the reason form's default.
    func testPlainDidEndIsCalled() {
        final class PlainDelegate: UITextFieldDelegate {
            var ended = 0
            func textFieldDidEndEditing(_ textField: UITextField) { ended += 1 }
        }
        let plain = PlainDelegate()
        field.delegate = plain
        field.becomeFirstResponder()
        field.resignFirstResponder()
        XCTAssertEqual(plain.ended, 1)
    }
}
