import XCTest
import StrataProtocol

final class LayerAnimationTests: XCTestCase {
    func testBasicAnimationInterpolatesFromTo() {
        let animation = LayerAnimation(property: .position, values: [[0, 0], [100, 50]], timing: MediaTiming(beginTime: 0, duration: 1))
        XCTAssertEqual(animation.value(at: 0.5)!, [50, 25])
        XCTAssertNil(animation.value(at: 1.5))
    }

    /// CAKeyframeAnimation: keyTimes place each value; timingFunctions shape each segment.
    func testKeyframesFollowKeyTimes() {
        let animation = LayerAnimation(property: .opacity, values: [[0], [1], [0.5]], keyTimes: [0, 0.8, 1],
                                       timing: MediaTiming(beginTime: 0, duration: 1))
        XCTAssertEqual(animation.value(at: 0.4)![0], 0.5, accuracy: 1e-12)
        XCTAssertEqual(animation.value(at: 0.9)![0], 0.75, accuracy: 1e-12)
        let curved = LayerAnimation(property: .opacity, values: [[0], [1]], segmentCurves: [.easeIn],
                                    timing: MediaTiming(beginTime: 0, duration: 1))
        XCTAssertEqual(curved.value(at: 0.5)![0], 0.315357, accuracy: 1e-5)
    }

    func testEvenlySpacedKeyframesAndDiscreteMode() {
        let even = LayerAnimation(property: .positionX, values: [[0], [10], [30]], timing: MediaTiming(beginTime: 0, duration: 2))
        XCTAssertEqual(even.value(at: 1.5)![0], 20, accuracy: 1e-12)
        // Discrete: three values, each held a third of the time (CAKeyframeAnimation, calculationMode).
        let discrete = LayerAnimation(property: .positionX, values: [[0], [10], [30]], isDiscrete: true,
                                      timing: MediaTiming(beginTime: 0, duration: 3, fillMode: .forwards))
        XCTAssertEqual(discrete.value(at: 0.5)![0], 0)
        XCTAssertEqual(discrete.value(at: 1.5)![0], 10)
        XCTAssertEqual(discrete.value(at: 2.5)![0], 30)
        XCTAssertEqual(discrete.value(at: 4)![0], 30)
        // With n + 1 key times, as the reference describes for discrete mode.
        let timed = LayerAnimation(property: .positionX, values: [[0], [10]], keyTimes: [0, 0.8, 1], isDiscrete: true,
                                   timing: MediaTiming(beginTime: 0, duration: 1))
        XCTAssertNil(timed.problem)
        XCTAssertEqual(timed.value(at: 0.7)![0], 0)
        XCTAssertEqual(timed.value(at: 0.9)![0], 10)
    }

    /// A transform blends its decomposition: half of a 90° turn is a 45° turn.
    func testTransformInterpolatesRotation() {
        let quarter = AffineTransform(rotationAngle: .pi / 2).components
        let animation = LayerAnimation(property: .transform, values: [AffineTransform.identity.components, quarter],
                                       timing: MediaTiming(beginTime: 0, duration: 1))
        let half = AffineTransform(components: animation.value(at: 0.5)!)
        let expected = AffineTransform(rotationAngle: .pi / 4)
        for (a, b) in zip(half.components, expected.components) { XCTAssertEqual(a, b, accuracy: 1e-9) }
    }

    func testDecompositionRoundTrips() {
        let transforms = [
            AffineTransform(rotationAngle: 0.7).concatenating(AffineTransform(scaleX: 2, y: 3)),
            AffineTransform(a: 1, b: 0.3, c: 0.5, d: 1, tx: 4, ty: -2),
            AffineTransform(scaleX: -1, y: 1).concatenating(AffineTransform(translationX: 10, y: 20)),
        ]
        for transform in transforms {
            let back = AffineTransform(transform.decomposed)
            for (a, b) in zip(back.components, transform.components) { XCTAssertEqual(a, b, accuracy: 1e-9) }
        }
    }

    /// Colors blend premultiplied: fading in from clear keeps the hue.
    func testColorFromClearKeepsItsHue() {
        let mid = AnimatableProperty.backgroundColor.interpolate([0, 0, 0, 0], [1, 0, 0, 1], 0.5)
        XCTAssertEqual(mid, [1, 0, 0, 0.5])
    }

    func testProblemsAreNamed() {
        let timing = MediaTiming(beginTime: 0, duration: 1)
        XCTAssertNotNil(LayerAnimation(property: .position, values: [[1]], timing: timing).problem)
        XCTAssertNotNil(LayerAnimation(property: .opacity, values: [[2]], timing: timing).problem)
        XCTAssertNotNil(LayerAnimation(property: .opacity, values: [[0], [1]], keyTimes: [0.5, 0.2], timing: timing).problem)
        XCTAssertNotNil(LayerAnimation(property: .opacity, values: [], timing: timing).problem)
        XCTAssertNil(LayerAnimation(property: .opacity, values: [[0], [1]], keyTimes: [0, 1], timing: timing).problem)
    }
}
