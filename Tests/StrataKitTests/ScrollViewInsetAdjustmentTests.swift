import XCTest
@testable import StrataKit

/// adjustedContentInset and contentInsetAdjustmentBehavior, after the
/// UIScrollView reference: "the insets derived from the content insets and
/// the safe area of the scroll view", added per behavior.
final class ScrollViewInsetAdjustmentTests: InputTestCase {
    private var recorder: ScrollRecorder!

    override func setUp() {
        super.setUp()
        recorder = ScrollRecorder()
    }

    override func tearDown() {
        window.rootViewController = nil
        recorder = nil
        super.tearDown()
    }

    /// A controller's scroll view with content 2,000 points tall (it
    /// scrolls vertically only) and a safe area of 50 at the top, 10 at the
    /// left and 20 at the bottom (the controller's additionalSafeAreaInsets).
    private func controllerScrollView(_ behavior: UIScrollView.ContentInsetAdjustmentBehavior) -> UIScrollView {
        let controller = UIViewController()
        let scrollView = UIScrollView(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 400, height: 2000)
        scrollView.contentInsetAdjustmentBehavior = behavior
        scrollView.delegate = recorder
        controller.view = scrollView
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 50, left: 10, bottom: 20, right: 0)
        window.rootViewController = controller
        window.layoutIfNeeded()
        return scrollView
    }

    /// .automatic (the default) and .scrollableAxes add the safe area
    /// along the axes the content scrolls: here top and bottom, not the
    /// left. Content resting at the top moves below the inset, and the
    /// delegate hears of the change.
    func testAutomaticAddsTheSafeAreaAlongTheScrollingAxis() {
        let scrollView = controllerScrollView(.automatic)
        XCTAssertEqual(scrollView.contentInsetAdjustmentBehavior, .automatic)
        XCTAssertEqual(scrollView.safeAreaInsets, UIEdgeInsets(top: 50, left: 10, bottom: 20, right: 0))
        XCTAssertEqual(scrollView.adjustedContentInset, UIEdgeInsets(top: 50, left: 0, bottom: 20, right: 0))
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: -50), "the content's top below the inset")
        XCTAssertTrue(recorder.events.contains("didChangeAdjustedContentInset"))
        XCTAssertEqual(scrollView.contentOffsetRange.y, -50...(2000 + 20 - 400))

        XCTAssertEqual(controllerScrollView(.scrollableAxes).adjustedContentInset,
                       UIEdgeInsets(top: 50, left: 0, bottom: 20, right: 0))
    }

    /// A scroll view that gets its content only after its safe area (a
    /// screen built in viewDidLayoutSubviews): when the content becomes
    /// scrollable the safe area joins its insets, and content resting at its
    /// top moves below them, as it does when the safe area comes second.
    func testContentThatBecomesScrollableRestsBelowTheInset() {
        let controller = UIViewController()
        let scrollView = UIScrollView(frame: window.bounds)
        controller.view.addSubview(scrollView)
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 50, left: 0, bottom: 20, right: 0)
        window.rootViewController = controller
        window.layoutIfNeeded()
        XCTAssertEqual(scrollView.adjustedContentInset.top, 0, "nothing scrolls yet")
        scrollView.contentSize = CGSize(width: window.bounds.width, height: 2000)
        XCTAssertEqual(scrollView.adjustedContentInset.top, 50)
        XCTAssertEqual(scrollView.contentOffset.y, -50)
    }

    /// .always adds the whole safe area; .never none, and the contentInset stays.
    func testAlwaysAndNever() {
        let always = controllerScrollView(.always)
        XCTAssertEqual(always.adjustedContentInset, UIEdgeInsets(top: 50, left: 10, bottom: 20, right: 0))
        XCTAssertEqual(always.contentOffset, CGPoint(x: -10, y: -50))

        let never = controllerScrollView(.never)
        never.contentInset = UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        XCTAssertEqual(never.adjustedContentInset, never.contentInset)
        XCTAssertEqual(never.contentOffset, .zero, "a new contentInset moves nothing: the app sets the offset")
    }

    /// .automatic: "Content is always adjusted vertically when the scroll
    /// view is the content view of a view controller that is currently
    /// displayed by a navigation or tab bar controller" — even content that
    /// does not scroll goes below the navigation bar; .scrollableAxes does not.
    func testAutomaticUnderANavigationBar() {
        let list = UIViewController()
        let scrollView = UIScrollView(frame: .zero)
        scrollView.contentSize = CGSize(width: 100, height: 100)
        list.view = scrollView
        window.rootViewController = UINavigationController(rootViewController: list)
        window.isHidden = false
        window.layoutIfNeeded()
        XCTAssertEqual(scrollView.safeAreaInsets.top, 44, "the bar")
        XCTAssertEqual(scrollView.adjustedContentInset.top, 44)
        XCTAssertEqual(scrollView.contentOffset.y, -44)

        scrollView.contentInsetAdjustmentBehavior = .scrollableAxes
        XCTAssertEqual(scrollView.adjustedContentInset.top, 0, "the short content does not scroll")
        XCTAssertEqual(scrollView.contentOffset.y, 0, "back at the top")
    }
}
