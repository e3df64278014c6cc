import XCTest
@testable import StrataKit

/// UIScreenEdgePanGestureRecognizer: "A gesture recognizer that looks for
/// panning (dragging) gestures that start near an edge of the screen";
/// `edges`: "The acceptable starting edges for the gesture."
///
/// UIHoverGestureRecognizer: "A continuous gesture recognizer that
/// interprets pointer movement over a view" — it begins when the pointer
/// enters the view, changes as it moves within it, and ends when it leaves.
final class EdgePanAndHoverTests: InputTestCase {
    final class Handler {
        var states: [UIGestureRecognizer.State] = []
        var locations: [CGPoint] = []
        var translations: [CGPoint] = []
        func handle(_ sender: UIGestureRecognizer) {
            states.append(sender.state)
            locations.append(sender.location(in: sender.view))
            if let pan = sender as? UIPanGestureRecognizer { translations.append(pan.translation(in: sender.view)) }
        }
    }

    private var handler: Handler!
    private var view: RecordingView!

    override func setUp() {
        super.setUp()
        handler = Handler()
        view = RecordingView(frame: window.bounds)
        window.addSubview(view)
    }

    override func tearDown() {
        handler = nil
        view = nil
        super.tearDown()
    }

    private func addEdgePan(_ edges: UIRectEdge) -> UIScreenEdgePanGestureRecognizer {
        let pan = UIScreenEdgePanGestureRecognizer(target: handler, action: Handler.handle)
        pan.edges = edges
        view.addGestureRecognizer(pan)
        return pan
    }

    func testEdgePanBeginsOnlyNearItsEdge() {
        _ = addEdgePan(.left)
        // From the middle of the window: no pan, and the view keeps its touches.
        drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 350, y: 200))
        XCTAssertEqual(handler.states, [])
        XCTAssertEqual(view.log.last, "ended")
        // 30 points in: still too far from the edge.
        drag(from: CGPoint(x: 30, y: 200), to: CGPoint(x: 200, y: 200))
        XCTAssertEqual(handler.states, [])
        // Near the right edge, when only the left one is watched.
        drag(from: CGPoint(x: 395, y: 200), to: CGPoint(x: 200, y: 200))
        XCTAssertEqual(handler.states, [])
        // From 5 points in, away from the edge: a pan.
        view.log = []
        drag(from: CGPoint(x: 5, y: 200), to: CGPoint(x: 155, y: 200))
        XCTAssertEqual(handler.states.first, .began)
        XCTAssertEqual(handler.states.last, .ended)
        XCTAssertEqual(handler.translations.last?.x ?? 0, 150, accuracy: 0.01)
        XCTAssertEqual(view.log.last, "cancelled", "the view's touch is cancelled once the pan begins")
    }

    func testEdgePanFailsWhenMovingAlongTheEdge() {
        _ = addEdgePan(.left)
        drag(from: CGPoint(x: 5, y: 100), to: CGPoint(x: 10, y: 300))
        XCTAssertEqual(handler.states, [], "along the edge, not away from it")
    }

    func testEdgePanWatchesTheEdgesItIsGiven() {
        _ = addEdgePan([.right, .bottom])
        drag(from: CGPoint(x: 395, y: 200), to: CGPoint(x: 250, y: 200))
        XCTAssertEqual(handler.states.first, .began)
        handler.states = []
        drag(from: CGPoint(x: 200, y: 390), to: CGPoint(x: 200, y: 250))
        XCTAssertEqual(handler.states.first, .began)
        handler.states = []
        drag(from: CGPoint(x: 5, y: 200), to: CGPoint(x: 150, y: 200))
        XCTAssertEqual(handler.states, [], "the left edge is not one of them")
        let none = UIScreenEdgePanGestureRecognizer()
        XCTAssertEqual(none.edges, [], "no edges until set")
    }

    func testHoverBeginsChangesAndEnds() {
        let target = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        view.addSubview(target)
        let hover = UIHoverGestureRecognizer(target: handler, action: Handler.handle)
        target.addGestureRecognizer(hover)

        pointerMove(to: CGPoint(x: 50, y: 50))
        XCTAssertEqual(handler.states, [], "outside the view")
        pointerMove(to: CGPoint(x: 120, y: 130))
        XCTAssertEqual(handler.states, [.began])
        XCTAssertEqual(handler.locations.last, CGPoint(x: 20, y: 30))
        pointerMove(to: CGPoint(x: 150, y: 160))
        XCTAssertEqual(handler.states, [.began, .changed])
        XCTAssertEqual(hover.location(in: target), CGPoint(x: 50, y: 60))
        XCTAssertEqual(hover.location(in: nil), CGPoint(x: 150, y: 160), "nil: the window")
        pointerMove(to: CGPoint(x: 250, y: 160))
        XCTAssertEqual(handler.states, [.began, .changed, .ended])
        XCTAssertEqual(hover.state, .possible, "ready for the next hover")

        // Again, then the pointer leaves the window.
        pointerMove(to: CGPoint(x: 150, y: 150))
        window.receive(.pointerLeave(timestamp: clock.now))
        XCTAssertEqual(handler.states, [.began, .changed, .ended, .began, .ended])
        XCTAssertEqual(view.log, [], "hovering is no touch")
    }

    /// A press is a touch, not a hover: motion while a button is down moves
    /// the touch and leaves the hover where it was.
    func testPointerMotionDuringAPressDoesNotHover() {
        let target = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        view.addSubview(target)
        let hover = UIHoverGestureRecognizer(target: handler, action: Handler.handle)
        target.addGestureRecognizer(hover)
        pointerMove(to: CGPoint(x: 50, y: 50))
        pointerButton(pressed: true)
        pointerMove(to: CGPoint(x: 150, y: 150))
        pointerMove(to: CGPoint(x: 160, y: 150))
        XCTAssertEqual(handler.states, [])
        pointerButton(pressed: false)
        pointerMove(to: CGPoint(x: 170, y: 150))
        XCTAssertEqual(handler.states, [.began])
    }

    func testDisabledHoverRecognizerStaysQuiet() {
        let hover = UIHoverGestureRecognizer(target: handler, action: Handler.handle)
        hover.isEnabled = false
        view.addGestureRecognizer(hover)
        pointerMove(to: CGPoint(x: 150, y: 150))
        XCTAssertEqual(handler.states, [])
    }
}
