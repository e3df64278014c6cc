import Foundation

/// The range the content offset moves in, programmatic scrolling and the
/// notification of every scroll.
extension UIScrollView {
    /// UIKit's duration for animated scrolling.
    static let scrollAnimationDuration: TimeInterval = 0.3

    /// The smallest and largest offsets that show content (and insets) and
    /// nothing beyond: from −inset.top to contentSize.height + inset.bottom
    /// − bounds.height, or just the first when the content is shorter.
    var contentOffsetRange: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>) {
        let insets = adjustedContentInset
        let minX = -insets.left, minY = -insets.top
        let maxX = max(minX, contentSize.width + insets.right - bounds.width)
        let maxY = max(minY, contentSize.height + insets.bottom - bounds.height)
        return (minX...maxX, minY...maxY)
    }

    /// `offset` moved into the range.
    func clampedContentOffset(_ offset: CGPoint) -> CGPoint {
        let range = contentOffsetRange
        return CGPoint(x: Self.clamp(offset.x, to: range.x), y: Self.clamp(offset.y, to: range.y))
    }

    /// bounds.origin changed: layout (tiling subclasses add and remove
    /// views there) and the delegate. An animated scroll tells the delegate
    /// after its animation block, so what the delegate changes is not animated.
    func contentOffsetDidChange() {
        setNeedsLayout()
        if refreshControl != nil { layoutRefreshControl() }
        if !isSettingAnimatedOffset { delegate?.scrollViewDidScroll(self) }
    }

    /// Animated: a view animation of bounds.origin that the compositor
    /// plays; the delegate hears `scrollViewDidScroll` once, now, and
    /// `scrollViewDidEndScrollingAnimation` when it ended. Either way, a
    /// deceleration in progress stops.
    func moveContentOffset(to offset: CGPoint, animated: Bool) {
        guard offset.x.isFinite, offset.y.isFinite else { return }
        stopDeceleration()
        guard animated, offset != contentOffset else {
            contentOffset = offset
            return
        }
        isSettingAnimatedOffset = true
        // The content keeps taking touches meanwhile, as UIKit's scrolling animations let it.
        UIView.animate(withDuration: Self.scrollAnimationDuration, delay: 0,
                       options: [.beginFromCurrentState, .allowUserInteraction],
                       animations: { self.contentOffset = offset },
                       completion: { [weak self] _ in
                           guard let self else { return }
                           self.delegate?.scrollViewDidEndScrollingAnimation(self)
                       })
        isSettingAnimatedOffset = false
        delegate?.scrollViewDidScroll(self)
    }

    /// The smallest scroll that shows `rect`; a rect larger than the view
    /// shows from its top left.
    func scrollToShow(_ rect: CGRect, animated: Bool) {
        let rect = rect.standardized
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let insets = adjustedContentInset
        let visible = bounds.inset(by: insets)
        func axis(_ minEdge: CGFloat, _ maxEdge: CGFloat, _ visibleMin: CGFloat, _ visibleMax: CGFloat) -> CGFloat {
            if maxEdge - minEdge >= visibleMax - visibleMin || minEdge < visibleMin { return minEdge - visibleMin }
            if maxEdge > visibleMax { return maxEdge - visibleMax }
            return 0
        }
        let dx = axis(rect.minX, rect.maxX, visible.minX, visible.maxX)
        let dy = axis(rect.minY, rect.maxY, visible.minY, visible.maxY)
        let target = clampedContentOffset(CGPoint(x: contentOffset.x + dx, y: contentOffset.y + dy))
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }

    static func clamp(_ value: CGFloat, to range: ClosedRange<CGFloat>) -> CGFloat {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
