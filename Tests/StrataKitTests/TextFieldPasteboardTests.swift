import XCTest
@testable import StrataKit

/// Cut, copy and paste with Ctrl+X/C/V through UIPasteboard.general (kept
/// in the process here: there is no compositor in unit tests).
final class TextFieldPasteboardTests: TextFieldTestCase {
    func testPasteboardStrings() {
        let pasteboard = UIPasteboard.general
        pasteboard.string = nil
        XCTAssertFalse(pasteboard.hasStrings)
        XCTAssertNil(pasteboard.string)
        let before = pasteboard.changeCount
        pasteboard.strings = ["one", "two"]
        XCTAssertEqual(pasteboard.string, "one", "the first item")
        XCTAssertEqual(pasteboard.strings ?? [], ["one", "two"])
        XCTAssertEqual(pasteboard.numberOfItems, 2)
        XCTAssertTrue(pasteboard.hasStrings)
        XCTAssertEqual(pasteboard.changeCount, before + 1)
        let own = UIPasteboard.withUniqueName()
        XCTAssertNil(own.string, "a named pasteboard is separate")
    }

    func testCopyAndPasteBetweenFields() {
        let other = UITextField(frame: CGRect(x: 20, y: 80, width: 200, height: 34))
        window.addSubview(other)
        field.becomeFirstResponder()
        type("copy me")
        left(.control)
        press(.keyboardEnd, modifiers: .shift)
        command(.keyboardC, "c")
        XCTAssertEqual(UIPasteboard.general.string, "me")
        XCTAssertEqual(field.text, "copy me", "copying leaves the text")

        let delegate = RecordingTextFieldDelegate()
        other.delegate = delegate
        other.text = "say "
        other.becomeFirstResponder()
        command(.keyboardV, "v")
        XCTAssertEqual(other.text, "say me")
        XCTAssertEqual(delegate.log.last, "shouldChange 4,0 \"me\"", "a paste is an edit the delegate decides")
    }

    func testCutRemovesTheSelection() {
        field.becomeFirstResponder()
        type("cut this")
        command(.keyboardA, "a")
        command(.keyboardX, "x")
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(UIPasteboard.general.string, "cut this")
        command(.keyboardV, "v")
        command(.keyboardV, "v")
        XCTAssertEqual(field.text, "cut thiscut this")
    }

    func testNothingToPasteChangesNothing() {
        UIPasteboard.general.string = nil
        field.becomeFirstResponder()
        type("x")
        command(.keyboardV, "v")
        XCTAssertEqual(field.text, "x")
    }
}
