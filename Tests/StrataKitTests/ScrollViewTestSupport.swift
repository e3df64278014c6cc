import XCTest
@testable import StrataKit

/// Writes down what a scroll view tells its delegate (runs of
/// scrollViewDidScroll as one entry), and can move the drag's target.
final class ScrollRecorder: UIScrollViewDelegate {
    var events: [String] = []
    var scrolls = 0
    var releaseVelocities: [CGPoint] = []
    var proposedTargets: [CGPoint] = []
    var targetOverride: CGPoint?
    var zoomView: UIView?
    var endedZoomScales: [CGFloat] = []

    private func note(_ event: String) {
        if event == "didScroll", events.last == event { return }
        events.append(event)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        scrolls += 1
        note("didScroll")
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { note("willBeginDragging") }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        note("willEndDragging")
        releaseVelocities.append(velocity)
        proposedTargets.append(targetContentOffset.pointee)
        if let targetOverride { targetContentOffset.pointee = targetOverride }
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        note("didEndDragging(\(decelerate))")
    }

    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { note("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { note("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { note("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { note("willBeginZooming") }
    func scrollViewDidZoom(_ scrollView: UIScrollView) { note("didZoom") }

    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { note("didChangeAdjustedContentInset") }

    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        note("didEndZooming")
        endedZoomScales.append(scale)
    }
}

/// A 200 × 300 scroll view at the window's top left over content 200 ×
/// 3,000 points, on the manual clock.
class ScrollViewTestCase: InputTestCase {
    var scrollView: UIScrollView!
    var recorder: ScrollRecorder!

    override func setUp() {
        super.setUp()
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        scrollView.contentSize = CGSize(width: 200, height: 3000)
        recorder = ScrollRecorder()
        scrollView.delegate = recorder
        window.addSubview(scrollView)
    }

    override func tearDown() {
        scrollView = nil
        recorder = nil
        super.tearDown()
    }

    /// A finger moving `distance` points up (negative: down) at a steady
    /// `speed` in 10 ms steps, then lifting at once: it lets go at `speed`.
    func flick(up distance: CGFloat, speed: CGFloat, from start: CGPoint = CGPoint(x: 100, y: 250)) {
        let steps = max(1, Int((abs(distance) / speed / 0.01).rounded()))
        drag(from: start, to: CGPoint(x: start.x, y: start.y - distance), steps: steps)
    }

    /// A finger moving `distance` points up, then resting 0.2 s before it
    /// lifts: it lets go without velocity.
    func slowDrag(up distance: CGFloat, from start: CGPoint = CGPoint(x: 100, y: 250)) {
        let end = CGPoint(x: start.x, y: start.y - distance)
        drag(from: start, to: end, steps: 10, lift: false)
        advance(0.2)
        touchMove(to: end)
        touchUp()
    }

    /// Advances the clock in steps until the deceleration ended (at most `limit` seconds).
    func runDeceleration(limit: TimeInterval = 10) {
        var elapsed: TimeInterval = 0
        while scrollView.isDecelerating && elapsed < limit {
            advance(0.1)
            elapsed += 0.1
        }
    }
}
