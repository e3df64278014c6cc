import XCTest
@testable import StrataKit

/// UIActivityIndicatorView: sizes per style, hiding when stopped, and one
/// repeating rotation for the compositor to play while animating.
final class ActivityIndicatorTests: XCTestCase {
    /// The medium style is 20 × 20 points, the large 37 × 37, as UIKit's.
    func testSizesFollowTheStyle() {
        let indicator = UIActivityIndicatorView(style: .medium)
        XCTAssertEqual(indicator.bounds.size, CGSize(width: 20, height: 20))
        XCTAssertEqual(indicator.intrinsicContentSize, CGSize(width: 20, height: 20))
        indicator.style = .large
        XCTAssertEqual(indicator.intrinsicContentSize, CGSize(width: 37, height: 37))
        XCTAssertEqual(indicator.sizeThatFits(.zero), CGSize(width: 37, height: 37))
        XCTAssertEqual(UIActivityIndicatorView(frame: .zero).style, .medium)
    }

    /// hidesWhenStopped: "If the value of this property is true (the
    /// default), the receiver sets its isHidden property to true when
    /// receiver is not animating."
    func testHidesWhenStopped() {
        let indicator = UIActivityIndicatorView(style: .medium)
        XCTAssertTrue(indicator.hidesWhenStopped)
        XCTAssertTrue(indicator.isHidden, "stopped at first")
        indicator.startAnimating()
        XCTAssertTrue(indicator.isAnimating)
        XCTAssertFalse(indicator.isHidden)
        indicator.stopAnimating()
        XCTAssertFalse(indicator.isAnimating)
        XCTAssertTrue(indicator.isHidden)

        indicator.hidesWhenStopped = false
        XCTAssertFalse(indicator.isHidden)
        indicator.startAnimating()
        indicator.stopAnimating()
        XCTAssertFalse(indicator.isHidden)
    }

    /// Animating is one CABasicAnimation of transform.rotation.z, a full
    /// turn repeated forever; stopping removes it.
    func testSpinsWithOneRepeatingRotation() throws {
        let indicator = UIActivityIndicatorView(style: .large)
        indicator.startAnimating()
        indicator.startAnimating()
        let keys = try XCTUnwrap(indicator.wheel.layer.animationKeys())
        XCTAssertEqual(keys.count, 1, "started twice, one animation")
        let spin = try XCTUnwrap(indicator.wheel.layer.animation(forKey: keys[0]) as? CABasicAnimation)
        XCTAssertEqual(spin.keyPath, "transform.rotation.z")
        XCTAssertEqual(spin.toValue as? CGFloat, 2 * .pi)
        XCTAssertEqual(spin.repeatCount, .infinity)
        indicator.stopAnimating()
        XCTAssertNil(indicator.wheel.layer.animationKeys())
    }

    /// The color: gray for the medium style, white for .white, or the one set.
    func testColor() {
        let indicator = UIActivityIndicatorView(style: .white)
        XCTAssertEqual(indicator.color, .white)
        indicator.color = .systemRed
        XCTAssertEqual(indicator.wheel.color, .systemRed)
        indicator.color = nil
        XCTAssertEqual(indicator.color, .white)
        XCTAssertEqual(UIActivityIndicatorView(style: .medium).color, .gray)
    }
}
