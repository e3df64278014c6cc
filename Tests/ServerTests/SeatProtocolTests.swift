import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// wl_seat on the real socket: bare libwayland clients in this process
/// against the `strata` binary, input injected with the real `strata input`.
/// Windows cascade: the first at (32, 32), the second at (64, 64), on top.
final class SeatProtocolTests: XCTestCase {
    var strata: StrataProcess!

    override func setUpWithError() throws {
        strata = try StrataProcess(width: 320, height: 240, manualFrames: true)
    }

    override func tearDown() {
        if let strata { XCTAssertEqual(strata.stop(), 0, strata.serverLog) }
        strata = nil
    }


    /// A client with a seat and one mapped window.
    func window(_ title: String, width: Int32 = 100, height: Int32 = 100, pixel: UInt32 = 0xFF_00_80_FF,
                configureSurface: (OpaquePointer, OpaquePointer) -> Void = { _, _ in }) throws -> (RawWindow, SeatRecorder) {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: title, width: width, height: height, pixel: pixel,
                                   configureSurface: configureSurface)
        recorder.take()
        return (window, recorder)
    }

    func seatDump() throws -> [String: Any] { try XCTUnwrap(strata.tree()["seat"] as? [String: Any]) }

    func testSeatAdvertisesItselfKeymapAndRepeatRate() throws {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        XCTAssertEqual(recorder.capabilities, WL_SEAT_CAPABILITY_POINTER.rawValue | WL_SEAT_CAPABILITY_KEYBOARD.rawValue
                       | WL_SEAT_CAPABILITY_TOUCH.rawValue)
        XCTAssertEqual(recorder.name, "seat0")
        XCTAssertEqual(recorder.keymapFormat, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue)
        XCTAssertTrue(recorder.keymapText?.contains("xkb_keymap") ?? false, "the keymap is readable MAP_PRIVATE")
        // F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE: no client can change it under another.
        XCTAssertEqual(recorder.keymapSeals, 1 | 2 | 4 | 8)
        XCTAssertEqual(recorder.repeatInfo?.rate, 25)
        XCTAssertEqual(recorder.repeatInfo?.delay, 600)
        XCTAssertEqual(client.globals.filter { $0.interface == "wl_seat" }.first?.version, 8)
    }

    /// The keymap follows XKB_DEFAULT_LAYOUT, and `strata input key` finds keys in it.
    func testKeymapComesFromTheEnvironment() throws {
        setenv("XKB_DEFAULT_LAYOUT", "de", 1)
        let german = try StrataProcess(width: 64, height: 64, manualFrames: true, socketName: "strata-de")
        unsetenv("XKB_DEFAULT_LAYOUT")
        defer { german.stop() }
        let client = try RawClient(german)
        let recorder = try SeatRecorder(client)
        _ = try RawWindow(client, title: "de", width: 10, height: 10)
        recorder.take()
        XCTAssertEqual(try german.control("input", ["key", "y"]).status, 0)
        // On a German keyboard y is where z is on a US one: KEY_Z, 44.
        XCTAssertEqual(recorder.taken("keyboard.key"), ["keyboard.key 44 pressed", "keyboard.key 44 released"])
    }

    func testPointerEventsGoToTheSurfaceUnderIt() throws {
        let (a, recorder) = try window("A")
        // A second binding of the same seat by the same client gets the same events.
        let second = try SeatRecorder(recorder.client)
        try strata.input("move", "50", "60")
        XCTAssertEqual(recorder.take(), ["pointer.enter \(a.surfaceID) 18 28", "pointer.motion 18 28"])
        XCTAssertEqual(second.take(), ["keyboard.enter \(a.surfaceID) []", "keyboard.modifiers 0 0 0 0",
                                       "pointer.enter \(a.surfaceID) 18 28", "pointer.motion 18 28"],
                       "a keyboard made while its client has the focus is told at once")
        try strata.input("click", "50.5", "60", "--button", "right")
        XCTAssertEqual(recorder.take(), ["pointer.motion 18.5 28", "pointer.button 273 pressed", "pointer.button 273 released"])
        try strata.input("scroll", "0", "5")
        XCTAssertEqual(recorder.take(), ["pointer.axis_source 0", "pointer.axis 0 5"], "a third of a notch: no whole step for wl_seat v7")
        try strata.input("scroll", "0", "30")
        XCTAssertEqual(recorder.take(), ["pointer.axis_source 0", "pointer.axis_discrete 0 2", "pointer.axis 0 30"],
                       "two notches, as a wheel tells them")
        XCTAssertGreaterThan(recorder.frames, 0)
        try strata.input("move", "300", "200")
        XCTAssertEqual(recorder.take(), ["pointer.leave \(a.surfaceID)"])
        try strata.input("click", "300", "200")
        XCTAssertEqual(recorder.take(), [], "nothing for clicks on the desktop")
        let pointer = try XCTUnwrap(try seatDump()["pointer"] as? [String: Any])
        XCTAssertEqual(pointer["x"] as? Int, 300)
        XCTAssertEqual(pointer["y"] as? Int, 200)
    }

    /// Press in A, drag over B, release: the motion stays with A (in A's
    /// coordinates, outside it) and B hears nothing until the release.
    func testImplicitGrabKeepsThePointerUntilRelease() throws {
        let (a, ra) = try window("A")
        let (b, rb) = try window("B")
        XCTAssertEqual(ra.take(), ["keyboard.leave \(a.surfaceID)"], "the new window took the keyboard")
        try strata.input("move", "40", "40")
        try strata.input("press")
        XCTAssertEqual(ra.take(), ["pointer.enter \(a.surfaceID) 8 8", "pointer.motion 8 8", "keyboard.enter \(a.surfaceID) []",
                                   "keyboard.modifiers 0 0 0 0", "pointer.button 272 pressed"])
        XCTAssertEqual(rb.take(), ["keyboard.leave \(b.surfaceID)"], "A took the keyboard on the press")
        try strata.input("move", "150", "150")
        try strata.input("move", "155", "150")
        XCTAssertEqual(ra.take(), ["pointer.motion 118 118", "pointer.motion 123 118"])
        XCTAssertEqual(rb.take(), [], "no enter for B during the grab")
        XCTAssertEqual(try seatDump()["pointer"].flatMap { ($0 as? [String: Any])?["buttons"] as? [Int] }, [272])
        try strata.input("release")
        XCTAssertEqual(ra.take(), ["pointer.button 272 released", "pointer.leave \(a.surfaceID)"])
        XCTAssertEqual(rb.take(), ["pointer.enter \(b.surfaceID) 91 86"])
    }

    /// `strata input drag` is press, motion in steps, release: one grab.
    func testDragIsOneGrab() throws {
        let (a, ra) = try window("A")
        let (b, rb) = try window("B")
        ra.take()
        try strata.input("drag", "40", "40", "150", "150", "--steps", "2")
        XCTAssertEqual(ra.taken("pointer"), ["pointer.enter \(a.surfaceID) 8 8", "pointer.motion 8 8", "pointer.button 272 pressed",
                                             "pointer.motion 63 63", "pointer.motion 118 118", "pointer.button 272 released",
                                             "pointer.leave \(a.surfaceID)"])
        XCTAssertEqual(rb.taken("pointer"), ["pointer.enter \(b.surfaceID) 86 86"])
    }

    func testKeyboardFocusFollowsMapClickAndClose() throws {
        let (a, ra) = try window("A")
        XCTAssertTrue(a.isActivated, "a new window gets the focus")
        let (b, rb) = try window("B")
        ra.client.roundtrip()
        XCTAssertFalse(a.isActivated, "and the old one hears it lost it")
        XCTAssertTrue(b.isActivated)
        try strata.input("key", "a")
        XCTAssertEqual(rb.taken("keyboard.key"), ["keyboard.key 30 pressed", "keyboard.key 30 released"])
        XCTAssertEqual(ra.taken("keyboard"), ["keyboard.leave \(a.surfaceID)"])

        // Shift comes with the modifiers; the focused client sees both.
        try strata.input("key", "A")
        XCTAssertEqual(rb.take().filter { $0.hasPrefix("keyboard") }, [
            "keyboard.key 42 pressed", "keyboard.modifiers 1 0 0 0", "keyboard.key 30 pressed",
            "keyboard.key 30 released", "keyboard.key 42 released", "keyboard.modifiers 0 0 0 0"])

        // Spaces at the end of the text are typed too.
        try strata.input("type", "b ")
        XCTAssertEqual(rb.taken("keyboard.key"), ["keyboard.key 48 pressed", "keyboard.key 48 released",
                                                  "keyboard.key 57 pressed", "keyboard.key 57 released"])

        // Clicking the desktop keeps the focus; clicking A moves it.
        try strata.input("click", "300", "230")
        XCTAssertEqual(rb.taken("keyboard"), [])
        try strata.input("click", "40", "40")
        XCTAssertEqual(ra.taken("keyboard"), ["keyboard.enter \(a.surfaceID) []", "keyboard.modifiers 0 0 0 0"])
        XCTAssertEqual(rb.taken("keyboard"), ["keyboard.leave \(b.surfaceID)"])
        XCTAssertEqual(try seatDump()["keyboard_focus"] as? String, "A")
        let order = try strata.windows().map { $0["title"] as? String }
        XCTAssertEqual(order, ["B", "A"], "the click raised A")

        // Keys held while the focus moves arrive in the enter.
        try strata.input("key", "--down", "b")
        XCTAssertEqual(ra.taken("keyboard.key"), ["keyboard.key 48 pressed"])
        xdg_toplevel_destroy(a.toplevel)
        ra.client.roundtrip()
        XCTAssertEqual(rb.taken("keyboard"), ["keyboard.enter \(b.surfaceID) [48]", "keyboard.modifiers 0 0 0 0"],
                       "the focused window closed: the next one down gets the keyboard")
        try strata.input("key", "--up", "b")
        XCTAssertEqual(rb.taken("keyboard.key"), ["keyboard.key 48 released"])
        XCTAssertEqual(ra.take().filter { $0.hasPrefix("keyboard.key") }, [])
    }

    /// A window unmapped by a null buffer hands the keyboard on and is told
    /// it is no longer active; mapped again, it is focused again.
    func testUnmappedWindowHandsTheFocusOnAndGetsItBackWhenMapped() throws {
        let (a, ra) = try window("A")
        let (b, rb) = try window("B")
        ra.take()
        wl_surface_attach(b.surface, nil, 0, 0)
        wl_surface_commit(b.surface)
        rb.client.roundtrip()
        XCTAssertEqual(ra.taken("keyboard"), ["keyboard.enter \(a.surfaceID) []", "keyboard.modifiers 0 0 0 0"])
        XCTAssertEqual(rb.taken("keyboard"), ["keyboard.leave \(b.surfaceID)"])
        XCTAssertFalse(b.isActivated)
        XCTAssertTrue(a.isActivated)

        let buffer = try rb.client.makeBuffer(shm: b.shm, width: 100, height: 100)
        wl_surface_attach(b.surface, buffer, 0, 0)
        wl_surface_commit(b.surface)
        rb.client.roundtrip()
        ra.client.roundtrip()
        XCTAssertEqual(rb.taken("keyboard"), ["keyboard.enter \(b.surfaceID) []", "keyboard.modifiers 0 0 0 0"])
        XCTAssertTrue(b.isActivated)
        XCTAssertFalse(a.isActivated)
    }

    func testInputRegionSendsClicksOutsideItToTheWindowBelow() throws {
        let (a, ra) = try window("A", width: 200, height: 150)
        let (b, rb) = try window("B") { compositor, surface in
            let region = wl_compositor_create_region(compositor)!
            wl_region_add(region, 0, 0, 30, 30)
            wl_region_subtract(region, 10, 10, 5, 5)
            wl_surface_set_input_region(surface, region)
            wl_region_destroy(region)
        }
        try strata.input("move", "120", "120")  // in B's buffer, outside its input region
        XCTAssertEqual(ra.take(), ["keyboard.leave \(a.surfaceID)","pointer.enter \(a.surfaceID) 88 88", "pointer.motion 88 88"])
        XCTAssertEqual(rb.taken("pointer"), [])
        try strata.input("move", "70", "70")  // in the region
        XCTAssertEqual(ra.take(), ["pointer.leave \(a.surfaceID)"])
        XCTAssertEqual(rb.take(), ["pointer.enter \(b.surfaceID) 6 6", "pointer.motion 6 6"])
        try strata.input("move", "76", "76")  // in the subtracted hole
        XCTAssertEqual(rb.take(), ["pointer.leave \(b.surfaceID)"])

        // Double-buffered: a new region counts from the commit on; null is infinite.
        wl_surface_set_input_region(b.surface, nil)
        rb.client.roundtrip()
        try strata.input("move", "120", "120")
        XCTAssertEqual(rb.taken("pointer"), [], "not committed yet")
        wl_surface_commit(b.surface)
        XCTAssertEqual(rb.take(), ["pointer.enter \(b.surfaceID) 56 56"], "the committed region takes the still pointer")
        try strata.input("move", "121", "120")
        XCTAssertEqual(rb.take(), ["pointer.motion 57 56"])
    }

    /// Touch points stay with the surface they went down on; a touch down focuses and raises.
    func testTouchPointsStayWithTheirSurface() throws {
        let (a, ra) = try window("A")
        let (b, rb) = try window("B")
        try strata.input("touch", "down", "0", "40", "40")
        XCTAssertEqual(ra.take(), ["keyboard.leave \(a.surfaceID)","keyboard.enter \(a.surfaceID) []", "keyboard.modifiers 0 0 0 0", "touch.down \(a.surfaceID) 0 8 8"])
        XCTAssertEqual(rb.take(), ["keyboard.leave \(b.surfaceID)"])
        XCTAssertEqual(try strata.windows().map { $0["title"] as? String }, ["B", "A"], "the touch raised A")
        try strata.input("touch", "move", "0", "150", "150")
        XCTAssertEqual(ra.take(), ["touch.motion 0 118 118"], "outside A, still A's, in A's coordinates")
        XCTAssertEqual(rb.take(), [])
        try strata.input("touch", "down", "1", "150", "150")
        XCTAssertEqual(rb.take(), ["keyboard.enter \(b.surfaceID) []", "keyboard.modifiers 0 0 0 0", "touch.down \(b.surfaceID) 1 86 86"])
        try strata.input("touch", "up", "0")
        XCTAssertEqual(ra.take(), ["keyboard.leave \(a.surfaceID)", "touch.up 0"])
        try strata.input("touch", "move", "1", "40", "40")
        XCTAssertEqual(rb.take(), ["touch.motion 1 -24 -24"])
        try strata.input("touch", "up", "1")
        XCTAssertEqual(rb.take(), ["touch.up 1"])
        XCTAssertEqual(ra.take(), [])
        try strata.input("tap", "40", "40")
        XCTAssertEqual(ra.taken("touch"), ["touch.down \(a.surfaceID) 0 8 8", "touch.up 0"])
        XCTAssertGreaterThan(ra.frames, 0)
    }

    func testKillingAClientDuringItsGrabLeavesTheSeatWorking() throws {
        guard let simpleShm = StrataProcess.which("weston-simple-shm") else { throw XCTSkip("weston-simple-shm is not installed") }
        let shm = try strata.startClient(simpleShm)
        XCTAssertTrue(try waitUntil { try strata.windows().contains { $0["mapped"] as? Bool == true } })
        let (b, rb) = try window("B")   // at (64, 64), over simple-shm's 250×250 at (32, 32)
        try strata.input("move", "40", "40")
        try strata.input("press")
        XCTAssertEqual(try seatDump()["keyboard_focus"] as? String, "simple-shm", "the press focused simple-shm")
        kill(shm.processIdentifier, SIGKILL)
        shm.waitUntilExit()
        XCTAssertTrue(try waitUntil { try strata.windows().count == 1 }, strata.serverLog)
        XCTAssertEqual(try seatDump()["keyboard_focus"] as? String, "B", "the focus went to the window left")
        rb.take()
        try strata.input("release")  // a release of a grab that ended: nothing to send
        try strata.input("click", "100", "100")
        XCTAssertEqual(rb.taken("pointer"), ["pointer.enter \(b.surfaceID) 36 36", "pointer.motion 36 36",
                                             "pointer.button 272 pressed", "pointer.button 272 released"])
    }

    /// set_cursor with an xdg_toplevel's surface is a role error for that client only.
    func testCursorWithAnotherRoleIsAnErrorForThatClientOnly() throws {
        let (a, ra) = try window("A")
        let (b, rb) = try window("B")
        try strata.input("move", "40", "40")
        ra.take()
        wl_pointer_set_cursor(ra.pointer, ra.lastPointerEnterSerial, a.surface, 0, 0)
        XCTAssertFalse(ra.client.roundtrip())
        XCTAssertEqual(ra.client.protocolError?.interface, "wl_pointer")
        XCTAssertEqual(ra.client.protocolError?.code, WL_POINTER_ERROR_ROLE.rawValue)
        XCTAssertTrue(try waitUntil { try strata.windows().count == 1 })
        try strata.input("click", "100", "100")
        XCTAssertEqual(rb.taken("pointer.button"), ["pointer.button 272 pressed", "pointer.button 272 released"])
        _ = b
    }
}
