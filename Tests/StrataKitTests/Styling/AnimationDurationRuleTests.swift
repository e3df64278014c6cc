import XCTest
@testable import StrataKit

/// CALayer.add(_:forKey:): "If the duration property of the animation is
/// zero or negative, the duration is changed to the current value of the
/// kCATransactionAnimationDuration transaction property (if set) or to the
/// default value of 0.25 seconds."
final class AnimationDurationRuleTests: StylingTestCase {
    private func addedDuration(_ duration: CFTimeInterval) -> CFTimeInterval? {
        let layer = CALayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.duration = duration
        layer.add(animation, forKey: "fade")
        XCTAssertEqual(animation.duration, duration, "the animation passed in is not changed: a copy is added")
        return layer.animation(forKey: "fade")?.duration
    }

    func testZeroOrNegativeDurationBecomesAQuarterSecond() {
        XCTAssertEqual(addedDuration(0), 0.25)
        XCTAssertEqual(addedDuration(-1), 0.25)
    }

    func testZeroDurationTakesTheTransactionsDuration() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        XCTAssertEqual(addedDuration(0), 2)
        XCTAssertEqual(addedDuration(0.5), 0.5, "a positive duration stays")
        CATransaction.commit()
        XCTAssertEqual(addedDuration(0), 0.25, "the transaction's setting ended with it")
    }

    /// The compositor plays the duration the copy reports.
    func testTheWireTimingHasThatDuration() {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.5)
        layer.add(CABasicAnimation(keyPath: "cornerRadius"), forKey: "corner")
        CATransaction.commit()
        XCTAssertEqual(layer.animationEntries.first?.wire.first?.timing.duration, 1.5)
    }
}
