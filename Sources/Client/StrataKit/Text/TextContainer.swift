import Foundation

/// The area text is laid out in, and how text that does not fit is cut.
struct TextContainer {
    /// Lines wrap at this width; nil: lines break only at line separators.
    var width: CGFloat?
    /// At most this many lines are shown; 0: no limit.
    var maximumNumberOfLines = 0
    /// Only lines that fit entirely above this height are shown (the first
    /// line always is); nil: no limit.
    var maximumHeight: CGFloat?
    /// Overrides the paragraph styles' line break mode (as a label's does).
    var lineBreakMode: NSLineBreakMode?
}
