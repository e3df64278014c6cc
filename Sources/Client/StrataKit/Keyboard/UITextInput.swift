import Foundation

/// A place in a text input's text. StrataKit's positions are UTF-16
/// offsets, as NSRange counts; compare them with the input's
/// `compare(_:to:)` and `offset(from:to:)`.
open class UITextPosition {
    let offset: Int
    init(offset: Int) { self.offset = offset }
}

/// A range between two positions of a text input.
open class UITextRange {
    public let start: UITextPosition
    public let end: UITextPosition
    open var isEmpty: Bool { start.offset == end.offset }

    init(start: UITextPosition, end: UITextPosition) {
        self.start = start
        self.end = end
    }

    var nsRange: NSRange { NSRange(location: start.offset, length: end.offset - start.offset) }
}

/// The part of UIKit's UITextInput that selects and reads text by
/// position: the selection as a range, the document's ends, positions by
/// offset and the text of a range. Marked text (input methods) and geometry
/// are left out.
public protocol UITextInput: UIKeyInput {
    var selectedTextRange: UITextRange? { get set }
    var beginningOfDocument: UITextPosition { get }
    var endOfDocument: UITextPosition { get }
    func text(in range: UITextRange) -> String?
    func replace(_ range: UITextRange, withText text: String)
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
}
