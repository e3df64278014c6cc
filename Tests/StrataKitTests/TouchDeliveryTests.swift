import XCTest
@testable import StrataKit

/// Touch delivery as UIKit's Event Handling Guide describes it: the hit-test
/// view gets the touch for its life; unhandled touches travel the responder
/// chain; multiple and exclusive touch; ignoring interaction events.
final class TouchDeliveryTests: InputTestCase {
    var view: RecordingView!

    override func setUp() {
        super.setUp()
        view = RecordingView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(view)
    }

    override func tearDown() {
        UIApplication.shared.delegate = nil
        view = nil
        super.tearDown()
    }

    /// UIKit: "the hit-test view is given the first opportunity to handle a
    /// touch event"; the touch stays bound to it even when it moves outside.
    func testTouchStaysWithItsHitTestView() {
        touchDown(at: CGPoint(x: 150, y: 150))
        touchMove(to: CGPoint(x: 350, y: 350))
        touchUp()
        XCTAssertEqual(view.log, ["began", "moved", "ended"])
        let touch = view.lastTouches.first!
        XCTAssertTrue(touch.view === view)
        XCTAssertTrue(touch.window === window)
        XCTAssertEqual(touch.type, .direct)
        XCTAssertEqual(touch.phase, .ended)
        XCTAssertEqual(touch.location(in: view), CGPoint(x: 250, y: 250))
        XCTAssertEqual(touch.location(in: nil), CGPoint(x: 350, y: 350))
        XCTAssertEqual(touch.previousLocation(in: nil), CGPoint(x: 350, y: 350), "where it was in the event before")
        XCTAssertEqual(touch.force, 0)
        XCTAssertEqual(view.lastEvent?.type, .touches)
    }

    /// UITouch.previousLocation(in:): where the touch was in the previous event.
    func testPreviousLocation() {
        touchDown(at: CGPoint(x: 150, y: 150))
        touchMove(to: CGPoint(x: 160, y: 170))
        let touch = view.lastTouches.first!
        XCTAssertEqual(touch.phase, .moved)
        XCTAssertEqual(touch.previousLocation(in: view), CGPoint(x: 50, y: 50))
        XCTAssertEqual(touch.location(in: view), CGPoint(x: 60, y: 70))
    }

    /// UIView.hitTest(_:with:): "ignores view objects that are hidden, that
    /// have disabled user interactions, or have an alpha level less than
    /// 0.01"; such views do not receive the touch, the view behind does.
    func testSkippedViewsGetNoTouches() {
        let cover = RecordingView(frame: view.frame)
        window.addSubview(cover)
        for change: (UIView) -> Void in [{ $0.isHidden = true }, { $0.alpha = 0 }, { $0.isUserInteractionEnabled = false }] {
            cover.isHidden = false
            cover.alpha = 1
            cover.isUserInteractionEnabled = true
            change(cover)
            tap(at: CGPoint(x: 150, y: 150))
            advance(1)
        }
        XCTAssertEqual(cover.log, [])
        XCTAssertEqual(view.log, ["began", "ended", "began", "ended", "began", "ended"])
        // UIImageView disables user interaction by default.
        let image = UIImageView(image: nil)
        image.frame = view.frame
        window.addSubview(image)
        tap(at: CGPoint(x: 150, y: 150))
        XCTAssertEqual(view.log.count, 8)
    }

    /// UIResponder: "The default implementation of this method forwards the
    /// message up the responder chain": view, its controller (for a root
    /// view), superview, window, UIApplication, the app delegate.
    func testUnhandledTouchesTravelTheResponderChainToTheAppDelegate() {
        final class Delegate: UIResponder, UIApplicationDelegate {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
        }
        final class Controller: UIViewController {
            var began = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                began += 1
                super.touchesBegan(touches, with: event)
            }
        }
        let delegate = Delegate()
        UIApplication.shared.delegate = delegate
        let controller = Controller()
        controller.view.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        window.addSubview(controller.view)
        let plain = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        controller.view.addSubview(plain)
        XCTAssertTrue(window.next === UIApplication.shared)
        XCTAssertTrue(UIApplication.shared.next === delegate)
        tap(at: CGPoint(x: 15, y: 15))
        XCTAssertEqual(controller.began, 1)
        XCTAssertEqual(delegate.began, 1)
    }

    /// Two fingers down in one frame: "one touchesBegan with two touches";
    /// UIEvent.allTouches and touches(for:) see both.
    func testTouchesOfOneFrameComeInOneEvent() {
        view.isMultipleTouchEnabled = true
        window.receive(.touchDown(id: 1, location: CGPoint(x: 110, y: 110), timestamp: clock.now))
        window.receive(.touchDown(id: 2, location: CGPoint(x: 190, y: 190), timestamp: clock.now))
        XCTAssertEqual(view.log, [], "nothing before the frame")
        window.receive(.touchFrame)
        XCTAssertEqual(view.log, ["began 2"])
        XCTAssertEqual(view.lastEvent?.allTouches?.count, 2)
        XCTAssertEqual(view.lastEvent?.touches(for: view)?.count, 2)
        XCTAssertEqual(view.lastEvent?.touches(for: window)?.count, 2)
        touchMove(1, to: CGPoint(x: 120, y: 120))
        XCTAssertEqual(view.log.last, "moved")
        XCTAssertEqual(view.lastEvent?.allTouches?.count, 2, "the other touch is stationary in the event")
        XCTAssertEqual(view.lastEvent?.allTouches?.filter { $0.phase == .stationary }.count, 1)
    }

    /// UIView.isMultipleTouchEnabled: "When set to false, the view receives
    /// only the first touch event in a multi-touch sequence."
    func testMultipleTouchIsOffByDefault() {
        XCTAssertFalse(view.isMultipleTouchEnabled)
        touchDown(1, at: CGPoint(x: 110, y: 110))
        touchDown(2, at: CGPoint(x: 190, y: 190))
        touchUp(2)
        touchUp(1)
        XCTAssertEqual(view.log, ["began", "ended"])
    }

    /// UIView.isExclusiveTouch: while an exclusive view tracks a touch, no
    /// other view of the window gets one; it gets none while others have touches.
    func testExclusiveTouch() {
        let other = RecordingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(other)
        view.isExclusiveTouch = true
        touchDown(1, at: CGPoint(x: 150, y: 150))
        touchDown(2, at: CGPoint(x: 10, y: 10))
        touchUp(2)
        touchUp(1)
        XCTAssertEqual(other.log, [])
        XCTAssertEqual(view.log, ["began", "ended"])
        touchDown(2, at: CGPoint(x: 10, y: 10))
        touchDown(1, at: CGPoint(x: 150, y: 150))
        touchUp(1)
        touchUp(2)
        XCTAssertEqual(view.log, ["began", "ended"], "no touch while another view has one")
        XCTAssertEqual(other.log, ["began", "ended"])
    }

    /// UIApplication.beginIgnoringInteractionEvents(): touch events are
    /// dropped until the matching end; calls nest.
    func testIgnoringInteractionEvents() {
        let application = UIApplication.shared
        application.beginIgnoringInteractionEvents()
        application.beginIgnoringInteractionEvents()
        tap(at: CGPoint(x: 150, y: 150))
        application.endIgnoringInteractionEvents()
        XCTAssertTrue(application.isIgnoringInteractionEvents)
        tap(at: CGPoint(x: 150, y: 150))
        application.endIgnoringInteractionEvents()
        XCTAssertFalse(application.isIgnoringInteractionEvents)
        XCTAssertEqual(view.log, [])
        tap(at: CGPoint(x: 150, y: 150))
        XCTAssertEqual(view.log, ["began", "ended"])
    }

    /// A pointer press-drag-release is one touch of type .indirectPointer
    /// (as on iPadOS); motion without a button is no touch; the event's
    /// buttonMask names the buttons down; motion outside the window keeps
    /// the touch (the compositor's implicit grab).
    func testPointerPressIsOneTouch() {
        pointerMove(to: CGPoint(x: 120, y: 120))
        XCTAssertEqual(view.log, [])
        pointerButton(.secondary, pressed: true)
        XCTAssertEqual(view.lastEvent?.buttonMask, .secondary)
        pointerMove(to: CGPoint(x: 300, y: 300))
        pointerButton(.primary, pressed: true)
        pointerMove(to: CGPoint(x: 310, y: 300))
        XCTAssertEqual(view.lastEvent?.buttonMask, [.primary, .secondary])
        pointerButton(.secondary, pressed: false)
        pointerButton(.primary, pressed: false)
        XCTAssertEqual(view.log, ["began", "moved", "moved", "ended"])
        XCTAssertEqual(view.lastTouches.first?.type, .indirectPointer)
        XCTAssertEqual(view.lastEvent?.buttonMask, .primary, "the ending release names its button")
        XCTAssertEqual(UIEvent.ButtonMask.button(2), .secondary)
    }

    /// UITouch.tapCount: a touch that begins soon after and near the
    /// previous one's end counts as the next tap.
    func testTapCount() {
        click(at: CGPoint(x: 150, y: 150))
        advance(0.1)
        click(at: CGPoint(x: 160, y: 150))
        XCTAssertEqual(view.lastTouches.first?.tapCount, 2)
        advance(0.1)
        click(at: CGPoint(x: 150, y: 150))
        XCTAssertEqual(view.lastTouches.first?.tapCount, 3)
        advance(MultiTapDetector.maximumInterval + 0.1)
        click(at: CGPoint(x: 150, y: 150))
        XCTAssertEqual(view.lastTouches.first?.tapCount, 1, "too late")
        advance(0.1)
        click(at: CGPoint(x: 199, y: 199))
        XCTAssertEqual(view.lastTouches.first?.tapCount, 1, "too far")
    }

    /// wl_touch.cancel: every finger's view gets touchesCancelled.
    func testCompositorCancelCancelsTouches() {
        touchDown(at: CGPoint(x: 150, y: 150))
        window.receive(.touchCancel(timestamp: clock.now))
        XCTAssertEqual(view.log, ["began", "cancelled"])
        XCTAssertEqual(view.lastTouches.first?.phase, .cancelled)
    }

    /// "A view change made in a handler schedules the normal update": the
    /// layer change opens the turn's implicit transaction.
    func testChangesInHandlersScheduleTheUpdate() {
        final class Toggling: UIView {
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { backgroundColor = .red }
        }
        let toggling = Toggling(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(toggling)
        CATransaction.implicitTransactionPending = false
        tap(at: CGPoint(x: 10, y: 10))
        XCTAssertTrue(CATransaction.implicitTransactionPending)
        XCTAssertTrue(CATransaction.changedLayers.contains { $0 === toggling.layer })
    }

    /// The compositor sends wl_pointer.leave during a press only when it
    /// ended the press itself: the pointer's touch is cancelled, as UIKit
    /// cancels a touch the system takes away.
    func testAPointerLeaveDuringAPressCancelsItsTouch() {
        let recorder = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(recorder)
        pointerMove(to: CGPoint(x: 10, y: 10))
        pointerButton(pressed: true)
        window.receive(.pointerLeave(timestamp: clock.now))
        XCTAssertEqual(recorder.log, ["began", "cancelled"])
        // The next press begins a new touch.
        pointerMove(to: CGPoint(x: 20, y: 20))
        pointerButton(pressed: true)
        pointerButton(pressed: false)
        XCTAssertEqual(recorder.log, ["began", "cancelled", "began", "ended"])
    }

    /// A window that leaves the screen cancels what is in progress in it:
    /// no release will reach it.
    func testHidingTheWindowCancelsTouchesInProgress() {
        let recorder = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        recorder.isMultipleTouchEnabled = true
        window.addSubview(recorder)
        touchDown(1, at: CGPoint(x: 30, y: 30))
        pointerMove(to: CGPoint(x: 10, y: 10))
        pointerButton(pressed: true)
        window.isHidden = true
        window.synchronizeVisibility()
        // A finger and the pointer's press, each cancelled.
        XCTAssertEqual(recorder.log, ["began", "began", "cancelled", "cancelled"])
        XCTAssertTrue(window.input.touches.isEmpty)
    }

    /// beginIgnoringInteractionEvents() while a touch is down: new touches
    /// are ignored, but the one a view already has still ends there.
    func testIgnoringInteractionEventsStillEndsATouchInProgress() {
        let recorder = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(recorder)
        touchDown(1, at: CGPoint(x: 30, y: 30))
        UIApplication.shared.beginIgnoringInteractionEvents()
        defer { UIApplication.shared.endIgnoringInteractionEvents() }
        touchUp(1)
        tap(at: CGPoint(x: 40, y: 40), id: 2)
        XCTAssertEqual(recorder.log, ["began", "ended"])
    }
}
