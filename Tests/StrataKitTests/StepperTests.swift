import XCTest
@testable import StrataKit

/// UIStepper: its size, its range and steps as Apple documents them
/// (wrapping, the ends, invalid settings), and a held half that repeats,
/// faster as it is held, on the test's clock.
final class StepperTests: InputTestCase {
    private var stepper: UIStepper!
    private var changes: [Double] = []
    private let minus = CGPoint(x: 40, y: 36)
    private let plus = CGPoint(x: 100, y: 36)

    override func setUp() {
        super.setUp()
        stepper = UIStepper(frame: CGRect(x: 20, y: 20, width: 300, height: 300))
        window.addSubview(stepper)
        changes = []
        stepper.addAction(UIAction { [unowned self] action in
            changes.append((action.sender as! UIStepper).value)
        }, for: .valueChanged)
    }

    override func tearDown() {
        stepper = nil
        super.tearDown()
    }

    private func press(_ point: CGPoint) {
        tap(at: point)
        advance(1)
    }

    /// The stepper is 94 × 32 points whatever the frame, as UIKit's.
    func testSizeIsFixed() {
        XCTAssertEqual(stepper.frame, CGRect(x: 20, y: 20, width: 94, height: 32))
        XCTAssertEqual(stepper.intrinsicContentSize, CGSize(width: 94, height: 32))
        XCTAssertEqual(stepper.sizeThatFits(.zero), CGSize(width: 94, height: 32))
    }

    /// Defaults from Apple's documentation: value 0, minimumValue 0,
    /// maximumValue 100, stepValue 1, wraps false, autorepeat true,
    /// isContinuous true.
    func testDefaults() {
        XCTAssertEqual(stepper.value, 0)
        XCTAssertEqual(stepper.minimumValue, 0)
        XCTAssertEqual(stepper.maximumValue, 100)
        XCTAssertEqual(stepper.stepValue, 1)
        XCTAssertFalse(stepper.wraps)
        XCTAssertTrue(stepper.autorepeat)
        XCTAssertTrue(stepper.isContinuous)
    }

    /// A tap on the plus half increments by stepValue, on the minus half
    /// decrements, each sending `.valueChanged`; setting `value` sends nothing.
    func testTapsStepAndSendValueChanged() {
        stepper.stepValue = 5
        stepper.value = 10
        XCTAssertEqual(changes, [], "setting the value sends nothing")
        press(plus)
        XCTAssertEqual(stepper.value, 15)
        press(minus)
        press(minus)
        XCTAssertEqual(stepper.value, 5)
        XCTAssertEqual(changes, [15, 10, 5])
    }

    /// `wraps` false: "the stepper doesn't increment beyond maximumValue nor
    /// does it decrement below minimumValue but, instead, the value remains
    /// unchanged." The half at its end is disabled (dimmed) and a press on
    /// it sends nothing.
    func testWithoutWrappingTheEndsHold() {
        stepper.maximumValue = 3
        stepper.stepValue = 2
        press(minus)
        XCTAssertEqual(stepper.value, 0)
        XCTAssertEqual(stepper.minusGlyph.alpha, UIStepper.disabledGlyphAlpha, "minus disabled at the minimum")
        press(plus)
        press(plus)
        XCTAssertEqual(stepper.value, 3, "a step that would overshoot lands on the maximum")
        XCTAssertEqual(stepper.plusGlyph.alpha, UIStepper.disabledGlyphAlpha, "plus disabled at the maximum")
        XCTAssertEqual(stepper.minusGlyph.alpha, 1)
        press(plus)
        XCTAssertEqual(stepper.value, 3)
        XCTAssertEqual(changes, [2, 3])
    }

    /// `wraps`: "If true, incrementing beyond maximumValue sets value to
    /// minimumValue; likewise, decrementing below minimumValue sets value
    /// to maximumValue." No half is disabled.
    func testWrapping() {
        stepper.wraps = true
        stepper.minimumValue = 1
        stepper.maximumValue = 4
        stepper.value = 4
        XCTAssertEqual(stepper.plusGlyph.alpha, 1)
        press(plus)
        XCTAssertEqual(stepper.value, 1)
        press(minus)
        XCTAssertEqual(stepper.value, 4)
        XCTAssertEqual(changes, [1, 4])
    }

    /// UIKit raises NSInvalidArgumentException for a minimumValue at or above
    /// maximumValue, a maximumValue at or below minimumValue, and a
    /// stepValue of 0 or less; StrataKit ignores such settings. A new range
    /// clamps the value ("the value is clamped" to the range).
    func testInvalidSettingsAreIgnoredAndTheValueClamped() {
        stepper.value = 50
        stepper.minimumValue = 100
        XCTAssertEqual(stepper.minimumValue, 0)
        stepper.maximumValue = 0
        XCTAssertEqual(stepper.maximumValue, 100)
        stepper.stepValue = 0
        stepper.stepValue = -2
        XCTAssertEqual(stepper.stepValue, 1)
        stepper.maximumValue = 20
        XCTAssertEqual(stepper.value, 20)
        stepper.minimumValue = 30 - 5
        XCTAssertEqual(stepper.minimumValue, 0, "25 is above the maximum of 20")
        stepper.value = -7
        XCTAssertEqual(stepper.value, 0)
        XCTAssertEqual(changes, [])
    }

    /// `autorepeat`: "If true, the user pressing and holding on the stepper
    /// repeatedly alters value." The first step is at the press, the next
    /// after 0.5 s, then every 0.2 s, and after five repeats every 0.1 s.
    func testHoldingRepeatsFasterAndFaster() {
        // Samples fall between the deadlines: repeats at 0.5 s, then 0.7,
        // 0.9, 1.1, 1.3, 1.5 s, then 1.6 … 3.0 s, then every 0.05 s.
        touchDown(at: plus)
        XCTAssertEqual(stepper.value, 1, "a step at the press")
        advance(0.45)
        XCTAssertEqual(stepper.value, 1)
        advance(0.1)
        XCTAssertEqual(stepper.value, 2, "the first repeat after half a second")
        advance(0.2)
        XCTAssertEqual(stepper.value, 3, "the next 0.2 s later")
        advance(0.8)
        XCTAssertEqual(stepper.value, 7, "every 0.2 s for five repeats")
        advance(0.1)
        XCTAssertEqual(stepper.value, 8, "then every 0.1 s")
        advance(1.375)
        XCTAssertEqual(stepper.value, 22, "every 0.1 s up to twenty repeats")
        advance(0.5)
        XCTAssertEqual(stepper.value, 32, "then every 0.05 s")
        touchUp()
        advance(1)
        XCTAssertEqual(stepper.value, 32, "the release stops it")
        XCTAssertEqual(changes, (1...32).map(Double.init))
    }

    /// Repeating stops at an end when not wrapping; sliding off the half
    /// pauses it. With autorepeat false a hold steps once.
    func testRepeatStopsAtTheEndAndOffTheHalf() {
        stepper.maximumValue = 2
        touchDown(at: plus)
        advance(5)
        XCTAssertEqual(stepper.value, 2)
        touchUp()
        advance(1)

        stepper.autorepeat = false
        touchDown(at: minus)
        advance(5)
        touchUp()
        XCTAssertEqual(stepper.value, 1, "one step without autorepeat")
        advance(1)

        stepper.autorepeat = true
        stepper.value = 0
        touchDown(at: plus)
        touchMove(to: CGPoint(x: 100, y: 200))
        advance(2)
        XCTAssertEqual(stepper.value, 1, "off the half: no repeats")
        touchMove(to: plus)
        advance(0.5)
        XCTAssertEqual(stepper.value, 2, "back on it: repeating again")
        touchUp()
    }

    /// `isContinuous`: "If false, a value change event is sent when user
    /// interaction ends."
    func testNotContinuousSendsOnceAtTheEnd() {
        stepper.isContinuous = false
        touchDown(at: plus)
        advance(0.7)
        XCTAssertEqual(stepper.value, 3)
        XCTAssertEqual(changes, [])
        touchUp()
        XCTAssertEqual(changes, [3])
    }

    /// A disabled stepper (isEnabled false) dims both halves and ignores presses.
    func testDisabledStepper() {
        stepper.value = 5
        stepper.isEnabled = false
        XCTAssertEqual(stepper.minusGlyph.alpha, UIStepper.disabledGlyphAlpha)
        XCTAssertEqual(stepper.plusGlyph.alpha, UIStepper.disabledGlyphAlpha)
        press(plus)
        XCTAssertEqual(stepper.value, 5)
        stepper.isEnabled = true
        XCTAssertEqual(stepper.plusGlyph.alpha, 1)
        XCTAssertEqual(changes, [])
    }

    /// The pressed half is shown by its highlight, only while pressed.
    func testThePressedHalfIsHighlighted() {
        touchDown(at: minus)
        XCTAssertEqual(stepper.minusHighlight.alpha, 0, "minus cannot step at 0: no press")
        touchUp()
        advance(1)
        touchDown(at: plus)
        XCTAssertEqual(stepper.plusHighlight.alpha, 1)
        touchUp()
        XCTAssertEqual(stepper.plusHighlight.alpha, 0)
    }
}
