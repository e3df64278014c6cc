import XCTest
@testable import StrataKit

/// View Programming Guide for iOS, "Handling Layout Changes Automatically
/// Using Autoresizing Rules", Table 3-2 (autoresizing mask constants).
final class ViewAutoresizingTests: XCTestCase {
    /// A 100×100 superview with a subview at x 20…80, y 10…90.
    func makeViews(_ mask: UIView.AutoresizingMask) -> (UIView, UIView) {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 20, y: 10, width: 60, height: 80))
        child.autoresizingMask = mask
        parent.addSubview(child)
        return (parent, child)
    }

    /// The default mask is none (UIViewAutoresizingNone): the subview keeps its frame.
    func testNoneKeepsFrame() {
        let (parent, child) = makeViews([])
        XCTAssertEqual(child.autoresizingMask, [])
        parent.frame.size = CGSize(width: 150, height: 200)
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 10, width: 60, height: 80))
    }

    /// Table 3-2, UIViewAutoresizingFlexibleWidth: the view's width changes
    /// with the superview's; alone on its axis it takes the whole change,
    /// keeping both margins.
    func testFlexibleWidthAloneTakesTheWholeChange() {
        let (parent, child) = makeViews(.flexibleWidth)
        parent.frame.size.width = 150
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 10, width: 110, height: 80))
    }

    /// Table 3-2, UIViewAutoresizingFlexibleHeight.
    func testFlexibleHeightAloneTakesTheWholeChange() {
        let (parent, child) = makeViews(.flexibleHeight)
        parent.frame.size.height = 50
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 10, width: 60, height: 30))
    }

    /// Table 3-2, UIViewAutoresizingFlexibleLeftMargin: the left margin grows,
    /// so the view stays pinned to the right edge.
    func testFlexibleLeftMarginPinsToTheRight() {
        let (parent, child) = makeViews(.flexibleLeftMargin)
        parent.frame.size.width = 150
        XCTAssertEqual(child.frame, CGRect(x: 70, y: 10, width: 60, height: 80))
    }

    /// Table 3-2, UIViewAutoresizingFlexibleRightMargin: only the right margin grows.
    func testFlexibleRightMarginPinsToTheLeft() {
        let (parent, child) = makeViews(.flexibleRightMargin)
        parent.frame.size.width = 150
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 10, width: 60, height: 80))
    }

    /// Table 3-2, UIViewAutoresizingFlexibleTopMargin: pinned to the bottom.
    func testFlexibleTopMarginPinsToTheBottom() {
        let (parent, child) = makeViews(.flexibleTopMargin)
        parent.frame.size.height = 140
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 50, width: 60, height: 80))
    }

    /// Table 3-2, UIViewAutoresizingFlexibleBottomMargin: pinned to the top.
    func testFlexibleBottomMarginPinsToTheTop() {
        let (parent, child) = makeViews(.flexibleBottomMargin)
        parent.frame.size.height = 140
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 10, width: 60, height: 80))
    }

    /// Several flexible parts on one axis share the change in proportion to
    /// their sizes, as UIKit does: margins 20 and 20 around a width of 60, all
    /// flexible, growing by 50 → +10, +30, +10.
    func testAllThreeFlexiblePartsShareInProportion() {
        let (parent, child) = makeViews([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin])
        parent.frame.size.width = 150
        XCTAssertEqual(child.frame, CGRect(x: 30, y: 10, width: 90, height: 80))
    }

    /// Left margin 20 and width 60 flexible (80 in all), right margin 20
    /// fixed, growing by 50: left +12.5, width +37.5; the right margin stays 20.
    func testTwoFlexiblePartsShareInProportion() {
        let (parent, child) = makeViews([.flexibleLeftMargin, .flexibleWidth])
        parent.frame.size.width = 150
        XCTAssertEqual(child.frame, CGRect(x: 32.5, y: 10, width: 97.5, height: 80))
        XCTAssertEqual(parent.bounds.width - child.frame.maxX, 20)
    }

    /// Both vertical margins flexible (10 and 10), shrinking by 40: each gives
    /// up 20; the height is kept.
    func testFlexibleMarginsShareAShrink() {
        let (parent, child) = makeViews([.flexibleTopMargin, .flexibleBottomMargin])
        parent.frame.size.height = 60
        XCTAssertEqual(child.frame, CGRect(x: 20, y: -10, width: 60, height: 80))
    }

    /// Zero-sized flexible parts split the change evenly.
    func testZeroSizedFlexiblePartsSplitEvenly() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        child.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        parent.addSubview(child)
        parent.frame.size.width = 140
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 0, width: 100, height: 100))
    }

    /// autoresizesSubviews = false turns the rules off (UIView reference).
    func testAutoresizesSubviewsFalseDisablesResizing() {
        let (parent, child) = makeViews(.flexibleWidth)
        XCTAssertTrue(parent.autoresizesSubviews, "UIKit default is true")
        parent.autoresizesSubviews = false
        parent.frame.size.width = 150
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 10, width: 60, height: 80))
    }

    /// Autoresizing cascades: a resized subview resizes its own subviews.
    func testAutoresizingCascades() {
        let (parent, child) = makeViews(.flexibleWidth)
        let grandchild = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 10))
        grandchild.autoresizingMask = .flexibleWidth
        child.addSubview(grandchild)
        parent.bounds.size.width = 150
        XCTAssertEqual(grandchild.frame.width, 110)
    }

    /// A changed bounds origin is no size change: nothing autoresizes.
    func testBoundsOriginChangeDoesNotAutoresize() {
        let (parent, child) = makeViews(.flexibleWidth)
        parent.bounds.origin = CGPoint(x: 10, y: 10)
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 10, width: 60, height: 80))
    }
}
