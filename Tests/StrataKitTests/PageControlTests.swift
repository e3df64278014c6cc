import XCTest
@testable import StrataKit

/// UIPageControl as Apple's reference describes it: "When a user taps a
/// page control to move to the next or previous page, the control sends
/// the valueChanged event ... The page control advances only one page in
/// either direction."
final class PageControlTests: InputTestCase {
    var control: UIPageControl!
    var changes: [Int] = []

    override func setUp() {
        super.setUp()
        control = UIPageControl(frame: CGRect(x: 100, y: 100, width: 200, height: 26))
        control.numberOfPages = 5
        control.currentPage = 2
        control.addAction(UIAction { [unowned self] _ in self.changes.append(self.control.currentPage) }, for: .valueChanged)
        window.addSubview(control)
        window.layoutIfNeeded()
    }

    /// The center of the current page's dot, in the window.
    private var currentDotCenter: CGPoint {
        let dot = control.dots[control.currentPage]
        return dot.convert(CGPoint(x: dot.bounds.midX, y: dot.bounds.midY), to: window)
    }

    func testTapRightOfTheCurrentDotGoesForwardOnePage() {
        tap(at: CGPoint(x: 290, y: 113))
        XCTAssertEqual(control.currentPage, 3)
        XCTAssertEqual(changes, [3], "one page, not to the tapped dot")
    }

    func testTapLeftOfTheCurrentDotGoesBackOnePage() {
        tap(at: CGPoint(x: 110, y: 113))
        XCTAssertEqual(control.currentPage, 1)
        XCTAssertEqual(changes, [1])
    }

    func testTapOnTheCurrentDotOrPastTheLastPageSendsNothing() {
        tap(at: currentDotCenter)
        XCTAssertEqual(changes, [])
        control.currentPage = 4
        tap(at: CGPoint(x: 295, y: 113))
        XCTAssertEqual(control.currentPage, 4)
        XCTAssertEqual(changes, [], "setting currentPage in code sends nothing either")
    }

    /// `currentPage`: "Values outside the possible range are pinned to
    /// either 0 or numberOfPages minus 1."
    func testCurrentPageIsPinned() {
        control.currentPage = 10
        XCTAssertEqual(control.currentPage, 4)
        control.currentPage = -3
        XCTAssertEqual(control.currentPage, 0)
        control.currentPage = 4
        control.numberOfPages = 2
        XCTAssertEqual(control.currentPage, 1)
        XCTAssertEqual(control.dots.count, 2)
    }

    /// `hidesForSinglePage`: no dots, and no taps, with one page.
    func testHidesForSinglePage() {
        control.numberOfPages = 1
        control.hidesForSinglePage = true
        window.layoutIfNeeded()
        XCTAssertTrue(control.dotsView.isHidden)
        control.hidesForSinglePage = false
        window.layoutIfNeeded()
        XCTAssertFalse(control.dotsView.isHidden)
    }

    /// `size(forNumberOfPages:)` grows by one dot's pitch per page; the
    /// current dot has the current color.
    func testSizeAndColors() {
        let one = control.size(forNumberOfPages: 1), six = control.size(forNumberOfPages: 6)
        XCTAssertEqual(six.width - one.width, 5 * UIPageControl.dotPitch)
        XCTAssertEqual(one.height, six.height)
        XCTAssertEqual(control.intrinsicContentSize, control.size(forNumberOfPages: 5))
        control.currentPageIndicatorTintColor = .systemBlue
        control.pageIndicatorTintColor = .systemGray
        XCTAssertEqual(control.dots[2].backgroundColor, .systemBlue)
        XCTAssertEqual(control.dots[0].backgroundColor, .systemGray)
    }
}
