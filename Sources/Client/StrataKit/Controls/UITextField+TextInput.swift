import Foundation

/// UITextInput: the selection and the text by position. Positions outside
/// the text give nil (`position(from:offset:)`) or are pulled inside it,
/// as UIKit does rather than failing. `replace(_:withText:)` is an edit
/// made in code: it asks no delegate and sends no event.
extension UITextField: UITextInput, EditableText {
    var emptyTextAttributes: [NSAttributedString.Key: Any] { defaultTextAttributes }

    public var selectedTextRange: UITextRange? {
        get { selectionTextRange }
        set { select(newValue) }
    }

    public var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }
    public var endOfDocument: UITextPosition { UITextPosition(offset: content.length) }

    public func text(in range: UITextRange) -> String? { substring(in: range) }

    public func replace(_ range: UITextRange, withText text: String) { replaceText(in: range, with: text) }

    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        UITextRange(start: fromPosition, end: toPosition)
    }

    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        self.position(after: position, by: offset)
    }

    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        UITextPosition.order(position, other)
    }

    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        toPosition.offset - from.offset
    }
}
