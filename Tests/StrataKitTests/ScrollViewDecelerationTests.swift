import XCTest
@testable import StrataKit

/// Dragging, deceleration, paging and bouncing, after Apple's UIScrollView
/// reference and UIScrollViewDelegate, with UIKit's deceleration model:
/// the velocity is multiplied by `decelerationRate` every millisecond, so
/// a release at v points per second travels v / 1000 × r / (1 − r) points
/// (the projection Apple shows in WWDC 2018 "Designing Fluid Interfaces").
final class ScrollViewDecelerationTests: ScrollViewTestCase {
    /// UIScrollView.DecelerationRate: "normal" is 0.998 and "fast" 0.99, a
    /// struct with a raw value like UIKit's.
    func testDecelerationRates() {
        XCTAssertEqual(UIScrollView.DecelerationRate.normal.rawValue, 0.998)
        XCTAssertEqual(UIScrollView.DecelerationRate.fast.rawValue, 0.99)
        XCTAssertEqual(scrollView.decelerationRate, .normal, "the default")
        XCTAssertEqual(UIScrollView.DecelerationRate(rawValue: 0.99), .fast)
    }

    /// A flick at 2,000 points/s with the normal rate: the delegate gets
    /// the velocity in points per millisecond and a target 998 points on
    /// (2 × 0.998 / 0.002); the first 1/60 s step covers what the model
    /// says, and the content comes to rest on the target.
    func testDecelerationFollowsUIKitsModelAtTheNormalRate() {
        assertDeceleration(rate: .normal)
    }

    /// The fast rate: the same flick travels 2 × 0.99 / 0.01 = 198 points.
    func testDecelerationFollowsUIKitsModelAtTheFastRate() {
        assertDeceleration(rate: .fast)
    }

    private func assertDeceleration(rate: UIScrollView.DecelerationRate, file: StaticString = #filePath, line: UInt = #line) {
        scrollView.decelerationRate = rate
        let r = rate.rawValue
        flick(up: 200, speed: 2000)
        let release = scrollView.contentOffset
        XCTAssertEqual(recorder.releaseVelocities.count, 1, file: file, line: line)
        let velocity = recorder.releaseVelocities[0]
        XCTAssertEqual(velocity.x, 0, file: file, line: line)
        XCTAssertEqual(velocity.y, 2, accuracy: 1e-6, "points per millisecond, the offset's way", file: file, line: line)
        let distance = velocity.y * r / (1 - r)
        XCTAssertEqual(recorder.proposedTargets.first?.y ?? 0, release.y + distance, accuracy: 1e-6, file: file, line: line)
        XCTAssertTrue(scrollView.isDecelerating, file: file, line: line)

        advance(1.0 / 60)
        let firstStep = velocity.y * r * (1 - pow(r, 1000.0 / 60)) / (1 - r)
        XCTAssertEqual(scrollView.contentOffset.y, release.y + firstStep, accuracy: 1e-6,
                       "×r each millisecond for 16.7 ms", file: file, line: line)

        runDeceleration()
        XCTAssertFalse(scrollView.isDecelerating, file: file, line: line)
        XCTAssertEqual(scrollView.contentOffset.y, release.y + distance, accuracy: 1e-6, file: file, line: line)
        XCTAssertEqual(scrollView.contentOffset.x, 0, file: file, line: line)
    }

    /// Each step sets bounds.origin once, about 60 times a second, until
    /// the velocity leaves less than half a point to travel:
    /// v·rⁿ / 1000 × r / (1 − r) < 0.5.
    func testDecelerationStepsAtSixtyHertzUntilTheVelocityIsSpent() {
        scrollView.decelerationRate = .fast
        flick(up: 200, speed: 2000)
        let scrollsBefore = recorder.scrolls
        let start = clock.now
        var end = start
        while scrollView.isDecelerating && clock.now - start < 5 {
            advance(0.001)
            end = clock.now
        }
        let r = UIScrollView.DecelerationRate.fast.rawValue
        let milliseconds = log(0.5 / (2000.0 / 1000 * r / (1 - r))) / log(r)
        let expectedSteps = (milliseconds / (1000.0 / 60)).rounded(.up)
        XCTAssertEqual(Double(recorder.scrolls - scrollsBefore), expectedSteps, accuracy: 1)
        XCTAssertEqual(end - start, expectedSteps / 60, accuracy: 0.02)
    }

    /// UIScrollViewDelegate's order for a drag with a flick: will begin
    /// dragging, did scroll, will end dragging, did end dragging (will
    /// decelerate), will begin decelerating, did scroll, did end decelerating.
    func testDelegateOrderForADragAndDeceleration() {
        flick(up: 150, speed: 1500)
        XCTAssertTrue(scrollView.isDecelerating)
        XCTAssertFalse(scrollView.isDragging)
        runDeceleration()
        XCTAssertEqual(recorder.events, ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                         "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    /// A drag that stops before the finger lifts does not decelerate.
    func testDelegateOrderForADragWithoutVelocity() {
        slowDrag(up: 100)
        XCTAssertEqual(recorder.events, ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        XCTAssertEqual(recorder.releaseVelocities, [.zero])
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertFalse(scrollView.isDragging)
    }

    /// A finger that rests before it lifts lets go without velocity: the
    /// pan's velocity counts the lift, so nothing decelerates.
    func testAFingerThatRestsBeforeLiftingDoesNotFling() {
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 50), steps: 10, lift: false)
        advance(0.2)
        touchUp()
        XCTAssertEqual(recorder.releaseVelocities, [.zero])
        XCTAssertFalse(scrollView.isDecelerating)
    }

    /// The content follows the finger point for point, less the 10 points
    /// it moves before the pan begins, and isTracking / isDragging say
    /// where the touch is.
    func testDraggingMovesTheContentWithTheFinger() {
        touchDown(at: CGPoint(x: 100, y: 250))
        XCTAssertTrue(scrollView.isTracking)
        XCTAssertFalse(scrollView.isDragging)
        advance(0.01)
        touchMove(to: CGPoint(x: 100, y: 230))
        XCTAssertTrue(scrollView.isDragging)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 10), "the pan began here")
        advance(0.01)
        touchMove(to: CGPoint(x: 130, y: 150))
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 90), "only vertically: the content is as wide as the view")
        XCTAssertEqual(scrollView.bounds.origin, scrollView.contentOffset)
        advance(0.2)
        touchMove(to: CGPoint(x: 130, y: 150))
        touchUp()
        XCTAssertFalse(scrollView.isTracking)
        XCTAssertFalse(scrollView.isDragging)
    }

    /// scrollViewWillEndDragging may move targetContentOffset: the content
    /// comes to rest exactly there.
    func testTheDelegateMayMoveTheTarget() {
        recorder.targetOverride = CGPoint(x: 0, y: 500)
        flick(up: 100, speed: 2000)
        runDeceleration()
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 500))
        XCTAssertEqual(recorder.events.last, "didEndDecelerating")
    }

    /// A flick past the end stops at the end: the proposed target is
    /// clamped to the content, and with bounces the content overshoots and
    /// springs back to the edge.
    func testAFlickPastTheEndBouncesBackToTheEdge() {
        scrollView.contentOffset = CGPoint(x: 0, y: 2600)
        flick(up: 100, speed: 3000)
        XCTAssertEqual(recorder.proposedTargets.last?.y, 2700, "the last offset that shows content")
        var furthest: CGFloat = 0
        while scrollView.isDecelerating {
            advance(1.0 / 60)
            furthest = max(furthest, scrollView.contentOffset.y)
        }
        XCTAssertGreaterThan(furthest, 2700 + 10, "it overshot")
        XCTAssertEqual(scrollView.contentOffset.y, 2700, "and came back to the edge")
    }

    /// Without bounces, the same flick stops dead at the edge.
    func testWithoutBouncesAFlickStopsAtTheEdge() {
        scrollView.bounces = false
        scrollView.contentOffset = CGPoint(x: 0, y: 2600)
        flick(up: 100, speed: 3000)
        var furthest: CGFloat = 0
        while scrollView.isDecelerating {
            advance(1.0 / 60)
            furthest = max(furthest, scrollView.contentOffset.y)
        }
        XCTAssertEqual(furthest, 2700)
        XCTAssertEqual(scrollView.contentOffset.y, 2700)
    }

    /// Past the top the content follows the finger less and less (UIKit's
    /// rubber band, (1 − 1 / (0.55 x / d + 1)) d for x points past the edge
    /// of a view d points tall); released there, it bounces back to the top.
    func testRubberBandAndBounceBackAtTheTop() {
        drag(from: CGPoint(x: 100, y: 50), to: CGPoint(x: 100, y: 150), steps: 10, lift: false)
        let pulled: CGFloat = 100 - 10  // less the hysteresis
        let banded = (1 - 1 / (0.55 * pulled / 300 + 1)) * 300
        XCTAssertEqual(scrollView.contentOffset.y, -banded, accuracy: 1e-9)
        XCTAssertLessThan(banded, pulled)
        advance(0.2)
        touchMove(to: CGPoint(x: 100, y: 150))
        touchUp()
        XCTAssertEqual(recorder.events.suffix(2), ["didEndDragging(true)", "willBeginDecelerating"],
                       "the bounce back counts as decelerating")
        advance(0.3)
        XCTAssertLessThan(scrollView.contentOffset.y, 0, "still on its way")
        XCTAssertGreaterThan(scrollView.contentOffset.y, -banded)
        runDeceleration()
        XCTAssertEqual(scrollView.contentOffset.y, 0)
        XCTAssertEqual(recorder.events.last, "didEndDecelerating")
    }

    /// Without bounces the content stops at the edge while dragging.
    func testWithoutBouncesTheDragStopsAtTheEdge() {
        scrollView.bounces = false
        drag(from: CGPoint(x: 100, y: 50), to: CGPoint(x: 100, y: 150), steps: 10, lift: false)
        XCTAssertEqual(scrollView.contentOffset.y, 0)
        touchUp()
    }

    /// alwaysBounceVertical: "If this property is set to true and bounces
    /// is true, vertical dragging is allowed even if the content is smaller
    /// than the bounds of the scroll view."
    func testAlwaysBounceVerticalLetsShortContentBeDragged() {
        scrollView.contentSize = CGSize(width: 200, height: 100)
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 150), steps: 10)
        XCTAssertEqual(scrollView.contentOffset.y, 0)
        XCTAssertEqual(recorder.events, [], "nothing to scroll: the pan does not begin")

        scrollView.alwaysBounceVertical = true
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 150), steps: 10, lift: false)
        XCTAssertGreaterThan(scrollView.contentOffset.y, 0, "rubber-banded")
        touchUp()
        runDeceleration()
        XCTAssertEqual(scrollView.contentOffset.y, 0)
    }

    /// Paging: "the scroll view stops on multiples of the scroll view's
    /// bounds when the user scrolls". Let go past half a page it goes on
    /// to the next, before half it comes back.
    func testPagingStopsOnPageBoundaries() {
        scrollView.isPagingEnabled = true
        slowDrag(up: 170)
        XCTAssertEqual(recorder.events.last, "willBeginDecelerating")
        XCTAssertEqual(recorder.proposedTargets.last, CGPoint(x: 0, y: 300))
        runDeceleration()
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 300))

        slowDrag(up: 120)
        runDeceleration()
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 300), "less than half a page: back")

        slowDrag(up: -150 - 20)
        runDeceleration()
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 0))
    }

    /// A short flick turns one page, however fast, and the content never
    /// passes the page it stops on.
    func testAFlickTurnsOnePage() {
        scrollView.isPagingEnabled = true
        flick(up: 60, speed: 5000)
        XCTAssertEqual(recorder.proposedTargets.last, CGPoint(x: 0, y: 300))
        var furthest: CGFloat = 0
        while scrollView.isDecelerating {
            advance(1.0 / 60)
            furthest = max(furthest, scrollView.contentOffset.y)
        }
        XCTAssertEqual(furthest, 300)
        XCTAssertEqual(scrollView.contentOffset.y, 300)
    }

    /// A finger landing on decelerating content catches it: it stops
    /// there, and no scrollViewDidEndDecelerating is sent.
    func testATouchCatchesDeceleratingContent() {
        flick(up: 150, speed: 2000)
        advance(0.2)
        let caught = scrollView.contentOffset
        touchDown(at: CGPoint(x: 100, y: 100))
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertTrue(scrollView.isTracking)
        advance(1)
        XCTAssertEqual(scrollView.contentOffset, caught)
        touchUp()
        XCTAssertFalse(recorder.events.contains("didEndDecelerating"))
    }

    /// isScrollEnabled false: "scrolling is disabled", by the user only.
    func testScrollingCanBeDisabled() {
        scrollView.isScrollEnabled = false
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 50), steps: 10)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertFalse(scrollView.panGestureRecognizer.isEnabled)
        scrollView.contentOffset = CGPoint(x: 0, y: 40)
        XCTAssertEqual(scrollView.contentOffset.y, 40)
    }

    /// isDirectionalLockEnabled: a drag mostly along one axis scrolls only along it.
    func testDirectionalLock() {
        scrollView.contentSize = CGSize(width: 2000, height: 3000)
        scrollView.contentOffset = CGPoint(x: 500, y: 500)
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 90, y: 130), steps: 10, lift: false)
        XCTAssertGreaterThan(scrollView.contentOffset.x, 500 + 5, "free: both axes move")
        touchUp()
        runDeceleration()

        scrollView.isDirectionalLockEnabled = true
        scrollView.contentOffset = CGPoint(x: 500, y: 500)
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 90, y: 130), steps: 10, lift: false)
        XCTAssertEqual(scrollView.contentOffset.x, 500, "locked to the vertical")
        XCTAssertGreaterThan(scrollView.contentOffset.y, 500)
        touchUp()
    }

    /// A bad deceleration rate (1 would never stop, NaN is no number) does
    /// not crash and still comes to rest.
    func testBadDecelerationRatesAreKeptInBounds() {
        for raw in [1.0, 1.5, -1, .nan] as [CGFloat] {
            scrollView.contentOffset = .zero
            scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: raw)
            flick(up: 100, speed: 2000)
            runDeceleration(limit: 120)
            XCTAssertFalse(scrollView.isDecelerating, "\(raw)")
            XCTAssertTrue((0...2700).contains(scrollView.contentOffset.y), "\(raw): \(scrollView.contentOffset)")
        }
    }
}
