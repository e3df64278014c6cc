import Foundation

/// With isPagingEnabled, scrolling comes to rest on multiples of the
/// bounds' size: the nearest page to where the finger let go, or, after a
/// flick, the next page in the flick's direction (one page at most).
extension UIScrollView {
    /// A release faster than this (points per second) turns the page.
    static let pageFlickVelocity: CGFloat = 200

    func pageOffset(from offset: CGPoint, velocity: CGPoint) -> CGPoint {
        func axis(_ offset: CGFloat, _ velocity: CGFloat, _ pageLength: CGFloat) -> CGFloat {
            guard pageLength > 0 else { return offset }
            let position = offset / pageLength
            let page: CGFloat
            if velocity > Self.pageFlickVelocity {
                page = position.rounded(.down) + 1
            } else if velocity < -Self.pageFlickVelocity {
                page = position.rounded(.up) - 1
            } else {
                page = position.rounded()
            }
            return page * pageLength
        }
        return clampedContentOffset(CGPoint(x: axis(offset.x, velocity.x, bounds.width),
                                            y: axis(offset.y, velocity.y, bounds.height)))
    }

    /// Pages (and targets the delegate sets) settle at least as fast as
    /// `.fast`, whatever decelerationRate says, as UIKit's pages snap.
    func pagingRate(_ rate: CGFloat) -> CGFloat {
        min(rate, DecelerationRate.fast.perMillisecond)
    }
}
