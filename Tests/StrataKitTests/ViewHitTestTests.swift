import XCTest
@testable import StrataKit

/// UIView's hitTest(_:with:): "This method ignores view objects that are
/// hidden, that have disabled user interactions, or have an alpha level less
/// than 0.01"; it does not return points outside the receiver's bounds;
/// subviews are searched front to back.
final class ViewHitTestTests: XCTestCase {
    var root: UIView!
    var back: UIView!
    var front: UIView!

    override func setUp() {
        root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(back)
        root.addSubview(front)
    }

    func testFrontmostSubviewWins() {
        XCTAssertTrue(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === front)
        XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === back)
        XCTAssertTrue(root.hitTest(CGPoint(x: 180, y: 20), with: nil) === root, "no subview: the receiver")
        XCTAssertNil(root.hitTest(CGPoint(x: 250, y: 20), with: nil), "outside the receiver")
    }

    func testHiddenViewsAreSkipped() {
        front.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === back)
    }

    func testNearlyTransparentViewsAreSkipped() {
        front.alpha = 0.005
        XCTAssertTrue(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === back)
        front.alpha = 0.01
        XCTAssertTrue(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === front, "0.01 itself is hit")
    }

    func testViewsWithoutUserInteractionAreSkipped() {
        front.isUserInteractionEnabled = false
        XCTAssertTrue(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === back)
        root.isUserInteractionEnabled = false
        XCTAssertNil(root.hitTest(CGPoint(x: 25, y: 25), with: nil), "the whole subtree is skipped")
    }

    /// A subview's part outside its superview's bounds is not hit (the
    /// superview's point(inside:with:) fails first).
    func testPointsOutsideTheSuperviewMissSubviews() {
        let sticking = UIView(frame: CGRect(x: 90, y: 0, width: 50, height: 50))
        back.addSubview(sticking)
        XCTAssertTrue(root.hitTest(CGPoint(x: 95, y: 5), with: nil) === sticking)
        XCTAssertTrue(root.hitTest(CGPoint(x: 120, y: 5), with: nil) === root)
    }

    /// Hit testing goes through transforms.
    func testHitTestThroughARotation() {
        let bar = UIView(frame: CGRect(x: 0, y: 90, width: 200, height: 20))
        root.addSubview(bar)
        XCTAssertTrue(root.hitTest(CGPoint(x: 100, y: 20), with: nil) !== bar)
        bar.transform = CGAffineTransform(rotationAngle: .pi / 2)
        XCTAssertTrue(root.hitTest(CGPoint(x: 100, y: 20), with: nil) === bar)
    }

    /// point(inside:with:) is the bounds, in the receiver's coordinates.
    func testPointInsideUsesBounds() {
        back.bounds.origin = CGPoint(x: 50, y: 50)
        XCTAssertTrue(back.point(inside: CGPoint(x: 120, y: 120), with: nil))
        XCTAssertFalse(back.point(inside: CGPoint(x: 10, y: 10), with: nil))
    }
}
