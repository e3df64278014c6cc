import XCTest
@testable import StrataKit

/// UIControl: the control events of a tracked touch (with UIKit's margin
/// around the bounds), its states, and target-action by method reference.
final class ControlTests: InputTestCase {
    var control: UIControl!
    var recorder: Recorder!

    final class Recorder {
        var events: [String] = []
        var senders: [UIControl] = []
        var saves = 0
        var withEvent: [UIEvent.EventType] = []

        func save() { saves += 1 }
        func send(_ sender: UIControl) { senders.append(sender) }
        func anySender(_ sender: Any) { events.append("any") }
        func withEvent(_ sender: UIControl, forEvent event: UIEvent) { withEvent.append(event.type) }
    }

    override func setUp() {
        super.setUp()
        control = UIControl(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        window.addSubview(control)
        recorder = Recorder()
        let names: [(UIControl.Event, String)] = [
            (.touchDown, "down"), (.touchDownRepeat, "repeat"), (.touchDragInside, "dragInside"),
            (.touchDragOutside, "dragOutside"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
            (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        ]
        for (event, name) in names {
            control.addAction(UIAction { [unowned self] _ in recorder.events.append(name) }, for: event)
        }
    }

    /// touchDown, drag inside, touchUpInside; highlighted while the touch is inside.
    func testTapInside() {
        touchDown(at: CGPoint(x: 150, y: 120))
        XCTAssertTrue(control.isHighlighted)
        XCTAssertTrue(control.isTracking)
        XCTAssertTrue(control.isTouchInside)
        XCTAssertEqual(control.state, .highlighted)
        touchMove(to: CGPoint(x: 160, y: 120))
        touchUp()
        XCTAssertEqual(recorder.events, ["down", "dragInside", "upInside"])
        XCTAssertFalse(control.isHighlighted)
        XCTAssertFalse(control.isTracking)
    }

    /// A tracked touch counts as inside until it is more than about 70
    /// points outside the bounds: exit, outside, enter happen past that margin.
    func testDragExitAndEnterUseTheMargin() {
        touchDown(at: CGPoint(x: 150, y: 120))
        touchMove(to: CGPoint(x: 150, y: 150 + 60))
        XCTAssertEqual(recorder.events.last, "dragInside", "60 points out is still inside")
        touchMove(to: CGPoint(x: 150, y: 150 + UIControl.touchInsideMargin + 10))
        XCTAssertEqual(recorder.events.last, "exit")
        XCTAssertFalse(control.isHighlighted)
        XCTAssertFalse(control.isTouchInside)
        touchMove(to: CGPoint(x: 150, y: 300))
        XCTAssertEqual(recorder.events.last, "dragOutside")
        touchMove(to: CGPoint(x: 150, y: 130))
        XCTAssertEqual(recorder.events.last, "enter")
        XCTAssertTrue(control.isHighlighted)
        touchMove(to: CGPoint(x: 150, y: 300))
        touchUp()
        XCTAssertEqual(recorder.events.suffix(2), ["exit", "upOutside"])
    }

    /// touchDownRepeat: "a repeated touch-down event in the control; for
    /// this event the value of the UITouch tapCount method is greater than one."
    func testTouchDownRepeat() {
        tap(at: CGPoint(x: 150, y: 120))
        advance(0.1)
        tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(recorder.events, ["down", "upInside", "down", "repeat", "upInside"])
    }

    /// touchCancel when the system cancels the touch.
    func testCancel() {
        touchDown(at: CGPoint(x: 150, y: 120))
        window.receive(.touchCancel(timestamp: clock.now))
        XCTAssertEqual(recorder.events, ["down", "cancel"])
        XCTAssertFalse(control.isHighlighted)
    }

    /// isEnabled false: the control ignores touches; .disabled in its state.
    func testDisabledControlGetsNoTouches() {
        control.isEnabled = false
        XCTAssertEqual(control.state, .disabled)
        tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(recorder.events, [])
        XCTAssertFalse(control.isTracking)
        control.isSelected = true
        XCTAssertEqual(control.state, [.disabled, .selected])
    }

    /// Disabled while a touch is tracked: the touch ends as a cancel, and
    /// the control is left neither highlighted nor tracking.
    func testDisablingMidTouchCancelsTheTracking() {
        touchDown(at: CGPoint(x: 150, y: 120))
        control.isEnabled = false
        touchUp()
        XCTAssertEqual(recorder.events, ["down", "cancel"])
        XCTAssertFalse(control.isHighlighted)
        XCTAssertFalse(control.isTracking)
    }

    /// addTarget(_:action:for:) with method references: without a sender,
    /// with the sender (as UIControl or Any), with sender and event.
    func testTargetActionForms() {
        control.addTarget(recorder, action: Recorder.save, for: .touchUpInside)
        control.addTarget(recorder, action: Recorder.send, for: .touchUpInside)
        control.addTarget(recorder, action: Recorder.anySender, for: .touchUpInside)
        control.addTarget(recorder, action: Recorder.withEvent, for: [.touchDown, .touchUpInside])
        tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(recorder.saves, 1)
        XCTAssertEqual(recorder.senders.count, 1)
        XCTAssertTrue(recorder.senders.first === control)
        XCTAssertTrue(recorder.events.contains("any"))
        XCTAssertEqual(recorder.withEvent, [.touches, .touches])
        XCTAssertTrue(control.allControlEvents.contains(.touchUpInside))
        XCTAssertEqual(control.allTargets.count, 4)
    }

    /// Targets are held weakly; removeTarget with a nil action removes the target's actions.
    func testWeakTargetsAndRemoval() {
        var temporary: Recorder? = Recorder()
        control.addTarget(temporary, action: Recorder.save, for: .touchUpInside)
        weak let released = temporary
        temporary = nil
        XCTAssertNil(released)
        control.addTarget(recorder, action: Recorder.save, for: [.touchDown, .touchUpInside])
        control.removeTarget(recorder, action: nil, for: .touchDown)
        tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(recorder.saves, 1, "only touchUpInside is left")
        control.removeTarget(nil, action: nil, for: .allEvents)
        XCTAssertTrue(control.allTargets.isEmpty)
    }

    /// A nil target sends the action up the responder chain from the first
    /// responder, to the first responder that has the method.
    func testNilTargetUsesTheResponderChain() {
        final class Container: UIView {
            var saves = 0
            func save() { saves += 1 }
        }
        let container = Container(frame: window.bounds)
        window.addSubview(container)
        container.addSubview(control)
        control.addTarget(nil, action: Container.save, for: .touchUpInside)
        tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(container.saves, 1)
        control.sendAction(Container.save, to: nil, for: nil)
        XCTAssertEqual(container.saves, 2, "sendAction(_:to:for:)")
        control.sendAction(Recorder.send, to: recorder, for: nil)
        XCTAssertTrue(recorder.senders.first === control)
    }

    /// UIAction: addAction replaces an action with the same identifier;
    /// removeAction(identifiedBy:for:); UIControl(frame:primaryAction:)
    /// registers .primaryActionTriggered, which a plain control never sends itself.
    func testActions() {
        var count = 0
        let id = UIAction.Identifier("count")
        control.addAction(UIAction(identifier: id) { _ in count += 1 }, for: .touchUpInside)
        control.addAction(UIAction(identifier: id) { _ in count += 10 }, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        XCTAssertEqual(count, 10)
        control.removeAction(identifiedBy: id, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        XCTAssertEqual(count, 10)
        var sender: Any?
        let primary = UIControl(frame: CGRect(x: 0, y: 0, width: 50, height: 50),
                                primaryAction: UIAction(title: "Go") { sender = $0.sender })
        window.addSubview(primary)
        tap(at: CGPoint(x: 10, y: 10))
        XCTAssertNil(sender)
        primary.sendActions(for: .primaryActionTriggered)
        XCTAssertTrue(sender as? UIControl === primary)
    }

    /// Event Handling Guide: "If you have a single tap gesture recognizer
    /// attached to a button's parent view, and the user taps the button,
    /// then the button's action method receives the touch event instead of
    /// the gesture recognizer."
    func testControlPrevailsOverAnAncestorsSingleTap() {
        final class Counter {
            var taps = 0
            func tapped() { taps += 1 }
        }
        let counter = Counter()
        window.addGestureRecognizer(UITapGestureRecognizer(target: counter, action: Counter.tapped))
        tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(recorder.events, ["down", "upInside"])
        XCTAssertEqual(counter.taps, 0)
        advance(1)
        tap(at: CGPoint(x: 10, y: 10))
        XCTAssertEqual(counter.taps, 1, "elsewhere the tap is recognized")
    }
}
