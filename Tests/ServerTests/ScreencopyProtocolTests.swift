import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwlr_screencopy_manager_v1 on the real socket: bare libwayland clients
/// copy the output into their own shm buffers, compared pixel for pixel
/// (tolerance 0: the copy is of the same framebuffer) with `strata screenshot`.
final class ScreencopyProtocolTests: CompositorTestCase {
    var client: RawClient!
    var window: RawWindow!
    var manager: OpaquePointer!
    var output: OpaquePointer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try connect()
    }

    /// A client with a window, bound to the screencopy manager and the output.
    func connect() throws {
        client = try RawClient(strata)
        window = try RawWindow(client, title: "copied", width: 100, height: 80, pixel: 0xFF_20_40_C0)
        manager = try client.bind(strata_zwlr_screencopy_manager_v1_interface(), version: 3)
        output = try client.bind(strata_wl_output_interface(), version: 4)
    }

    override func tearDown() {
        window = nil
        client = nil
        super.tearDown()
    }

    func screenshot() throws -> DecodedPNG {
        let path = NSTemporaryDirectory() + "strata-screencopy-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try strata.screenshot(to: path)
    }

    func testCaptureOutputDescribesItsBufferAndCopiesTheScreen() throws {
        let frame = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        XCTAssertTrue(client.roundtrip())
        let buffer = try XCTUnwrap(frame.buffer)
        XCTAssertEqual(buffer.format, WL_SHM_FORMAT_XRGB8888.rawValue)
        XCTAssertEqual([buffer.width, buffer.height, buffer.stride], [320, 240, 1280])
        XCTAssertTrue(frame.bufferDone, "version 3 ends the buffer types with buffer_done")
        XCTAssertFalse(frame.ready, "nothing is copied before copy")

        let target = try ReadableBuffer(client: client, shm: window.shm, width: 320, height: 240)
        zwlr_screencopy_frame_v1_copy(frame.frame, target.buffer)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(frame.flags, 0, "not y-inverted")
        XCTAssertTrue(frame.ready)
        XCTAssertEqual(target.differences(from: try screenshot()), 0, "the copy is the screen, pixel for pixel")
        XCTAssertEqual(target[0, 0] & 0xFF_FF_FF, 0x1C_1E_23, "the desktop colour, (0.11, 0.12, 0.14) truncated to 8 bits")
        zwlr_screencopy_frame_v1_destroy(frame.frame)
        XCTAssertTrue(client.roundtrip())
    }

    func testCopyWaitsForAPendingFrameAndShowsIt() throws {
        // A new buffer is committed but not yet on screen: the copy is of the next frame, which shows it.
        let red = try client.makeBuffer(shm: window.shm, width: 100, height: 80, pixel: 0xFF_FF_00_00)
        wl_surface_attach(window.surface, red, 0, 0)
        wl_surface_damage_buffer(window.surface, 0, 0, 100, 80)
        wl_surface_commit(window.surface)
        let frame = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        XCTAssertTrue(client.roundtrip())
        let target = try ReadableBuffer(client: client, shm: window.shm, width: 320, height: 240)
        zwlr_screencopy_frame_v1_copy(frame.frame, target.buffer)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(frame.ready)
        let origin = try XCTUnwrap(strata.windows().first?["origin"] as? [String: Any])
        let (x, y) = (try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int))
        XCTAssertEqual(target[x + 50, y + 40] & 0xFF_FF_FF, 0xFF_00_00)
    }

    func testRegionIsInLogicalCoordinatesAndClippedToTheOutput() throws {
        strata.stop()
        strata = try StrataProcess(width: 640, height: 480, scale: 2, manualFrames: true)
        try connect()
        // 300,200 50×50 points on a 320×240-point output: 20×40 points, 40×80 pixels at (600, 400).
        let frame = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output_region(manager, 0, output, 300, 200, 50, 50)!)
        XCTAssertTrue(client.roundtrip())
        let buffer = try XCTUnwrap(frame.buffer)
        XCTAssertEqual([buffer.width, buffer.height, buffer.stride], [40, 80, 160])
        let target = try ReadableBuffer(client: client, shm: window.shm, width: 40, height: 80)
        zwlr_screencopy_frame_v1_copy(frame.frame, target.buffer)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(frame.ready)
        XCTAssertEqual(target.differences(from: try screenshot(), x0: 600, y0: 400), 0)

        let window = try XCTUnwrap(strata.windows().first?["origin"] as? [String: Any])
        let (x, y) = (try XCTUnwrap(window["x"] as? Int32), try XCTUnwrap(window["y"] as? Int32))
        let inside = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output_region(manager, 0, output, x + 10, y + 10, 20, 10)!)
        XCTAssertTrue(client.roundtrip())
        let small = try ReadableBuffer(client: client, shm: self.window.shm, width: 40, height: 20)
        zwlr_screencopy_frame_v1_copy(inside.frame, small.buffer)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(small[0, 0] & 0xFF_FF_FF, 0x20_40_C0, "the window's pixels")
        XCTAssertEqual(small[39, 19] & 0xFF_FF_FF, 0x20_40_C0)
    }

    func testRegionOutsideTheOutputFails() throws {
        let frame = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output_region(manager, 0, output, 400, 10, 50, 50)!)
        let empty = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output_region(manager, 0, output, 10, 10, -5, 50)!)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(frame.failed)
        XCTAssertNil(frame.buffer)
        XCTAssertTrue(empty.failed)
    }

    func testBufferOfTheWrongSizeIsInvalid() throws {
        let frame = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        let target = try ReadableBuffer(client: client, shm: window.shm, width: 320, height: 239)
        zwlr_screencopy_frame_v1_copy(frame.frame, target.buffer)
        try assertProtocolError(client, interface: "zwlr_screencopy_frame_v1", code: ZWLR_SCREENCOPY_FRAME_V1_ERROR_INVALID_BUFFER.rawValue)
    }

    func testBufferWithAnotherStrideIsInvalid() throws {
        let frame = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        let target = try ReadableBuffer(client: client, shm: window.shm, width: 320, height: 240, stride: 1344)
        zwlr_screencopy_frame_v1_copy(frame.frame, target.buffer)
        try assertProtocolError(client, interface: "zwlr_screencopy_frame_v1", code: ZWLR_SCREENCOPY_FRAME_V1_ERROR_INVALID_BUFFER.rawValue)
    }

    func testBufferOfAnotherFormatIsInvalid() throws {
        let frame = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        let target = try ReadableBuffer(client: client, shm: window.shm, width: 320, height: 240,
                                        format: WL_SHM_FORMAT_ARGB8888.rawValue)
        zwlr_screencopy_frame_v1_copy(frame.frame, target.buffer)
        try assertProtocolError(client, interface: "zwlr_screencopy_frame_v1", code: ZWLR_SCREENCOPY_FRAME_V1_ERROR_INVALID_BUFFER.rawValue)
    }

    func testSecondCopyIsAlreadyUsed() throws {
        let frame = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        let target = try ReadableBuffer(client: client, shm: window.shm, width: 320, height: 240)
        zwlr_screencopy_frame_v1_copy(frame.frame, target.buffer)
        XCTAssertTrue(client.roundtrip())
        zwlr_screencopy_frame_v1_copy_with_damage(frame.frame, target.buffer)
        try assertProtocolError(client, interface: "zwlr_screencopy_frame_v1", code: ZWLR_SCREENCOPY_FRAME_V1_ERROR_ALREADY_USED.rawValue)
    }

    func testCopyWithDamageWaitsForChangesAndReportsThem() throws {
        let target = try ReadableBuffer(client: client, shm: window.shm, width: 320, height: 240)
        let first = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        zwlr_screencopy_frame_v1_copy_with_damage(first.frame, target.buffer)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(first.ready)
        XCTAssertEqual(first.damage.map { [$0.x, $0.y, $0.width, $0.height] }, [[0, 0, 320, 240]],
                       "the first copy of a manager is damaged all over")

        let second = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        zwlr_screencopy_frame_v1_copy_with_damage(second.frame, target.buffer)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try strata.control("frame").status, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(second.ready, "nothing changed: the copy waits")

        let green = try client.makeBuffer(shm: window.shm, width: 100, height: 80, pixel: 0xFF_00_FF_00)
        wl_surface_attach(window.surface, green, 0, 0)
        wl_surface_damage_buffer(window.surface, 10, 20, 30, 40)
        wl_surface_commit(window.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try strata.control("frame").status, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(second.ready)
        let origin = try XCTUnwrap(strata.windows().first?["origin"] as? [String: Any])
        let (x, y) = (try XCTUnwrap(origin["x"] as? UInt32), try XCTUnwrap(origin["y"] as? UInt32))
        XCTAssertEqual(second.damage.map { [$0.x, $0.y, $0.width, $0.height] }, [[x + 10, y + 20, 30, 40]],
                       "exactly the surface damage, on the output")
        XCTAssertEqual(target[Int(x) + 15, Int(y) + 25] & 0xFF_FF_FF, 0x00_FF_00)
        XCTAssertEqual(target.differences(from: try screenshot()), 0)
    }

    func testBufferDestroyedWhileWaitingFailsTheFrame() throws {
        let target = try ReadableBuffer(client: client, shm: window.shm, width: 320, height: 240)
        let first = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        zwlr_screencopy_frame_v1_copy_with_damage(first.frame, target.buffer)
        let waiting = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        zwlr_screencopy_frame_v1_copy_with_damage(waiting.frame, target.buffer)
        XCTAssertTrue(client.roundtrip())
        XCTAssertFalse(waiting.ready)
        wl_buffer_destroy(target.buffer)
        XCTAssertTrue(client.roundtrip())
        XCTAssertTrue(waiting.failed)
        // A frame destroyed while waiting is simply forgotten.
        let other = try ReadableBuffer(client: client, shm: window.shm, width: 320, height: 240)
        let abandoned = ScreencopyRecorder(zwlr_screencopy_manager_v1_capture_output(manager, 0, output)!)
        zwlr_screencopy_frame_v1_copy_with_damage(abandoned.frame, other.buffer)
        zwlr_screencopy_frame_v1_destroy(abandoned.frame)
        zwlr_screencopy_manager_v1_destroy(manager)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try strata.control("frame").status, 0)
        XCTAssertTrue(client.roundtrip())
    }
}
