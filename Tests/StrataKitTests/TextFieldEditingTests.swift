import XCTest
@testable import StrataKit

/// Typing, deleting, moving the caret and selecting in a UITextField with
/// keys, as a hardware keyboard does on iPadOS and Mac Catalyst.
final class TextFieldEditingTests: TextFieldTestCase {
    /// A tap makes the field first responder ("When the user taps in a text
    /// field, that text field becomes the first responder").
    func testATapBeginsEditing() {
        XCTAssertTrue(field.canBecomeFirstResponder)
        XCTAssertFalse(field.isEditing)
        tap(at: CGPoint(x: 60, y: 37))
        XCTAssertTrue(field.isFirstResponder)
        XCTAssertTrue(field.isEditing)
    }

    func testTypingInsertsAtTheCaret() {
        field.becomeFirstResponder()
        type("helo")
        XCTAssertEqual(field.text, "helo")
        left()
        type("l")
        XCTAssertEqual(field.text, "hello")
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0), "the caret after the typed character")
    }

    func testKeysDoNothingUnlessEditing() {
        type("abc")
        XCTAssertEqual(field.text, "", "text is `\"\"` by default and stays so without a first responder")
    }

    func testBackspaceAndDeleteRemoveTheCharacterBeforeAndAfter() {
        field.becomeFirstResponder()
        type("abcd")
        left(); left()
        backspace()
        XCTAssertEqual(field.text, "acd")
        press(.keyboardDeleteForward)
        XCTAssertEqual(field.text, "ad")
        XCTAssertEqual(field.selectedRange.location, 1)
        press(.keyboardHome)
        backspace()
        XCTAssertEqual(field.text, "ad", "nothing before the start")
        press(.keyboardEnd)
        press(.keyboardDeleteForward)
        XCTAssertEqual(field.text, "ad", "nothing after the end")
    }

    /// A composed character (an emoji of two UTF-16 units, an accented
    /// letter of two scalars) is moved over and deleted whole.
    func testComposedCharactersAreOneStep() {
        field.becomeFirstResponder()
        field.insertText("a😀e\u{301}")
        XCTAssertEqual(field.selectedRange.location, 5)
        left()
        XCTAssertEqual(field.selectedRange.location, 3, "over e + combining acute")
        left()
        XCTAssertEqual(field.selectedRange.location, 1, "over the surrogate pair")
        right()
        backspace()
        XCTAssertEqual(field.text, "ae\u{301}")
    }

    /// Held keys repeat: arrows go on moving, Delete and Backspace on
    /// deleting; Ctrl+V pastes once.
    func testHeldKeysRepeat() {
        field.becomeFirstResponder()
        type("abcdefgh")
        hold(.keyboardLeftArrow, repeats: 3)
        XCTAssertEqual(field.selectedRange.location, 4, "the press and three repeats")
        hold(.keyboardDeleteForward, repeats: 1)
        XCTAssertEqual(field.text, "abcdgh")
        hold(.keyboardDeleteOrBackspace, "\u{8}", repeats: 2)
        XCTAssertEqual(field.text, "agh")
        UIPasteboard.general.string = "P"
        hold(.keyboardV, "v", modifiers: .control, repeats: 3)
        XCTAssertEqual(field.text, "aPgh")
    }

    func testHomeEndAndWordMovement() {
        field.becomeFirstResponder()
        type("one two three")
        press(.keyboardHome)
        XCTAssertEqual(field.selectedRange.location, 0)
        right(.control)
        XCTAssertEqual(field.selectedRange.location, 3, "the end of the first word")
        right(.control)
        XCTAssertEqual(field.selectedRange.location, 7)
        left(.control)
        XCTAssertEqual(field.selectedRange.location, 4, "the start of the word")
        press(.keyboardEnd)
        XCTAssertEqual(field.selectedRange.location, 13)
    }

    func testShiftArrowsSelectAndTypingReplacesTheSelection() {
        field.becomeFirstResponder()
        type("hello world")
        left(.shift); left(.shift); left(.shift); left(.shift); left(.shift)
        XCTAssertEqual(field.selectedRange, NSRange(location: 6, length: 5))
        right(.shift)
        XCTAssertEqual(field.selectedRange, NSRange(location: 7, length: 4), "the caret's end moves, the anchor stays")
        type("there")
        XCTAssertEqual(field.text, "hello wthere")
        XCTAssertEqual(field.selectedRange, NSRange(location: 12, length: 0))
    }

    func testArrowsWithoutShiftCollapseTheSelection() {
        field.becomeFirstResponder()
        type("abcdef")
        press(.keyboardHome, modifiers: .shift)
        XCTAssertEqual(field.selectedRange, NSRange(location: 0, length: 6))
        right()
        XCTAssertEqual(field.selectedRange, NSRange(location: 6, length: 0), "Right goes to the selection's end")
        left(.shift); left(.shift)
        left()
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 0), "Left goes to its start")
    }

    func testSelectAllAndBackspaceEmptiesTheField() {
        field.becomeFirstResponder()
        type("some text")
        command(.keyboardA, "a")
        XCTAssertEqual(field.selectedRange, NSRange(location: 0, length: 9))
        backspace()
        XCTAssertEqual(field.text, "")
        XCTAssertFalse(field.hasText)
    }

    func testSettingTextPutsTheCaretAtTheEndAndNilEmpties() {
        field.text = "preset"
        XCTAssertEqual(field.selectedRange, NSRange(location: 6, length: 0))
        field.text = nil
        XCTAssertEqual(field.text, "", "UIKit's text is never nil")
        field.attributedText = NSAttributedString(string: "styled", attributes: [.foregroundColor: UIColor.red])
        XCTAssertEqual(field.text, "styled")
    }

    func testReturnIsNotInsertedAndPastedLineBreaksBecomeSpaces() {
        field.becomeFirstResponder()
        type("a")
        returnKey()
        XCTAssertEqual(field.text, "a")
        field.insertText("b\nc")
        XCTAssertEqual(field.text, "ab c")
    }

    /// A press puts the caret at the nearest character boundary; dragging
    /// selects from there; a double press selects a word.
    func testPointerPlacesTheCaretAndDragsASelection() {
        field.text = "abcdef"
        field.layoutIfNeeded()
        let textOrigin = field.clipView.frame.minX + field.frame.minX
        let afterC = field.caretX(atTextOffset: 3) + textOrigin
        let afterE = field.caretX(atTextOffset: 5) + textOrigin
        click(at: CGPoint(x: afterC + 1, y: 37))
        XCTAssertTrue(field.isEditing)
        XCTAssertEqual(field.selectedRange, NSRange(location: 3, length: 0))
        advance(1)
        pointerMove(to: CGPoint(x: afterC, y: 37))
        pointerButton(pressed: true)
        pointerMove(to: CGPoint(x: afterE - 1, y: 37))
        pointerButton(pressed: false)
        XCTAssertEqual(field.selectedRange, NSRange(location: 3, length: 2))
        field.text = "two words"
        field.layoutIfNeeded()
        advance(1)
        let inSecondWord = field.caretX(atTextOffset: 6) + textOrigin
        click(at: CGPoint(x: inSecondWord, y: 37))
        click(at: CGPoint(x: inSecondWord, y: 37))
        XCTAssertEqual(field.selectedRange, NSRange(location: 4, length: 5))
    }

    /// Text wider than the field scrolls so the caret stays inside it.
    func testLongTextScrollsToKeepTheCaretVisible() {
        field.becomeFirstResponder()
        type(String(repeating: "wide text ", count: 6))
        field.layoutIfNeeded()
        let clip = field.clipView.bounds
        XCTAssertGreaterThan(field.displayLayout().1.usedRect.width, clip.width, "the text is wider than the field")
        XCTAssertEqual(field.textView.bounds.size, clip.size, "what is drawn is no larger than the field")
        XCTAssertLessThan(field.textView.textX, 0, "scrolled left")
        XCTAssertTrue(clip.contains(field.caretView.frame), "caret \(field.caretView.frame) inside \(clip)")
        press(.keyboardHome)
        field.layoutIfNeeded()
        XCTAssertEqual(field.textView.textX, 0, "back at the start")
        XCTAssertTrue(clip.contains(field.caretView.frame))
    }

    func testEndEditingOnAnAncestorResigns() {
        field.becomeFirstResponder()
        XCTAssertTrue(window.endEditing(false))
        XCTAssertFalse(field.isFirstResponder)
        XCTAssertFalse(field.isEditing)
    }

    func testDisabledFieldCannotBeginEditing() {
        field.isEnabled = false
        XCTAssertFalse(field.becomeFirstResponder())
        tap(at: CGPoint(x: 60, y: 37))
        XCTAssertFalse(field.isEditing)
    }
}
