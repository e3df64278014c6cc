import Foundation

/// The scroll indicators: thin bars along the trailing and bottom edges
/// that show which part of the content is on screen, while the user
/// scrolls (a drag or its deceleration) and for a moment after
/// `flashScrollIndicators()`; they fade out when it stops. Like UIKit's,
/// they are subviews kept in front, placed in layoutSubviews (which every
/// scroll asks for); past an edge they shorten as the content rubber-bands.
extension UIScrollView {
    static let indicatorThickness: CGFloat = 3
    /// From the edges of the view and between the two indicators.
    static let indicatorMargin: CGFloat = 3
    static let indicatorMinimumLength: CGFloat = 36
    static let indicatorFadeDuration: TimeInterval = 0.25
    /// How long flashScrollIndicators() shows them.
    static let indicatorFlashDuration: TimeInterval = 0.6

    /// Shows the indicators for a moment, as after the content changed.
    public func flashScrollIndicators() {
        indicatorFlashTimer?.cancel()
        isFlashingIndicators = true
        setNeedsLayout()
        indicatorFlashTimer = EventClocks.current.schedule(after: Self.indicatorFlashDuration) { [weak self] in
            self?.isFlashingIndicators = false
            self?.setNeedsLayout()
        }
    }

    /// Whether the user is scrolling, so the indicators show.
    private var showsIndicatorsNow: Bool { isDragging || isDecelerating || isFlashingIndicators }

    func layoutScrollIndicators() {
        let range = contentOffsetRange
        let vertical = showsIndicatorsNow && showsVerticalScrollIndicator && range.y.upperBound > range.y.lowerBound
        let horizontal = showsIndicatorsNow && showsHorizontalScrollIndicator && range.x.upperBound > range.x.lowerBound
        verticalIndicator = placeIndicator(verticalIndicator, shown: vertical, frame: {
            verticalIndicatorFrame(leavingRoomBelow: horizontal)
        })
        horizontalIndicator = placeIndicator(horizontalIndicator, shown: horizontal, frame: {
            horizontalIndicatorFrame(leavingRoomBeside: vertical)
        })
    }

    /// Keeps a shown indicator in front of content added after it.
    func keepIndicatorsInFront() {
        for indicator in [verticalIndicator, horizontalIndicator].compactMap({ $0 }) where indicator.alpha > 0 {
            if subviews.last !== indicator, indicator.superview === self { bringSubviewToFront(indicator) }
        }
    }

    private func placeIndicator(_ existing: UIView?, shown: Bool, frame: () -> CGRect) -> UIView? {
        guard shown else {
            if let existing, existing.alpha > 0 {
                UIView.animate(withDuration: Self.indicatorFadeDuration, delay: 0, options: [.allowUserInteraction],
                               animations: { existing.alpha = 0 })
            }
            return existing
        }
        let indicator = existing ?? makeIndicator()
        indicator.frame = frame()
        indicator.alpha = 1
        // Code that empties the subviews takes the indicators too: they come back.
        if subviews.last !== indicator { addSubview(indicator) }
        return indicator
    }

    private func makeIndicator() -> UIView {
        let indicator = UIView(frame: .zero)
        indicator.backgroundColor = UIColor(white: 0, alpha: 0.35)
        indicator.isUserInteractionEnabled = false
        indicator.alpha = 0
        addSubview(indicator)
        return indicator
    }

    /// Along the trailing edge, within the insets: its length is the
    /// visible share of the content (at least 36 points), less what is
    /// pulled past an edge; its place follows the offset.
    private func verticalIndicatorFrame(leavingRoomBelow: Bool) -> CGRect {
        let insets = adjustedContentInset
        let start = bounds.minY + insets.top + Self.indicatorMargin
        let end = bounds.maxY - insets.bottom - Self.indicatorMargin
            - (leavingRoomBelow ? Self.indicatorThickness + Self.indicatorMargin : 0)
        let (position, length) = Self.indicatorSpan(track: start...max(start, end), offset: contentOffset.y,
                                                    range: contentOffsetRange.y, visible: bounds.height,
                                                    content: contentSize.height + insets.top + insets.bottom)
        return CGRect(x: bounds.maxX - insets.right - Self.indicatorMargin - Self.indicatorThickness, y: position,
                      width: Self.indicatorThickness, height: length)
    }

    private func horizontalIndicatorFrame(leavingRoomBeside: Bool) -> CGRect {
        let insets = adjustedContentInset
        let start = bounds.minX + insets.left + Self.indicatorMargin
        let end = bounds.maxX - insets.right - Self.indicatorMargin
            - (leavingRoomBeside ? Self.indicatorThickness + Self.indicatorMargin : 0)
        let (position, length) = Self.indicatorSpan(track: start...max(start, end), offset: contentOffset.x,
                                                    range: contentOffsetRange.x, visible: bounds.width,
                                                    content: contentSize.width + insets.left + insets.right)
        return CGRect(x: position, y: bounds.maxY - insets.bottom - Self.indicatorMargin - Self.indicatorThickness,
                      width: length, height: Self.indicatorThickness)
    }

    /// Where along its track an indicator starts, and how long it is.
    static func indicatorSpan(track: ClosedRange<CGFloat>, offset: CGFloat, range: ClosedRange<CGFloat>,
                              visible: CGFloat, content: CGFloat) -> (position: CGFloat, length: CGFloat) {
        let trackLength = track.upperBound - track.lowerBound
        let share = content > 0 ? visible / content : 1
        var length = min(trackLength, max(indicatorMinimumLength, trackLength * share))
        let overscroll = offset < range.lowerBound ? range.lowerBound - offset
            : offset > range.upperBound ? offset - range.upperBound : 0
        length = max(indicatorThickness * 2, length - overscroll)
        let span = range.upperBound - range.lowerBound
        let progress = span > 0 ? clamp((offset - range.lowerBound) / span, to: 0...1) : 0
        return (track.lowerBound + progress * (trackLength - length), length)
    }
}
