import XCTest
@testable import StrataKit

/// UINavigationController's stack, its transitions and their appearance
/// callbacks. The order is UIKit's for a push (and, reversed in role, a
/// pop): the leaving controller's viewWillDisappear, the arriving one's
/// viewWillAppear, the delegate's willShow, then — after the slide when
/// animated — the leaving one's viewDidDisappear, the arriving one's
/// viewDidAppear and the delegate's didShow. A pushed controller gets
/// willMove(toParent:) before everything and didMove(toParent:) after
/// ("the navigation controller calls didMove(toParent:) … after the
/// transition"); a popped one willMove(toParent: nil) first and
/// didMove(toParent: nil) last. isMovingToParent / isMovingFromParent are
/// true inside the callbacks of the pushed / popped controller.
final class NavigationControllerTests: ViewControllerTestCase {
    final class Delegate: UINavigationControllerDelegate {
        let log: CallbackLog
        init(log: CallbackLog) { self.log = log }
        func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                                  animated: Bool) {
            log.entries.append("willShow \(LoggingViewController.name(of: viewController))(\(animated))")
        }
        func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                                  animated: Bool) {
            log.entries.append("didShow \(LoggingViewController.name(of: viewController))(\(animated))")
        }
    }

    private var navigation: UINavigationController!
    private var delegate: Delegate!
    private var a: LoggingViewController!

    override func setUp() {
        super.setUp()
        a = controller("A")
        navigation = UINavigationController(rootViewController: a)
        delegate = Delegate(log: log)
        navigation.delegate = delegate
    }

    override func tearDown() {
        navigation = nil
        delegate = nil
        a = nil
        super.tearDown()
    }

    /// init(rootViewController:) makes the root the only controller and the
    /// navigation controller its parent; it appears with the navigation controller.
    func testRootControllerAppearsWithTheNavigationController() {
        XCTAssertEqual(log.take(), ["A.willMove(UINavigationController)", "A.didMove(UINavigationController)"])
        XCTAssertEqual(navigation.viewControllers.count, 1)
        XCTAssertTrue(navigation.topViewController === a)
        XCTAssertTrue(a.parent === navigation)
        XCTAssertTrue(a.navigationController === navigation)
        window.rootViewController = navigation
        window.isHidden = false
        XCTAssertEqual(log.take(), ["A.willAppear(false)", "A.didAppear(false)"])
        XCTAssertTrue(a.view.superview === navigation.view)
    }

    func testPushWithoutAnimation() {
        show(navigation)
        let b = controller("B")
        navigation.pushViewController(b, animated: false)
        XCTAssertEqual(log.take(), ["B.willMove(UINavigationController)", "A.willDisappear(false)",
                                    "B.willAppear(false) [movingTo]", "willShow B(false)",
                                    "A.didDisappear(false)", "B.didAppear(false) [movingTo]",
                                    "B.didMove(UINavigationController)", "didShow B(false)"])
        XCTAssertTrue(navigation.topViewController === b)
        XCTAssertTrue(b.view.superview === navigation.view)
        XCTAssertNil(a.view.superview, "the covered view leaves the hierarchy")
        XCTAssertFalse(b.isMovingToParent, "only during the transition")
    }

    func testPopWithoutAnimationReturnsThePoppedController() {
        let b = controller("B")
        navigation.pushViewController(b, animated: false)
        show(navigation)
        let popped = navigation.popViewController(animated: false)
        XCTAssertTrue(popped === b)
        XCTAssertEqual(log.take(), ["B.willMove(nil)", "B.willDisappear(false) [movingFrom]", "A.willAppear(false)",
                                    "willShow A(false)", "B.didDisappear(false) [movingFrom]", "A.didAppear(false)",
                                    "B.didMove(nil)", "didShow A(false)"])
        XCTAssertNil(b.parent)
        XCTAssertTrue(a.view.superview === navigation.view)
        XCTAssertNil(navigation.popViewController(animated: false), "the root stays")
        XCTAssertEqual(log.take(), [])
    }

    /// Animated: the will callbacks at once, the did callbacks when the
    /// slide ends. The new view comes in from the right edge while the old
    /// one moves left by a third of the width.
    func testAnimatedPushSlidesInFromTheRight() throws {
        show(navigation)
        let b = controller("B")
        b.title = "Second"
        let clock = freezeMediaClock()
        navigation.pushViewController(b, animated: true)
        XCTAssertEqual(log.take(), ["B.willMove(UINavigationController)", "A.willDisappear(true)",
                                    "B.willAppear(true) [movingTo]", "willShow B(true)"])
        XCTAssertTrue(navigation.topViewController === b, "the stack changes at once")
        XCTAssertTrue(a.view.superview === navigation.view, "both views take part in the slide")
        CATransaction.flush()
        let duration = UINavigationController.transitionDuration
        XCTAssertEqual(presentedFrame(of: b.view, at: 1, on: clock).minX, 320, accuracy: 0.5)
        XCTAssertEqual(presentedFrame(of: a.view, at: 1, on: clock).minX, 0, accuracy: 0.5)
        let newHalfway = presentedFrame(of: b.view, at: 1 + duration / 2, on: clock).minX
        let oldHalfway = presentedFrame(of: a.view, at: 1 + duration / 2, on: clock).minX
        XCTAssertTrue(newHalfway > 0 && newHalfway < 320, "coming in: \(newHalfway)")
        XCTAssertTrue(oldHalfway < 0 && oldHalfway > -96, "moving left: \(oldHalfway)")
        XCTAssertEqual(presentedFrame(of: b.view, at: 1 + duration, on: clock).minX, 0, accuracy: 0.5)
        XCTAssertEqual(presentedFrame(of: a.view, at: 1 + duration, on: clock).minX, -96, accuracy: 0.5)
        // The bar's new title fades in over the same time.
        clock.time = 1
        navigation.view.layoutIfNeeded()
        CATransaction.flush()
        let title = try XCTUnwrap(navigation.navigationBar.titleLabel)
        clock.time = 1 + duration / 2
        let halfFaded = title.layer.presentation()?.opacity ?? 1
        XCTAssertTrue(halfFaded > 0.05 && halfFaded < 0.95, "fading in: \(halfFaded)")
        XCTAssertEqual(title.alpha, 1)
        thawMediaClock()
        spin { log.entries.count == 4 }
        XCTAssertEqual(log.take(), ["A.didDisappear(true)", "B.didAppear(true) [movingTo]",
                                    "B.didMove(UINavigationController)", "didShow B(true)"])
        XCTAssertNil(a.view.superview)
        XCTAssertEqual(a.view.frame.minX, 0, "the covered view is put back in place")
    }

    /// Popping reverses the slide: the top view leaves to the right, the
    /// one below comes back from the left.
    func testAnimatedPopSlidesOutToTheRight() {
        let b = controller("B")
        navigation.pushViewController(b, animated: false)
        show(navigation)
        let clock = freezeMediaClock()
        let popped = navigation.popViewController(animated: true)
        XCTAssertTrue(popped === b)
        XCTAssertEqual(log.take(), ["B.willMove(nil)", "B.willDisappear(true) [movingFrom]", "A.willAppear(true)",
                                    "willShow A(true)"])
        CATransaction.flush()
        let duration = UINavigationController.transitionDuration
        XCTAssertEqual(presentedFrame(of: a.view, at: 1, on: clock).minX, -96, accuracy: 0.5)
        XCTAssertEqual(presentedFrame(of: b.view, at: 1 + duration, on: clock).minX, 320, accuracy: 0.5)
        XCTAssertEqual(presentedFrame(of: a.view, at: 1 + duration, on: clock).minX, 0, accuracy: 0.5)
        thawMediaClock()
        spin { log.entries.count == 4 }
        XCTAssertEqual(log.take(), ["B.didDisappear(true) [movingFrom]", "A.didAppear(true)", "B.didMove(nil)",
                                    "didShow A(true)"])
        XCTAssertNil(b.view.superview)
    }

    /// popToRootViewController returns the popped controllers; the ones
    /// under the top leave without appearing, only the top disappears.
    func testPopToRootAndPopToViewController() {
        let b = controller("B"), c = controller("C"), d = controller("D")
        navigation.setViewControllers([a, b, c, d], animated: false)
        show(navigation)
        let toB = navigation.popToViewController(b, animated: false)
        XCTAssertEqual(toB?.map(LoggingViewController.name(of:)), ["C", "D"])
        XCTAssertEqual(log.take(), ["D.willMove(nil)", "C.willMove(nil)", "C.didMove(nil)",
                                    "D.willDisappear(false) [movingFrom]", "B.willAppear(false)", "willShow B(false)",
                                    "D.didDisappear(false) [movingFrom]", "B.didAppear(false)", "D.didMove(nil)",
                                    "didShow B(false)"])
        XCTAssertEqual(navigation.popToViewController(b, animated: false)?.count, 0, "already on top")
        XCTAssertNil(navigation.popToViewController(c, animated: false), "not on the stack")
        _ = log.take()
        let toRoot = navigation.popToRootViewController(animated: false)
        XCTAssertEqual(toRoot?.map(LoggingViewController.name(of:)), ["B"])
        XCTAssertTrue(navigation.topViewController === a)
        XCTAssertEqual(navigation.viewControllers.count, 1)
        XCTAssertNil(navigation.popToRootViewController(animated: false))
    }

    /// Pushing a controller that is already on the stack, or the
    /// navigation controller itself, is ignored (UIKit raises).
    func testBadPushesAreIgnored() {
        show(navigation)
        navigation.pushViewController(a, animated: false)
        navigation.pushViewController(navigation, animated: false)
        navigation.pushViewController(UINavigationController(), animated: false)
        XCTAssertEqual(navigation.viewControllers.count, 1)
        XCTAssertEqual(log.take(), [])
    }

    /// setViewControllers: the new top arrives (as a push when the old
    /// top leaves the stack), controllers no longer on the stack leave
    /// their parent and new ones join it.
    func testSetViewControllers() {
        show(navigation)
        let b = controller("B"), c = controller("C")
        navigation.setViewControllers([b, c], animated: false)
        XCTAssertEqual(navigation.viewControllers.map(LoggingViewController.name(of:)), ["B", "C"])
        XCTAssertNil(a.parent)
        XCTAssertTrue(b.parent === navigation)
        XCTAssertEqual(log.take(), ["A.willMove(nil)", "B.willMove(UINavigationController)", "C.willMove(UINavigationController)",
                                    "B.didMove(UINavigationController)",
                                    "A.willDisappear(false) [movingFrom]", "C.willAppear(false) [movingTo]", "willShow C(false)",
                                    "A.didDisappear(false) [movingFrom]", "C.didAppear(false) [movingTo]",
                                    "C.didMove(UINavigationController)", "A.didMove(nil)", "didShow C(false)"])
    }

    /// A change during a slide settles the slide first.
    func testPushDuringASlideFinishesTheSlide() {
        show(navigation)
        let b = controller("B"), c = controller("C")
        navigation.pushViewController(b, animated: true)
        navigation.pushViewController(c, animated: false)
        XCTAssertEqual(navigation.viewControllers.map(LoggingViewController.name(of:)), ["A", "B", "C"])
        XCTAssertTrue(c.view.superview === navigation.view)
        XCTAssertNil(a.view.superview)
        XCTAssertNil(b.view.superview)
        XCTAssertEqual(c.view.frame, navigation.view.bounds)
        XCTAssertEqual(b.appearanceState, .disappeared)
        XCTAssertEqual(c.appearanceState, .appeared)
    }

    /// The bar's back button pops the top controller, animated.
    func testBackButtonPops() throws {
        let b = controller("B")
        navigation.pushViewController(b, animated: false)
        show(navigation)
        let back = try XCTUnwrap(navigation.navigationBar.backButton)
        back.sendActions(for: .touchUpInside)
        XCTAssertTrue(navigation.topViewController === a)
        XCTAssertEqual(log.take().prefix(2), ["B.willMove(nil)", "B.willDisappear(true) [movingFrom]"])
    }

    /// The navigation bar shows the stack's items; the toolbar, hidden by
    /// default, shows the top controller's toolbarItems.
    func testBarsFollowTheStack() {
        show(navigation)
        a.title = "Inbox"
        let b = controller("B")
        b.title = "Message"
        let reply = UIBarButtonItem(barButtonSystemItem: .reply, target: nil, action: nil)
        b.toolbarItems = [reply]
        navigation.pushViewController(b, animated: false)
        XCTAssertEqual(navigation.navigationBar.items?.map(\.title), ["Inbox", "Message"])
        XCTAssertTrue(navigation.navigationBar.topItem === b.navigationItem)
        XCTAssertTrue(navigation.navigationBar.backItem === a.navigationItem)
        XCTAssertTrue(navigation.isToolbarHidden)
        navigation.setToolbarHidden(false, animated: false)
        navigation.view.layoutIfNeeded()
        XCTAssertFalse(navigation.toolbar.isHidden)
        XCTAssertTrue(navigation.toolbar.items?.first === reply)
        navigation.popViewController(animated: false)
        navigation.view.layoutIfNeeded()
        XCTAssertEqual(navigation.toolbar.items?.count, 0)
        XCTAssertEqual(navigation.navigationBar.items?.count, 1)
    }

    /// A push while the navigation controller is itself appearing (from
    /// the root's viewWillAppear, say) keeps every controller's callbacks
    /// balanced: the root disappears at once, the pushed one appears when
    /// the navigation controller does.
    func testPushWhileTheNavigationControllerAppears() {
        window.rootViewController = navigation
        _ = log.take()
        navigation.beginAppearanceTransition(true, animated: false)
        let b = controller("B")
        navigation.pushViewController(b, animated: true)
        navigation.endAppearanceTransition()
        XCTAssertEqual(log.take(), ["A.willAppear(false)", "B.willMove(UINavigationController)",
                                    "A.willDisappear(false)", "A.didDisappear(false)", "B.willAppear(false)",
                                    "willShow B(false)", "B.didMove(UINavigationController)", "didShow B(false)",
                                    "B.didAppear(false)"])
        XCTAssertEqual(a.appearanceState, .disappeared)
        XCTAssertEqual(b.appearanceState, .appeared)
    }
}
