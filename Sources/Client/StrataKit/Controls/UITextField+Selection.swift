import Foundation

/// The caret and the selection: moved by characters and words (never into
/// the middle of a composed character), extended from an anchor, placed and
/// dragged with the pointer. Offsets are UTF-16 units of `text`.
extension UITextField {
    /// Keeps the ends inside the text, then shows the change.
    func selectionDidChange(from old: (anchor: Int, caret: Int)) {
        let length = content.length
        let anchor = min(max(0, selectionEnds.anchor), length)
        let caret = min(max(0, selectionEnds.caret), length)
        if (anchor, caret) != selectionEnds {
            selectionEnds = (anchor, caret)
            return
        }
        guard old != selectionEnds else { return }
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

    // MARK: Boundaries

    /// The start of the character (grapheme cluster) before `offset`.
    func characterBoundary(before offset: Int) -> Int {
        characterStarts().last { $0 < offset } ?? 0
    }

    /// The end of the character at `offset`.
    func characterBoundary(after offset: Int) -> Int {
        characterStarts().first { $0 > offset } ?? content.length
    }

    /// The UTF-16 offset where each character starts, and the text's length.
    func characterStarts() -> [Int] {
        let string = content.string
        var offsets: [Int] = []
        var index = string.startIndex
        while index < string.endIndex {
            offsets.append(index.utf16Offset(in: string))
            index = string.index(after: index)
        }
        offsets.append(content.length)
        return offsets
    }

    /// Ctrl+Left: the start of the word before `offset` (spaces and punctuation skipped).
    func wordBoundary(before offset: Int) -> Int {
        let characters = charactersWithOffsets()
        var index = characters.lastIndex { $0.offset < offset } ?? -1
        while index >= 0, !characters[index].isWordCharacter { index -= 1 }
        while index > 0, characters[index - 1].isWordCharacter { index -= 1 }
        return index >= 0 ? characters[index].offset : 0
    }

    /// Ctrl+Right: the end of the word after `offset`.
    func wordBoundary(after offset: Int) -> Int {
        let characters = charactersWithOffsets()
        var index = characters.firstIndex { $0.offset >= offset } ?? characters.count
        while index < characters.count, !characters[index].isWordCharacter { index += 1 }
        while index < characters.count, characters[index].isWordCharacter { index += 1 }
        return index < characters.count ? characters[index].offset : content.length
    }

    private func charactersWithOffsets() -> [(offset: Int, isWordCharacter: Bool)] {
        let string = content.string
        return string.indices.map { index in
            let character = string[index]
            return (index.utf16Offset(in: string), character.isLetter || character.isNumber || character == "_")
        }
    }

    /// The word around `offset`, for a double click.
    func wordRange(at offset: Int) -> NSRange {
        let start = wordBoundary(before: min(content.length, characterBoundary(after: offset)))
        let end = wordBoundary(after: start)
        return NSRange(location: start, length: max(0, end - start))
    }

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
