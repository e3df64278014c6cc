import CPixman
import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// zxdg_decoration_manager_v1 against a real `strata` (320×240, the window
/// at 32,32): every request's effect on configures and on the title bar
/// Strata draws, the bar's buttons, drag and border with `strata input`,
/// and each error the protocol defines.
final class DecorationProtocolTests: CompositorTestCase {
    let serverSide = ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue
    let clientSide = ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue
    /// TitleBarDrawing.activeColor in 8 bits.
    let activeBar = DecodedPNG.Pixel(red: 41, green: 43, blue: 51)

    func titleBar(_ title: String = "W") throws -> Rect? {
        guard let bar = try strata.window(title)["title_bar"] as? [String: Double] else { return nil }
        return Rect(x: bar["x"] ?? -1, y: bar["y"] ?? -1, width: bar["width"] ?? -1, height: bar["height"] ?? -1)
    }

    func decorated(_ client: RawClient, mode: UInt32 = 0) throws -> ManagedWindow {
        try ManagedWindow(client, title: "W", width: 100, height: 80, decorationMode: mode)
    }

    func testServerSideIsTheDefaultAndDrawsATitleBarAboveTheWindow() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        XCTAssertEqual(window.configures.first?.decorationMode, serverSide, "the mode comes with the first configure")
        XCTAssertEqual(try strata.window("W")["decoration"] as? String, "server_side")
        XCTAssertEqual(try titleBar(), Rect(x: 32, y: 4, width: 100, height: 28))
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.shot("decorated")
        assertPixel(shot, 34, 6, activeBar)
        assertPixel(shot, 34, 31, activeBar)
        assertPixel(shot, 34, 32, .fill)
        assertPixel(shot, 34, 3, .desktop)
    }

    /// A window geometry as wide as an int allows (clamped to 2^29 points,
    /// as every client length is) costs no huge title-bar image and brings
    /// the compositor down in no way: it draws on.
    func testAHugeWindowGeometryIsServedOn() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        xdg_surface_set_window_geometry(window.xdgSurface, 0, 0, Int32.max, 80)
        wl_surface_commit(window.surface)
        XCTAssertTrue(client.roundtrip())
        XCTAssertEqual(try strata.control("frame").status, 0, strata.serverLog)
        XCTAssertEqual(try titleBar()?.width, Double(1 << 29))
        XCTAssertTrue(try RawClient(strata).roundtrip(), "the compositor serves on")
    }

    func testClientSideIsGivenWhenAskedFor() throws {
        let client = try RawClient(strata)
        let window = try decorated(client, mode: clientSide)
        XCTAssertEqual(window.configures.first?.decorationMode, clientSide)
        XCTAssertEqual(try strata.window("W")["decoration"] as? String, "client_side")
        XCTAssertNil(try titleBar())
    }

    func testSetModeAnswersWithAConfigureAndTakesEffectWithItsAcknowledgement() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        let decoration = try XCTUnwrap(window.decoration)
        window.followsConfigures = false
        zxdg_toplevel_decoration_v1_set_mode(decoration, clientSide)
        client.roundtrip()
        XCTAssertEqual(window.last?.decorationMode, clientSide)
        client.roundtrip()
        XCTAssertNil(try titleBar(), "gone with the commit that acknowledged it")
        zxdg_toplevel_decoration_v1_set_mode(decoration, serverSide)
        client.roundtrip()
        XCTAssertEqual(window.last?.decorationMode, serverSide)
        client.roundtrip()
        XCTAssertNotNil(try titleBar())
        // The same mode again still gets its configure.
        let count = window.configures.count
        zxdg_toplevel_decoration_v1_set_mode(decoration, serverSide)
        client.roundtrip()
        XCTAssertEqual(window.configures.count, count + 1)
        XCTAssertEqual(window.last?.decorationMode, serverSide)
    }

    func testUnsetModeAndUnknownModesGetTheCompositorsChoice() throws {
        let client = try RawClient(strata)
        let window = try decorated(client, mode: clientSide)
        let decoration = try XCTUnwrap(window.decoration)
        zxdg_toplevel_decoration_v1_unset_mode(decoration)
        client.roundtrip()
        XCTAssertEqual(window.last?.decorationMode, serverSide)
        zxdg_toplevel_decoration_v1_set_mode(decoration, clientSide)
        client.roundtrip()
        zxdg_toplevel_decoration_v1_set_mode(decoration, 7)
        client.roundtrip()
        XCTAssertEqual(window.last?.decorationMode, serverSide)
        XCTAssertTrue(client.roundtrip(), "no error: the protocol defines none for it")
    }

    func testDestroyingTheDecorationRemovesTheBarAtTheNextCommit() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        zxdg_toplevel_decoration_v1_destroy(try XCTUnwrap(window.decoration))
        client.roundtrip()
        wl_surface_commit(window.surface)
        client.roundtrip()
        XCTAssertNil(try titleBar())
        XCTAssertNil(try strata.window("W")["decoration"] as? String)
    }

    func testADecorationMadeAfterTheFirstConfigureComesWithAConfigureOfItsOwn() throws {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_zxdg_decoration_manager_v1_interface(), version: 1)
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let base = try client.bind(strata_xdg_wm_base_interface(), version: 5)
        let surface = wl_compositor_create_surface(compositor)!
        let xdgSurface = xdg_wm_base_get_xdg_surface(base, surface)!
        let acker = ConfigureAcker(xdgSurface)
        let toplevel = xdg_surface_get_toplevel(xdgSurface)!
        wl_surface_commit(surface)
        client.roundtrip()
        XCTAssertEqual(acker.serials.count, 1)
        _ = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
        client.roundtrip()
        XCTAssertEqual(acker.serials.count, 2)
    }

    // MARK: Errors

    func testASecondDecorationIsAlreadyConstructed() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        let manager = try client.bind(strata_zxdg_decoration_manager_v1_interface(), version: 1)
        _ = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, window.toplevel)
        try assertProtocolError(client, interface: "zxdg_toplevel_decoration_v1",
                                code: ZXDG_TOPLEVEL_DECORATION_V1_ERROR_ALREADY_CONSTRUCTED.rawValue)
    }

    func testADecorationForAWindowWithABufferIsUnconfiguredBuffer() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        let manager = try client.bind(strata_zxdg_decoration_manager_v1_interface(), version: 1)
        _ = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, window.toplevel)
        try assertProtocolError(client, interface: "zxdg_toplevel_decoration_v1",
                                code: ZXDG_TOPLEVEL_DECORATION_V1_ERROR_UNCONFIGURED_BUFFER.rawValue)
    }

    func testAnAttachedButUncommittedBufferIsUnconfiguredBufferToo() throws {
        let client = try RawClient(strata)
        let compositor = try client.bind(strata_wl_compositor_interface(), version: 5)
        let shm = try client.bind(strata_wl_shm_interface(), version: 1)
        let base = try client.bind(strata_xdg_wm_base_interface(), version: 5)
        let manager = try client.bind(strata_zxdg_decoration_manager_v1_interface(), version: 1)
        let surface = wl_compositor_create_surface(compositor)!
        let toplevel = xdg_surface_get_toplevel(xdg_wm_base_get_xdg_surface(base, surface)!)!
        wl_surface_attach(surface, try client.makeBuffer(shm: shm, width: 10, height: 10), 0, 0)
        _ = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
        try assertProtocolError(client, interface: "zxdg_toplevel_decoration_v1",
                                code: ZXDG_TOPLEVEL_DECORATION_V1_ERROR_UNCONFIGURED_BUFFER.rawValue)
    }

    func testDestroyingTheToplevelFirstIsOrphaned() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        xdg_toplevel_destroy(window.toplevel)
        try assertProtocolError(client, interface: "zxdg_toplevel_decoration_v1",
                                code: ZXDG_TOPLEVEL_DECORATION_V1_ERROR_ORPHANED.rawValue)
    }

    func testDestroyingTheDecorationThenTheToplevelIsFine() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        zxdg_toplevel_decoration_v1_destroy(try XCTUnwrap(window.decoration))
        xdg_toplevel_destroy(window.toplevel)
        XCTAssertTrue(client.roundtrip())
        let manager = try client.bind(strata_zxdg_decoration_manager_v1_interface(), version: 1)
        zxdg_decoration_manager_v1_destroy(manager)
        XCTAssertTrue(client.roundtrip())
    }

    // MARK: The title bar with the pointer

    func testTheCloseButtonAsksTheWindowToClose() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        try strata.input("click", "118", "18")
        client.roundtrip()
        XCTAssertEqual(window.closeRequests, 1)
        // A press on the button released elsewhere does nothing.
        try strata.input("drag", "118", "18", "60", "18")
        client.roundtrip()
        XCTAssertEqual(window.closeRequests, 1)
    }

    func testTheMaximizeButtonMaximizesBelowTheBarAndRestores() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        try strata.input("click", "90", "18")
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 320)
        XCTAssertEqual(window.last?.height, 212, "the output less the title bar")
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 0, y: 28))
        XCTAssertEqual(try titleBar(), Rect(x: 0, y: 0, width: 320, height: 28))
        // The button is now at the output's right.
        try strata.input("click", "278", "14")
        client.roundtrip()
        client.roundtrip()
        XCTAssertFalse(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 32, y: 32))
    }

    /// A window that asks to be maximized before it first maps (`foot
    /// --maximized`) gets its title bar below the top of the output, not above it.
    func testAWindowMaximizedBeforeItMapsHasItsBarOnTheOutput() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80, decorationMode: serverSide) {
            xdg_toplevel_set_maximized($0.toplevel)
        }
        client.roundtrip()
        client.roundtrip()
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
        XCTAssertEqual(window.last?.height, 212, "the output less the title bar")
        XCTAssertEqual(try titleBar(), Rect(x: 0, y: 0, width: 320, height: 28))
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 0, y: 28))
    }

    func testTheMinimizeButtonMinimizes() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        defer { withExtendedLifetime(window) {} }
        try strata.input("click", "62", "18")
        XCTAssertEqual(try strata.states(of: "W"), ["minimized"])
        XCTAssertEqual(try strata.control("frame").status, 0)
        assertPixel(try strata.shot("minimized-decorated"), 40, 10, .desktop, "the bar hides with its window")
    }

    func testADoubleClickOnTheTitleMaximizes() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        try strata.input("click", "40", "18", "--count", "2")
        client.roundtrip()
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
    }

    func testDraggingTheTitleMovesTheWindowAndItsBar() throws {
        let client = try RawClient(strata)
        let seat = try SeatRecorder(client)
        let window = try decorated(client)
        seat.take()
        try strata.input("drag", "40", "18", "100", "60", "--steps", "3")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 92, y: 74))
        XCTAssertEqual(try titleBar(), Rect(x: 92, y: 46, width: 100, height: 28))
        XCTAssertFalse(seat.take().contains { $0.hasPrefix("pointer.button") }, "the bar is the compositor's")
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.shot("decorated-moved")
        assertPixel(shot, 94, 48, activeBar)
        assertPixel(shot, 94, 80, .fill)
        // Never above the output: the bar stays reachable.
        try strata.input("drag", "100", "60", "100", "0")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 92, y: 28))
        _ = window
    }

    func testDraggingTheBorderResizesFromThatEdge() throws {
        let client = try RawClient(strata)
        let window = try decorated(client)
        // The bottom right corner is at (132, 112); the border is 6 points around.
        try strata.input("drag", "134", "114", "154", "134", "--steps", "2")
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 120, height: 100))
        XCTAssertFalse(window.lastHas(XDG_TOPLEVEL_STATE_RESIZING), "ended with the release")
        // The drag outran the client (one configure at a time): the release brings the size reached.
        XCTAssertTrue(window.configures.contains { $0.states.contains(XDG_TOPLEVEL_STATE_RESIZING.rawValue) })
        XCTAssertEqual(window.last?.width, 120)
        // The left edge: the right one stays.
        try strata.input("drag", "29", "60", "19", "60")
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 130, height: 100))
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 22, y: 32))
    }

    func testAnInactiveWindowsBarIsLighterAndTheTitleIsRedrawnWhenItChanges() throws {
        let client = try RawClient(strata)
        // Wide enough for a title beside the three buttons.
        let window = try ManagedWindow(client, title: "W", width: 240, height: 80, decorationMode: 0)
        XCTAssertEqual(try strata.control("frame").status, 0)
        let before = try strata.shot("title-before")
        xdg_toplevel_set_title(window.toplevel, "A much longer title")
        client.roundtrip()
        XCTAssertEqual(try strata.control("frame").status, 0)
        let after = try strata.shot("title-after")
        let bar = { (shot: DecodedPNG) in shot.count(x: 32, y: 4, width: 120, height: 28) { $0.red > 150 } }
        XCTAssertGreaterThan(bar(before), 10, "the title is drawn")
        XCTAssertGreaterThan(bar(after), bar(before), "more title text")

        let other = try ManagedWindow(client, title: "Other", width: 40, height: 40)
        defer { withExtendedLifetime(other) {} }
        XCTAssertEqual(try strata.control("frame").status, 0)
        assertPixel(try strata.shot("inactive-bar"), 34, 6, DecodedPNG.Pixel(red: 69, green: 71, blue: 77))
    }

    func testAtScaleTwoTheBarIsDrawnInOutputPixels() throws {
        strata.stop()
        strata = try StrataProcess(width: 640, height: 480, scale: 2, manualFrames: true)
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "Strata", width: 200, height: 100, decorationMode: 0)
        defer { withExtendedLifetime(window) {} }
        XCTAssertEqual(try titleBar("Strata"), Rect(x: 32, y: 4, width: 200, height: 28), "in points")
        let bar = try XCTUnwrap((try strata.window("Strata")["layer"] as? [String: Any])?["sublayers"] as? [[String: Any]])
            .first { $0["name"] as? String == "title-bar" }
        let contents = try XCTUnwrap(bar?["contents"] as? [String: Any])
        XCTAssertEqual(contents["width"] as? Int, 400)
        XCTAssertEqual(contents["height"] as? Int, 56)
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.shot("decorated-scale-2")
        assertPixel(shot, 66, 10, activeBar)
        assertPixel(shot, 66, 63, activeBar)
        assertPixel(shot, 66, 64, .fill)
    }

    func testADecoratedWindowMatchesItsReferenceImage() throws {
        strata.stop()
        strata = try StrataProcess(width: 240, height: 160, manualFrames: true, windowOrigins: [(x: 40, y: 48)])
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "Strata", width: 160, height: 90, decorationMode: 0)
        defer { withExtendedLifetime(window) {} }
        XCTAssertEqual(try strata.control("frame").status, 0)
        let path = strata.runtimeDirectory + "/decorated.png"
        _ = try strata.screenshot(to: path)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References").path
        // Text is antialiased: a few pixels may differ with the fonts' versions.
        ImageComparison.assertMatches(image, reference: "decorated-window", in: .module, referencesDirectory: references,
                                      tolerance: 8, maxDifferingPixels: 40)
    }
}
