import Foundation

/// How lines wrap and where text that does not fit is cut, with UIKit's raw values.
public enum NSLineBreakMode: Int, Sendable {
    /// Wrap at word boundaries (a word longer than a line breaks between characters).
    case byWordWrapping = 0
    /// Wrap between any two characters.
    case byCharWrapping = 1
    /// Wrap at words; lines that do not fit are not drawn.
    case byClipping = 2
    /// The last line shows its end, with an ellipsis at its start.
    case byTruncatingHead = 3
    /// The last line shows its start, with an ellipsis at its end.
    case byTruncatingTail = 4
    /// The last line shows both ends, with an ellipsis in the middle.
    case byTruncatingMiddle = 5

    var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}
