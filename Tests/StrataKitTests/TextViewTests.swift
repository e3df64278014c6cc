import XCTest
@testable import StrataKit

/// UITextView as Apple's reference describes it, typed into with
/// synthesized keys (TextFieldTestCase's, whose field stays idle here).
final class TextViewTests: TextFieldTestCase {
    var textView: UITextView!
    let textDelegate = RecordingTextViewDelegate()

    override func setUp() {
        super.setUp()
        textView = UITextView(frame: CGRect(x: 20, y: 80, width: 300, height: 120))
        textView.delegate = textDelegate
        window.addSubview(textView)
        window.layoutIfNeeded()
    }

    private func tapTextView(at point: CGPoint = CGPoint(x: 150, y: 20)) {
        tap(at: textView.convert(point, to: window))
        window.layoutIfNeeded()
    }

    private var lineHeight: CGFloat { textView.font!.lineHeight }

    /// UIKit: `textContainerInset` "The default value is (8, 0, 8, 0)";
    /// `font`: "The default value of this property is the body style of
    /// the system font."
    func testDefaults() {
        XCTAssertEqual(textView.textContainerInset, UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        XCTAssertEqual(textView.font, UIFont.preferredFont(forTextStyle: .body))
        XCTAssertEqual(textView.text, "")
        XCTAssertTrue(textView.isEditable)
        XCTAssertTrue(textView.isSelectable)
        XCTAssertTrue((textView as Any) is UIScrollView)
        XCTAssertEqual(textView.contentSize.height, ceil(16 + lineHeight), "one empty line and the insets")
    }

    /// A tap begins editing (`textViewShouldBeginEditing`, then
    /// `textViewDidBeginEditing`); each typed character is asked for, then
    /// the caret's move and the change are told.
    func testTypingAsksThenTellsTheDelegate() {
        tapTextView()
        XCTAssertTrue(textView.isFirstResponder)
        type("hi")
        XCTAssertEqual(textView.text, "hi")
        XCTAssertEqual(textDelegate.take(), ["shouldBegin", "didBegin",
                                             "shouldChange 0,0 \"h\"", "didChangeSelection", "didChange \"h\"",
                                             "shouldChange 1,0 \"i\"", "didChangeSelection", "didChange \"hi\""])
        XCTAssertEqual(textView.selectedRange, NSRange(location: 2, length: 0))
        textView.text = "set in code"
        XCTAssertFalse(textDelegate.take().contains { $0.hasPrefix("didChange \"") }, "setting text tells no one")
        XCTAssertTrue(textView.resignFirstResponder())
        XCTAssertEqual(textDelegate.take(), ["shouldEnd", "didEnd"])
    }

    /// UIKit: returning false from `textView(_:shouldChangeTextIn:replacementText:)`
    /// leaves the text as it is, and no change is told.
    func testShouldChangeCanRefuse() {
        textDelegate.refuses = "x"
        tapTextView()
        type("axb")
        XCTAssertEqual(textView.text, "ab")
        XCTAssertEqual(textDelegate.log.filter { $0.hasPrefix("didChange \"") }, ["didChange \"a\"", "didChange \"ab\""])
    }

    /// Return inserts a line break (a text view has many lines); the caret
    /// goes down to the new line.
    func testReturnInsertsALineBreak() {
        tapTextView()
        type("one")
        let firstLineCaret = textView.caretView.frame
        returnKey()
        type("two")
        XCTAssertEqual(textView.text, "one\ntwo")
        window.layoutIfNeeded()
        XCTAssertEqual(textView.caretView.frame.minY, firstLineCaret.minY + lineHeight, accuracy: 1, "one line down")
        XCTAssertFalse(textView.caretView.isHidden)
    }

    /// The content is as tall as the text and the insets, so a long text
    /// scrolls; after each edit the caret is scrolled into view.
    func testContentGrowsWithTheTextAndTheCaretStaysVisible() {
        tapTextView()
        let oneLine = textView.contentSize.height
        for line in 1...12 {
            type("line \(line)")
            if line < 12 { returnKey() }
        }
        window.layoutIfNeeded()
        XCTAssertEqual(textView.contentSize.height, oneLine + 11 * lineHeight, accuracy: 2)
        XCTAssertGreaterThan(textView.contentSize.height, textView.bounds.height)
        XCTAssertGreaterThan(textView.contentOffset.y, 0, "scrolled down to the caret")
        XCTAssertTrue(textView.bounds.contains(textView.caretView.frame), "the caret is in view")

        // scrollRangeToVisible: back to the first line.
        textView.scrollRangeToVisible(NSRange(location: 0, length: 1))
        XCTAssertEqual(textView.contentOffset.y, 0)
    }

    /// Lines wrap at the view's width less the insets and the line
    /// fragment padding.
    func testLongLinesWrap() {
        textView.text = String(repeating: "wrap these words ", count: 12)
        window.layoutIfNeeded()
        let layout = textView.textLayout()
        XCTAssertGreaterThan(layout.lines.count, 2)
        XCTAssertLessThanOrEqual(layout.usedRect.maxX, 300 - 10 + 0.5)
        XCTAssertEqual(textView.contentSize.height, ceil(16 + layout.usedRect.maxY))
    }

    /// Up and Down move the caret between lines, keeping the x they
    /// started from across a shorter line; past the last line, Down goes
    /// to the end.
    func testUpAndDownMoveAcrossLines() {
        textView.text = "abc\nabcde\nab"
        tapTextView()
        textView.selectedRange = NSRange(location: 8, length: 0) // after "abcd" on the second line
        press(.keyboardDownArrow)
        XCTAssertEqual(textView.selectedRange.location, 12, "the third line is shorter: its end")
        press(.keyboardUpArrow)
        XCTAssertEqual(textView.selectedRange.location, 8, "back to the x it started from")
        press(.keyboardUpArrow)
        XCTAssertEqual(textView.selectedRange.location, 3, "the first line's end")
        press(.keyboardUpArrow)
        XCTAssertEqual(textView.selectedRange.location, 0, "above the first line: the start")
        press(.keyboardDownArrow, modifiers: .shift)
        XCTAssertEqual(textView.selectedRange, NSRange(location: 0, length: 8),
                       "Shift extends the selection, down to the x the moves started from")
        press(.keyboardEnd, modifiers: .control)
        XCTAssertEqual(textView.selectedRange, NSRange(location: 12, length: 0))
        press(.keyboardHome)
        XCTAssertEqual(textView.selectedRange.location, 10, "the line's start")
    }

    /// A tap on a line puts the caret there.
    func testTapPlacesTheCaretOnTheTappedLine() {
        textView.text = "first\nsecond\nthird"
        window.layoutIfNeeded()
        let y = 8 + lineHeight * 1.5
        tapTextView(at: CGPoint(x: 290, y: y))
        XCTAssertEqual(textView.selectedRange, NSRange(location: 12, length: 0), "the end of the second line")
    }

    /// Copy and paste through UIPasteboard, as the text field's.
    func testCopyAndPaste() {
        tapTextView()
        type("hello")
        command(.keyboardA, "a")
        command(.keyboardC, "c")
        XCTAssertEqual(UIPasteboard.general.string, "hello")
        right()
        returnKey()
        command(.keyboardV, "v")
        XCTAssertEqual(textView.text, "hello\nhello")
        XCTAssertEqual(textDelegate.log.last, "didChange \"hello\nhello\"")
    }

    /// A view that is not editable can be selected and copied from, not typed into.
    func testNotEditableButSelectable() {
        textView.text = "read only"
        textView.isEditable = false
        tapTextView()
        XCTAssertTrue(textView.isFirstResponder)
        XCTAssertFalse(textView.isEditing)
        XCTAssertTrue(textView.caretView.isHidden)
        type("x")
        XCTAssertEqual(textView.text, "read only")
        command(.keyboardA, "a")
        command(.keyboardC, "c")
        XCTAssertEqual(UIPasteboard.general.string, "read only")
        XCTAssertFalse(textDelegate.log.contains("shouldBegin"), "no editing session")
    }

    /// The selection shows as a tinted rect per line it covers.
    func testSelectionAcrossLinesShowsOneRectPerLine() {
        textView.text = "one\ntwo\nthree"
        tapTextView()
        textView.selectedRange = NSRange(location: 1, length: 8)
        window.layoutIfNeeded()
        XCTAssertEqual(textView.selectionViews.count, 3)
        let tops = textView.selectionViews.map(\.frame.minY)
        XCTAssertEqual(tops, tops.sorted())
        XCTAssertTrue(textView.caretView.isHidden, "no caret over a selection")
    }
}

/// A text view delegate that writes down what it is asked and told.
final class RecordingTextViewDelegate: UITextViewDelegate {
    var log: [String] = []
    /// Replacement text refused by shouldChangeTextIn.
    var refuses: String?

    func take() -> [String] {
        defer { log = [] }
        return log
    }

    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { log.append("shouldBegin"); return true }
    func textViewDidBeginEditing(_ textView: UITextView) { log.append("didBegin") }
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool { log.append("shouldEnd"); return true }
    func textViewDidEndEditing(_ textView: UITextView) { log.append("didEnd") }
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        log.append("shouldChange \(range.location),\(range.length) \"\(text)\"")
        return text != refuses
    }
    func textViewDidChange(_ textView: UITextView) { log.append("didChange \"\(textView.text ?? "")\"") }
    func textViewDidChangeSelection(_ textView: UITextView) { log.append("didChangeSelection") }
}
