import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// Requests a well-behaved client never makes: each gets the protocol
/// error xdg-shell or wl_surface names, and the compositor serves on.
final class ProtocolTests: XCTestCase {
    var strata: StrataProcess!

    override func setUpWithError() throws {
        strata = try StrataProcess(width: 320, height: 240, manualFrames: true)
    }

    override func tearDown() {
        if let strata { XCTAssertEqual(strata.stop(), 0, strata.serverLog) }
        strata = nil
    }

    struct Window {
        let client: RawClient
        let shm: OpaquePointer
        let surface: OpaquePointer
        let xdgSurface: OpaquePointer
        let toplevel: OpaquePointer?
        let acker: ConfigureAcker
    }

    func makeWindow(toplevel: Bool = true, autoAck: Bool = true) throws -> Window {
        let client = try RawClient(strata)
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let shm = try client.bind(strata_wl_shm_interface(), version: 1)
        let base = try client.bind(strata_xdg_wm_base_interface(), version: 5)
        let surface = wl_compositor_create_surface(compositor)!
        let xdgSurface = xdg_wm_base_get_xdg_surface(base, surface)!
        let acker = ConfigureAcker(xdgSurface)
        acker.autoAck = autoAck
        let top = toplevel ? xdg_surface_get_toplevel(xdgSurface) : nil
        return Window(client: client, shm: shm, surface: surface, xdgSurface: xdgSurface, toplevel: top, acker: acker)
    }

    /// The server still answers control requests and new clients.
    func assertServerAlive(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try strata.control("frame").status, 0, strata.serverLog, file: file, line: line)
        let client = try RawClient(strata)
        XCTAssertTrue(client.roundtrip(), file: file, line: line)
    }

    func assertError(_ client: RawClient, interface: String, code: UInt32,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(client.roundtrip(), "expected a protocol error", file: file, line: line)
        let error = client.protocolError
        XCTAssertEqual(error?.interface, interface, file: file, line: line)
        XCTAssertEqual(error?.code, code, file: file, line: line)
    }

    func testConfigureHandshakeMapsWindow() throws {
        let window = try makeWindow()
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        XCTAssertEqual(window.acker.serials.count, 1, "the initial commit is answered with a configure")
        let buffer = try window.client.makeBuffer(shm: window.shm, width: 40, height: 30)
        wl_surface_attach(window.surface, buffer, 0, 0)
        wl_surface_damage_buffer(window.surface, 0, 0, 40, 30)
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        let windows = try strata.windows()
        XCTAssertEqual(windows.count, 1)
        XCTAssertEqual(windows.first?["mapped"] as? Bool, true)
        let geometry = try XCTUnwrap(windows.first?["geometry"] as? [String: Any])
        XCTAssertEqual(geometry["width"] as? Int, 40)
        XCTAssertEqual(geometry["height"] as? Int, 30)

        let path = NSTemporaryDirectory() + "strata-raw-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let shot = try strata.screenshot(to: path)
        // 0xFF0080FF is opaque ARGB: red 0, green 128, blue 255.
        XCTAssertEqual(shot[32 + 20, 32 + 15], DecodedPNG.Pixel(red: 0, green: 128, blue: 255))
        XCTAssertEqual(shot.count(x: 32, y: 32, width: 40, height: 30) { $0 == DecodedPNG.Pixel(red: 0, green: 128, blue: 255) }, 1200)
    }

    func testFrameCallbackFiresAfterTheFrameThatShowedTheCommit() throws {
        let window = try makeWindow()
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        let buffer = try window.client.makeBuffer(shm: window.shm, width: 16, height: 16)
        wl_surface_attach(window.surface, buffer, 0, 0)
        let counter = CallbackCounter(wl_surface_frame(window.surface)!)
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        XCTAssertEqual(counter.done.count, 0, "manual frames: nothing is shown until a frame is rendered")
        XCTAssertEqual(try strata.control("frame").status, 0)
        XCTAssertTrue(window.client.roundtrip())
        XCTAssertEqual(counter.done.count, 1)
    }

    func testBufferBeforeConfigureIsAnError() throws {
        let window = try makeWindow()
        let buffer = try window.client.makeBuffer(shm: window.shm, width: 10, height: 10)
        wl_surface_attach(window.surface, buffer, 0, 0)
        wl_surface_commit(window.surface)
        assertError(window.client, interface: "xdg_surface", code: XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER.rawValue)
        try assertServerAlive()
    }

    func testCommitBeforeRoleIsAnError() throws {
        let window = try makeWindow(toplevel: false)
        wl_surface_commit(window.surface)
        assertError(window.client, interface: "xdg_surface", code: XDG_SURFACE_ERROR_NOT_CONSTRUCTED.rawValue)
        try assertServerAlive()
    }

    func testSecondXdgSurfaceIsARoleError() throws {
        let window = try makeWindow()
        let base = try window.client.bind(strata_xdg_wm_base_interface(), version: 1)
        _ = xdg_wm_base_get_xdg_surface(base, window.surface)
        assertError(window.client, interface: "xdg_wm_base", code: XDG_WM_BASE_ERROR_ROLE.rawValue)
        try assertServerAlive()
    }

    func testSecondToplevelIsAnError() throws {
        let window = try makeWindow()
        _ = xdg_surface_get_toplevel(window.xdgSurface)
        assertError(window.client, interface: "xdg_surface", code: XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED.rawValue)
        try assertServerAlive()
    }

    func testUnknownSerialIsAnError() throws {
        let window = try makeWindow(autoAck: false)
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        xdg_surface_ack_configure(window.xdgSurface, (window.acker.serials.last ?? 0) &+ 1000)
        assertError(window.client, interface: "xdg_surface", code: XDG_SURFACE_ERROR_INVALID_SERIAL.rawValue)
        try assertServerAlive()
    }

    func testShortStrideIsAnErrorNotACrash() throws {
        let window = try makeWindow()
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        // libwayland accepts stride ≥ width; reading width × 4 bytes a row would run off the pool.
        let buffer = try window.client.makeBuffer(shm: window.shm, width: 64, height: 64, stride: 64)
        wl_surface_attach(window.surface, buffer, 0, 0)
        wl_surface_commit(window.surface)
        XCTAssertFalse(window.client.roundtrip())
        // wl_buffer has no error codes: the surface that used the buffer is at fault.
        XCTAssertEqual(window.client.protocolError?.interface, "wl_surface")
        XCTAssertEqual(window.client.protocolError?.code, WL_SURFACE_ERROR_INVALID_SIZE.rawValue)
        try assertServerAlive()
    }

    func testTruncatedPoolIsTheClientsErrorNotACrash() throws {
        let window = try makeWindow()
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        let buffer = try window.client.makeBuffer(shm: window.shm, width: 64, height: 64, truncatePool: true)
        wl_surface_attach(window.surface, buffer, 0, 0)
        wl_surface_damage_buffer(window.surface, 0, 0, 64, 64)
        wl_surface_commit(window.surface)
        // libwayland catches the SIGBUS in begin/end_access and posts wl_shm.invalid_fd.
        XCTAssertFalse(window.client.roundtrip())
        XCTAssertEqual(window.client.protocolError?.code, WL_SHM_ERROR_INVALID_FD.rawValue)
        try assertServerAlive()
    }

    func testBadBufferScaleIsAnError() throws {
        let window = try makeWindow()
        wl_surface_set_buffer_scale(window.surface, 0)
        assertError(window.client, interface: "wl_surface", code: WL_SURFACE_ERROR_INVALID_SCALE.rawValue)
        try assertServerAlive()
    }

    func testDestroyingXdgSurfaceBeforeToplevelIsAnError() throws {
        let window = try makeWindow()
        xdg_surface_destroy(window.xdgSurface)
        XCTAssertFalse(window.client.roundtrip())
        // The client forgot the proxy at destroy, so only the code identifies the error.
        XCTAssertEqual(window.client.protocolError?.code, XDG_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT.rawValue)
        try assertServerAlive()
    }

    func testNewToplevelAfterDestroyGetsAFreshConfigure() throws {
        let window = try makeWindow()
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        let buffer = try window.client.makeBuffer(shm: window.shm, width: 20, height: 20)
        wl_surface_attach(window.surface, buffer, 0, 0)
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        xdg_toplevel_destroy(window.toplevel)
        XCTAssertTrue(window.client.roundtrip())
        XCTAssertEqual(try strata.windows().count, 0, "destroying the toplevel unmaps the window")
        // The first toplevel had its initial configure and, once mapped, the one that activated it.
        let configured = window.acker.serials.count

        _ = xdg_surface_get_toplevel(window.xdgSurface)
        wl_surface_attach(window.surface, nil, 0, 0)
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        XCTAssertEqual(window.acker.serials.count, configured + 1, "the new toplevel's initial commit is configured again")
        wl_surface_attach(window.surface, buffer, 0, 0)
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        XCTAssertEqual(try strata.windows().first?["mapped"] as? Bool, true)
    }

    func testOrderlyTeardownUnmaps() throws {
        let window = try makeWindow()
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        let buffer = try window.client.makeBuffer(shm: window.shm, width: 20, height: 20)
        wl_surface_attach(window.surface, buffer, 0, 0)
        wl_surface_commit(window.surface)
        XCTAssertTrue(window.client.roundtrip())
        XCTAssertEqual(try strata.windows().count, 1)
        xdg_toplevel_destroy(window.toplevel)
        xdg_surface_destroy(window.xdgSurface)
        wl_surface_destroy(window.surface)
        XCTAssertTrue(window.client.roundtrip(), "destroying in order is no error")
        XCTAssertEqual(try strata.windows().count, 0)
    }
}
