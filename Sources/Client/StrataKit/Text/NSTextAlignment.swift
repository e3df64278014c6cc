import Foundation

/// UIKit's text alignments, with UIKit's raw values. `.natural` is left for
/// left-to-right text and right for right-to-left text.
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}
