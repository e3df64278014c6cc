import XCTest
@testable import StrataKit

/// Modal presentation, full screen, as UIViewController's reference
/// describes present(_:animated:completion:) and dismiss(animated:completion:).
/// Apple documents each controller's callbacks but not how two
/// controllers' interleave; the order here is the one UIKit gives for a
/// full-screen presentation: the presenter's viewWillDisappear, the
/// presented controller's viewWillAppear and viewDidAppear, then the
/// presenter's viewDidDisappear (for dismissal the same with the roles
/// swapped: the controller coming back is told it appeared before the
/// dismissed one is told it disappeared).
final class PresentationTests: ViewControllerTestCase {
    /// The presented controller appears over the presenter, which
    /// disappears behind it (full screen); the completion runs after
    /// viewDidAppear. isBeingPresented is true in viewWillAppear and viewDidAppear.
    func testPresentingAndDismissingWithoutAnimation() {
        let a = controller("A"), b = controller("B")
        show(a)
        a.present(b, animated: false) { self.log.entries.append("presented") }
        XCTAssertEqual(log.take(), ["A.willDisappear(false)", "B.willAppear(false) [presented]",
                                    "B.didAppear(false) [presented]", "A.didDisappear(false)", "presented"])
        XCTAssertTrue(a.presentedViewController === b)
        XCTAssertTrue(b.presentingViewController === a)
        XCTAssertTrue(b.view.superview === window, "full screen, in the window")
        XCTAssertEqual(b.view.frame, window.bounds)
        XCTAssertNil(a.view.superview, "the covered view leaves the window (.fullScreen)")
        XCTAssertFalse(b.isBeingPresented, "only during the transition")

        // "If you call this method on the presented view controller itself,
        // UIKit asks the presenting view controller to handle the dismissal."
        b.dismiss(animated: false) { self.log.entries.append("dismissed") }
        XCTAssertEqual(log.take(), ["B.willDisappear(false) [dismissed]", "A.willAppear(false)",
                                    "A.didAppear(false)", "B.didDisappear(false) [dismissed]", "dismissed"])
        XCTAssertNil(a.presentedViewController)
        XCTAssertNil(b.presentingViewController)
        XCTAssertNil(b.view.superview)
        XCTAssertTrue(a.view.superview === window, "the presenter's view is back")
    }

    /// Hiding and showing the window: only the presented controller,
    /// which is what is on screen, disappears and appears.
    func testWindowVisibilityReachesThePresentedController() {
        let a = controller("A"), b = controller("B")
        show(a)
        a.present(b, animated: false)
        _ = log.take()
        window.isHidden = true
        window.isHidden = false
        XCTAssertEqual(log.take(), ["B.willDisappear(false)", "B.didDisappear(false)", "B.willAppear(false)", "B.didAppear(false)"])
    }

    /// Animated, the presented view slides up from the bottom edge: it
    /// starts one window height down and ends at the top; the did
    /// callbacks and the completion wait for the slide.
    func testAnimatedPresentationSlidesUpFromTheBottom() {
        let a = controller("A"), b = controller("B")
        show(a)
        var completed = false
        let clock = freezeMediaClock()
        a.present(b, animated: true) { completed = true }
        XCTAssertEqual(log.take(), ["A.willDisappear(true)", "B.willAppear(true) [presented]"])
        XCTAssertEqual(b.view.frame.origin.y, 0, "the model value is the end")
        CATransaction.flush()
        XCTAssertEqual(presentedFrame(of: b.view, at: 1, on: clock).minY, 480, accuracy: 0.5, "starts below the bottom edge")
        let halfway = presentedFrame(of: b.view, at: 1 + UIViewController.presentationDuration / 2, on: clock).minY
        XCTAssertTrue(halfway > 0 && halfway < 480, "on its way up: \(halfway)")
        XCTAssertEqual(presentedFrame(of: b.view, at: 1 + UIViewController.presentationDuration, on: clock).minY, 0,
                       accuracy: 0.5, "ends at the top")
        thawMediaClock()
        spin { completed }
        XCTAssertTrue(completed)
        XCTAssertEqual(log.take(), ["B.didAppear(true) [presented]", "A.didDisappear(true)"])

        var dismissed = false
        a.dismiss(animated: true) { dismissed = true }
        XCTAssertEqual(log.take(), ["B.willDisappear(true) [dismissed]", "A.willAppear(true)"])
        XCTAssertNotNil(b.view.superview, "still there while it slides down")
        XCTAssertTrue(a.view.superview === window, "the presenter's view is back beneath it")
        spin { dismissed }
        XCTAssertEqual(log.take(), ["A.didAppear(true)", "B.didDisappear(true) [dismissed]"])
        XCTAssertNil(b.view.superview)
    }

    /// "If the view controller that receives this message is a child, the
    /// presentation is done by the nearest ancestor"; a controller that is
    /// already presenting does not present another.
    func testChildrenPresentThroughTheirAncestorAndOnlyOnce() {
        let navigation = UINavigationController(rootViewController: controller("A"))
        show(navigation)
        let b = controller("B"), c = controller("C")
        navigation.topViewController?.present(b, animated: false)
        XCTAssertTrue(b.presentingViewController === navigation)
        XCTAssertTrue(navigation.visibleViewController === b)
        navigation.present(c, animated: false)
        XCTAssertNil(c.presentingViewController, "already presenting")
        XCTAssertNil(c.viewIfLoaded?.superview)
    }

    /// show(_:sender:): "in a navigation controller, this method pushes";
    /// elsewhere it presents modally.
    func testShowPushesInANavigationControllerAndPresentsElsewhere() {
        let root = controller("A")
        let navigation = UINavigationController(rootViewController: root)
        show(navigation)
        let pushed = controller("B")
        root.show(pushed, sender: nil)
        XCTAssertTrue(navigation.topViewController === pushed)
        XCTAssertNil(navigation.presentedViewController)

        let plain = controller("C")
        window.rootViewController = plain
        let presented = controller("D")
        plain.show(presented, sender: nil)
        XCTAssertTrue(plain.presentedViewController === presented)
    }

    /// modalTransitionStyle .crossDissolve: "the current view fades out
    /// while the new view fades in at the same time"; the frame does not move.
    func testCrossDissolveFades() {
        let a = controller("A"), b = controller("B")
        b.modalTransitionStyle = .crossDissolve
        show(a)
        var completed = false
        let clock = freezeMediaClock()
        a.present(b, animated: true) { completed = true }
        CATransaction.flush()
        XCTAssertEqual(presentedFrame(of: b.view, at: 1, on: clock), window.bounds, "no slide")
        clock.time = 1 + UIViewController.presentationDuration / 2
        let opacity = b.view.layer.presentation()?.opacity ?? 1
        XCTAssertTrue(opacity > 0.05 && opacity < 0.95, "fading in: \(opacity)")
        thawMediaClock()
        spin { completed }
        XCTAssertTrue(completed)
        XCTAssertEqual(b.view.alpha, 1)
    }
}
