import XCTest
@testable import StrataKit

/// Gesture recognizers as UIKit documents them: states, target-action,
/// arbitration between recognizers, and how they hold back or cancel the
/// touches of their view.
final class GestureRecognizerTests: InputTestCase {
    var view: RecordingView!
    var handler: Handler!

    final class Handler {
        var taps: [UIGestureRecognizer.State] = []
        var states: [UIGestureRecognizer.State] = []
        var plainCalls = 0
        var translations: [CGPoint] = []

        var locations: [CGPoint] = []

        func handleTap(_ sender: UITapGestureRecognizer) {
            taps.append(sender.state)
            locations.append(sender.location(in: sender.view))
        }
        func handle(_ sender: UIGestureRecognizer) { states.append(sender.state) }
        func handlePan(_ sender: UIPanGestureRecognizer) {
            states.append(sender.state)
            translations.append(sender.translation(in: sender.view))
        }
        func plain() { plainCalls += 1 }
    }

    final class Delegate: UIGestureRecognizerDelegate {
        var shouldBegin = true
        var shouldReceive = true
        var simultaneous = false
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { shouldReceive }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { simultaneous }
    }

    override func setUp() {
        super.setUp()
        view = RecordingView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        window.addSubview(view)
        handler = Handler()
    }

    let center = CGPoint(x: 200, y: 200)

    /// UITapGestureRecognizer is discrete: the action runs once, in the
    /// .recognized (.ended) state; the sender parameter may be the subclass.
    /// cancelsTouchesInView (default true): the view gets touchesCancelled.
    func testTapRecognizesAndCancelsTheViewsTouch() {
        let tap = UITapGestureRecognizer(target: handler, action: Handler.handleTap)
        view.addGestureRecognizer(tap)
        XCTAssertTrue(tap.view === view)
        XCTAssertTrue(tap.cancelsTouchesInView)
        XCTAssertFalse(tap.delaysTouchesBegan)
        XCTAssertTrue(tap.delaysTouchesEnded)
        self.tap(at: center)
        XCTAssertEqual(handler.taps, [.recognized])
        XCTAssertEqual(view.log, ["began", "cancelled"])
        XCTAssertEqual(tap.state, .possible, "reset after the touches ended")
        XCTAssertEqual(handler.locations, [CGPoint(x: 100, y: 100)], "location(in:) during the action")
    }

    /// With cancelsTouchesInView false the view gets its touchesEnded after recognition.
    func testTapWithoutCancellingTouches() {
        let tap = UITapGestureRecognizer(target: handler, action: Handler.plain)
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
        self.tap(at: center)
        XCTAssertEqual(handler.plainCalls, 1, "an action without a sender")
        XCTAssertEqual(view.log, ["began", "ended"])
    }

    /// A tap fails when the finger moves too far or stays down too long; the
    /// view then gets its (delayed) touchesEnded.
    func testTapFailsWhenMovedOrHeld() {
        let tap = UITapGestureRecognizer(target: handler, action: Handler.handleTap)
        view.addGestureRecognizer(tap)
        drag(from: center, to: CGPoint(x: 240, y: 200))
        XCTAssertEqual(handler.taps, [])
        XCTAssertEqual(view.log.first, "began")
        XCTAssertEqual(view.log.last, "ended")
        touchDown(at: center)
        advance(UITapGestureRecognizer.maximumTapDuration + 0.1)
        touchUp()
        XCTAssertEqual(handler.taps, [])
    }

    /// A tap needs the primary button by default (buttonMaskRequired).
    func testTapButtonMask() {
        let tap = UITapGestureRecognizer(target: handler, action: Handler.handleTap)
        view.addGestureRecognizer(tap)
        XCTAssertEqual(tap.buttonMaskRequired, .primary)
        click(at: center, button: .secondary)
        XCTAssertEqual(handler.taps, [])
        advance(1)
        click(at: center)
        XCTAssertEqual(handler.taps, [.recognized])
    }

    /// require(toFail:): "a single-tap recognizer that requires a
    /// double-tap recognizer to fail" fires only once the double tap fails;
    /// when the double tap succeeds, the single tap fails.
    func testSingleTapWaitsForDoubleTapToFail() {
        let single = UITapGestureRecognizer(target: handler, action: Handler.handleTap)
        let double = UITapGestureRecognizer(target: handler, action: Handler.handle)
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        self.tap(at: center)
        XCTAssertEqual(handler.taps, [], "waiting for the double tap")
        advance(MultiTapDetector.maximumInterval + 0.01)
        XCTAssertEqual(handler.taps, [.recognized])
        XCTAssertEqual(handler.states, [])
        advance(1)
        self.tap(at: center)
        advance(0.1)
        self.tap(at: center)
        XCTAssertEqual(handler.states, [.recognized])
        advance(1)
        XCTAssertEqual(handler.taps, [.recognized], "the single tap failed")
    }

    /// UILongPressGestureRecognizer: continuous; begins after
    /// minimumPressDuration (0.5 s), changes with movement, ends on lift; a
    /// shorter press fails.
    func testLongPress() {
        let press = UILongPressGestureRecognizer(target: handler, action: Handler.handle)
        view.addGestureRecognizer(press)
        XCTAssertEqual(press.minimumPressDuration, 0.5)
        XCTAssertEqual(press.allowableMovement, 10)
        touchDown(at: center)
        advance(0.3)
        touchUp()
        XCTAssertEqual(handler.states, [])
        advance(1)
        touchDown(at: center)
        advance(0.6)
        XCTAssertEqual(handler.states, [.began])
        XCTAssertEqual(view.log.last, "cancelled", "recognizing cancels the view's touch")
        touchMove(to: CGPoint(x: 250, y: 250))
        touchUp()
        XCTAssertEqual(handler.states, [.began, .changed, .ended])
    }

    /// A long press fails when the touch moves beyond allowableMovement first.
    func testLongPressFailsWhenMoved() {
        let press = UILongPressGestureRecognizer(target: handler, action: Handler.handle)
        view.addGestureRecognizer(press)
        touchDown(at: center)
        touchMove(to: CGPoint(x: 220, y: 200))
        advance(1)
        XCTAssertEqual(handler.states, [])
        touchUp()
    }

    /// UIPanGestureRecognizer: begins after the touch moved a little, reports
    /// translation(in:) in the view's coordinates and velocity in points per
    /// second; setTranslation(_:in:) rebases.
    func testPanTranslationAndVelocity() {
        let pan = UIPanGestureRecognizer(target: handler, action: Handler.handlePan)
        view.addGestureRecognizer(pan)
        drag(from: center, to: CGPoint(x: 300, y: 200), lift: false)
        XCTAssertEqual(handler.states.first, .began)
        XCTAssertEqual(handler.states.last, .changed)
        XCTAssertEqual(pan.translation(in: view).x, 100, accuracy: 0.001)
        XCTAssertEqual(pan.velocity(in: view).x, 1000, accuracy: 1, "10 points every 10 ms")
        XCTAssertEqual(pan.velocity(in: view).y, 0, accuracy: 0.001)
        XCTAssertEqual(pan.numberOfTouches, 1)
        XCTAssertEqual(window.input.touchesEvent.touches(for: pan)?.count, 1, "UIEvent.touches(for:) a recognizer")
        XCTAssertTrue(window.input.touches.first?.gestureRecognizers?.first === pan)
        pan.setTranslation(.zero, in: view)
        advance(0.01)
        touchMove(to: CGPoint(x: 305, y: 200))
        XCTAssertEqual(pan.translation(in: view).x, 5, accuracy: 0.001)
        touchUp()
        XCTAssertEqual(handler.states.last, .ended)
        XCTAssertEqual(pan.state, .possible)
    }

    /// The delegate's gestureRecognizerShouldBegin(_:) false makes the
    /// recognizer fail; shouldReceive false keeps the touch from it.
    func testDelegateVetoes() {
        let delegate = Delegate()
        let pan = UIPanGestureRecognizer(target: handler, action: Handler.handlePan)
        pan.delegate = delegate
        view.addGestureRecognizer(pan)
        delegate.shouldBegin = false
        drag(from: center, to: CGPoint(x: 300, y: 200))
        XCTAssertEqual(handler.states, [])
        XCTAssertEqual(view.log.last, "ended", "the view keeps its touch")
        delegate.shouldBegin = true
        delegate.shouldReceive = false
        drag(from: center, to: CGPoint(x: 300, y: 200))
        XCTAssertEqual(handler.states, [])
        delegate.shouldReceive = true
        drag(from: center, to: CGPoint(x: 300, y: 200))
        XCTAssertEqual(handler.states.first, .began)
    }

    /// Only one recognizer wins unless the delegate allows simultaneous
    /// recognition; recognizers of the hit view come before its ancestors'.
    func testSimultaneousRecognition() {
        let inner = UIPanGestureRecognizer(target: handler, action: Handler.handle)
        let outerHandler = Handler()
        let outer = UIPanGestureRecognizer(target: outerHandler, action: Handler.handle)
        view.addGestureRecognizer(inner)
        window.addGestureRecognizer(outer)
        drag(from: center, to: CGPoint(x: 300, y: 200))
        XCTAssertEqual(handler.states.first, .began)
        XCTAssertEqual(outerHandler.states, [], "the inner pan won")
        let delegate = Delegate()
        delegate.simultaneous = true
        outer.delegate = delegate
        advance(1)
        drag(from: center, to: CGPoint(x: 300, y: 200))
        XCTAssertEqual(outerHandler.states.first, .began)
        XCTAssertEqual(outerHandler.states.last, .ended)
    }

    /// delaysTouchesBegan: the view gets touchesBegan only once the
    /// recognizer failed, and never when it recognizes.
    func testDelaysTouchesBegan() {
        let pan = UIPanGestureRecognizer(target: handler, action: Handler.handle)
        pan.delaysTouchesBegan = true
        view.addGestureRecognizer(pan)
        touchDown(at: center)
        XCTAssertEqual(view.log, [])
        touchUp()
        XCTAssertEqual(view.log, ["began", "ended"], "the pan failed: the view gets both")
        advance(1)
        drag(from: center, to: CGPoint(x: 300, y: 200))
        XCTAssertEqual(view.log, ["began", "ended"], "the pan recognized: the view heard nothing")
    }

    /// UIPinchGestureRecognizer: scale is the ratio of the distance between
    /// the two touches, moved one at a time as the command-line tool does.
    func testPinchScaleWithTouchesMovedOneAtATime() {
        let pinch = UIPinchGestureRecognizer(target: handler, action: Handler.handle)
        view.addGestureRecognizer(pinch)
        touchDown(1, at: CGPoint(x: 150, y: 200))
        touchDown(2, at: CGPoint(x: 200, y: 200))
        for step in 1...5 {
            advance(0.01)
            touchMove(2, to: CGPoint(x: 200 + CGFloat(step) * 10, y: 200))
        }
        XCTAssertEqual(handler.states.first, .began)
        XCTAssertEqual(pinch.scale, 2, accuracy: 0.001)
        XCTAssertEqual(pinch.velocity, 20, accuracy: 0.01, "0.2 per 10 ms")
        touchUp(2)
        touchUp(1)
        XCTAssertEqual(handler.states.last, .ended)
    }

    /// UIKit's idiom: a handler applies `scale` and sets it back to 1, so
    /// each call gets the change since the last; the product of the
    /// changes is the whole pinch, with no step lost at a reset.
    func testPinchScaleResetInTheHandlerAccumulatesToTheWholePinch() {
        final class Accumulator {
            var product: CGFloat = 1
            func pinch(_ pinch: UIPinchGestureRecognizer) {
                product *= pinch.scale
                pinch.scale = 1
            }
        }
        let accumulator = Accumulator()
        view.addGestureRecognizer(UIPinchGestureRecognizer(target: accumulator, action: Accumulator.pinch))
        touchDown(1, at: CGPoint(x: 150, y: 200))
        touchDown(2, at: CGPoint(x: 200, y: 200))
        for step in 1...5 {
            advance(0.01)
            touchMove(2, to: CGPoint(x: 200 + CGFloat(step) * 10, y: 200))
        }
        XCTAssertEqual(accumulator.product, 2, accuracy: 0.001)
    }

    /// canPrevent(_:) (a subclass hook): a recognizer that says it cannot
    /// prevent another lets that one recognize beside it.
    func testARecognizerThatCannotPreventLetsItsRivalBegin() {
        final class PolitePan: UIPanGestureRecognizer {
            override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
        }
        final class Watcher {
            var polite: [UIGestureRecognizer.State] = [], other: [UIGestureRecognizer.State] = []
            func politeChanged(_ pan: UIPanGestureRecognizer) { polite.append(pan.state) }
            func otherChanged(_ pan: UIPanGestureRecognizer) { other.append(pan.state) }
        }
        let watcher = Watcher()
        view.addGestureRecognizer(PolitePan(target: watcher, action: Watcher.politeChanged))
        view.addGestureRecognizer(UIPanGestureRecognizer(target: watcher, action: Watcher.otherChanged))
        drag(from: center, to: CGPoint(x: 260, y: 200))
        XCTAssertEqual(watcher.polite.first, .began)
        XCTAssertEqual(watcher.other.first, .began, "the rival was failed although it could not be prevented")
    }

    /// UIRotationGestureRecognizer: rotation in radians, from touches moved one at a time.
    func testRotationAngle() {
        let rotation = UIRotationGestureRecognizer(target: handler, action: Handler.handle)
        view.addGestureRecognizer(rotation)
        touchDown(1, at: CGPoint(x: 200, y: 200))
        touchDown(2, at: CGPoint(x: 250, y: 200))
        for step in 1...9 {
            advance(0.01)
            let angle = CGFloat(step) * .pi / 18
            touchMove(2, to: CGPoint(x: 200 + 50 * cos(angle), y: 200 + 50 * sin(angle)))
        }
        XCTAssertEqual(handler.states.first, .began)
        XCTAssertEqual(rotation.rotation, .pi / 2, accuracy: 0.0001)
        touchUp(1)
        touchUp(2)
        XCTAssertEqual(handler.states.last, .ended)
    }

    /// UISwipeGestureRecognizer: recognized by a fast move in its direction;
    /// a move the other way fails.
    func testSwipe() {
        let swipe = UISwipeGestureRecognizer(target: handler, action: Handler.handle)
        swipe.direction = .left
        view.addGestureRecognizer(swipe)
        drag(from: center, to: CGPoint(x: 120, y: 200), steps: 5)
        XCTAssertEqual(handler.states, [.recognized])
        advance(1)
        drag(from: CGPoint(x: 120, y: 200), to: center, steps: 5)
        XCTAssertEqual(handler.states, [.recognized])
        advance(1)
        touchDown(at: center)
        advance(1)
        touchMove(to: CGPoint(x: 120, y: 200))
        touchUp()
        XCTAssertEqual(handler.states, [.recognized], "too slow")
    }

    /// A touchpad pinch (UIEvent.EventType.transform) drives a pinch
    /// recognizer with no touches: its scale is the fingers' spread since
    /// the pinch began, and setting scale makes later spreads multiply the
    /// new value, as UIKit documents for `scale`.
    func testATouchpadPinchDrivesAPinchRecognizerWithoutTouches() {
        let pinch = UIPinchGestureRecognizer(target: handler, action: Handler.handle)
        view.addGestureRecognizer(pinch)
        pointerMove(to: center)
        window.receive(.transform(.began, scale: 1, rotation: 0, timestamp: clock.now))
        XCTAssertEqual(handler.states, [])
        window.receive(.transform(.changed, scale: 1.5, rotation: 0, timestamp: clock.now))
        window.receive(.transform(.changed, scale: 2, rotation: 0, timestamp: clock.now))
        XCTAssertEqual(handler.states, [.began, .changed])
        XCTAssertEqual(pinch.scale, 2, accuracy: 1e-9)
        XCTAssertEqual(pinch.numberOfTouches, 0)
        XCTAssertEqual(pinch.location(in: view), CGPoint(x: 100, y: 100), "at the pointer")
        pinch.scale = 1
        window.receive(.transform(.changed, scale: 3, rotation: 0, timestamp: clock.now))
        XCTAssertEqual(pinch.scale, 1.5, accuracy: 1e-9, "3 over the 2 it had when set")
        window.receive(.transform(.ended, scale: 1, rotation: 0, timestamp: clock.now))
        XCTAssertEqual(handler.states, [.began, .changed, .changed, .ended])
        // A pinch the fingers gave up on (another gesture took them) is cancelled.
        handler.states = []
        window.receive(.transform(.began, scale: 1, rotation: 0, timestamp: clock.now))
        window.receive(.transform(.changed, scale: 0.5, rotation: 0, timestamp: clock.now))
        window.receive(.transform(.cancelled, scale: 1, rotation: 0, timestamp: clock.now))
        XCTAssertEqual(handler.states, [.began, .cancelled])
    }

    /// A touchpad pinch's turn drives a rotation recognizer once it passes
    /// the angle a turn of touches must; smaller turns are a wobble.
    func testATouchpadTurnDrivesARotationRecognizer() {
        let rotation = UIRotationGestureRecognizer(target: handler, action: Handler.handle)
        view.addGestureRecognizer(rotation)
        pointerMove(to: center)
        window.receive(.transform(.began, scale: 1, rotation: 0, timestamp: clock.now))
        window.receive(.transform(.changed, scale: 1, rotation: 0.05, timestamp: clock.now))
        XCTAssertEqual(handler.states, [], "a wobble")
        window.receive(.transform(.changed, scale: 1, rotation: 0.5, timestamp: clock.now))
        window.receive(.transform(.changed, scale: 1, rotation: -0.25, timestamp: clock.now))
        XCTAssertEqual(handler.states, [.began, .changed])
        XCTAssertEqual(rotation.rotation, -0.25, accuracy: 1e-9, "the turn since the pinch began, counterclockwise now")
        window.receive(.transform(.ended, scale: 1, rotation: 0, timestamp: clock.now))
        XCTAssertEqual(handler.states, [.began, .changed, .ended])
        // A pinch that never turned enough fails the recognizer.
        handler.states = []
        window.receive(.transform(.began, scale: 1, rotation: 0, timestamp: clock.now))
        window.receive(.transform(.changed, scale: 2, rotation: 0.01, timestamp: clock.now))
        window.receive(.transform(.ended, scale: 1, rotation: 0, timestamp: clock.now))
        XCTAssertEqual(handler.states, [])
        XCTAssertEqual(rotation.state, .possible, "failed, then reset")
    }

    /// allowedScrollTypesMask: scrolling drives pans that allow it (none by
    /// default), as UIKit gives views the wheel; the pan ends after the scroll stops.
    func testScrollDrivesPans() {
        let pan = UIPanGestureRecognizer(target: handler, action: Handler.handlePan)
        view.addGestureRecognizer(pan)
        pointerMove(to: center)
        window.receive(.scroll(delta: CGVector(dx: 0, dy: 10), isContinuous: false, timestamp: clock.now))
        advance(1)
        XCTAssertEqual(handler.states, [])
        pan.allowedScrollTypesMask = .discrete
        window.receive(.scroll(delta: CGVector(dx: 0, dy: 10), isContinuous: true, timestamp: clock.now))
        advance(1)
        XCTAssertEqual(handler.states, [], "a touchpad is continuous")
        window.receive(.scroll(delta: CGVector(dx: 0, dy: 10), isContinuous: false, timestamp: clock.now))
        advance(0.05)
        window.receive(.scroll(delta: CGVector(dx: 0, dy: 10), isContinuous: false, timestamp: clock.now))
        XCTAssertEqual(handler.states, [.began, .changed])
        XCTAssertEqual(handler.translations.last, CGPoint(x: 0, y: -20), "content moving up is an upward drag")
        XCTAssertEqual(pan.location(in: view), CGPoint(x: 100, y: 100))
        advance(1)
        XCTAssertEqual(handler.states, [.began, .changed, .ended])
        XCTAssertEqual(UIScrollTypeMask.all, [.discrete, .continuous])
    }

    /// Targets are held weakly; removeTarget(_:action:) with a nil action
    /// removes the target's actions; isEnabled false gets no touches.
    func testTargetsAndEnabling() {
        var weakHandler: Handler? = Handler()
        let tap = UITapGestureRecognizer(target: weakHandler!, action: Handler.handleTap)
        tap.addTarget(handler, action: Handler.plain)
        view.addGestureRecognizer(tap)
        weak let released = weakHandler
        weakHandler = nil
        XCTAssertNil(released, "the recognizer does not keep its target")
        self.tap(at: center)
        XCTAssertEqual(handler.plainCalls, 1)
        tap.removeTarget(handler, action: nil)
        advance(1)
        self.tap(at: center)
        XCTAssertEqual(handler.plainCalls, 1)
        tap.addTarget(handler, action: Handler.plain)
        tap.isEnabled = false
        advance(1)
        self.tap(at: center)
        XCTAssertEqual(handler.plainCalls, 1)
        XCTAssertEqual(view.log.suffix(2), ["began", "ended"])
        view.removeGestureRecognizer(tap)
        XCTAssertNil(tap.view)
        XCTAssertNil(view.gestureRecognizers)
        _ = UITapGestureRecognizer(target: nil, action: nil)
    }

    /// UIView.gestureRecognizerShouldBegin(_:): the view can veto its own
    /// (or a descendant's) recognizer, which then fails.
    func testViewCanVetoARecognizer() {
        final class Vetoing: RecordingView {
            override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
        }
        let vetoing = Vetoing(frame: view.frame)
        window.addSubview(vetoing)
        vetoing.addGestureRecognizer(UITapGestureRecognizer(target: handler, action: Handler.handleTap))
        self.tap(at: center)
        XCTAssertEqual(handler.taps, [])
        XCTAssertEqual(vetoing.log, ["began", "ended"])
    }

    /// numberOfTouchesRequired: a two-finger tap needs both fingers; one finger fails.
    func testTwoFingerTap() {
        let tap = UITapGestureRecognizer(target: handler, action: Handler.handleTap)
        tap.numberOfTouchesRequired = 2
        view.addGestureRecognizer(tap)
        self.tap(at: center)
        XCTAssertEqual(handler.taps, [])
        advance(1)
        touchDown(1, at: CGPoint(x: 190, y: 200))
        touchDown(2, at: CGPoint(x: 210, y: 200))
        advance(0.05)
        window.receive(.touchUp(id: 1, timestamp: clock.now))
        window.receive(.touchUp(id: 2, timestamp: clock.now))
        window.receive(.touchFrame)
        XCTAssertEqual(handler.taps, [.recognized])
        XCTAssertEqual(handler.locations, [CGPoint(x: 100, y: 100)], "the centroid of the two touches")
    }

    /// UILongPressGestureRecognizer.numberOfTapsRequired: taps before the press.
    func testLongPressAfterATap() {
        let press = UILongPressGestureRecognizer(target: handler, action: Handler.handle)
        press.numberOfTapsRequired = 1
        view.addGestureRecognizer(press)
        touchDown(at: center)
        advance(1)
        XCTAssertEqual(handler.states, [], "no tap before")
        touchUp()
        advance(1)
        self.tap(at: center)
        advance(0.1)
        touchDown(at: center)
        advance(0.6)
        XCTAssertEqual(handler.states, [.began])
        touchUp()
    }

    /// The delegate's gestureRecognizer(_:shouldRequireFailureOf:) works as require(toFail:).
    func testDelegateFailureRequirement() {
        final class Requiring: UIGestureRecognizerDelegate {
            weak var other: UIGestureRecognizer?
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                   shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
                otherGestureRecognizer === other
            }
        }
        let tap = UITapGestureRecognizer(target: handler, action: Handler.handleTap)
        let press = UILongPressGestureRecognizer(target: handler, action: Handler.handle)
        let delegate = Requiring()
        delegate.other = press
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(press)
        touchDown(at: center)
        advance(0.2)
        touchUp()
        XCTAssertEqual(handler.taps, [.recognized], "the press failed (too short), so the tap fires")
    }

    /// The manual clock runs timers in deadline order, including timers they schedule.
    func testManualClock() {
        var fired: [Int] = []
        _ = clock.schedule(after: 0.2) { fired.append(2) }
        _ = clock.schedule(after: 0.1) { [clock] in
            fired.append(1)
            _ = clock!.schedule(after: 0.05) { fired.append(15) }
        }
        clock.schedule(after: 0.1) { fired.append(99) }.cancel()
        advance(0.3)
        XCTAssertEqual(fired, [1, 15, 2])
    }

    /// delaysTouchesEnded (default true): while a recognizer still decides
    /// after the touch lifted (a double tap waiting for its second tap), the
    /// view's touchesEnded waits; it comes when the recognizer fails.
    func testDelaysTouchesEnded() {
        let double = UITapGestureRecognizer(target: handler, action: Handler.handle)
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        self.tap(at: center)
        XCTAssertEqual(view.log, ["began"])
        advance(MultiTapDetector.maximumInterval + 0.01)
        XCTAssertEqual(view.log, ["began", "ended"])
        double.delaysTouchesEnded = false
        advance(1)
        self.tap(at: center)
        XCTAssertEqual(view.log, ["began", "ended", "began", "ended"])
    }

    /// requiresExclusiveTouchType (default true): a recognizer tracking a
    /// finger does not take the pointer's touch as well.
    func testExclusiveTouchType() {
        let pinch = UIPinchGestureRecognizer(target: handler, action: Handler.handle)
        view.addGestureRecognizer(pinch)
        XCTAssertTrue(pinch.requiresExclusiveTouchType)
        touchDown(1, at: CGPoint(x: 150, y: 200))
        pointerMove(to: CGPoint(x: 250, y: 200))
        pointerButton(pressed: true)
        XCTAssertEqual(pinch.numberOfTouches, 1)
        pointerButton(pressed: false)
        touchUp(1)
        pinch.requiresExclusiveTouchType = false
        touchDown(1, at: CGPoint(x: 150, y: 200))
        pointerButton(pressed: true)
        XCTAssertEqual(pinch.numberOfTouches, 2)
        pointerButton(pressed: false)
        touchUp(1)
    }
}
