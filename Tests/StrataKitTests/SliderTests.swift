import XCTest
@testable import StrataKit

/// UISlider: clamping of the value and the range, dragging the thumb,
/// continuous and end-only `.valueChanged`, and no jump on a track tap.
final class SliderTests: InputTestCase {
    private var slider: UISlider!
    private var sent: [Float] = []

    override func setUp() {
        super.setUp()
        // Track 0…300; the thumb (28 wide) travels 272 points.
        slider = UISlider(frame: CGRect(x: 50, y: 50, width: 300, height: 31))
        window.addSubview(slider)
        sent = []
        slider.addAction(UIAction { [unowned self] action in
            sent.append((action.sender as! UISlider).value)
        }, for: .valueChanged)
    }

    override func tearDown() {
        slider = nil
        super.tearDown()
    }

    /// The thumb's center in window coordinates.
    private var thumbCenter: CGPoint {
        slider.convert(CGPoint(x: slider.thumb.frame.midX, y: slider.thumb.frame.midY), to: window)
    }

    /// UISlider.value: "If you try to set a value that is below the minimum
    /// or above the maximum value, the minimum or maximum value is set
    /// instead. The default value of this property is 0.0." minimumValue
    /// (0 by default) and maximumValue (1 by default): the value is moved
    /// into a changed range.
    func testValueAndRangeAreClamped() {
        XCTAssertEqual(slider.value, 0)
        XCTAssertEqual(slider.minimumValue, 0)
        XCTAssertEqual(slider.maximumValue, 1)
        slider.value = 2
        XCTAssertEqual(slider.value, 1)
        slider.value = -3
        XCTAssertEqual(slider.value, 0)
        slider.value = .nan
        XCTAssertEqual(slider.value, 0)

        slider.maximumValue = 100
        slider.value = 80
        slider.maximumValue = 50
        XCTAssertEqual(slider.value, 50, "above the new maximum: the maximum")
        slider.minimumValue = 60
        XCTAssertEqual(slider.value, 60, "below the new minimum: the minimum")
        XCTAssertEqual(slider.maximumValue, 60, "the range stays valid")
        XCTAssertEqual(sent, [], "programmatic changes send no action")
    }

    /// The thumb sits at the track's ends at the minimum and the maximum.
    func testThumbFollowsTheValue() {
        slider.layoutIfNeeded()
        XCTAssertEqual(slider.thumb.frame.minX, 0)
        slider.value = 1
        XCTAssertEqual(slider.thumb.frame.maxX, 300)
        slider.value = 0.5
        XCTAssertEqual(slider.thumb.frame.midX, 150)
        XCTAssertEqual(slider.intrinsicContentSize.width, UIView.noIntrinsicMetric)
    }

    /// isContinuous: "If true, the slider sends update events continuously
    /// to the associated target's action method." Dragging the thumb by
    /// 136 points (half its travel) moves the value by half the range.
    func testDragSendsValueChangedContinuously() {
        let start = thumbCenter
        drag(from: start, to: CGPoint(x: start.x + 136, y: start.y), steps: 4)
        XCTAssertEqual(slider.value, 0.5, accuracy: 1e-4)
        XCTAssertEqual(sent.count, 4)
        XCTAssertEqual(sent.last ?? 0, 0.5, accuracy: 1e-4)
    }

    /// "If false, the slider only sends an action event when the user
    /// releases the slider's thumb control to set the final value."
    func testNonContinuousSendsOnceAtTheRelease() {
        slider.isContinuous = false
        let start = thumbCenter
        drag(from: start, to: CGPoint(x: start.x + 68, y: start.y), steps: 4, lift: false)
        XCTAssertEqual(sent, [])
        XCTAssertEqual(slider.value, 0.25, accuracy: 1e-4)
        touchUp()
        XCTAssertEqual(sent.count, 1)
        XCTAssertEqual(sent.first ?? 0, 0.25, accuracy: 1e-4)
    }

    /// Grabbing the thumb off its center does not make it jump, and a tap
    /// or a drag on the track away from the thumb does not change the
    /// value, as in UIKit.
    func testTrackTapDoesNotJumpAndGrabKeepsOffset() {
        tap(at: CGPoint(x: 300, y: 65))
        XCTAssertEqual(slider.value, 0)
        XCTAssertEqual(sent, [])
        advance(1)
        drag(from: CGPoint(x: 200, y: 65), to: CGPoint(x: 260, y: 65))
        XCTAssertEqual(slider.value, 0, "a drag that begins on the track leaves the thumb")
        XCTAssertFalse(slider.isTracking)

        advance(1)
        let start = thumbCenter
        touchDown(at: CGPoint(x: start.x + 8, y: start.y))
        touchMove(to: CGPoint(x: start.x + 9, y: start.y))
        XCTAssertEqual(slider.value, 1 / 272, accuracy: 1e-4, "moved by 1 point, not to the touch")
        touchMove(to: CGPoint(x: 1000, y: start.y + 200))
        XCTAssertEqual(slider.value, 1, "clamped at the end, even far outside")
        touchUp()
    }

    /// setValue(_:animated:) moves the thumb with a position animation.
    func testSetValueAnimated() {
        slider.layoutIfNeeded()
        CATransaction.flush()
        slider.setValue(0.75, animated: true)
        XCTAssertEqual(slider.value, 0.75)
        XCTAssertNotNil(slider.thumb.layer.animation(forKey: "position"))
        slider.setValue(0.25, animated: false)
        XCTAssertEqual(sent, [])
    }
}
