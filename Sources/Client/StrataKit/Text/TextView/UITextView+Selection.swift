import Foundation

/// The caret and the selection: moved by characters and words (through
/// the boundaries the text field uses), by lines (Up and Down keep the x
/// they started from across shorter lines), to the ends of lines and of
/// the text; placed with the pointer. Offsets are UTF-16 units of `text`.
extension UITextView {
    /// Keeps the ends inside the text, then shows the change and tells the delegate.
    func selectionDidChange(from old: (anchor: Int, caret: Int)) {
        // Ends outside the text come back inside it: that change is the one reported.
        guard !clampSelectionEnds(), old != selectionEnds else { return }
        setNeedsLayout()
        if isFirstResponder { textViewDelegate?.textViewDidChangeSelection(self) }
    }

    // MARK: Moving

    /// Moves the caret to `offset`; with `extending`, the anchor stays and the range between is selected.
    func moveCaret(to offset: Int, extending: Bool) {
        selectionEnds = (extending ? selectionEnds.anchor : offset, offset)
        restartCaretBlink()
        needsCaretVisible = true
    }

    /// Left and Right: by a character (a word with `byWord`). Without
    /// Shift, a selection collapses to its start (Left) or end (Right).
    func moveCaret(forward: Bool, byWord: Bool, extending: Bool) {
        verticalMoveX = nil
        let range = selectedRange
        if !extending, range.length > 0, !byWord {
            return moveCaret(to: forward ? range.location + range.length : range.location, extending: false)
        }
        let caret = selectionEnds.caret
        let boundaries = TextBoundaries(content.string)
        let target = byWord
            ? (forward ? boundaries.word(after: caret) : boundaries.word(before: caret))
            : (forward ? boundaries.character(after: caret) : boundaries.character(before: caret))
        moveCaret(to: target, extending: extending)
    }

    /// Up and Down: to the line above or below, at the x the vertical
    /// moves started from; past the first or last line, to the text's start or end.
    func moveCaretVertically(down: Bool, extending: Bool) {
        let layout = textLayout()
        let string = content.string
        let caret = selectionEnds.caret
        let caretRect = layout.caretRect(atUTF16Offset: caret, of: string)
        let x = verticalMoveX ?? caretRect.minX
        let lines = layout.lines
        let line = layout.lineIndex(atUTF16Offset: caret, of: string)
        let target = line + (down ? 1 : -1)
        let offset: Int
        if target < 0 {
            offset = 0
        } else if target >= lines.count {
            offset = content.length
        } else {
            offset = layout.utf16Offset(nearest: CGPoint(x: x, y: lines[target].rect.midY), of: string)
        }
        moveCaret(to: offset, extending: extending)
        verticalMoveX = x
    }

    /// Home and End: the start or end of the caret's line.
    func moveCaretToLineEnd(forward: Bool, extending: Bool) {
        verticalMoveX = nil
        let layout = textLayout()
        let string = content.string
        let lines = layout.lines
        guard !lines.isEmpty else { return }
        let line = lines[layout.lineIndex(atUTF16Offset: selectionEnds.caret, of: string)]
        let x = forward ? line.rect.maxX + 1 : line.rect.minX - 1
        var offset = layout.utf16Offset(nearest: CGPoint(x: x, y: line.rect.midY), of: string)
        // A wrapped line's end is the next line's start; stay before its trailing space.
        if forward, offset > 0, offset < content.length,
           layout.lineIndex(atUTF16Offset: offset, of: string) != layout.lineIndex(atUTF16Offset: selectionEnds.caret, of: string) {
            offset = TextBoundaries(string).character(before: offset)
        }
        moveCaret(to: offset, extending: extending)
    }

    func moveCaretToDocumentEnd(forward: Bool, extending: Bool) {
        verticalMoveX = nil
        moveCaret(to: forward ? content.length : 0, extending: extending)
    }

    func selectAllText() {
        guard isFirstResponder || isEditing else { return }
        selectionEnds = (0, content.length)
    }

    // MARK: The pointer

    /// A press makes the view first responder (editing if editable) and
    /// puts the caret at the press (Shift extends the selection to it); a
    /// double press selects the word there, a triple one the paragraph.
    /// False when the view is neither editable nor selectable.
    func beginPointerSelection(_ touch: UITouch) -> Bool {
        guard isEditable || isSelectable else { return false }
        if !isFirstResponder {
            guard becomeFirstResponder() else { return false }
        }
        verticalMoveX = nil
        let offset = textOffset(at: touch.location(in: self))
        let boundaries = TextBoundaries(content.string)
        if touch.tapCount >= 3 {
            let start = boundaries.paragraphStart(at: offset)
            selectionEnds = (start, boundaries.paragraphEnd(at: offset))
        } else if touch.tapCount == 2 {
            let word = boundaries.wordRange(at: offset)
            selectionEnds = (word.location, word.location + word.length)
        } else {
            let extending = touch.window?.input.modifierFlags.contains(.shift) ?? false
            moveCaret(to: offset, extending: extending)
        }
        return true
    }

    /// A drag the scroll view did not take moves the caret's end of the selection.
    func continuePointerSelection(_ touch: UITouch) -> Bool {
        guard isFirstResponder else { return false }
        guard touch.tapCount <= 1 else { return true }
        moveCaret(to: textOffset(at: touch.location(in: self)), extending: true)
        return true
    }

    /// The character boundary nearest a point of the view (content coordinates).
    func textOffset(at point: CGPoint) -> Int {
        let origin = textOrigin
        return textLayout().utf16Offset(nearest: CGPoint(x: point.x - origin.x, y: point.y - origin.y), of: content.string)
    }
}
