import XCTest
@testable import StrataKit

/// A shown window fed with synthesized WindowInput, on a clock the test advances.
class InputTestCase: XCTestCase {
    var clock: ManualEventClock!
    var window: UIWindow!

    override func setUp() {
        super.setUp()
        clock = ManualEventClock()
        EventClocks.current = clock
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.isHidden = false
    }

    override func tearDown() {
        window.isHidden = true
        window = nil
        EventClocks.current = MainQueueEventClock()
        super.tearDown()
    }

    func advance(_ seconds: TimeInterval) { clock.advance(by: seconds) }

    // Fingers: each call is one wl_touch frame.
    func touchDown(_ id: Int32 = 0, at point: CGPoint) {
        window.receive(.touchDown(id: id, location: point, timestamp: clock.now))
        window.receive(.touchFrame)
    }

    func touchMove(_ id: Int32 = 0, to point: CGPoint) {
        window.receive(.touchMotion(id: id, location: point, timestamp: clock.now))
        window.receive(.touchFrame)
    }

    func touchUp(_ id: Int32 = 0) {
        window.receive(.touchUp(id: id, timestamp: clock.now))
        window.receive(.touchFrame)
    }

    /// Down, 50 ms, up.
    func tap(at point: CGPoint, id: Int32 = 0) {
        touchDown(id, at: point)
        advance(0.05)
        touchUp(id)
    }

    /// A drag in `steps` moves of 10 ms each.
    func drag(from start: CGPoint, to end: CGPoint, steps: Int = 10, id: Int32 = 0, lift: Bool = true) {
        touchDown(id, at: start)
        for step in 1...steps {
            advance(0.01)
            let t = CGFloat(step) / CGFloat(steps)
            touchMove(id, to: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
        if lift { touchUp(id) }
    }

    // The pointer.
    func pointerMove(to point: CGPoint) {
        window.receive(.pointerMotion(location: point, timestamp: clock.now))
    }

    func pointerButton(_ button: PointerButton = .primary, pressed: Bool) {
        window.receive(.pointerButton(button, isPressed: pressed, timestamp: clock.now))
    }

    func click(at point: CGPoint, button: PointerButton = .primary) {
        pointerMove(to: point)
        pointerButton(button, pressed: true)
        advance(0.05)
        pointerButton(button, pressed: false)
    }
}

/// A view that writes down the touches methods it gets.
class RecordingView: UIView {
    var log: [String] = []
    var lastEvent: UIEvent?
    var lastTouches: Set<UITouch> = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("began", touches, event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("moved", touches, event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("ended", touches, event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("cancelled", touches, event)
    }

    private func record(_ name: String, _ touches: Set<UITouch>, _ event: UIEvent?) {
        log.append(touches.count == 1 ? name : "\(name) \(touches.count)")
        lastTouches = touches
        lastEvent = event
    }
}
