import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// Input from the compositor's seat to views, end to end: `strata input`
/// (the real command-line tool) injects at output coordinates, the
/// compositor routes to this process's window through wl_seat, and
/// StrataKit delivers along UIKit's paths. Each test turns the main run
/// loop until the app has seen what it should.
final class InputEndToEndTests: KitTestCase {
    /// Records the touches a view is sent, in its own coordinates.
    final class TouchRecorder: UIView {
        struct Record: Equatable {
            var phase: UITouch.Phase
            var location: CGPoint
            var type: UITouch.TouchType
            var tapCount: Int
        }
        var records: [Record] = []
        var buttonMasks: [UIEvent.ButtonMask] = []
        var isSameTouch = true
        private var touch: UITouch?

        private func record(_ touches: Set<UITouch>, _ event: UIEvent?) {
            for touch in touches {
                if self.touch == nil { self.touch = touch } else if self.touch !== touch { isSameTouch = false }
                records.append(Record(phase: touch.phase, location: touch.location(in: self), type: touch.type,
                                      tapCount: touch.tapCount))
                XCTAssertTrue(touch.view === self)
                XCTAssertTrue(touch.window === window)
            }
            if let event { buttonMasks.append(event.buttonMask) }
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches, event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches, event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches, event); touch = nil }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { record(touches, event); touch = nil }
        var phases: [UITouch.Phase] { records.map(\.phase) }
    }

    /// Takes typed text as a first responder, as a text field does.
    final class KeyInputView: UIView, UIKeyInput {
        var text = ""
        var hasText: Bool { !text.isEmpty }
        func insertText(_ text: String) { self.text += text }
        func deleteBackward() { if !text.isEmpty { text.removeLast() } }
        override var canBecomeFirstResponder: Bool { true }
    }

    private var window: UIWindow!
    /// The window's top left on the output.
    private var origin = (x: 0, y: 0)

    /// A 200×150 window with `views` in it, shown, its origin known.
    private func showWindow(title: String = "Input", _ views: UIView...) throws {
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        window.title = title
        window.backgroundColor = .white
        for view in views { window.addSubview(view) }
        show(window)
        origin = try origin(of: serverWindow(titled: title))
    }


    /// Output coordinates of a point in the window, as text for `strata input`.
    private func x(_ windowX: CGFloat) -> String { "\(CGFloat(origin.x) + windowX)" }
    private func y(_ windowY: CGFloat) -> String { "\(CGFloat(origin.y) + windowY)" }

    override func setUpWithError() throws {
        try startCompositor(width: 400, height: 300)
    }

    override func tearDown() {
        // XCTest keeps every test case object to the end of the run: the
        // window must not outlive its test.
        window = nil
        super.tearDown()
    }

    /// "The window object uses hit-testing … to find the view in which the
    /// touch occurred", and the touch reports its location in that view.
    /// A click is a touch from the pointer (`.indirectPointer`).
    func testAClickIsOneTouchDeliveredToTheHitView() throws {
        let recorder = TouchRecorder(frame: CGRect(x: 50, y: 40, width: 80, height: 60))
        try showWindow(recorder)
        try strata.input("click", x(60), y(50))
        XCTAssertTrue(runMainLoop(until: { recorder.phases == [.began, .ended] }), "touches seen: \(recorder.records)")
        XCTAssertEqual(recorder.records.first?.location, CGPoint(x: 10, y: 10))
        XCTAssertEqual(recorder.records.first?.type, .indirectPointer)
        XCTAssertEqual(recorder.buttonMasks.first, .primary)
        XCTAssertTrue(recorder.isSameTouch)
    }

    /// A press, drag and release is one touch whose moves stay with the view
    /// it began in, even outside it (the compositor's implicit grab, and
    /// UIKit's rule that a touch stays with its view).
    func testADragIsOneTouchThatStaysWithItsView() throws {
        let recorder = TouchRecorder(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        try showWindow(recorder)
        try strata.input("drag", x(30), y(30), x(150), y(120), "--steps", "4")
        XCTAssertTrue(runMainLoop(until: { recorder.phases.last == .ended }), "touches seen: \(recorder.records)")
        XCTAssertEqual(recorder.phases.first, .began)
        XCTAssertGreaterThanOrEqual(recorder.phases.filter { $0 == .moved }.count, 3)
        XCTAssertEqual(recorder.records.last?.location, CGPoint(x: 130, y: 100))
        XCTAssertTrue(recorder.isSameTouch)
    }

    /// A tap on the touchscreen is a `.direct` touch.
    func testATouchscreenTapIsADirectTouch() throws {
        let recorder = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        try showWindow(recorder)
        try strata.input("tap", x(100), y(75))
        XCTAssertTrue(runMainLoop(until: { recorder.phases == [.began, .ended] }), "touches seen: \(recorder.records)")
        XCTAssertEqual(recorder.records.first?.type, .direct)
        XCTAssertEqual(recorder.records.first?.location, CGPoint(x: 100, y: 75))
    }

    /// Two clicks in quick succession: the second touch's `tapCount` is 2.
    func testADoubleClickCountsTwoTaps() throws {
        let recorder = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        try showWindow(recorder)
        try strata.input("click", x(80), y(80), "--count", "2")
        XCTAssertTrue(runMainLoop(until: { recorder.records.count == 4 }), "touches seen: \(recorder.records)")
        XCTAssertEqual(recorder.records.map(\.tapCount), [1, 1, 2, 2])
    }

    /// The secondary button: `UIEvent.buttonMask` says which button is down.
    func testARightClickCarriesTheSecondaryButtonMask() throws {
        let recorder = TouchRecorder(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        try showWindow(recorder)
        try strata.input("click", x(20), y(20), "--button", "right")
        XCTAssertTrue(runMainLoop(until: { recorder.phases.last == .ended }), "touches seen: \(recorder.records)")
        XCTAssertEqual(recorder.buttonMasks.first, .secondary)
    }

    /// The pan recognizer's translation follows the drag, and the view it
    /// moves reaches the compositor's tree.
    func testAPanRecognizerDragsAView() throws {
        let card = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        card.backgroundColor = .red
        final class Mover {
            var states: [UIGestureRecognizer.State] = []
            func pan(_ pan: UIPanGestureRecognizer) {
                states.append(pan.state)
                guard let view = pan.view, let superview = view.superview else { return }
                let t = pan.translation(in: superview)
                view.center = CGPoint(x: view.center.x + t.x, y: view.center.y + t.y)
                pan.setTranslation(.zero, in: superview)
            }
        }
        let mover = Mover()
        card.addGestureRecognizer(UIPanGestureRecognizer(target: mover, action: Mover.pan))
        try showWindow(card)
        try strata.input("drag", x(35), y(35), x(135), y(85), "--steps", "10")
        XCTAssertTrue(runMainLoop(until: { mover.states.last == .ended }), "pan states: \(mover.states)")
        XCTAssertEqual(mover.states.first, .began)
        XCTAssertEqual(card.center, CGPoint(x: 135, y: 85))
        // The move reaches the compositor with the next commit.
        func cardPosition() throws -> CGPoint? {
            try appRootLayer(of: serverWindow(titled: "Input")).sublayers.first?.point("position")
        }
        XCTAssertTrue(try runMainLoop(until: { try cardPosition() == CGPoint(x: 135, y: 85) }),
                      "the compositor has the card at \(String(describing: try? cardPosition()))")
    }

    /// Pinch and rotation with two touch points moved one at a time, as
    /// `strata input touch` drives them.
    func testTwoTouchPointsPinchAndRotate() throws {
        let photo = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        final class Watcher: NSObject, UIGestureRecognizerDelegate {
            var scale: CGFloat = 1, rotation: CGFloat = 0, ended = 0
            func pinch(_ pinch: UIPinchGestureRecognizer) { scale = pinch.scale; if pinch.state == .ended { ended += 1 } }
            func rotate(_ r: UIRotationGestureRecognizer) { rotation = r.rotation; if r.state == .ended { ended += 1 } }
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { true }
        }
        let watcher = Watcher()
        let pinch = UIPinchGestureRecognizer(target: watcher, action: Watcher.pinch)
        let rotation = UIRotationGestureRecognizer(target: watcher, action: Watcher.rotate)
        pinch.delegate = watcher
        rotation.delegate = watcher
        photo.addGestureRecognizer(pinch)
        photo.addGestureRecognizer(rotation)
        try showWindow(photo)
        // Fingers 40 apart, horizontally; then the second one goes to 80
        // apart, straight below the first's right side: twice the distance,
        // turned a quarter turn.
        try strata.input("touch", "down", "1", x(60), y(40))
        try strata.input("touch", "down", "2", x(100), y(40))
        for step in 1...8 {
            let angle = CGFloat(step) / 8 * .pi / 2, distance = 40 + 40 * CGFloat(step) / 8
            try strata.input("touch", "move", "2", x(60 + distance * cos(angle)), y(40 + distance * sin(angle)))
        }
        try strata.input("touch", "up", "2")
        try strata.input("touch", "up", "1")
        XCTAssertTrue(runMainLoop(until: { watcher.ended == 2 }), "scale \(watcher.scale), rotation \(watcher.rotation)")
        XCTAssertEqual(watcher.scale, 2, accuracy: 0.01)
        XCTAssertEqual(watcher.rotation, .pi / 2, accuracy: 0.01)
    }

    /// Typed keys go to the first responder; a `UIKeyInput` adopter gets
    /// `insertText(_:)` and `deleteBackward()`.
    func testTypedTextReachesTheFirstResponder() throws {
        let field = KeyInputView(frame: CGRect(x: 10, y: 10, width: 180, height: 30))
        try showWindow(field)
        XCTAssertTrue(field.becomeFirstResponder())
        try strata.input("type", "Hi, Strata!")
        XCTAssertTrue(runMainLoop(until: { field.text == "Hi, Strata!" }), "typed: \(field.text)")
        try strata.input("key", "BackSpace")
        XCTAssertTrue(runMainLoop(until: { field.text == "Hi, Strata" }), "after backspace: \(field.text)")
    }

    /// A held key repeats at the compositor's rate (wl_keyboard.repeat_info;
    /// the client repeats it, as Wayland asks), until it is released.
    func testAHeldKeyRepeatsUntilReleased() throws {
        let field = KeyInputView(frame: CGRect(x: 10, y: 10, width: 180, height: 30))
        try showWindow(field)
        XCTAssertTrue(field.becomeFirstResponder())
        try strata.input("key", "x", "--down")
        XCTAssertTrue(runMainLoop(until: { field.text.count >= 4 }, timeout: 5), "typed: \(field.text)")
        try strata.input("key", "x", "--up")
        runMainLoop(for: 0.1)
        let typed = field.text
        XCTAssertEqual(Set(typed), ["x"])
        runMainLoop(for: 0.3)
        XCTAssertEqual(field.text, typed, "the key went on repeating after it was released")
    }

    /// A window hidden while a key is held stops getting it: the
    /// compositor's leave (for a surface already gone) ends the repeat.
    func testHidingTheWindowEndsAHeldKeysRepeat() throws {
        let field = KeyInputView(frame: CGRect(x: 10, y: 10, width: 180, height: 30))
        try showWindow(field)
        XCTAssertTrue(field.becomeFirstResponder())
        try strata.input("key", "x", "--down")
        XCTAssertTrue(runMainLoop(until: { field.text.count >= 2 }, timeout: 5), "typed: \(field.text)")
        window.isHidden = true
        XCTAssertTrue(runMainLoop(until: { (try? self.strata.windows().isEmpty) ?? false }))
        runMainLoop(for: 0.1)
        let typed = field.text
        runMainLoop(for: 0.3)
        XCTAssertEqual(field.text, typed, "the key went on repeating into the hidden window")
        try strata.input("key", "x", "--up")
    }

    /// Keyboard focus makes a window key: clicking the other window moves
    /// it, with UIKit's notifications.
    func testClickingAWindowMakesItKey() throws {
        try showWindow(title: "First")
        let first = window!
        let firstOrigin = origin
        let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
        second.title = "Second"
        second.backgroundColor = .blue
        show(second)
        let secondOrigin = try origin(of: serverWindow(titled: "Second"))
        XCTAssertTrue(runMainLoop(until: { second.isKeyWindow }), "the new window did not get keyboard focus")

        final class Titles { var became: [String] = [] }
        let titles = Titles()
        let observer = NotificationCenter.default.addObserver(forName: UIWindow.didBecomeKeyNotification, object: nil,
                                                              queue: nil) { [titles] note in
            titles.became.append((note.object as? UIWindow)?.title ?? "?")
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        // A point of the first window outside the second.
        let point = (x: firstOrigin.x + 190, y: firstOrigin.y + 140)
        XCTAssertFalse(point.x >= secondOrigin.x && point.x < secondOrigin.x + 100
                       && point.y >= secondOrigin.y && point.y < secondOrigin.y + 80)
        try strata.input("click", "\(point.x)", "\(point.y)")
        XCTAssertTrue(runMainLoop(until: { first.isKeyWindow }), "clicking the first window did not make it key")
        XCTAssertFalse(second.isKeyWindow)
        XCTAssertEqual(titles.became, ["First"])
    }

    /// The wheel reaches views through a pan recognizer that allows scroll
    /// events (`allowedScrollTypesMask`), as on iPadOS.
    func testTheWheelPansARecognizerThatAllowsScrolling() throws {
        let list = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        final class Scroller {
            var total = CGPoint.zero
            func pan(_ pan: UIPanGestureRecognizer) { total = pan.translation(in: pan.view) }
        }
        let scroller = Scroller()
        let pan = UIPanGestureRecognizer(target: scroller, action: Scroller.pan)
        pan.allowedScrollTypesMask = .all
        list.addGestureRecognizer(pan)
        try showWindow(list)
        try strata.input("move", x(100), y(75))
        try strata.input("scroll", "0", "30")
        XCTAssertTrue(runMainLoop(until: { scroller.total != .zero }), "the pan recognizer saw no scrolling")
        // wl_pointer.axis is positive for scrolling down (content moves
        // up); a pan's translation is the finger's that would do it: upward.
        XCTAssertEqual(scroller.total.x, 0)
        XCTAssertEqual(scroller.total.y, -30, accuracy: 0.01)
    }

    /// A touchpad's pinch (zwp_pointer_gestures_v1, from `strata input
    /// pinch`) drives the pinch and rotation recognizers under the pointer,
    /// as a trackpad's does on iPadOS: no touches, at the pointer.
    func testATouchpadPinchScalesAndRotatesThroughTheRecognizers() throws {
        let photo = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        final class Recorder {
            var pinchStates: [UIGestureRecognizer.State] = []
            var rotationStates: [UIGestureRecognizer.State] = []
            var scale: CGFloat = 1
            var rotation: CGFloat = 0
            var touches: [Int] = []
            var location = CGPoint.zero
            func pinch(_ pinch: UIPinchGestureRecognizer) {
                pinchStates.append(pinch.state)
                scale = pinch.scale
                touches.append(pinch.numberOfTouches)
                location = pinch.location(in: pinch.view)
            }
            func rotate(_ rotation: UIRotationGestureRecognizer) {
                rotationStates.append(rotation.state)
                self.rotation = rotation.rotation
            }
        }
        let recorder = Recorder()
        let pinch = UIPinchGestureRecognizer(target: recorder, action: Recorder.pinch)
        let rotation = UIRotationGestureRecognizer(target: recorder, action: Recorder.rotate)
        // Both at once, as photo viewers let them.
        final class Both: UIGestureRecognizerDelegate {
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                   shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { true }
        }
        let both = Both()
        pinch.delegate = both
        rotation.delegate = both
        photo.addGestureRecognizer(pinch)
        photo.addGestureRecognizer(rotation)
        try showWindow(photo)
        try strata.input("move", x(120), y(70))
        try strata.input("pinch", "2", "--rotation", "90", "--steps", "8")
        XCTAssertTrue(runMainLoop(until: { recorder.pinchStates.last == .ended && recorder.rotationStates.last == .ended }),
                      "pinch \(recorder.pinchStates), rotation \(recorder.rotationStates)")
        XCTAssertEqual(recorder.pinchStates.first, .began)
        XCTAssertEqual(recorder.rotationStates.first, .began)
        XCTAssertEqual(recorder.scale, 2, accuracy: 0.01, "the fingers spread to twice their distance")
        XCTAssertEqual(recorder.rotation, .pi / 2, accuracy: 0.01, "a quarter turn clockwise, in radians")
        XCTAssertEqual(Set(recorder.touches), [0], "no touches: the touchpad is an indirect input")
        XCTAssertEqual(recorder.location, CGPoint(x: 120, y: 70), "at the pointer")
    }
}
