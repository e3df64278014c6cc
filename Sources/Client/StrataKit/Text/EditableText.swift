import Foundation

/// What the text field and the text view share as editable text: the
/// attributed content, a selection with an anchor and a caret end, and
/// the attributes text typed into an empty view takes. UITextInput's
/// positions and edits over it are written once, here; each view's
/// UITextInput conformance calls them.
protocol EditableText: AnyObject {
    var content: NSAttributedString { get set }
    var selectionEnds: (anchor: Int, caret: Int) { get set }
    /// The attributes of text inserted where there is no text to take them from.
    var emptyTextAttributes: [NSAttributedString.Key: Any] { get }
    /// While editing, the caret blinks (`blinkTimer` flips `caretView`).
    var isEditing: Bool { get }
    var caretView: UIView { get }
    var blinkTimer: EventTimer? { get set }
}

/// Half a second shown, half hidden.
let caretBlinkInterval: TimeInterval = 0.5

extension EditableText {
    /// An offset pulled inside the text, as UIKit pulls positions in rather than failing.
    func clampedOffset(_ offset: Int) -> Int { min(max(0, offset), content.length) }

    /// Pulls the selection's ends inside the text; true when they had to move.
    func clampSelectionEnds() -> Bool {
        let clamped = (anchor: clampedOffset(selectionEnds.anchor), caret: clampedOffset(selectionEnds.caret))
        guard clamped != selectionEnds else { return false }
        selectionEnds = clamped
        return true
    }

    var selectionTextRange: UITextRange {
        let start = min(selectionEnds.anchor, selectionEnds.caret), end = max(selectionEnds.anchor, selectionEnds.caret)
        return UITextRange(start: UITextPosition(offset: start), end: UITextPosition(offset: end))
    }

    func select(_ range: UITextRange?) {
        guard let range else { return }
        let start = clampedOffset(range.start.offset), end = clampedOffset(range.end.offset)
        selectionEnds = (min(start, end), max(start, end))
    }

    func substring(in range: UITextRange) -> String? {
        let start = clampedOffset(range.start.offset), end = clampedOffset(range.end.offset)
        guard start <= end else { return nil }
        return (content.string as NSString).substring(with: NSRange(location: start, length: end - start))
    }

    /// An edit made in code: new text takes the attributes of the text
    /// before it; the caret ends after it. No delegate is asked.
    func replaceText(in range: UITextRange, with text: String) {
        let start = clampedOffset(min(range.start.offset, range.end.offset))
        let end = clampedOffset(max(range.start.offset, range.end.offset))
        let edited = NSMutableAttributedString(attributedString: content)
        let attributes = content.length > 0 ? content.attributesOrEmpty(at: max(0, start - 1)) : emptyTextAttributes
        edited.replaceCharacters(in: NSRange(location: start, length: end - start),
                                 with: NSAttributedString(string: text, attributes: attributes))
        content = edited
        let caret = start + (text as NSString).length
        selectionEnds = (caret, caret)
    }

    /// What Backspace (Delete, `forward`) removes at a caret: the whole
    /// character before (after) it, never part of a composed one.
    func characterRange(at caret: Int, forward: Bool) -> NSRange {
        let boundaries = TextBoundaries(content.string)
        if forward { return NSRange(location: caret, length: boundaries.character(after: caret) - caret) }
        let start = boundaries.character(before: caret)
        return NSRange(location: start, length: caret - start)
    }

    // MARK: The caret's blink

    /// The caret shows at once after an edit or a move, then blinks.
    func restartCaretBlink() {
        blinkTimer?.cancel()
        caretView.alpha = 1
        guard isEditing else { return }
        scheduleBlink()
    }

    private func scheduleBlink() {
        blinkTimer = EventClocks.current.schedule(after: caretBlinkInterval) { [weak self] in
            guard let self, self.isEditing else { return }
            self.caretView.alpha = self.caretView.alpha > 0 ? 0 : 1
            self.scheduleBlink()
        }
    }

    func stopCaretBlink() {
        blinkTimer?.cancel()
        blinkTimer = nil
        caretView.alpha = 1
    }

    /// A position `offset` away, or nil outside the text.
    func position(after position: UITextPosition, by offset: Int) -> UITextPosition? {
        let target = position.offset + offset
        guard (0...content.length).contains(target) else { return nil }
        return UITextPosition(offset: target)
    }
}

extension UITextPosition {
    /// Positions in the order of their offsets.
    static func order(_ a: UITextPosition, _ b: UITextPosition) -> ComparisonResult {
        a.offset < b.offset ? .orderedAscending : a.offset > b.offset ? .orderedDescending : .orderedSame
    }
}

extension UIKey {
    /// Select all, cut, copy or paste (Ctrl or Command with A, X, C, V): keys that do not repeat when held.
    var isEditShortcut: Bool {
        !modifierFlags.isDisjoint(with: [.control, .command]) && [.keyboardA, .keyboardX, .keyboardC, .keyboardV].contains(keyCode)
    }
}
