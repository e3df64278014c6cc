import XCTest
@testable import StrataKit

/// The UITextInput positions and ranges of a text field, as UIKit code
/// uses them to read and set the selection.
final class TextFieldTextInputTests: TextFieldTestCase {
    func testSelectingARangeByPosition() throws {
        field.text = "hello world"
        field.becomeFirstResponder()
        let start = try XCTUnwrap(field.position(from: field.beginningOfDocument, offset: 6))
        field.selectedTextRange = field.textRange(from: start, to: field.endOfDocument)
        let selected = try XCTUnwrap(field.selectedTextRange)
        XCTAssertEqual(field.text(in: selected), "world")
        XCTAssertEqual(field.offset(from: field.beginningOfDocument, to: selected.start), 6)
        XCTAssertFalse(selected.isEmpty)
        type("there")
        XCTAssertEqual(field.text, "hello there", "typing replaces the selection set by position")
    }

    func testPositionsOutsideTheTextAreNilOrClamped() throws {
        field.text = "abc"
        XCTAssertNil(field.position(from: field.endOfDocument, offset: 1))
        XCTAssertNil(field.position(from: field.beginningOfDocument, offset: -1))
        let far = try XCTUnwrap(field.position(from: field.beginningOfDocument, offset: 3))
        XCTAssertEqual(field.compare(field.beginningOfDocument, to: far), .orderedAscending)
        field.text = "a"
        field.selectedTextRange = field.textRange(from: field.beginningOfDocument, to: far)
        XCTAssertEqual(field.selectedRange, NSRange(location: 0, length: 1), "a range past the end is pulled inside")
    }

    func testReplaceInCodeAsksNoDelegate() throws {
        let delegate = RecordingTextFieldDelegate()
        field.delegate = delegate
        field.text = "one two"
        let two = try XCTUnwrap(field.position(from: field.beginningOfDocument, offset: 4))
        field.replace(try XCTUnwrap(field.textRange(from: two, to: field.endOfDocument)), withText: "2")
        XCTAssertEqual(field.text, "one 2")
        XCTAssertEqual(field.selectedRange, NSRange(location: 5, length: 0))
        XCTAssertEqual(delegate.log, [])
    }

    /// The traits are settable, with UIKit's defaults, and a keyboard asking
    /// through UITextInputTraits sees the field's values.
    func testTraitsAreSettable() {
        XCTAssertEqual(field.autocapitalizationType, .sentences)
        XCTAssertEqual(field.keyboardType, .default)
        field.keyboardType = .emailAddress
        field.returnKeyType = .done
        field.autocorrectionType = .no
        field.textContentType = .username
        let traits: UITextInputTraits = field
        XCTAssertEqual(traits.keyboardType, .emailAddress)
        XCTAssertEqual(traits.returnKeyType, .done)
        XCTAssertEqual(field.autocorrectionType, .no)
        XCTAssertEqual(field.textContentType, .username)
        field.isSecureTextEntry = true
        XCTAssertTrue(traits.isSecureTextEntry)
    }
}
