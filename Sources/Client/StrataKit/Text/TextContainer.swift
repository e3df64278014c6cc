import Foundation

/// The area text is laid out in, and how text that does not fit is cut.
struct TextContainer: Equatable {
    /// Lines wrap at this width; nil: lines break only at line separators.
    var width: CGFloat?
    /// At most this many lines are shown; 0: no limit.
    var maximumNumberOfLines = 0
    /// Only lines that fit entirely above this height are shown (the first
    /// line always is); nil: no limit.
    var maximumHeight: CGFloat?
    /// Overrides the paragraph styles' line break mode (as a label's does).
    var lineBreakMode: NSLineBreakMode?

    /// Whether `layout`, made in `other`, is the layout this container would
    /// make: `other` is this container, or this one without its height
    /// limit and that limit cuts none of the layout's lines.
    func allowsReusing(_ layout: TextLayout, laidOutIn other: TextContainer) -> Bool {
        if other == self { return true }
        var unlimited = self
        unlimited.maximumHeight = nil
        guard other == unlimited, let height = maximumHeight else { return false }
        return layout.lines.allSatisfy { $0.rect.maxY <= height + 0.001 }
    }
}
