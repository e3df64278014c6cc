import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataRender
import TestSupport
import XCTest

/// xdg_positioner and xdg_popup on the real socket: bare libwayland
/// clients against the `strata` binary (320×240, the first window at
/// 32,32), checked on its screenshots and through its seat. Every
/// request's effect and every error the protocol defines.
final class PopupProtocolTests: CompositorTestCase {
    static let blue: UInt32 = 0xFF_00_00_FF, red: UInt32 = 0xFF_FF_00_00, green: UInt32 = 0xFF_00_FF_00
    static let pixels: [UInt32: DecodedPNG.Pixel] = [
        blue: .init(red: 0, green: 0, blue: 255), red: .init(red: 255, green: 0, blue: 0), green: .init(red: 0, green: 255, blue: 0),
    ]

    /// A client with a 100×80 blue window at (32, 32) and its own xdg_wm_base.
    final class Scene {
        let client: RawClient
        let window: RawWindow
        let base: OpaquePointer
        let recorder: SeatRecorder?

        init(_ strata: StrataProcess, seat: Bool = false) throws {
            client = try RawClient(strata)
            recorder = seat ? try SeatRecorder(client) : nil
            window = try RawWindow(client, title: "parent", width: 100, height: 80, pixel: PopupProtocolTests.blue)
            base = try client.bind(strata_xdg_wm_base_interface(), version: 5)
        }

        /// A popup of `parent` (the window's xdg_surface by default), `width`×`height` at `anchorRect`'s
        /// bottom-right corner unless told otherwise, shown in `pixel` unless `show` is false.
        func popup(parent: OpaquePointer? = nil, width: Int32 = 40, height: Int32 = 30,
                   anchorRect: (Int32, Int32, Int32, Int32) = (10, 10, 20, 20), anchor: UInt32 = 8, gravity: UInt32 = 8,
                   adjustments: UInt32 = 0, pixel: UInt32 = PopupProtocolTests.red, show: Bool = true,
                   name: String = "popup", doneLog: RawPopup.DoneLog = RawPopup.DoneLog(),
                   beforeCommit: (OpaquePointer) -> Void = { _ in }) throws -> RawPopup {
            let positioner = RawPopup.positioner(base, width: width, height: height, anchorRect: anchorRect,
                                                 anchor: anchor, gravity: gravity, adjustments: adjustments)
            let popup = RawPopup(client, compositor: window.compositor, base: base, parent: parent ?? window.xdgSurface,
                                 positioner: positioner, name: name, doneLog: doneLog, beforeCommit: beforeCommit)
            xdg_positioner_destroy(positioner)
            if show { try popup.show(shm: window.shm, width: width, height: height, pixel: pixel) }
            return popup
        }
    }

    /// Asserts the colour at points of the output.
    func assertColors(_ expected: [(x: Int, y: Int, pixel: UInt32)], _ message: String = "",
                      file: StaticString = #filePath, line: UInt = #line) throws {
        let path = NSTemporaryDirectory() + "strata-popup-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(try strata.control("frame").status, 0, file: file, line: line)
        let shot = try strata.screenshot(to: path)
        for point in expected {
            let want = try XCTUnwrap(Self.pixels[point.pixel])
            XCTAssertEqual(shot[point.x, point.y], want, "at (\(point.x), \(point.y)) \(message)", file: file, line: line)
        }
    }

    // MARK: Placement and drawing

    func testPopupIsConfiguredAndDrawnAboveItsParent() throws {
        let scene = try Scene(strata)
        // The anchor rectangle's bottom-right corner, (90, 70) in the window, the popup below and right of it.
        let popup = try scene.popup(anchorRect: (80, 60, 10, 10))
        XCTAssertEqual(popup.take(), ["configure 90 70 40 30"])
        XCTAssertEqual(popup.configureCount, 1, "then xdg_surface.configure")
        // Window at (32, 32): the popup covers 122..162 × 102..132, over the window and beyond it.
        try assertColors([(123, 103, Self.red), (131, 111, Self.red), (161, 131, Self.red), (121, 101, Self.blue)])
    }

    func testConstraintAdjustmentsKeepThePopupOnTheOutput() throws {
        let scene = try Scene(strata)
        // 250 wide at the window's right edge (output x 132): slid left until it ends at 320.
        let slid = try scene.popup(width: 250, height: 20, anchorRect: (90, 0, 10, 10), anchor: 7, gravity: 8, adjustments: 1)
        XCTAssertEqual(slid.take(), ["configure 38 0 250 20"])
        // 200 tall below the window's bottom (output y 112): cut to the output's bottom, 128 high.
        let resized = try scene.popup(width: 20, height: 200, anchorRect: (0, 70, 10, 10), anchor: 6, gravity: 8, adjustments: 32,
                                      show: false)
        XCTAssertEqual(resized.take(), ["configure 0 80 20 128"])
        // Above the window's top edge, flipped below the anchor.
        let flipped = try scene.popup(width: 30, height: 40, anchorRect: (0, 0, 10, 10), anchor: 5, gravity: 5, adjustments: 8 | 4,
                                      show: false)
        XCTAssertEqual(flipped.take(), ["configure -30 10 30 40"], "flipped on y; x fits on the output as asked")
        try assertColors([(70, 33, Self.red), (319, 33, Self.red), (69, 33, Self.blue)])
    }

    func testRepositionSendsRepositionedThenConfigure() throws {
        let scene = try Scene(strata)
        let popup = try scene.popup()
        popup.take()
        let positioner = RawPopup.positioner(scene.base, width: 20, height: 20, anchorRect: (0, 0, 10, 10))
        xdg_popup_reposition(popup.popup, positioner, 7)
        XCTAssertEqual(popup.take(), ["repositioned 7", "configure 10 10 20 20"])
        XCTAssertEqual(popup.configureCount, 2)
        try popup.show(shm: scene.window.shm, width: 20, height: 20, pixel: Self.green)
        try assertColors([(43, 43, Self.green), (61, 61, Self.green), (63, 63, Self.blue)])
    }

    func testNestedPopupIsPlacedAgainstItsParentPopup() throws {
        let scene = try Scene(strata)
        let menu = try scene.popup()                                   // window (30, 30), output (62, 62)
        let submenu = try scene.popup(parent: menu.xdgSurface, width: 20, height: 20, anchorRect: (40, 0, 0, 0),
                                      anchor: 7, gravity: 8, pixel: Self.green)
        XCTAssertEqual(submenu.take(), ["configure 40 0 20 20"])
        try assertColors([(102, 62, Self.green), (121, 81, Self.green), (101, 62, Self.red), (122, 62, Self.blue)])
    }

    func testUnmappedParentHidesItsPopup() throws {
        let scene = try Scene(strata)
        let popup = try scene.popup()
        popup.take()
        wl_surface_attach(scene.window.surface, nil, 0, 0)
        wl_surface_commit(scene.window.surface)
        XCTAssertEqual(popup.take(), ["popup_done"])
    }

    func testTreeListsShownPopups() throws {
        let scene = try Scene(strata)
        let popup = try scene.popup()
        let window = try XCTUnwrap(strata.windows().first)
        let popups = try XCTUnwrap(window["popups"] as? [[String: Any]])
        XCTAssertEqual(popups.count, 1)
        let placement = try XCTUnwrap(popups.first?["placement"] as? [String: Any])
        XCTAssertEqual([placement["x"], placement["y"], placement["width"], placement["height"]].compactMap { $0 as? Int }, [30, 30, 40, 30])
        let surface = try XCTUnwrap(popups.first?["surface"] as? [String: Any])
        XCTAssertEqual(surface["role"] as? String, "xdg_popup")
        XCTAssertEqual(surface["id"] as? Int, Int(popup.surfaceID))
        XCTAssertEqual(popups.first?["parent"] as? Int, Int(scene.window.surfaceID))
    }

    func testReactivePopupIsPlacedAgainWhenItsParentMoves() throws {
        let scene = try Scene(strata)
        let menu = try scene.popup()                                   // window (30, 30), output (62, 62)
        // 250 wide from the menu's right edge (output 102): slid left by 32 to end at the output's edge.
        func submenu(reactive: Bool) -> RawPopup {
            let positioner = RawPopup.positioner(scene.base, width: 250, height: 20, anchorRect: (40, 0, 0, 0),
                                                 anchor: 7, gravity: 8, adjustments: 1)
            if reactive { xdg_positioner_set_reactive(positioner) }
            return RawPopup(scene.client, compositor: scene.window.compositor, base: scene.base,
                            parent: menu.xdgSurface, positioner: positioner)
        }
        menu.take()
        let reactive = submenu(reactive: true), fixed = submenu(reactive: false)
        XCTAssertEqual(reactive.take(), ["configure 8 0 250 20"])
        XCTAssertEqual(fixed.take(), ["configure 8 0 250 20"])
        // The menu moves 20 points left and up: the submenu needs to slide only 12.
        xdg_popup_reposition(menu.popup, RawPopup.positioner(scene.base, width: 40, height: 30, anchorRect: (0, 0, 10, 10)), 1)
        XCTAssertEqual(menu.take(), ["repositioned 1", "configure 10 10 40 30"])
        wl_surface_commit(menu.surface)
        XCTAssertEqual(reactive.take(), ["configure 28 0 250 20"])
        XCTAssertEqual(fixed.take(), [], "a popup that is not reactive stays where it was configured")
    }

    // MARK: Input and grabs

    func testPointerAndTouchOnAPopupUseItsCoordinates() throws {
        let scene = try Scene(strata, seat: true)
        let recorder = try XCTUnwrap(scene.recorder)
        let popup = try scene.popup()                                  // output 62..102 × 62..92
        recorder.take()
        try strata.input("move", "70", "65")
        XCTAssertEqual(recorder.taken("pointer"), ["pointer.enter \(popup.surfaceID) 8 3", "pointer.motion 8 3"])
        try strata.input("move", "50", "50")
        XCTAssertEqual(recorder.taken("pointer"), ["pointer.leave \(popup.surfaceID)", "pointer.enter \(scene.window.surfaceID) 18 18",
                                                   "pointer.motion 18 18"])
        try strata.input("tap", "100", "90")
        XCTAssertEqual(recorder.taken("touch"), ["touch.down \(popup.surfaceID) 0 38 28", "touch.up 0"])
        XCTAssertFalse(popup.take().contains("popup_done"), "a popup without a grab stays open")
    }

    func testGrabTakesTheKeyboardAndAClickOutsideDismissesTopmostFirst() throws {
        let scene = try Scene(strata, seat: true)
        let recorder = try XCTUnwrap(scene.recorder)
        try strata.input("click", "40", "40")
        recorder.take()
        let serial = recorder.lastInputSerial
        let seat = recorder.seat
        let log = RawPopup.DoneLog()
        let menu = try scene.popup(name: "menu", doneLog: log) { xdg_popup_grab($0, seat, serial) }
        recorder.take()
        try strata.input("click", "70", "70")  // in the menu: it stays; the press gives the submenu its serial
        XCTAssertEqual(recorder.taken("pointer.button"), ["pointer.button 272 pressed", "pointer.button 272 released"])
        let submenu = try scene.popup(parent: menu.xdgSurface, width: 20, height: 20, anchorRect: (40, 0, 0, 0),
                                      anchor: 7, gravity: 8, pixel: Self.green, name: "submenu", doneLog: log) {
            xdg_popup_grab($0, seat, recorder.lastInputSerial)
        }
        XCTAssertEqual(recorder.taken("keyboard").filter { !$0.hasPrefix("keyboard.modifiers") },
                       ["keyboard.leave \(menu.surfaceID)", "keyboard.enter \(submenu.surfaceID) []"])
        try strata.input("key", "a")
        XCTAssertEqual(recorder.taken("keyboard.key"), ["keyboard.key 30 pressed", "keyboard.key 30 released"],
                       "keys go to the topmost grabbing popup")
        try strata.input("click", "65", "65")  // in the menu, below the submenu's chain: nothing is dismissed
        XCTAssertEqual(log.names, [])
        try strata.input("click", "300", "200")  // the desktop
        submenu.take(); menu.take()
        XCTAssertEqual(log.names, ["submenu", "menu"], "dismissed topmost first")
        XCTAssertEqual(recorder.taken("keyboard.enter"), ["keyboard.enter \(scene.window.surfaceID) []"],
                       "the keyboard returns to the window")
        try assertColors([(70, 70, Self.blue), (105, 65, Self.blue)])
    }

    func testGrabTakesTheKeyboardWhenMapped() throws {
        let scene = try Scene(strata, seat: true)
        let recorder = try XCTUnwrap(scene.recorder)
        try strata.input("click", "40", "40")
        recorder.take()
        let (seat, serial) = (recorder.seat, recorder.lastInputSerial)
        let menu = try scene.popup { xdg_popup_grab($0, seat, serial) }
        XCTAssertEqual(recorder.taken("keyboard").filter { !$0.hasPrefix("keyboard.modifiers") },
                       ["keyboard.leave \(scene.window.surfaceID)", "keyboard.enter \(menu.surfaceID) []"])
        // The client closes it: the keyboard comes back.
        xdg_popup_destroy(menu.popup)
        XCTAssertEqual(recorder.taken("keyboard").filter { !$0.hasPrefix("keyboard.modifiers") },
                       ["keyboard.leave \(menu.surfaceID)", "keyboard.enter \(scene.window.surfaceID) []"])
    }

    func testTouchOutsideDismisses() throws {
        let scene = try Scene(strata, seat: true)
        let recorder = try XCTUnwrap(scene.recorder)
        try strata.input("tap", "40", "40")
        recorder.take()
        let (seat, serial) = (recorder.seat, recorder.lastInputSerial)
        let menu = try scene.popup { xdg_popup_grab($0, seat, serial) }
        menu.take()
        try strata.input("tap", "70", "70")
        XCTAssertEqual(recorder.taken("touch.down"), ["touch.down \(menu.surfaceID) 0 8 8"])
        XCTAssertEqual(menu.take(), [], "a touch on the menu keeps it")
        try strata.input("tap", "120", "100")  // the window, outside the menu
        XCTAssertEqual(menu.take(), ["popup_done"])
        XCTAssertEqual(recorder.taken("touch."), [], "the touch that dismissed was the menu's: the window hears nothing of it")
        try strata.input("tap", "120", "100")
        XCTAssertEqual(recorder.taken("touch.down"), ["touch.down \(scene.window.surfaceID) 0 88 68"], "the next one is the window's")
    }

    /// A click outside a grabbing menu closes it and is the menu's: no
    /// button reaches the window after popup_done (wlcs's
    /// does_not_get_popup_done_event_before_button_press); the next click does.
    func testAClickOutsideThatDismissesReachesNoWindow() throws {
        let scene = try Scene(strata, seat: true)
        let recorder = try XCTUnwrap(scene.recorder)
        try strata.input("click", "40", "40")
        recorder.take()
        let (seat, serial) = (recorder.seat, recorder.lastInputSerial)
        let menu = try scene.popup { xdg_popup_grab($0, seat, serial) }
        menu.take()
        try strata.input("click", "120", "100")  // the window, outside the menu
        XCTAssertEqual(menu.take(), ["popup_done"])
        XCTAssertEqual(recorder.taken("pointer.button"), [], "the click that closed the menu")
        try strata.input("click", "120", "100")
        XCTAssertEqual(recorder.taken("pointer.button").count, 2, "the next click is the window's")
    }

    func testInvalidGrabSerialDismissesAtOnce() throws {
        let scene = try Scene(strata, seat: true)
        let seat = try XCTUnwrap(scene.recorder).seat
        let popup = try scene.popup(show: false) { xdg_popup_grab($0, seat, 12345) }
        XCTAssertEqual(popup.take().first, "popup_done", "dismissed at once")
        try popup.show(shm: scene.window.shm, width: 40, height: 30, pixel: Self.red)
        XCTAssertTrue(scene.client.roundtrip(), "a dismissed popup's commits are not errors")
        try assertColors([(70, 70, Self.blue)], "and it is never shown")
    }

    func testAnotherClientsSerialDoesNotGrab() throws {
        let other = try Scene(strata, seat: true)
        try strata.input("click", "40", "40")
        try XCTUnwrap(other.recorder).take()
        let serial = try XCTUnwrap(other.recorder).lastInputSerial
        let scene = try Scene(strata, seat: true)
        let seat = try XCTUnwrap(scene.recorder).seat
        let popup = try scene.popup(show: false) { xdg_popup_grab($0, seat, serial) }
        XCTAssertEqual(popup.take().first, "popup_done")
    }

    // MARK: Errors

    func testPositionerErrors() throws {
        let cases: [(String, (OpaquePointer) -> Void)] = [
            ("zero size", { xdg_positioner_set_size($0, 0, 10) }),
            ("negative size", { xdg_positioner_set_size($0, 10, -1) }),
            ("negative anchor rectangle", { xdg_positioner_set_anchor_rect($0, 0, 0, -1, 5) }),
            ("unknown anchor", { xdg_positioner_set_anchor($0, 9) }),
            ("unknown gravity", { xdg_positioner_set_gravity($0, 42) }),
        ]
        for (name, request) in cases {
            let client = try RawClient(strata)
            let base = try client.bind(strata_xdg_wm_base_interface(), version: 5)
            let positioner = xdg_wm_base_create_positioner(base)!
            request(positioner)
            try assertProtocolError(client, interface: "xdg_positioner", code: XDG_POSITIONER_ERROR_INVALID_INPUT.rawValue)
            XCTAssertNotNil(client.protocolError, name)
        }
    }

    func testPositionerAcceptsEveryValidRequest() throws {
        let client = try RawClient(strata)
        let base = try client.bind(strata_xdg_wm_base_interface(), version: 5)
        let positioner = RawPopup.positioner(base, width: 1, height: 1, anchorRect: (0, 0, 0, 0), anchor: 0, gravity: 0,
                                             adjustments: 0xFFFF_FFFF, offset: (-5, 5))
        xdg_positioner_set_reactive(positioner)
        xdg_positioner_set_parent_size(positioner, 100, 80)
        xdg_positioner_set_parent_configure(positioner, 1)
        xdg_positioner_destroy(positioner)
        XCTAssertTrue(client.roundtrip())
    }

    func testIncompletePositionerIsInvalidPositioner() throws {
        for setup in [{ (p: OpaquePointer) in xdg_positioner_set_size(p, 10, 10) },
                      { (p: OpaquePointer) in xdg_positioner_set_anchor_rect(p, 0, 0, 1, 1) }] {
            let scene = try Scene(strata)
            let positioner = xdg_wm_base_create_positioner(scene.base)!
            setup(positioner)
            let surface = wl_compositor_create_surface(scene.window.compositor)!
            let xdgSurface = xdg_wm_base_get_xdg_surface(scene.base, surface)!
            _ = xdg_surface_get_popup(xdgSurface, scene.window.xdgSurface, positioner)
            try assertProtocolError(scene.client, interface: "xdg_wm_base", code: XDG_WM_BASE_ERROR_INVALID_POSITIONER.rawValue)
        }
    }

    func testRepositionWithAnIncompletePositionerIsInvalidPositioner() throws {
        let scene = try Scene(strata)
        let popup = try scene.popup()
        xdg_popup_reposition(popup.popup, xdg_wm_base_create_positioner(scene.base)!, 1)
        try assertProtocolError(scene.client, interface: "xdg_wm_base", code: XDG_WM_BASE_ERROR_INVALID_POSITIONER.rawValue)
    }

    func testParentWithoutARoleIsInvalidPopupParent() throws {
        let scene = try Scene(strata)
        let bare = xdg_wm_base_get_xdg_surface(scene.base, wl_compositor_create_surface(scene.window.compositor)!)!
        let positioner = RawPopup.positioner(scene.base, width: 10, height: 10, anchorRect: (0, 0, 1, 1))
        let xdgSurface = xdg_wm_base_get_xdg_surface(scene.base, wl_compositor_create_surface(scene.window.compositor)!)!
        _ = xdg_surface_get_popup(xdgSurface, bare, positioner)
        try assertProtocolError(scene.client, interface: "xdg_wm_base", code: XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT.rawValue)
    }

    func testCommitWithoutAParentIsInvalidPopupParent() throws {
        let scene = try Scene(strata)
        let positioner = RawPopup.positioner(scene.base, width: 10, height: 10, anchorRect: (0, 0, 1, 1))
        let surface = wl_compositor_create_surface(scene.window.compositor)!
        _ = xdg_surface_get_popup(xdg_wm_base_get_xdg_surface(scene.base, surface)!, nil, positioner)
        XCTAssertTrue(scene.client.roundtrip(), "a NULL parent is allowed until the initial commit")
        wl_surface_commit(surface)
        try assertProtocolError(scene.client, interface: "xdg_wm_base", code: XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT.rawValue)
    }

    func testSecondRoleObjectIsAlreadyConstructed() throws {
        let scene = try Scene(strata)
        let positioner = RawPopup.positioner(scene.base, width: 10, height: 10, anchorRect: (0, 0, 1, 1))
        _ = xdg_surface_get_popup(scene.window.xdgSurface, nil, positioner)
        try assertProtocolError(scene.client, interface: "xdg_surface", code: XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED.rawValue)
    }

    func testAToplevelSurfaceCannotBecomeAPopup() throws {
        let scene = try Scene(strata)
        let other = try scene.popup(show: false)
        xdg_toplevel_destroy(scene.window.toplevel)
        let positioner = RawPopup.positioner(scene.base, width: 10, height: 10, anchorRect: (0, 0, 1, 1))
        _ = xdg_surface_get_popup(scene.window.xdgSurface, other.xdgSurface, positioner)
        try assertProtocolError(scene.client, interface: "xdg_wm_base", code: XDG_WM_BASE_ERROR_ROLE.rawValue)
    }

    func testDestroyingAParentPopupFirstIsNotTheTopmostPopup() throws {
        let scene = try Scene(strata)
        let menu = try scene.popup()
        _ = try scene.popup(parent: menu.xdgSurface, width: 10, height: 10)
        xdg_popup_destroy(menu.popup)
        try assertProtocolError(scene.client, interface: "xdg_wm_base", code: XDG_WM_BASE_ERROR_NOT_THE_TOPMOST_POPUP.rawValue)
    }

    func testDestroyingInOrderIsFine() throws {
        let scene = try Scene(strata)
        let menu = try scene.popup()
        let submenu = try scene.popup(parent: menu.xdgSurface, width: 10, height: 10)
        xdg_popup_destroy(submenu.popup)
        xdg_popup_destroy(menu.popup)
        XCTAssertTrue(scene.client.roundtrip())
        try assertColors([(70, 70, Self.blue)], "both gone")
    }

    func testXdgSurfaceDestroyedBeforeItsPopupIsDefunctRoleObject() throws {
        let scene = try Scene(strata)
        let popup = try scene.popup()
        xdg_surface_destroy(popup.xdgSurface)
        XCTAssertFalse(scene.client.roundtrip())
        // The client forgot the proxy at destroy, so only the code identifies the error.
        XCTAssertEqual(scene.client.protocolError?.code, XDG_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT.rawValue)
    }

    func testGrabAfterMappingIsInvalidGrab() throws {
        let scene = try Scene(strata, seat: true)
        let popup = try scene.popup()
        xdg_popup_grab(popup.popup, try XCTUnwrap(scene.recorder).seat, 0)
        try assertProtocolError(scene.client, interface: "xdg_popup", code: XDG_POPUP_ERROR_INVALID_GRAB.rawValue)
    }

    func testGrabOnAPopupOfANonGrabbingPopupIsInvalidGrab() throws {
        let scene = try Scene(strata, seat: true)
        let seat = try XCTUnwrap(scene.recorder).seat
        let menu = try scene.popup()
        _ = try scene.popup(parent: menu.xdgSurface, show: false) { xdg_popup_grab($0, seat, 0) }
        try assertProtocolError(scene.client, interface: "xdg_popup", code: XDG_POPUP_ERROR_INVALID_GRAB.rawValue)
    }
}
