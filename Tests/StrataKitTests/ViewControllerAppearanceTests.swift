import XCTest
@testable import StrataKit

/// Appearance callbacks and containment, as UIViewController's reference
/// describes them.
final class ViewControllerAppearanceTests: ViewControllerTestCase {
    /// UIWindow.rootViewController: the root's view is installed as the
    /// window's content; it appears when the window is shown ("Handling
    /// view-related notifications": viewWillAppear, then viewDidAppear) and
    /// disappears when it is hidden.
    func testWindowRootAppearsWhenShownAndDisappearsWhenHidden() {
        let root = controller("A")
        window.rootViewController = root
        XCTAssertEqual(log.take(), [], "a hidden window shows nothing")
        window.isHidden = false
        XCTAssertEqual(log.take(), ["A.willAppear(false)", "A.didAppear(false)"])
        window.isHidden = true
        XCTAssertEqual(log.take(), ["A.willDisappear(false)", "A.didDisappear(false)"])
    }

    /// Replacing the root of a shown window: the old one disappears, the new one appears.
    func testReplacingTheRootOfAShownWindow() {
        show(controller("A"))
        window.rootViewController = controller("B")
        XCTAssertEqual(log.take(), ["A.willDisappear(false)", "A.didDisappear(false)",
                                    "B.willAppear(false)", "B.didAppear(false)"])
    }

    /// "Implementing a Container View Controller": addChild(_:) "calls the
    /// willMove(toParent:) method of the child view controller" itself;
    /// the container adds the child's view (which, the parent being on
    /// screen, appears) and then calls didMove(toParent:). Removing:
    /// the container calls willMove(toParent: nil), removes the view, and
    /// removeFromParent() "calls didMove(toParent:) with nil".
    func testContainmentCallsInUIKitsOrder() {
        let parent = controller("P")
        show(parent)
        let child = controller("C")
        parent.addChild(child)
        XCTAssertEqual(log.take(), ["C.willMove(P)"])
        XCTAssertTrue(child.parent === parent)
        XCTAssertTrue(parent.children.first === child)
        parent.view.addSubview(child.view)
        XCTAssertEqual(log.take(), ["C.willAppear(false)", "C.didAppear(false)"])
        child.didMove(toParent: parent)
        XCTAssertEqual(log.take(), ["C.didMove(P)"])

        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        XCTAssertEqual(log.take(), ["C.willMove(nil)", "C.willDisappear(false)", "C.didDisappear(false)", "C.didMove(nil)"])
        XCTAssertNil(child.parent)
        XCTAssertTrue(parent.children.isEmpty)
    }

    /// Adding a controller that has another parent moves it; adding a
    /// controller to itself or to its own child is ignored (UIKit raises).
    func testAddingChildrenFromElsewhereAndBadAdditions() {
        let first = controller("P1"), second = controller("P2"), child = controller("C")
        first.addChild(child)
        second.addChild(child)
        XCTAssertTrue(child.parent === second)
        XCTAssertTrue(first.children.isEmpty)
        XCTAssertEqual(log.take(), ["C.willMove(P1)", "C.willMove(nil)", "C.didMove(nil)", "C.willMove(P2)"])
        child.addChild(child)
        child.addChild(second)
        XCTAssertTrue(child.children.isEmpty)
        XCTAssertTrue(second.parent == nil)
        child.removeFromParent()
        child.removeFromParent()
        XCTAssertEqual(log.take(), ["C.didMove(nil)"], "a second removal does nothing")
    }

    /// shouldAutomaticallyForwardAppearanceMethods (true by default): a
    /// child whose view is in the parent's view appears and disappears with it.
    func testAppearanceIsForwardedToChildren() {
        let parent = controller("P"), child = controller("C"), hidden = controller("H")
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        parent.addChild(hidden)   // its view is not shown: it does not appear
        hidden.didMove(toParent: parent)
        window.rootViewController = parent
        _ = log.take()
        window.isHidden = false
        XCTAssertEqual(log.take(), ["P.willAppear(false)", "C.willAppear(false)", "P.didAppear(false)", "C.didAppear(false)"])
    }

    /// beginAppearanceTransition/endAppearanceTransition follow the state
    /// machine of "Handling view-related notifications": a second begin in
    /// the same direction and an end with nothing begun do nothing; an
    /// appearing controller may turn back and disappear.
    func testAppearanceStateMachine() {
        let controller = controller("A")
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(true, animated: true)
        controller.beginAppearanceTransition(true, animated: true)
        controller.beginAppearanceTransition(false, animated: true)
        controller.endAppearanceTransition()
        controller.endAppearanceTransition()
        XCTAssertEqual(log.take(), ["A.willAppear(true)", "A.willDisappear(true)", "A.didDisappear(true)"])
    }

    /// viewWillLayoutSubviews and viewDidLayoutSubviews come around the
    /// view's layoutSubviews.
    func testLayoutCallbacksSurroundTheViewsLayout() {
        final class View: UIView {
            var log: CallbackLog?
            override func layoutSubviews() { log?.entries.append("view.layoutSubviews") }
        }
        let controller = controller("A")
        controller.logsLayout = true
        let view = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.log = log
        controller.view = view
        view.setNeedsLayout()
        view.layoutIfNeeded()
        XCTAssertEqual(log.take(), ["A.viewWillLayoutSubviews", "view.layoutSubviews", "A.viewDidLayoutSubviews"])
    }

    /// "If the view controller has a valid navigation item or tab-bar
    /// item, assigning a value to this property updates the title text of those objects."
    func testTitleFeedsTheNavigationItemAndTabBarItem() {
        let controller = controller("A")
        controller.title = "Inbox"
        XCTAssertEqual(controller.navigationItem.title, "Inbox")
        XCTAssertEqual(controller.tabBarItem.title, "Inbox")
        controller.title = "Sent"
        XCTAssertEqual(controller.navigationItem.title, "Sent")
        XCTAssertEqual(controller.tabBarItem.title, "Sent")
        XCTAssertNil(UIViewController().navigationItem.title)
    }
}
