import XCTest
@testable import StrataKit

/// Zooming, after the UIScrollView reference ("Zooming and panning") and
/// the Scroll View Programming Guide: the delegate names the view to zoom,
/// which gets a scale transform; contentSize follows its frame.
final class ScrollViewZoomTests: ScrollViewTestCase {
    var photo: UIView!

    override func setUp() {
        super.setUp()
        photo = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        scrollView.addSubview(photo)
        scrollView.contentSize = photo.frame.size
        recorder.zoomView = photo
        scrollView.minimumZoomScale = 0.5
        scrollView.maximumZoomScale = 3
    }

    override func tearDown() {
        photo = nil
        super.tearDown()
    }

    /// pinchGestureRecognizer: "The value of this property is nil if
    /// zooming is not possible": the scales must differ and the delegate
    /// must return a view from viewForZooming(in:).
    func testThePinchExistsOnlyWhenZoomingIsPossible() {
        XCTAssertNotNil(scrollView.pinchGestureRecognizer)
        XCTAssertTrue(scrollView.pinchGestureRecognizer?.view === scrollView)
        recorder.zoomView = nil
        XCTAssertNil(scrollView.pinchGestureRecognizer, "no view to zoom")
        recorder.zoomView = photo
        scrollView.maximumZoomScale = 0.5
        XCTAssertNil(scrollView.pinchGestureRecognizer, "the scales are equal")
        let lone = UIScrollView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        lone.maximumZoomScale = 2
        XCTAssertNil(lone.pinchGestureRecognizer, "no delegate")
    }

    /// zoomScale is kept within minimumZoomScale…maximumZoomScale; the view
    /// gets the scale as its transform, its frame's origin stays, and
    /// contentSize is its frame's size.
    func testZoomScaleIsClampedAndScalesTheView() {
        scrollView.setZoomScale(10, animated: false)
        XCTAssertEqual(scrollView.zoomScale, 3)
        XCTAssertEqual(photo.transform, CGAffineTransform(scaleX: 3, y: 3))
        XCTAssertEqual(photo.frame, CGRect(x: 0, y: 0, width: 600, height: 900))
        XCTAssertEqual(scrollView.contentSize, CGSize(width: 600, height: 900))
        XCTAssertEqual(recorder.events.last, "didZoom")

        scrollView.zoomScale = 0.1
        XCTAssertEqual(scrollView.zoomScale, 0.5)
        XCTAssertEqual(scrollView.contentSize, CGSize(width: 100, height: 150))

        scrollView.zoomScale = .nan
        XCTAssertEqual(scrollView.zoomScale, 0.5, "not a number: ignored")
    }

    /// Limits set the wrong way round or to nonsense do not crash: the
    /// scale stays within the two, positive.
    func testBadZoomLimits() {
        scrollView.minimumZoomScale = 4
        scrollView.maximumZoomScale = 2
        scrollView.zoomScale = 1
        XCTAssertEqual(scrollView.zoomScale, 2)
        scrollView.maximumZoomScale = -1
        scrollView.zoomScale = 100
        XCTAssertEqual(scrollView.zoomScale, 4, "a negative limit counts as 1")
    }

    /// setZoomScale zooms about the middle of what is shown.
    func testSetZoomScaleKeepsTheMiddle() {
        scrollView.setZoomScale(2, animated: false)
        // The photo's middle (100, 150) is at (200, 300) in the content, shown in the middle of the view.
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 100, y: 150))
    }

    /// zoom(to:animated:) "zooms to a specific area of the content so that
    /// it is visible": the largest scale at which the rect fits, centered.
    func testZoomToRect() {
        scrollView.zoom(to: CGRect(x: 100, y: 200, width: 100, height: 100), animated: false)
        XCTAssertEqual(scrollView.zoomScale, 2, "200 / 100 across, 300 / 100 down: 2 fits")
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 200, y: 300),
                       "the rect's middle (300, 500) toward the middle, within the 400 × 600 content")
        scrollView.zoom(to: CGRect(x: 0, y: 0, width: 10, height: 10), animated: false)
        XCTAssertEqual(scrollView.zoomScale, 3, "no further than the maximum")
    }

    /// Animated, the compositor plays the change: the model values are
    /// set, the photo's transform is animated.
    func testAnimatedZoom() {
        scrollView.setZoomScale(2, animated: true)
        XCTAssertEqual(scrollView.zoomScale, 2)
        XCTAssertNotNil(photo.layer.animation(forKey: "transform"))
    }

    private func pinch(from start: CGFloat, to end: CGFloat, lift: Bool = true) {
        let middle = CGPoint(x: 100, y: 150)
        touchDown(0, at: CGPoint(x: middle.x - start / 2, y: middle.y))
        touchDown(1, at: CGPoint(x: middle.x + start / 2, y: middle.y))
        for step in 1...10 {
            advance(0.01)
            let distance = start + (end - start) * CGFloat(step) / 10
            // Both fingers in one wl_touch frame, so the point between them stays put.
            window.receive(.touchMotion(id: 0, location: CGPoint(x: middle.x - distance / 2, y: middle.y), timestamp: clock.now))
            window.receive(.touchMotion(id: 1, location: CGPoint(x: middle.x + distance / 2, y: middle.y), timestamp: clock.now))
            window.receive(.touchFrame)
        }
        if lift {
            touchUp(0)
            touchUp(1)
        }
    }

    /// Two fingers moving apart zoom about the point between them: the
    /// photo's point there stays under the fingers.
    func testPinchZoomsAboutThePointBetweenTheFingers() {
        pinch(from: 100, to: 200)
        XCTAssertEqual(scrollView.zoomScale, 2, accuracy: 1e-9)
        XCTAssertEqual(scrollView.contentOffset.x, 100, accuracy: 1e-9)
        XCTAssertEqual(scrollView.contentOffset.y, 150, accuracy: 1e-9)
        XCTAssertEqual(recorder.events.first, "willBeginZooming")
        XCTAssertEqual(recorder.events.last, "didEndZooming")
        XCTAssertEqual(recorder.endedZoomScales.count, 1)
        XCTAssertEqual(recorder.endedZoomScales.first ?? 0, 2, accuracy: 1e-9)
        XCTAssertFalse(scrollView.isZooming)
    }

    /// Past the maximum, with bouncesZoom the scale follows the fingers
    /// less and less, and springs back to the maximum at the release;
    /// without it, it stops at the maximum.
    func testPinchBeyondTheMaximum() {
        pinch(from: 50, to: 300, lift: false)
        XCTAssertTrue(scrollView.isZooming)
        XCTAssertGreaterThan(scrollView.zoomScale, 3)
        XCTAssertLessThan(scrollView.zoomScale, 6)
        XCTAssertEqual(scrollView.zoomScale, 3 * pow(6 / 3, 1 / 3), accuracy: 1e-9)
        touchUp(0)
        touchUp(1)
        XCTAssertEqual(scrollView.zoomScale, 3, "back to the maximum")
        XCTAssertTrue(scrollView.isZoomBouncing)
        XCTAssertNotNil(photo.layer.animation(forKey: "transform"))

        // The photo takes touches while it springs back.
        scrollView.zoomScale = 1
        scrollView.bouncesZoom = false
        pinch(from: 50, to: 300, lift: false)
        XCTAssertEqual(scrollView.zoomScale, 3)
        touchUp(0)
        touchUp(1)
    }
}
