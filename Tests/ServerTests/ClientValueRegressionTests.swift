import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// Values the protocols allow that once ended the compositor with an
/// arithmetic trap (every client gone), each sent over the real socket
/// beside a bystander window (focused, with a wl_seat) that must keep
/// getting frames and hear nothing of them.
/// Wayland/ClientValues.swift says what each kind of value is clamped to.
final class ClientValueRegressionTests: CompositorTestCase {
    /// A mapped window whose client records its seat's events.
    private final class Bystander {
        let seat: SeatRecorder
        let window: ManagedWindow

        init(_ strata: StrataProcess) throws {
            let client = try RawClient(strata)
            seat = try SeatRecorder(client)
            window = try ManagedWindow(client, title: "bystander", width: 64, height: 48)
            _ = seat.take()
        }
    }

    private var bystander: Bystander?

    override func setUpWithError() throws {
        try super.setUpWithError()
        bystander = try Bystander(strata)
    }

    override func tearDown() {
        bystander = nil
        super.tearDown()
    }

    /// strata is up and renders, and the bystander's next commit is
    /// presented: its frame callback is done after the frame.
    private func assertBystanderGetsFrames(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(strata.process.isRunning, "strata died: \(strata.serverLog)", file: file, line: line)
        let bystander = try XCTUnwrap(bystander)
        let callback = CallbackCounter(wl_surface_frame(bystander.window.surface)!)
        bystander.window.draw()
        XCTAssertTrue(bystander.window.client.roundtrip(), file: file, line: line)
        XCTAssertEqual(try strata.control("frame").status, 0, strata.serverLog, file: file, line: line)
        XCTAssertTrue(bystander.window.client.roundtrip(), file: file, line: line)
        XCTAssertEqual(callback.done.count, 1, "the bystander's commit was presented", file: file, line: line)
        XCTAssertEqual(bystander.seat.take().filter { $0.hasPrefix("keyboard.key") }, [], "no keys reached the bystander",
                       file: file, line: line)
    }

    // MARK: The three traps of the issue

    /// Two in-range rectangles whose union is wider than Int32: the merged
    /// pixman box's width once overflowed. Both are clamped to ±2^29 and
    /// their union covers the window, which is drawn opaque.
    func testAnOpaqueRegionWiderThanInt32() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "wide region", width: 40, height: 30)
        let region = wl_compositor_create_region(window.compositor)!
        wl_region_add(region, Int32.min, 0, Int32.max, 30)
        wl_region_add(region, -1, 0, Int32.max, 30)
        wl_surface_set_opaque_region(window.surface, region)
        wl_surface_set_input_region(window.surface, region)
        window.draw()
        XCTAssertTrue(client.roundtrip(), "clamped, not an error: \(String(describing: client.protocolError))")
        try assertBystanderGetsFrames()
        XCTAssertTrue(client.roundtrip())
    }

    /// A keycode whose xkb code (+ 8) overflows UInt32, after a keymap:
    /// no keymap has such a key, so the virtual keyboard's client gets
    /// wl_display's invalid_method and the focused client hears nothing.
    func testAVirtualKeycodeWhoseXkbCodeOverflows() throws {
        let client = try RawClient(strata)
        let keyboard = try RawVirtualKeyboard(client, seat: try client.bind(strata_wl_seat_interface(), version: 7))
        try keyboard.sendKeymap()
        keyboard.key(UInt32.max - 3, pressed: true)
        XCTAssertFalse(client.roundtrip())
        XCTAssertEqual(client.connectionError, EINVAL, "wl_display.invalid_method")
        XCTAssertTrue(strata.serverLog.contains("protocol error 1 on wl_display@1"), strata.serverLog)
        XCTAssertTrue(strata.serverLog.contains("invalid arguments for zwp_virtual_keyboard_v1@"
                                                + "\(wl_proxy_get_id(keyboard.keyboard)).key: keycode 4294967292 + 8 overflows"),
                      strata.serverLog)
        try assertBystanderGetsFrames()
    }

    /// The largest keycode whose xkb code fits is no error: it reaches the focused client as sent.
    func testTheLargestVirtualKeycodeThatFits() throws {
        let client = try RawClient(strata)
        let keyboard = try RawVirtualKeyboard(client, seat: try client.bind(strata_wl_seat_interface(), version: 7))
        try keyboard.sendKeymap()
        keyboard.key(UInt32.max - 8, pressed: true)
        keyboard.key(UInt32.max - 8, pressed: false)
        XCTAssertNil(client.protocolError)
        XCTAssertEqual(try XCTUnwrap(bystander).seat.take().filter { $0.hasPrefix("keyboard.key") },
                       ["keyboard.key \(UInt32.max - 8) pressed", "keyboard.key \(UInt32.max - 8) released"])
        try assertBystanderGetsFrames()
    }

    /// Anchored left and right with margins of −2^31: the box's size was
    /// once converted from Double to UInt32 and trapped. The margins are
    /// clamped to −2^29, so the configure carries the output's width plus 2^30.
    func testALayerSurfaceStretchedByMarginsOfMinusTwoToThe31() throws {
        let client = try RawClient(strata)
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let shell = try client.bind(strata_zwlr_layer_shell_v1_interface(), version: 4)
        let stretched = RawLayerSurface(client, compositor: compositor, shell: shell, layer: RawLayerSurface.top) { s in
            zwlr_layer_surface_v1_set_anchor(s, RawLayerSurface.anchorAll)
            zwlr_layer_surface_v1_set_margin(s, Int32.min, Int32.min, Int32.min, Int32.min)
            zwlr_layer_surface_v1_set_exclusive_zone(s, Int32.max)
        }
        XCTAssertNil(client.protocolError)
        XCTAssertEqual(stretched.lastSize?.width, 320 + (1 << 30))
        XCTAssertEqual(stretched.lastSize?.height, 240 + (1 << 30))
        XCTAssertFalse(stretched.closed)
        try assertBystanderGetsFrames()

        // Margins of +2^31 leave no room: the surface is closed, as one that does not fit is.
        let squeezed = RawLayerSurface(client, compositor: compositor, shell: shell, layer: RawLayerSurface.top) { s in
            zwlr_layer_surface_v1_set_anchor(s, RawLayerSurface.anchorAll)
            zwlr_layer_surface_v1_set_margin(s, Int32.max, Int32.max, Int32.max, Int32.max)
            zwlr_layer_surface_v1_set_exclusive_zone(s, Int32.min)
        }
        XCTAssertTrue(squeezed.closed)
        XCTAssertTrue(client.roundtrip())
        try assertBystanderGetsFrames()
        withExtendedLifetime((stretched, squeezed)) {}
    }
}
