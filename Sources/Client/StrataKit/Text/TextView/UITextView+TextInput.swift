import Foundation

/// UITextInput: the selection and the text by position, as the text
/// field offers them. `replace(_:withText:)` is an edit made in code: it
/// asks no delegate and tells no one.
extension UITextView: UITextInput {
    public var selectedTextRange: UITextRange? {
        get {
            let range = selectedRange
            return UITextRange(start: UITextPosition(offset: range.location),
                               end: UITextPosition(offset: range.location + range.length))
        }
        set {
            guard let newValue else { return }
            let start = clamped(newValue.start.offset), end = clamped(newValue.end.offset)
            selectionEnds = (min(start, end), max(start, end))
        }
    }

    public var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }
    public var endOfDocument: UITextPosition { UITextPosition(offset: content.length) }

    public func text(in range: UITextRange) -> String? {
        let start = clamped(range.start.offset), end = clamped(range.end.offset)
        guard start <= end else { return nil }
        return (content.string as NSString).substring(with: NSRange(location: start, length: end - start))
    }

    public func replace(_ range: UITextRange, withText text: String) {
        let start = clamped(min(range.start.offset, range.end.offset))
        let end = clamped(max(range.start.offset, range.end.offset))
        let edited = NSMutableAttributedString(attributedString: content)
        let attributes = content.length > 0 ? content.attributesOrEmpty(at: max(0, start - 1)) : typingDefaults
        edited.replaceCharacters(in: NSRange(location: start, length: end - start),
                                 with: NSAttributedString(string: text, attributes: attributes))
        content = edited
        selectedRange = NSRange(location: start + (text as NSString).length, length: 0)
    }

    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        UITextRange(start: fromPosition, end: toPosition)
    }

    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let target = position.offset + offset
        guard (0...content.length).contains(target) else { return nil }
        return UITextPosition(offset: target)
    }

    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        position.offset < other.offset ? .orderedAscending : position.offset > other.offset ? .orderedDescending : .orderedSame
    }

    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        toPosition.offset - from.offset
    }

    private func clamped(_ offset: Int) -> Int { min(max(0, offset), content.length) }
}
