import XCTest
import StrataProtocol

/// The preset curves against CAMediaTimingFunction's control points
/// ("Standard timing functions": easeIn 0.42,0,1,1; easeOut 0,0,0.58,1;
/// easeInEaseOut 0.42,0,0.58,1; default 0.25,0.1,0.25,1), solved here by
/// bisection of the Bézier's x to 1e-6.
final class TimingCurveTests: XCTestCase {
    let samples = [0.1, 0.25, 0.5, 0.75, 0.9]

    func check(_ curve: TimingCurve, _ expected: [Double], file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(samples, expected) {
            XCTAssertEqual(curve.progress(atFraction: x, duration: 1), y, accuracy: 1e-5, "at \(x)", file: file, line: line)
        }
    }

    func testPresetCurves() {
        check(.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428])
        check(.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973])
        check(.easeInEaseOut, [0.019722, 0.129162, 0.5, 0.870838, 0.980278])
        check(.caDefault, [0.094796, 0.408511, 0.802403, 0.960459, 0.994316])
        check(.linear, samples)
    }

    func testCurvesStartAtZeroAndEndAtOne() {
        for curve in [TimingCurve.easeIn, .easeOut, .easeInEaseOut, .caDefault, .bezier(x1: 0.9, y1: -0.5, x2: 0.1, y2: 1.5)] {
            XCTAssertEqual(curve.progress(atFraction: 0, duration: 1), 0, accuracy: 1e-9)
            XCTAssertEqual(curve.progress(atFraction: 1, duration: 1), 1, accuracy: 1e-9)
        }
    }

    /// A steep curve whose x barely moves at the ends still solves (bisection fallback).
    func testSteepCurveIsMonotonic() {
        let curve = TimingCurve.bezier(x1: 1, y1: 0, x2: 0, y2: 1)
        var last = -1.0
        for step in 0...200 {
            let y = curve.progress(atFraction: Double(step) / 200, duration: 1)
            XCTAssertGreaterThanOrEqual(y, last - 1e-9)
            last = y
        }
        XCTAssertEqual(curve.progress(atFraction: 0.5, duration: 1), 0.5, accuracy: 1e-6)
    }

    func testControlPointsOutsideTimeAreInvalid() {
        XCTAssertFalse(TimingCurve.bezier(x1: -0.1, y1: 0, x2: 1, y2: 1).isValid)
        XCTAssertFalse(TimingCurve.bezier(x1: 0, y1: .nan, x2: 1, y2: 1).isValid)
        XCTAssertTrue(TimingCurve.bezier(x1: 0, y1: -2, x2: 1, y2: 3).isValid)
    }
}

/// CASpringAnimation: a damped harmonic oscillator, m·x'' + c·x' + k·x = 0.
final class SpringTests: XCTestCase {
    /// Underdamped: x(t) = e^(−ζω₀t)·cos(ω_d·t) + … ; with no damping it
    /// oscillates forever at ω₀ = √(k/m) and reaches 2 at half a period.
    func testUndampedSpringOscillatesAtItsNaturalFrequency() {
        let spring = Spring(mass: 1, stiffness: 4 * .pi * .pi, damping: 0, initialVelocity: 0) // ω₀ = 2π: period 1 s
        XCTAssertEqual(spring.progress(atTime: 0.5), 2, accuracy: 1e-9)
        XCTAssertEqual(spring.progress(atTime: 1), 0, accuracy: 1e-9)
        XCTAssertEqual(spring.progress(atTime: 0.25), 1, accuracy: 1e-9)
    }

    /// Critically damped: x(t) = (1 + ω₀t)·e^(−ω₀t), never overshooting.
    func testCriticallyDampedSpringDoesNotOvershoot() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        XCTAssertEqual(spring.progress(atTime: 0.1), 1 - 2 * exp(-1), accuracy: 1e-9)
        for step in 0...300 { XCTAssertLessThanOrEqual(spring.progress(atTime: Double(step) / 100), 1 + 1e-12) }
    }

    func testOverdampedSpringApproachesSlowly() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 60, initialVelocity: 0)
        let value = spring.progress(atTime: 0.5)
        XCTAssertGreaterThan(value, 0.5)
        XCTAssertLessThan(value, 1)
    }

    /// CA's defaults (mass 1, stiffness 100, damping 10) bounce past the
    /// target, then settle; settlingDuration is when they stay within 0.1 %.
    func testDefaultSpringOvershootsThenSettles() {
        let spring = Spring()
        let peak = stride(from: 0.0, through: 1, by: 0.005).map(spring.progress(atTime:)).max()!
        XCTAssertGreaterThan(peak, 1.1)
        let settle = spring.settlingDuration
        XCTAssertGreaterThan(settle, 1)
        XCTAssertLessThan(settle, 2.5)
        for step in 0..<100 {
            XCTAssertEqual(spring.progress(atTime: settle + Double(step) * 0.05), 1, accuracy: 0.001)
        }
    }

    /// An initial velocity towards the target moves the value sooner.
    func testInitialVelocityPushesTowardsTheTarget() {
        let still = Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        let pushed = Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 5)
        XCTAssertGreaterThan(pushed.progress(atTime: 0.05), still.progress(atTime: 0.05))
    }

    /// UIView's spring animation ends on its duration: settled by then.
    func testUIKitSpringSettlesWithinItsDuration() {
        for ratio in [0.3, 0.5, 1.0] {
            let spring = Spring(dampingRatio: ratio, duration: 0.8, initialVelocity: 0)
            XCTAssertEqual(spring.progress(atTime: 0.8), 1, accuracy: 0.0011, "damping ratio \(ratio)")
            XCTAssertEqual(spring.dampingRatio, ratio, accuracy: 1e-9)
        }
        let bouncy = Spring(dampingRatio: 0.3, duration: 0.8, initialVelocity: 0)
        XCTAssertGreaterThan(stride(from: 0.0, through: 0.8, by: 0.01).map(bouncy.progress(atTime:)).max()!, 1.2)
    }
}
