import Foundation

/// The caret and the selection: moved by characters and words (never into
/// the middle of a composed character), extended from an anchor, placed and
/// dragged with the pointer. Offsets are UTF-16 units of `text`.
extension UITextField {
    /// Keeps the ends inside the text, then shows the change.
    func selectionDidChange(from old: (anchor: Int, caret: Int)) {
        // Ends outside the text come back inside it: that change is the one reported.
        guard !clampSelectionEnds(), old != selectionEnds else { return }
        updateSelectionDisplay()
        if isEditing { delegate?.textFieldDidChangeSelection(self) }
    }

    // MARK: Moving

    /// Moves the caret to `offset`; with `extending`, the anchor stays and the range between is selected.
    func moveCaret(to offset: Int, extending: Bool) {
        selectionEnds = (extending ? selectionEnds.anchor : offset, offset)
        restartCaretBlink()
    }

    /// Left and Right: by a character (a word with `byWord`). Without
    /// Shift, a selection collapses to its start (Left) or end (Right).
    func moveCaret(forward: Bool, byWord: Bool, extending: Bool) {
        let range = selectedRange
        if !extending, range.length > 0, !byWord {
            return moveCaret(to: forward ? range.location + range.length : range.location, extending: false)
        }
        let caret = selectionEnds.caret
        let target = byWord
            ? (forward ? wordBoundary(after: caret) : wordBoundary(before: caret))
            : (forward ? characterBoundary(after: caret) : characterBoundary(before: caret))
        moveCaret(to: target, extending: extending)
    }

    func selectAllText() {
        guard isEditing else { return }
        selectionEnds = (0, content.length)
    }

    // MARK: Boundaries (Text/TextBoundaries.swift)

    func characterBoundary(before offset: Int) -> Int { TextBoundaries(content.string).character(before: offset) }
    func characterBoundary(after offset: Int) -> Int { TextBoundaries(content.string).character(after: offset) }
    func characterStarts() -> [Int] { TextBoundaries(content.string).characterStarts() }
    func wordBoundary(before offset: Int) -> Int { TextBoundaries(content.string).word(before: offset) }
    func wordBoundary(after offset: Int) -> Int { TextBoundaries(content.string).word(after: offset) }
    func wordRange(at offset: Int) -> NSRange { TextBoundaries(content.string).wordRange(at: offset) }

    // MARK: The pointer

    /// A press begins editing if need be, and puts the caret at the press
    /// (Shift extends the selection to it); a double press selects the
    /// word there, a triple one everything.
    func beginPointerSelection(_ touch: UITouch) -> Bool {
        if !isEditing {
            guard becomeFirstResponder() else { return false }
        }
        let offset = textOffset(at: touch.location(in: self))
        if touch.tapCount >= 3 {
            selectAllText()
        } else if touch.tapCount == 2 {
            let word = wordRange(at: offset)
            selectionEnds = (word.location, word.location + word.length)
        } else {
            let extending = touch.window?.input.modifierFlags.contains(.shift) ?? false
            moveCaret(to: offset, extending: extending)
        }
        return true
    }

    /// A drag moves the caret's end of the selection with the pointer.
    func continuePointerSelection(_ touch: UITouch) -> Bool {
        guard isEditing, touch.tapCount <= 1 else { return true }
        moveCaret(to: textOffset(at: touch.location(in: self)), extending: true)
        return true
    }

    /// The character boundary of `text` nearest to a point of the field.
    func textOffset(at point: CGPoint) -> Int {
        let x = point.x - clipView.frame.minX - textView.textX
        let (string, layout) = displayLayout()
        return textOffset(fromDisplayOffset: layout.utf16Offset(nearestX: x, of: string))
    }
}
