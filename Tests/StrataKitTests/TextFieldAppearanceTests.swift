import XCTest
@testable import StrataKit

/// What a UITextField shows: placeholder, bullets, the clear button by
/// mode, overlay views, the caret and the selection.
final class TextFieldAppearanceTests: TextFieldTestCase {
    /// "The text field displays the placeholder string when there is no other text in it."
    func testPlaceholderShowsOnlyWhileEmpty() {
        field.placeholder = "Name"
        field.layoutIfNeeded()
        XCTAssertFalse(field.placeholderLabel.isHidden)
        XCTAssertEqual(field.placeholderLabel.text, "Name")
        XCTAssertEqual(field.placeholderLabel.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor,
                       .placeholderText, "drawn in the system's placeholder grey")
        field.becomeFirstResponder()
        type("J")
        field.layoutIfNeeded()
        XCTAssertTrue(field.placeholderLabel.isHidden)
        backspace()
        field.layoutIfNeeded()
        XCTAssertFalse(field.placeholderLabel.isHidden)
    }

    func testAttributedPlaceholderKeepsItsColor() {
        field.attributedPlaceholder = NSAttributedString(string: "Search", attributes: [.foregroundColor: UIColor.red])
        XCTAssertEqual(field.placeholder, "Search")
        XCTAssertEqual(field.placeholderLabel.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor, .red)
    }

    /// isSecureTextEntry: "the text field hides the text being entered";
    /// `text` still holds what was typed.
    func testSecureEntryShowsBulletsButKeepsTheText() {
        field.isSecureTextEntry = true
        field.becomeFirstResponder()
        type("pa😀")
        XCTAssertEqual(field.text, "pa😀")
        XCTAssertEqual(field.displayLayout().0, "•••", "one bullet per character")
        left()
        XCTAssertEqual(field.selectedRange.location, 2)
        XCTAssertEqual(field.displayOffset(fromTextOffset: 4), 3)
        command(.keyboardA, "a")
        command(.keyboardC, "c")
        XCTAssertNil(UIPasteboard.general.string, "secure text is not copied")
        command(.keyboardX, "x")
        XCTAssertEqual(field.text, "pa😀", "nor cut")
    }

    /// clearButtonMode: the button shows, for a field with text, never,
    /// while editing, unless editing, or always.
    func testClearButtonModes() {
        field.text = "abc"
        let expectations: [(UITextField.ViewMode, notEditing: Bool, editing: Bool)] = [
            (.never, false, false), (.whileEditing, false, true), (.unlessEditing, true, false), (.always, true, true),
        ]
        for (mode, notEditing, editing) in expectations {
            field.clearButtonMode = mode
            field.layoutIfNeeded()
            XCTAssertEqual(!field.clearButton.isHidden, notEditing, "\(mode) not editing")
            field.becomeFirstResponder()
            field.layoutIfNeeded()
            XCTAssertEqual(!field.clearButton.isHidden, editing, "\(mode) editing")
            field.resignFirstResponder()
        }
        field.text = ""
        field.layoutIfNeeded()
        XCTAssertTrue(field.clearButton.isHidden, "no button without text")
    }

    /// "textFieldShouldClear(_:) ... The text field calls this method in
    /// response to the user pressing the built-in clear button."
    func testClearButtonEmptiesTheFieldUnlessTheDelegateRefuses() {
        let delegate = RecordingTextFieldDelegate()
        field.delegate = delegate
        recordEditingEvents()
        field.clearButtonMode = .always
        field.text = "to clear"
        field.layoutIfNeeded()
        let button = field.clearButton.frame.offsetBy(dx: field.frame.minX, dy: field.frame.minY)
        delegate.shouldClear = false
        tap(at: CGPoint(x: button.midX, y: button.midY))
        XCTAssertEqual(field.text, "to clear")
        delegate.shouldClear = true
        advance(1)
        tap(at: CGPoint(x: button.midX, y: button.midY))
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(delegate.log.filter { $0 == "shouldClear" }.count, 2)
        XCTAssertTrue(recorder.log.contains("editingChanged "), "clearing is the user's edit: \(recorder.log)")
    }

    func testTextRectLeavesRoomForOverlays() {
        field.borderStyle = .roundedRect
        let bounds = field.bounds
        XCTAssertEqual(field.textRect(forBounds: bounds).minX, 7)
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        field.leftView = left
        field.leftViewMode = .always
        field.rightView = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
        field.rightViewMode = .unlessEditing
        field.layoutIfNeeded()
        XCTAssertEqual(left.frame, CGRect(x: 0, y: 7, width: 30, height: 20), "at the left edge, centered")
        XCTAssertEqual(field.textRect(forBounds: bounds).minX, 30)
        XCTAssertEqual(field.textRect(forBounds: bounds).maxX, 200 - 24)
        field.becomeFirstResponder()
        field.layoutIfNeeded()
        XCTAssertTrue(field.rightView!.isHidden, "unlessEditing")
        XCTAssertEqual(field.editingRect(forBounds: bounds).maxX, 200 - 7)
    }

    /// The caret blinks on the event clock and shows again at once after an edit.
    func testCaretBlinksAndShowsAfterTyping() {
        field.becomeFirstResponder()
        field.layoutIfNeeded()
        XCTAssertFalse(field.caretView.isHidden)
        XCTAssertEqual(field.caretView.alpha, 1)
        advance(0.51)
        XCTAssertEqual(field.caretView.alpha, 0, "off after half a second")
        advance(0.5)
        XCTAssertEqual(field.caretView.alpha, 1)
        advance(0.5)
        type("x")
        XCTAssertEqual(field.caretView.alpha, 1, "typing shows it")
        field.resignFirstResponder()
        field.layoutIfNeeded()
        XCTAssertTrue(field.caretView.isHidden)
    }

    /// A selection shows as a tinted highlight over the selected characters, and no caret.
    func testSelectionHighlight() {
        field.becomeFirstResponder()
        type("abcd")
        left(.shift); left(.shift)
        field.layoutIfNeeded()
        XCTAssertTrue(field.caretView.isHidden)
        XCTAssertFalse(field.selectionView.isHidden)
        let start = field.textView.textX + field.caretX(atTextOffset: 2)
        let end = field.textView.textX + field.caretX(atTextOffset: 4)
        XCTAssertEqual(field.selectionView.frame.minX, start, accuracy: 0.01)
        XCTAssertEqual(field.selectionView.frame.width, end - start, accuracy: 0.01)
        XCTAssertGreaterThan(end - start, 5)
        var alpha: CGFloat = 0
        var blue: CGFloat = 0
        field.selectionView.backgroundColor?.getRed(nil, green: nil, blue: &blue, alpha: &alpha)
        XCTAssertEqual(alpha, 0.25, accuracy: 0.01, "the tint, faint")
    }

    /// The field's font and color apply to the whole text; a right-aligned short text hugs the right.
    func testFontColorAndAlignment() {
        field.text = "ab"
        field.font = .systemFont(ofSize: 30)
        field.textColor = .red
        XCTAssertEqual((field.attributedText?.attribute(.font, at: 1, effectiveRange: nil) as? UIFont)?.pointSize, 30)
        XCTAssertEqual(field.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor, .red)
        field.textAlignment = .right
        field.layoutIfNeeded()
        XCTAssertEqual(field.textView.textX + field.caretX(atTextOffset: 2), field.clipView.bounds.width - UITextField.caretWidth,
                       accuracy: 0.01)
    }

    func testSizeThatFitsGrowsWithTheText() {
        field.borderStyle = .roundedRect
        let empty = field.sizeThatFits(.zero)
        field.text = "a longer line of text"
        let full = field.sizeThatFits(.zero)
        XCTAssertGreaterThan(full.width, empty.width + 50)
        XCTAssertEqual(full.height, ceil(field.font!.lineHeight + 14))
    }

    /// adjustsFontSizeToFitWidth: "the text field reduces the font size as
    /// needed (down to minimumFontSize) to fit the text in the bounds".
    func testAdjustsFontSizeToFitWidth() throws {
        field.text = String(repeating: "fit ", count: 15)
        field.layoutIfNeeded()
        XCTAssertGreaterThan(field.displayLayout().1.usedRect.width, field.clipView.bounds.width, "too wide at 17 points")
        field.adjustsFontSizeToFitWidth = true
        field.minimumFontSize = 6
        field.layoutIfNeeded()
        let fitted = try XCTUnwrap(field.fittedFontSize)
        XCTAssertLessThan(fitted, 17)
        XCTAssertGreaterThan(fitted, 6)
        XCTAssertLessThanOrEqual(field.textView.textX + field.displayLayout().1.usedRect.width, field.clipView.bounds.width,
                                  "the text fits")
        XCTAssertEqual(field.font?.pointSize, 17, "font itself is unchanged")

        field.minimumFontSize = 14
        field.layoutIfNeeded()
        XCTAssertEqual(field.fittedFontSize, 14, "no smaller than the minimum")
        field.text = "short"
        field.layoutIfNeeded()
        XCTAssertNil(field.fittedFontSize, "text that fits keeps its size")
    }
}
