import Foundation

/// Segment widths. A segment given a width keeps it; the others share the
/// rest: equally, or, with `apportionsSegmentWidthsByContent`, each its
/// content's width plus padding and an equal part of what is left. The
/// control's fitting size is 32 points high and wide enough for every
/// segment at its width (the widest content, when equal).
extension UISegmentedControl {
    static let height: CGFloat = 32
    /// Space on each side of a segment's content.
    static let segmentPadding: CGFloat = 12
    static let minimumSegmentWidth: CGFloat = 32

    /// The width a segment's content asks for, padding included.
    func contentWidth(ofSegment index: Int) -> CGFloat {
        let content = contentViews.indices.contains(index) ? contentViews[index].sizeThatFits(.zero).width : 0
        return max(content.rounded(.up) + 2 * UISegmentedControl.segmentPadding, UISegmentedControl.minimumSegmentWidth)
    }

    func fittingSize() -> CGSize {
        let widest = segments.indices.map(contentWidth(ofSegment:)).max() ?? 0
        let width = segments.indices.reduce(CGFloat(0)) { sum, index in
            let fixed = segments[index].width
            if fixed > 0 { return sum + fixed }
            return sum + (apportionsSegmentWidthsByContent ? contentWidth(ofSegment: index) : widest)
        }
        return CGSize(width: width, height: UISegmentedControl.height)
    }

    /// Each segment's width in the current bounds.
    func segmentWidths() -> [CGFloat] {
        let automatic = segments.indices.filter { segments[$0].width <= 0 }
        let fixedTotal = segments.reduce(CGFloat(0)) { $0 + $1.width }
        let available = max(bounds.width - fixedTotal, 0)
        var widths = segments.map(\.width)
        guard !automatic.isEmpty else { return widths }
        if apportionsSegmentWidthsByContent {
            let wanted = automatic.map(contentWidth(ofSegment:))
            let share = (available - wanted.reduce(0, +)) / CGFloat(automatic.count)
            for (offset, index) in automatic.enumerated() { widths[index] = max(wanted[offset] + share, 0) }
        } else {
            for index in automatic { widths[index] = available / CGFloat(automatic.count) }
        }
        return widths
    }

    /// Each segment's rect in the bounds, left to right.
    func segmentRects() -> [CGRect] {
        var x: CGFloat = 0
        return segmentWidths().map { width in
            defer { x += width }
            return CGRect(x: x, y: 0, width: width, height: bounds.height)
        }
    }

    /// The segment containing `point` (across the full height), if any.
    func segmentIndex(at point: CGPoint) -> Int? {
        guard point.y >= 0, point.y < bounds.height else { return nil }
        return segmentRects().firstIndex { point.x >= $0.minX && point.x < $0.maxX }
    }
}
