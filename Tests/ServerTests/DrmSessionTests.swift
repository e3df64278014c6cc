import CWaylandServer
import StrataProtocol
import XCTest
@testable import StrataServer

/// Virtual-terminal switches: away, nothing is drawn, flipped or read and
/// the devices are let go; back, they are taken again and a whole frame shows.
final class DrmSessionTests: XCTestCase {
    private var harness: DrmBackendHarness!

    override func setUpWithError() throws {
        harness = try DrmBackendHarness()
        harness.server.renderFrame()
    }
    override func tearDown() { harness?.shutdown() }

    func testSwitchingAwayLetsGoOfEverything() {
        harness.session.switchAway()
        XCTAssertFalse(harness.backend.isSessionActive)
        XCTAssertTrue(harness.server.isOutputPaused)
        XCTAssertTrue(harness.input.isSuspended)
        XCTAssertEqual(harness.device.calls.last, "dropMaster")
        XCTAssertEqual(harness.session.calls.last, "disabled", "the seat is told once the devices are let go")

        // Frames rendered meanwhile (a screenshot) reach no screen.
        harness.addSquare(x: 8, y: 8, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls.filter { $0.hasPrefix("pageFlip") }, [])
        // Nor does input.
        harness.input.queued = [.pointerMotion(dx: 20, dy: 20)]
        harness.backend.inputReadable()
        XCTAssertEqual(harness.server.seat.pointerPosition, Point(x: 0, y: 0))
    }

    func testSwitchingBackSetsTheModeAgainWithAWholeFrame() {
        harness.session.switchAway()
        harness.addSquare(x: 8, y: 8, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()
        harness.session.switchBack()
        XCTAssertTrue(harness.backend.isSessionActive)
        XCTAssertFalse(harness.server.isOutputPaused)
        XCTAssertFalse(harness.input.isSuspended)
        XCTAssertTrue(harness.server.isFrameScheduled)
        let calls = harness.device.calls.suffix(2)
        XCTAssertEqual(calls.first, "takeMaster")
        XCTAssertTrue(calls.last?.hasPrefix("setMode crtc 50 connector 7") == true, "\(calls)")
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0, "what changed while away is on screen")
    }

    func testAFlipCompletingAfterTheSwitchShowsNothingMore() {
        harness.addSquare(x: 8, y: 8, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()
        harness.addSquare(x: 30, y: 8, color: Color(red: 0, green: 1, blue: 0))
        harness.server.renderFrame()
        XCTAssertEqual(harness.backend.chain?.presentWanted, true, "the second frame waits for the first flip")
        harness.session.switchAway()
        let callsWhileAway = harness.device.calls.count
        harness.vblank()  // the flip queued before the switch completes
        XCTAssertEqual(harness.backend.chain?.isFlipPending, false)
        XCTAssertEqual(harness.device.calls.count, callsWhileAway, "no flip is even tried without the VT")
        harness.session.switchBack()
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0, "the waiting frame shows with the modeset")
    }

    func testAFlipLostInTheSwitchDoesNotBlockLaterFrames() {
        harness.device.losesFlipsOnMasterDrop = true
        harness.addSquare(x: 8, y: 8, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()
        XCTAssertEqual(harness.backend.chain?.isFlipPending, true)
        harness.session.switchAway()  // no completion will come for it
        harness.session.switchBack()
        XCTAssertEqual(harness.backend.chain?.isFlipPending, false)
        harness.addSquare(x: 30, y: 8, color: Color(red: 0, green: 1, blue: 0))
        harness.server.renderFrame()
        XCTAssertEqual(harness.backend.chain?.isFlipPending, true)
        harness.vblank()
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0)
    }

    func testKeysHeldForTheSwitchAreReleasedBeforeTheSessionGoes() {
        let control = DeviceEventTranslator.leftControl, alt = DeviceEventTranslator.leftAlt
        harness.input.queued = [.key(control, pressed: true), .key(alt, pressed: true)]
        harness.backend.inputReadable()
        XCTAssertEqual(harness.server.seat.keysDown, [control, alt])
        harness.input.releasedOnSuspend = [.key(control, pressed: false), .key(alt, pressed: false)]
        harness.session.switchAway()
        XCTAssertEqual(harness.server.seat.keysDown, [])
        harness.session.switchBack()
        harness.input.queued = [.key(61, pressed: true)]
        harness.backend.inputReadable()
        XCTAssertFalse(harness.session.calls.contains("switch to 3"), "F3 alone, after the switch: Ctrl and Alt are up")
        XCTAssertEqual(harness.server.seat.keysDown, [61])
    }

    func testASecondDisableOrEnableChangesNothing() {
        harness.session.switchBack()
        XCTAssertEqual(harness.device.calls.count, 1, "already active: no modeset")
        harness.session.switchAway()
        harness.session.switchAway()
        XCTAssertEqual(harness.session.calls.filter { $0 == "disabled" }.count, 1)
    }
}

/// The realtime frame clock while the VT is away, with the server's event loop running.
final class DrmPausedClockTests: XCTestCase {
    func testNoFrameIsRenderedWhileTheSessionIsAwayAndOneFollowsItsReturn() throws {
        let harness = try DrmBackendHarness(clock: .realtime(hz: 60))
        defer { harness.shutdown() }
        var frames = 0
        harness.server.addPresentationObserver { _ in frames += 1 }
        func runLoop(milliseconds: Int) {
            for _ in 0..<(milliseconds / 10) { wl_event_loop_dispatch(harness.server.eventLoop, 10) }
        }
        runLoop(milliseconds: 100)
        XCTAssertEqual(frames, 1, "the first frame, asked for by attaching")

        harness.session.switchAway()
        harness.addSquare(x: 8, y: 8, color: Color(red: 1, green: 0, blue: 0))
        harness.server.scheduleFrame()
        runLoop(milliseconds: 100)
        XCTAssertEqual(frames, 1, "paused: the clock renders nothing, so frame callbacks wait")

        harness.session.switchBack()
        runLoop(milliseconds: 100)
        XCTAssertEqual(frames, 2, "back: one frame with what changed")
        XCTAssertEqual(harness.device.flipsInFlight, 1)
        harness.vblank()
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0)
    }
}
