import XCTest
import StrataProtocol

/// CAMediaTiming: beginTime, duration, speed, timeOffset, repeatCount,
/// repeatDuration, autoreverses and fillMode, as Apple's "Core Animation
/// Programming Guide" (Advanced Animation Tricks, "Customizing the Timing
/// of an Animation") and the CAMediaTiming reference describe them.
final class MediaTimingTests: XCTestCase {
    func fraction(_ timing: MediaTiming, _ time: Double) -> Double? {
        if case .active(let fraction) = timing.phase(at: time) { return fraction }
        return nil
    }

    func testOnePassRunsFromBeginToEnd() {
        let timing = MediaTiming(beginTime: 10, duration: 2)
        XCTAssertNil(fraction(timing, 9.99))
        XCTAssertEqual(timing.phase(at: 9.99), .pending)
        XCTAssertEqual(fraction(timing, 10)!, 0, accuracy: 1e-12)
        XCTAssertEqual(fraction(timing, 11)!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(timing.phase(at: 12), .finished)
        XCTAssertEqual(timing.endTime, 12)
    }

    /// "repeatCount ... may be fractional"; each repetition with
    /// autoreverses goes forwards and back.
    func testRepeatsWithAutoreverse() {
        let timing = MediaTiming(beginTime: 0, duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration, 4)
        XCTAssertEqual(fraction(timing, 0.25)!, 0.25, accuracy: 1e-12)
        XCTAssertEqual(fraction(timing, 1.25)!, 0.75, accuracy: 1e-12)  // on the way back
        XCTAssertEqual(fraction(timing, 2.5)!, 0.5, accuracy: 1e-12)    // second cycle, forwards
        XCTAssertEqual(fraction(timing, 3.9)!, 0.1, accuracy: 1e-9)
        XCTAssertEqual(fraction(timing, 5)!, 0, accuracy: 1e-12)         // filled at the end of the way back
    }

    func testFractionalRepeatCountEndsMidPass() {
        let timing = MediaTiming(beginTime: 0, duration: 1, repeatCount: 2.5, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration, 2.5)
        XCTAssertEqual(fraction(timing, 1.25)!, 0.25, accuracy: 1e-12)
        XCTAssertEqual(fraction(timing, 3)!, 0.5, accuracy: 1e-12)
    }

    func testWholeRepeatsFillWithTheLastValue() {
        let timing = MediaTiming(beginTime: 0, duration: 1, repeatCount: 3, fillMode: .forwards)
        XCTAssertEqual(fraction(timing, 7)!, 1, accuracy: 1e-12)
    }

    func testRepeatDurationBoundsTheRun() {
        let timing = MediaTiming(beginTime: 0, duration: 1, repeatDuration: 1.5)
        XCTAssertEqual(fraction(timing, 1.2)!, 0.2, accuracy: 1e-12)
        XCTAssertEqual(timing.phase(at: 1.5), .finished)
    }

    func testEndlessRepeatNeverEnds() {
        let timing = MediaTiming(beginTime: 0, duration: 60, repeatCount: .infinity)
        XCTAssertTrue(timing.isValid)
        XCTAssertEqual(timing.endTime, .infinity)
        XCTAssertEqual(fraction(timing, 60 * 1000 + 15)!, 0.25, accuracy: 1e-9)
    }

    /// "speed ... 2.0 ... the animation runs twice as fast"; a speed of 0 stands still.
    func testSpeedScalesTime() {
        let fast = MediaTiming(beginTime: 0, duration: 2, speed: 2)
        XCTAssertEqual(fraction(fast, 0.5)!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(fast.endTime, 1)
        let frozen = MediaTiming(beginTime: 0, duration: 2, speed: 0, timeOffset: 1)
        XCTAssertEqual(fraction(frozen, 100)!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(frozen.endTime, .infinity)
    }

    /// timeOffset starts part-way into the cycle and wraps.
    func testTimeOffsetStartsLaterInTheCycle() {
        let timing = MediaTiming(beginTime: 0, duration: 4, timeOffset: 3)
        XCTAssertEqual(fraction(timing, 0)!, 0.75, accuracy: 1e-12)
        XCTAssertEqual(fraction(timing, 2)!, 0.25, accuracy: 1e-12)
    }

    /// kCAFillModeBackwards shows the first value before beginTime;
    /// kCAFillModeRemoved shows nothing of the animation outside its run.
    func testFillModes() {
        let backwards = MediaTiming(beginTime: 5, duration: 1, fillMode: .backwards)
        XCTAssertEqual(fraction(backwards, 4)!, 0, accuracy: 1e-12)
        XCTAssertEqual(backwards.phase(at: 7), .finished)
        let both = MediaTiming(beginTime: 5, duration: 1, fillMode: .both)
        XCTAssertEqual(fraction(both, 4)!, 0, accuracy: 1e-12)
        XCTAssertEqual(fraction(both, 7)!, 1, accuracy: 1e-12)
        let removed = MediaTiming(beginTime: 5, duration: 1)
        XCTAssertEqual(removed.phase(at: 4), .pending)
        XCTAssertEqual(removed.phase(at: 7), .finished)
    }

    func testBadTimingIsInvalid() {
        XCTAssertFalse(MediaTiming(duration: -1).isValid)
        XCTAssertFalse(MediaTiming(duration: .nan).isValid)
        XCTAssertFalse(MediaTiming(duration: 1, speed: -1).isValid)
        XCTAssertFalse(MediaTiming(beginTime: .infinity, duration: 1).isValid)
    }
}
