import Foundation

/// A drag in progress: the offset the finger asks for (before
/// rubber-banding), and the pan's translation last applied.
struct ScrollDrag {
    enum Axis { case horizontal, vertical }

    var unbandedOffset: CGPoint
    var lastTranslation: CGPoint
    /// With isDirectionalLockEnabled, the one axis the drag scrolls.
    var lockedAxis: Axis?
    /// Set when the wheel or touchpad drives the pan, nil for touches.
    let scrollType: UIScrollTypeMask?
}

/// Moving the content with the pan: the finger (or the wheel, or the
/// touchpad) moves the content by as much as it moves, past the edges
/// only as a rubber band, and on release the content decelerates
/// (UIScrollView+Deceleration.swift).
extension UIScrollView {
    /// How stiff the rubber band is: UIKit's constant in
    /// f(x) = (1 − 1 / (x c / d + 1)) d, for x points past the edge of a view d points long.
    static let rubberBandConstant: CGFloat = 0.55

    /// Whether the content can move along each axis: it is larger than
    /// the view (with its insets), or bounces are allowed anyway.
    var scrollsHorizontally: Bool {
        let range = contentOffsetRange.x
        return range.upperBound > range.lowerBound || (bounces && alwaysBounceHorizontal)
    }

    var scrollsVertically: Bool {
        let range = contentOffsetRange.y
        return range.upperBound > range.lowerBound || (bounces && alwaysBounceVertical)
    }

    /// The pan begins when there is something to scroll, the move is along
    /// an axis that scrolls (so a scroll view inside one that scrolls the
    /// other way lets it have the move), and no content that already
    /// tracks the touch keeps it (`canCancelContentTouches`,
    /// `touchesShouldCancel(in:)`).
    func panShouldBegin() -> Bool {
        let horizontal = scrollsHorizontally, vertical = scrollsVertically
        guard horizontal || vertical else { return false }
        for touch in panGestureRecognizer.trackedTouches where touch.viewDelivery == .delivered {
            if let view = touch.view, view !== self, !canCancelContentTouches || !touchesShouldCancel(in: view) {
                return false
            }
        }
        let move = panGestureRecognizer.translation(in: self)
        if horizontal && !vertical && abs(move.y) > abs(move.x) { return false }
        if vertical && !horizontal && abs(move.x) > abs(move.y) { return false }
        return true
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            beginDrag(with: pan)
            continueDrag(with: pan)
        case .changed:
            continueDrag(with: pan)
        case .ended:
            endDrag(velocity: releaseVelocity(of: pan))
        case .cancelled:
            endDrag(velocity: .zero)
        default:
            break
        }
    }

    // MARK: Touch down and up

    /// A finger landed: the content stops where it is (caught mid-flight).
    func contentTouched() {
        isTracking = true
        stopDeceleration()
    }

    /// The finger lifted without dragging: content caught past an edge bounces back.
    func contentReleasedWithoutDrag() {
        isTracking = false
        guard drag == nil, deceleration == nil, clampedContentOffset(contentOffset) != contentOffset else { return }
        let range = contentOffsetRange
        let rate = decelerationRate.perMillisecond
        startDeceleration(
            x: ScrollAxisMotion(position: contentOffset.x, velocity: 0, rate: rate, range: range.x, bounces: bounces),
            y: ScrollAxisMotion(position: contentOffset.y, velocity: 0, rate: rate, range: range.y, bounces: bounces))
    }

    // MARK: The drag

    private func beginDrag(with pan: UIPanGestureRecognizer) {
        stopDeceleration()
        let translation = pan.translation(in: self)
        var lockedAxis: ScrollDrag.Axis?
        if isDirectionalLockEnabled {
            // Mostly along one axis (more than twice the other): locked to it; diagonal: free.
            if abs(translation.x) > 2 * abs(translation.y) { lockedAxis = .horizontal }
            if abs(translation.y) > 2 * abs(translation.x) { lockedAxis = .vertical }
        }
        // A touch drag moves the content by what it moved past the
        // hysteresis (the first 10 points are not a jump); a scroll's
        // first step counts whole.
        var start = CGPoint.zero
        let moved = hypot(translation.x, translation.y)
        if pan.scrollType == nil, moved > UIGestureRecognizer.hysteresis {
            start = CGPoint(x: translation.x * UIGestureRecognizer.hysteresis / moved,
                            y: translation.y * UIGestureRecognizer.hysteresis / moved)
        }
        drag = ScrollDrag(unbandedOffset: unbanded(contentOffset), lastTranslation: start,
                          lockedAxis: lockedAxis, scrollType: pan.scrollType)
        isDragging = true
        delegate?.scrollViewWillBeginDragging(self)
    }

    private func continueDrag(with pan: UIPanGestureRecognizer) {
        guard var drag else { return }
        let translation = pan.translation(in: self)
        var dx = drag.lastTranslation.x - translation.x
        var dy = drag.lastTranslation.y - translation.y
        drag.lastTranslation = translation
        if !scrollsHorizontally || drag.lockedAxis == .vertical { dx = 0 }
        if !scrollsVertically || drag.lockedAxis == .horizontal { dy = 0 }
        drag.unbandedOffset.x += dx
        drag.unbandedOffset.y += dy
        let range = contentOffsetRange
        // A wheel steps within the content; fingers and touchpads pull the rubber band.
        if !bounces || drag.scrollType == .discrete {
            drag.unbandedOffset = clampedContentOffset(drag.unbandedOffset)
        }
        self.drag = drag
        let offset = CGPoint(x: Self.rubberBanded(drag.unbandedOffset.x, in: range.x, length: bounds.width),
                             y: Self.rubberBanded(drag.unbandedOffset.y, in: range.y, length: bounds.height))
        if offset != contentOffset { contentOffset = offset }
    }

    /// Content points per second (the opposite of the finger's); none
    /// along an axis that does not scroll, and none for the wheel or the
    /// touchpad: a scroll ends only once no event came for a while
    /// (wl_pointer.axis_stop is not passed on), so momentum would start
    /// after a visible pause.
    private func releaseVelocity(of pan: UIPanGestureRecognizer) -> CGPoint {
        guard let drag, drag.scrollType == nil else { return .zero }
        let finger = pan.velocity(in: self)
        var velocity = CGPoint(x: -finger.x, y: -finger.y)
        if !scrollsHorizontally || drag.lockedAxis == .vertical { velocity.x = 0 }
        if !scrollsVertically || drag.lockedAxis == .horizontal { velocity.y = 0 }
        if !velocity.x.isFinite || !velocity.y.isFinite { velocity = .zero }
        return velocity
    }

    /// UIKit's order: scrollViewWillEndDragging (which may move the
    /// target), scrollViewDidEndDragging(willDecelerate:), then, if the
    /// content still has to move, scrollViewWillBeginDecelerating.
    private func endDrag(velocity: CGPoint) {
        guard drag != nil else { return }
        drag = nil
        let offset = contentOffset
        let range = contentOffsetRange
        let rate = decelerationRate.perMillisecond
        let proposed = restingOffset(from: offset, velocity: velocity)
        var target = restingTarget(proposed: proposed, velocity: velocity)
        delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        target = target.x.isFinite && target.y.isFinite ? clampedContentOffset(target) : proposed

        // Free deceleration follows the velocity (and bounces at an edge);
        // a page or a target the delegate chose is reached exactly.
        func motion(_ position: CGFloat, _ velocity: CGFloat, _ target: CGFloat, _ proposed: CGFloat,
                    _ range: ClosedRange<CGFloat>, _ axisBounces: Bool) -> ScrollAxisMotion {
            if !isPagingEnabled && target == proposed {
                return ScrollAxisMotion(position: position, velocity: velocity, rate: rate, range: range, bounces: axisBounces)
            }
            return ScrollAxisMotion(position: position, target: target, rate: pagingRate(rate), range: range)
        }
        let x = motion(offset.x, velocity.x, target.x, proposed.x, range.x, bounces)
        let y = motion(offset.y, velocity.y, target.y, proposed.y, range.y, bounces)
        let willDecelerate = !(x.isResting && y.isResting)
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        isDragging = false
        setNeedsLayout()  // the indicators fade unless it decelerates
        if willDecelerate { startDeceleration(x: x, y: y) }
    }

    /// Where the content comes to rest: a page, or where the velocity
    /// carries it, within the content.
    private func restingOffset(from offset: CGPoint, velocity: CGPoint) -> CGPoint {
        if isPagingEnabled { return pageOffset(from: offset, velocity: velocity) }
        let rate = decelerationRate.perMillisecond
        return clampedContentOffset(CGPoint(x: offset.x + ScrollAxisMotion.distance(at: velocity.x, rate: rate),
                                            y: offset.y + ScrollAxisMotion.distance(at: velocity.y, rate: rate)))
    }

    // MARK: Rubber band

    /// `offset` shown with what lies beyond the range pulled back by the rubber band.
    static func rubberBanded(_ offset: CGFloat, in range: ClosedRange<CGFloat>, length: CGFloat) -> CGFloat {
        if offset < range.lowerBound { return range.lowerBound - rubberBand(range.lowerBound - offset, length: length) }
        if offset > range.upperBound { return range.upperBound + rubberBand(offset - range.upperBound, length: length) }
        return offset
    }

    /// f(x) = (1 − 1 / (x c / d + 1)) d: it follows the finger at first, then less and less, never reaching d.
    static func rubberBand(_ distance: CGFloat, length: CGFloat) -> CGFloat {
        guard length > 0 else { return 0 }
        return (1 - 1 / (distance * rubberBandConstant / length + 1)) * length
    }

    /// The inverse of `rubberBand`, so a drag that catches content past an
    /// edge goes on from where it is shown.
    static func unbandedDistance(_ shown: CGFloat, length: CGFloat) -> CGFloat {
        guard length > 0 else { return 0 }
        let shown = min(shown, length * 0.999)
        return shown * length / ((length - shown) * rubberBandConstant)
    }

    private func unbanded(_ offset: CGPoint) -> CGPoint {
        let range = contentOffsetRange
        func axis(_ value: CGFloat, _ range: ClosedRange<CGFloat>, _ length: CGFloat) -> CGFloat {
            if value < range.lowerBound { return range.lowerBound - Self.unbandedDistance(range.lowerBound - value, length: length) }
            if value > range.upperBound { return range.upperBound + Self.unbandedDistance(value - range.upperBound, length: length) }
            return value
        }
        return CGPoint(x: axis(offset.x, range.x, bounds.width), y: axis(offset.y, range.y, bounds.height))
    }
}
