import XCTest
@testable import StrataKit

/// UINavigationController's swipe back. Apple: `interactivePopGestureRecognizer`
/// is "The gesture recognizer responsible for popping the top view
/// controller off the navigation stack" — a screen-edge pan from the
/// leading edge. While the swipe runs, the popped controller has received
/// viewWillDisappear and the one below viewWillAppear; if the user lets go
/// before the pop completes, the transition is cancelled and the
/// appearance turns back (the one below disappears again, the top one
/// appears again), with nothing popped.
final class InteractivePopTests: InputTestCase {
    private let log = CallbackLog()
    private var navigation: UINavigationController!
    private var a: LoggingViewController!
    private var b: LoggingViewController!

    override func setUp() {
        super.setUp()
        a = LoggingViewController("A", log: log)
        b = LoggingViewController("B", log: log)
        navigation = UINavigationController(rootViewController: a)
        navigation.pushViewController(b, animated: false)
        window.rootViewController = navigation
        window.layoutIfNeeded()
        _ = log.take()
    }

    override func tearDown() {
        MediaClock.current = .monotonic
        window.rootViewController = nil
        navigation = nil
        a = nil
        b = nil
        super.tearDown()
    }

    private var stackNames: [String] { navigation.viewControllers.map(LoggingViewController.name(of:)) }

    /// The end of the slide is played on timers when no compositor plays it.
    private func spin(until condition: () -> Bool, timeout: TimeInterval = 3) {
        CATransaction.flush()
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
    }

    /// A finger from the left edge to `x`, resting there before it lifts
    /// (so it lets go without speed) unless `flick`.
    private func swipe(to x: CGFloat, flick: Bool = false, lift: Bool = true) {
        let end = CGPoint(x: x, y: 200)
        drag(from: CGPoint(x: 4, y: 200), to: end, steps: 10, lift: false)
        guard lift else { return }
        if !flick {
            advance(0.2)
            touchMove(to: end)
        }
        touchUp()
    }

    func testTheRecognizerIsAScreenEdgePanFromTheLeft() throws {
        let recognizer = try XCTUnwrap(navigation.interactivePopGestureRecognizer as? UIScreenEdgePanGestureRecognizer)
        XCTAssertEqual(recognizer.edges, .left)
        XCTAssertTrue(recognizer.view === navigation.view)
    }

    /// Dragged past half the width and released: the pop finishes.
    func testSwipePastHalfPops() {
        swipe(to: 254, lift: false)
        XCTAssertEqual(log.take(), ["B.willMove(nil)", "B.willDisappear(true) [movingFrom]", "A.willAppear(true)"])
        XCTAssertEqual(stackNames, ["A"], "popped as the swipe begins")
        // The top view follows the finger; the one below comes from a third of the width away.
        XCTAssertEqual(b.view.frame.minX, 250, accuracy: 0.01)
        XCTAssertEqual(a.view.frame.minX, -400 * 0.3 * (1 - 250.0 / 400), accuracy: 0.01)
        XCTAssertTrue(a.view.superview === navigation.view)
        XCTAssertTrue(b.view.superview === navigation.view)
        advance(0.2)
        touchMove(to: CGPoint(x: 254, y: 200))
        touchUp()
        spin { log.entries.count >= 3 }
        XCTAssertEqual(log.take(), ["B.didDisappear(true) [movingFrom]", "A.didAppear(true)", "B.didMove(nil)"])
        XCTAssertEqual(stackNames, ["A"])
        XCTAssertNil(b.parent)
        XCTAssertNil(b.view.superview)
        XCTAssertEqual(a.view.frame.minX, 0)
        XCTAssertFalse(b.isMovingFromParent)
    }

    /// Released before half the width, slowly: cancelled, nothing popped.
    func testSwipeBeforeHalfCancels() {
        swipe(to: 104)
        spin { log.entries.count >= 8 }
        XCTAssertEqual(log.take(), ["B.willMove(nil)", "B.willDisappear(true) [movingFrom]", "A.willAppear(true)",
                                    "A.willDisappear(true)", "A.didDisappear(true)",
                                    "B.willAppear(true)", "B.didAppear(true)",
                                    "B.didMove(UINavigationController)"])
        XCTAssertEqual(stackNames, ["A", "B"])
        XCTAssertTrue(navigation.topViewController === b)
        XCTAssertTrue(b.parent === navigation)
        XCTAssertNil(a.view.superview, "the covered view leaves again")
        XCTAssertEqual(b.view.frame.minX, 0)
        // The stack works as before: a later pop pops B.
        XCTAssertTrue(navigation.popViewController(animated: false) === b)
    }

    /// A fast flick finishes the pop even short of half the width.
    func testFlickPopsBeforeHalf() {
        swipe(to: 104, flick: true)
        spin { navigation.viewControllers.count == 1 && b.parent == nil }
        XCTAssertEqual(navigation.viewControllers.count, 1)
        XCTAssertNil(b.parent)
    }

    /// Away from the edge, or with only the root, there is no swipe back.
    func testNoSwipeAwayFromTheEdgeOrAtTheRoot() {
        drag(from: CGPoint(x: 100, y: 200), to: CGPoint(x: 350, y: 200))
        XCTAssertEqual(log.take(), [])
        XCTAssertEqual(navigation.viewControllers.count, 2)
        navigation.popViewController(animated: false)
        _ = log.take()
        swipe(to: 300)
        spin(until: { false }, timeout: 0.5)
        XCTAssertEqual(log.take(), [], "nothing to pop")
        XCTAssertEqual(stackNames, ["A"])
        XCTAssertEqual(a.view.frame.minX, 0)
    }

    /// Disabling the recognizer turns the swipe off.
    func testDisabledRecognizer() {
        navigation.interactivePopGestureRecognizer?.isEnabled = false
        swipe(to: 300)
        XCTAssertEqual(log.take(), [])
        XCTAssertEqual(navigation.viewControllers.count, 2)
    }
}
