import XCTest
@testable import StrataKit

/// UIScrollView's content, offsets and input besides the finger, after
/// Apple's UIScrollView reference.
final class ScrollViewTests: ScrollViewTestCase {
    /// "The content offset is the point at which the origin of the content
    /// view is offset from the origin of the scroll view" — it is
    /// bounds.origin, so a scroll changes only the scroll view's bounds:
    /// the content's frames and contents stay as they are.
    func testContentOffsetIsTheBoundsOrigin() {
        let content = UIView(frame: CGRect(x: 0, y: 400, width: 200, height: 50))
        scrollView.addSubview(content)
        // As after a commit: nothing left to send.
        for layer in [scrollView.layer, content.layer] { layer.changes = [] }
        scrollView.contentOffset = CGPoint(x: 0, y: 350)
        XCTAssertEqual(scrollView.bounds, CGRect(x: 0, y: 350, width: 200, height: 300))
        XCTAssertEqual(scrollView.layer.bounds.origin, CGPoint(x: 0, y: 350))
        XCTAssertEqual(scrollView.layer.changes, [.bounds], "one property change")
        XCTAssertEqual(content.layer.changes, [], "the content is untouched")
        XCTAssertEqual(content.frame.origin, CGPoint(x: 0, y: 400))
        XCTAssertEqual(content.convert(CGPoint.zero, to: window), CGPoint(x: 0, y: 50), "shown 350 points higher")
        XCTAssertEqual(scrollView.frame, CGRect(x: 0, y: 0, width: 200, height: 300), "the frame does not move")

        scrollView.bounds.origin = CGPoint(x: 0, y: 100)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 100))
        XCTAssertEqual(recorder.scrolls, 2, "scrollViewDidScroll for every change of the offset, however made")
        scrollView.bounds.size = CGSize(width: 200, height: 200)
        XCTAssertEqual(recorder.scrolls, 2, "a new size is no scroll")
    }

    /// Changing the offset asks for layout (UIKit calls layoutSubviews as
    /// the content scrolls, which tiling relies on).
    func testScrollingAsksForLayout() {
        window.layoutIfNeeded()
        XCTAssertFalse(scrollView.layer.needsLayout())
        scrollView.contentOffset = CGPoint(x: 0, y: 10)
        XCTAssertTrue(scrollView.layer.needsLayout())
    }

    /// UIKit's defaults: clips to bounds, bounces, scrolls, not paging, the
    /// pan is the scroll view's and the pinch absent until zooming is possible.
    func testDefaults() {
        let plain = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertTrue(plain.clipsToBounds)
        XCTAssertTrue(plain.bounces)
        XCTAssertFalse(plain.alwaysBounceVertical)
        XCTAssertFalse(plain.alwaysBounceHorizontal)
        XCTAssertTrue(plain.isScrollEnabled)
        XCTAssertFalse(plain.isPagingEnabled)
        XCTAssertTrue(plain.delaysContentTouches)
        XCTAssertTrue(plain.canCancelContentTouches)
        XCTAssertEqual(plain.contentSize, .zero)
        XCTAssertEqual(plain.contentInset, .zero)
        XCTAssertEqual(plain.zoomScale, 1)
        XCTAssertEqual(plain.minimumZoomScale, 1)
        XCTAssertEqual(plain.maximumZoomScale, 1)
        XCTAssertTrue(plain.panGestureRecognizer.view === plain)
        XCTAssertTrue(plain.gestureRecognizers?.contains { $0 === plain.panGestureRecognizer } ?? false)
        XCTAssertNil(plain.pinchGestureRecognizer)
    }

    /// contentInset: "the distance that the content view is inset from the
    /// enclosing scroll view", so the offset reaches from −top to the
    /// content's end plus bottom; adjustedContentInset equals it (no safe area).
    func testContentInsetWidensTheRange() {
        scrollView.contentInset = UIEdgeInsets(top: 40, left: 0, bottom: 60, right: 0)
        XCTAssertEqual(scrollView.adjustedContentInset, scrollView.contentInset)
        XCTAssertEqual(recorder.events, ["didChangeAdjustedContentInset"])
        scrollView.contentInset = UIEdgeInsets(top: 40, left: 0, bottom: 60, right: 0)
        XCTAssertEqual(recorder.events, ["didChangeAdjustedContentInset"], "only when it changes")
        scrollView.contentOffset = CGPoint(x: 0, y: -40)
        drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 150), steps: 5, lift: false)
        XCTAssertLessThan(scrollView.contentOffset.y, -40, "past the inset it rubber-bands")
        touchUp()
        runDeceleration()
        XCTAssertEqual(scrollView.contentOffset.y, -40, "back to the top inset")
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 10, height: 10), animated: false)
        XCTAssertEqual(scrollView.contentOffset.y, 1010 + 60 - 300, "the rect's bottom at the bottom of the area inside the insets")
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 2990, width: 10, height: 10), animated: false)
        XCTAssertEqual(scrollView.contentOffset.y, 3000 + 60 - 300, "the end of the content and its inset")
    }

    /// scrollRectToVisible: "scrolls the content so that the area defined
    /// by rect is just visible"; nothing moves if it already is.
    func testScrollRectToVisibleScrollsAsLittleAsNeeded() {
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 50, height: 50), animated: false)
        XCTAssertEqual(scrollView.contentOffset, .zero, "already visible")
        XCTAssertEqual(recorder.scrolls, 0)
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 50, height: 50), animated: false)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 1050 - 300), "its bottom edge at the bottom")
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 500, width: 50, height: 50), animated: false)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 500), "its top edge at the top")
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 2000, width: 50, height: 600), animated: false)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 2000), "taller than the view: from its top")
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 5000, width: 50, height: 50), animated: false)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 2700), "never past the content")
        scrollView.scrollRectToVisible(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), animated: false)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 2700), "a rect that is no rect is ignored")
    }

    /// setContentOffset(_:animated:) animated: the model value changes at
    /// once and the layer's bounds are animated (the compositor plays it);
    /// scrollViewDidScroll comes at once, scrollViewDidEndScrollingAnimation
    /// when the animation ended.
    func testAnimatedSetContentOffset() {
        // Not on a compositor: the animation's end is played on a timer.
        window.isHidden = true
        CATransaction.flush()
        var ended = false
        let endExpectation = expectation(description: "didEndScrollingAnimation")
        final class EndObserver: UIScrollViewDelegate {
            let onEnd: () -> Void
            var scrolls = 0
            init(onEnd: @escaping () -> Void) { self.onEnd = onEnd }
            func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
            func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { onEnd() }
        }
        let observer = EndObserver { ended = true; endExpectation.fulfill() }
        scrollView.delegate = observer
        scrollView.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 600))
        XCTAssertNotNil(scrollView.layer.animation(forKey: "bounds"), "bounds animate")
        XCTAssertEqual(observer.scrolls, 1)
        XCTAssertFalse(ended)
        CATransaction.flush()
        wait(for: [endExpectation], timeout: 5)

        // Not animated: no animation, no end of a scrolling animation.
        ended = false
        scrollView.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
        XCTAssertEqual(scrollView.contentOffset.y, 100)
        XCTAssertFalse(ended)
    }

    /// A programmatic scroll stops a deceleration; a non-number offset is ignored.
    func testSetContentOffsetStopsADeceleration() {
        flick(up: 150, speed: 2000)
        XCTAssertTrue(scrollView.isDecelerating)
        scrollView.setContentOffset(CGPoint(x: 0, y: 40), animated: false)
        XCTAssertFalse(scrollView.isDecelerating)
        advance(1)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 40))
        scrollView.setContentOffset(CGPoint(x: CGFloat.nan, y: 0), animated: false)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 40))
        scrollView.contentOffset = CGPoint(x: 0, y: CGFloat.infinity)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 40))
    }

    // MARK: Indicators

    /// The subviews that are not the content: the indicators.
    private func indicators(besides content: [UIView]) -> [UIView] {
        scrollView.subviews.filter { view in !content.contains { $0 === view } }
    }

    /// "showsVerticalScrollIndicator: … the indicator is visible while
    /// tracking is underway and fades out after tracking": a bar along the
    /// trailing edge, as long as the visible share of the content (at
    /// least 36 points) and as far along as the offset, shorter when pulled
    /// past an edge, in front of the content.
    func testTheVerticalIndicatorShowsWhileDragging() {
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 3000))
        scrollView.addSubview(content)
        window.layoutIfNeeded()
        XCTAssertTrue(indicators(besides: [content]).isEmpty, "none at rest")

        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 100), steps: 5, lift: false)
        window.layoutIfNeeded()
        let offset = scrollView.contentOffset.y
        let bar = try! XCTUnwrap(indicators(besides: [content]).first)
        XCTAssertTrue(scrollView.subviews.last === bar, "in front")
        XCTAssertEqual(bar.alpha, 1)
        XCTAssertFalse(bar.isUserInteractionEnabled)
        let track: CGFloat = 300 - 6
        XCTAssertEqual(bar.frame.minX, 200 - 3 - 3)
        XCTAssertEqual(bar.frame.width, 3)
        XCTAssertEqual(bar.frame.height, 36, "300 / 3000 of the track is shorter than the minimum")
        XCTAssertEqual(bar.frame.minY, offset + 3 + offset / 2700 * (track - 36), accuracy: 1e-9)

        let later = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        scrollView.addSubview(later)
        XCTAssertTrue(scrollView.subviews.last === bar, "still in front of content added later")
        for view in scrollView.subviews { view.removeFromSuperview() }
        scrollView.setNeedsLayout()
        window.layoutIfNeeded()
        XCTAssertTrue(scrollView.subviews.count == 1 && scrollView.subviews.last === bar, "back after the subviews were emptied")

        advance(0.2)
        touchUp()
        window.layoutIfNeeded()
        XCTAssertEqual(bar.alpha, 0, "fades out at rest")
        XCTAssertNotNil(bar.layer.animation(forKey: "opacity"))

        scrollView.contentOffset = .zero
        drag(from: CGPoint(x: 100, y: 50), to: CGPoint(x: 100, y: 90), steps: 4, lift: false)
        window.layoutIfNeeded()
        XCTAssertLessThan(scrollView.contentOffset.y, -10)
        XCTAssertEqual(bar.frame.minY, scrollView.contentOffset.y + 3, accuracy: 1e-9, "at the top of its track")
        XCTAssertEqual(bar.frame.height, 36 + scrollView.contentOffset.y, accuracy: 1e-9, "shortened by the pull")
        touchUp()
    }

    /// No indicator when it is turned off or the content does not scroll that way.
    func testIndicatorsOnlyWhereTheyAreWanted() {
        scrollView.showsVerticalScrollIndicator = false
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 100), steps: 5, lift: false)
        window.layoutIfNeeded()
        XCTAssertTrue(scrollView.subviews.isEmpty, "off, and no horizontal one: the content is as wide as the view")
        touchUp()
    }

    /// flashScrollIndicators(): shown for a moment, then faded.
    func testFlashScrollIndicators() {
        scrollView.flashScrollIndicators()
        window.layoutIfNeeded()
        XCTAssertEqual(scrollView.subviews.first?.alpha, 1)
        advance(1)
        window.layoutIfNeeded()
        XCTAssertEqual(scrollView.subviews.first?.alpha, 0)
    }

    // MARK: Wheel and touchpad

    private func wheel(_ dy: CGFloat, continuous: Bool = false) {
        window.receive(.scroll(delta: CGVector(dx: 0, dy: dy), isContinuous: continuous, timestamp: clock.now))
    }

    /// The wheel scrolls through the pan (allowedScrollTypesMask is .all
    /// for a scroll view's pan): each step moves the content by its
    /// points, within the content (a wheel does not rubber-band); the drag
    /// ends once the wheel stopped, without deceleration.
    func testTheWheelScrolls() {
        XCTAssertEqual(scrollView.panGestureRecognizer.allowedScrollTypesMask, .all)
        pointerMove(to: CGPoint(x: 100, y: 100))
        wheel(30)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 30), "the first step counts")
        XCTAssertTrue(scrollView.isDragging)
        advance(0.05)
        wheel(30)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 60))
        advance(0.05)
        wheel(-100)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 0), "not past the top")
        advance(0.05)
        wheel(20)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 20), "back down at once")
        advance(1)
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertEqual(recorder.events, ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 20))
    }

    /// A touchpad scrolls without momentum: when its scroll ends the
    /// content stays where the last event put it.
    func testTheTouchpadScrollsWithoutMomentum() {
        pointerMove(to: CGPoint(x: 100, y: 100))
        for _ in 0..<10 {
            wheel(20, continuous: true)
            advance(0.01)
        }
        XCTAssertEqual(scrollView.contentOffset.y, 200)
        advance(0.2)
        XCTAssertEqual(recorder.releaseVelocities, [.zero])
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(scrollView.contentOffset.y, 200)
    }

    /// A touchpad pulls the rubber band like a finger, and the content
    /// bounces back once the scroll ended.
    func testTheTouchpadRubberBandsAndBouncesBack() {
        pointerMove(to: CGPoint(x: 100, y: 100))
        for _ in 0..<5 {
            wheel(-20, continuous: true)
            advance(0.01)
        }
        XCTAssertLessThan(scrollView.contentOffset.y, 0)
        XCTAssertGreaterThan(scrollView.contentOffset.y, -100, "rubber-banded")
        advance(0.2)
        XCTAssertTrue(scrollView.isDecelerating, "bouncing back")
        runDeceleration()
        XCTAssertEqual(scrollView.contentOffset.y, 0)
    }

    // MARK: Content touches

    /// delaysContentTouches: the content hears of a touch 150 ms after it
    /// landed, or at once at a quick lift (a tap), never if it became a scroll.
    func testDelaysContentTouches() {
        let content = RecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 3000))
        scrollView.addSubview(content)
        touchDown(at: CGPoint(x: 100, y: 100))
        XCTAssertEqual(content.log, [])
        advance(0.1)
        XCTAssertEqual(content.log, [])
        advance(0.06)
        XCTAssertEqual(content.log, ["began"], "after 150 ms")
        touchUp()
        XCTAssertEqual(content.log, ["began", "ended"])

        content.log = []
        tap(at: CGPoint(x: 100, y: 100))
        XCTAssertEqual(content.log, ["began", "ended"], "a quick tap reaches the content at the lift")

        content.log = []
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 100), steps: 5)
        XCTAssertEqual(content.log, [], "a quick drag is a scroll only")
        XCTAssertGreaterThan(scrollView.contentOffset.y, 0)
    }

    /// Without the delay the content gets the touch at once and a drag
    /// cancels it (canCancelContentTouches); with canCancelContentTouches
    /// false, content that tracks the touch keeps it and nothing scrolls.
    func testCanCancelContentTouches() {
        let content = RecordingView(frame: CGRect(x: 0, y: 0, width: 200, height: 3000))
        scrollView.addSubview(content)
        scrollView.delaysContentTouches = false
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 100), steps: 5)
        XCTAssertEqual(content.log.first, "began")
        XCTAssertEqual(content.log.last, "cancelled")
        XCTAssertGreaterThan(scrollView.contentOffset.y, 0)
        runDeceleration()

        scrollView.contentOffset = .zero
        content.log = []
        scrollView.canCancelContentTouches = false
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 100), steps: 5)
        XCTAssertEqual(content.log.first, "began")
        XCTAssertEqual(content.log.last, "ended")
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }

    /// touchesShouldCancel(in:): "The default returned value is true if
    /// view isn't a UIControl object; otherwise, it returns false." A drag
    /// that starts on a button the button already tracks does not scroll.
    func testControlsKeepTheirTouches() {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 200, width: 200, height: 80)
        scrollView.addSubview(button)
        XCTAssertFalse(scrollView.touchesShouldCancel(in: button))
        XCTAssertTrue(scrollView.touchesShouldCancel(in: UIView()))
        touchDown(at: CGPoint(x: 100, y: 250))
        advance(0.2)
        XCTAssertTrue(button.isHighlighted, "the button has the touch after the delay")
        for y in stride(from: 240, through: 150, by: -10) {
            advance(0.01)
            touchMove(to: CGPoint(x: 100, y: CGFloat(y)))
        }
        XCTAssertEqual(scrollView.contentOffset, .zero)
        touchUp()
        // A quick drag on it scrolls: the delay kept the touch from it.
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 150), steps: 5)
        XCTAssertGreaterThan(scrollView.contentOffset.y, 0)
        XCTAssertFalse(button.isHighlighted)
    }

    /// A scroll view inside one that scrolls the other way: a vertical drag
    /// on the inner (horizontal) one scrolls the outer one, a horizontal
    /// drag the inner one.
    func testNestedScrollViewsScrollTheirOwnWay() {
        let inner = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        inner.contentSize = CGSize(width: 1000, height: 100)
        scrollView.addSubview(inner)
        drag(from: CGPoint(x: 100, y: 90), to: CGPoint(x: 100, y: 20), steps: 7)
        XCTAssertGreaterThan(scrollView.contentOffset.y, 0, "the outer one scrolled")
        XCTAssertEqual(inner.contentOffset, .zero)
        runDeceleration()
        scrollView.contentOffset = .zero
        drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 50, y: 50), steps: 10)
        XCTAssertGreaterThan(inner.contentOffset.x, 0, "the inner one scrolled")
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }
}
