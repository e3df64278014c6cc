import StrataProtocol
import XCTest
@testable import StrataServer

/// Frames to the screen: a modeset first, then page flips to the buffer
/// not on screen, never two flips in flight, each buffer given the damage it missed.
final class DrmScanoutTests: XCTestCase {
    private var harness: DrmBackendHarness!

    override func setUpWithError() throws { harness = try DrmBackendHarness() }
    override func tearDown() { harness?.shutdown() }

    func testFirstFrameSetsTheModeWithTheWholeFrame() throws {
        XCTAssertTrue(harness.server.isFrameScheduled, "attaching asks for the first frame")
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls, ["setMode crtc 50 connector 7 64x48 fb 101"])
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0)
        XCTAssertEqual(harness.backend.renderer.width, 64)
        XCTAssertEqual(harness.server.outputs[0].global?.name, "HDMI-A-1", "wl_output.name is the connector's")
        XCTAssertEqual(harness.server.outputs[0].global?.description, "Strata HDMI-A-1 on /dev/dri/fake0 64×48")
        XCTAssertEqual(harness.backend.outputKind, "HDMI-A-1 on /dev/dri/fake0")
        XCTAssertEqual(harness.backend.pixelsPresented, 64 * 48, "the modeset copied the whole frame")
        XCTAssertTrue(harness.backend.summary.hasPrefix("HDMI-A-1 64x48@60.0Hz at scale 1 on /dev/dri/fake0, seat0"),
                      harness.backend.summary)
    }

    func testAFrameWaitsForTheFlipInFlightAndItsDamageIsKept() throws {
        harness.server.renderFrame()
        harness.addSquare(x: 4, y: 4, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls.last, "pageFlip crtc 50 fb 102")
        // Not yet on screen: the flip is in flight.
        XCTAssertNotEqual(harness.pixelsDifferingFromFramebuffer(), 0)

        harness.addSquare(x: 30, y: 20, color: Color(red: 0, green: 0, blue: 1))
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls.count, 2, "no second flip while one is in flight")
        XCTAssertEqual(harness.backend.chain?.presentWanted, true)

        harness.vblank()
        XCTAssertEqual(harness.device.calls.last, "pageFlip crtc 50 fb 101", "the waiting frame goes to the other buffer")
        harness.vblank()
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0, "both squares are on screen")
        XCTAssertEqual(harness.backend.chain?.presentWanted, false)
    }

    /// A monitor shows its latest frame only once the flip bringing it
    /// completed (what a session lock's `locked` waits for): not while the
    /// flip is in flight, nor when a newer frame waits behind it.
    func testTheLatestFrameIsShownOnlyWhenItsFlipCompletes() throws {
        let output = harness.backend.drmOutputs[0]
        XCTAssertFalse(output.isShowingLatestFrame, "nothing shown before the first frame")
        harness.server.renderFrame()
        XCTAssertTrue(output.isShowingLatestFrame, "the modeset shows the frame")

        harness.addSquare(x: 4, y: 4, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()
        XCTAssertFalse(output.isShowingLatestFrame, "its flip is in flight")
        harness.addSquare(x: 30, y: 20, color: Color(red: 0, green: 0, blue: 1))
        harness.server.renderFrame()
        harness.vblank()
        XCTAssertFalse(output.isShowingLatestFrame, "the flip showed the frame before; the newest waits for the next")
        harness.vblank()
        XCTAssertTrue(output.isShowingLatestFrame)
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0)
    }

    func testEachBufferCopiesOnlyWhatItMissed() throws {
        harness.server.renderFrame()  // modeset: buffer A gets the whole frame
        harness.addSquare(x: 0, y: 0, color: Color(red: 0, green: 1, blue: 0))
        harness.server.renderFrame()  // buffer B: whole (new) + the square
        harness.vblank()
        let chain = try XCTUnwrap(harness.backend.chain)
        let before = chain.pixelsCopied
        let square = harness.addSquare(x: 40, y: 30, size: 4, color: Color(red: 1, green: 1, blue: 0))
        harness.server.renderFrame()  // buffer A: the first square and this one
        harness.vblank()
        XCTAssertEqual(chain.pixelsCopied - before, 8 * 8 + 4 * 4)
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0)

        square.isHidden = true
        let beforeHiding = chain.pixelsCopied
        harness.server.renderFrame()  // buffer B: the second square it missed, then its hiding: the same pixels, copied once
        harness.vblank()
        XCTAssertEqual(chain.pixelsCopied - beforeHiding, 4 * 4)
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0)
    }

    func testARefusedFlipDoesNotStallLaterFrames() throws {
        harness.server.renderFrame()
        harness.device.dropMaster()  // as if another process took the display
        harness.addSquare(x: 4, y: 4, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()
        XCTAssertEqual(harness.backend.chain?.isFlipPending, false, "the kernel refused the flip")
        harness.device.takeMaster()
        harness.addSquare(x: 40, y: 30, size: 4, color: Color(red: 0, green: 0, blue: 1))
        harness.server.renderFrame()
        harness.vblank()
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0, "the refused frame's square shows with the next one")
    }

    func testAFrameWithoutDamageFlipsNothing() throws {
        harness.server.renderFrame()
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls.count, 1)
        XCTAssertEqual(harness.backend.chain?.flipsQueued, 0)
    }

    func testStopFreesTheBuffersAndClosesTheDevices() throws {
        harness.server.renderFrame()
        harness.shutdown()
        XCTAssertEqual(harness.device.liveBuffers, 0)
        XCTAssertEqual(harness.device.calls.last, "close")
        XCTAssertEqual(harness.session.calls, ["close device 2", "close seat"])
        XCTAssertEqual(harness.input.calls, ["close"])
        harness = nil
    }
}
