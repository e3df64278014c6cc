import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwp_virtual_keyboard_v1 on the real socket: another client's keys reach
/// the focused client's wl_keyboard after the virtual keyboard's keymap,
/// and the seat's keymap comes back with the seat's next key; modifiers;
/// no_keymap; a virtual keyboard that goes releases the keys it held.
final class VirtualKeyboardProtocolTests: CompositorTestCase {
    /// evdev codes.
    let a: UInt32 = 30, q: UInt32 = 16

    /// A focused window's client, recording keymaps among its keyboard events.
    func focusedClient() throws -> (client: RawClient, recorder: SeatRecorder, window: RawWindow) {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: "typing", width: 50, height: 50)
        recorder.recordsKeymaps = true
        recorder.take()
        return (client, recorder, window)
    }

    /// A virtual keyboard of a client of its own.
    func typist() throws -> RawVirtualKeyboard {
        let client = try RawClient(strata)
        return try RawVirtualKeyboard(client, seat: try client.bind(strata_wl_seat_interface(), version: 7))
    }

    func testKeysComeAfterTheVirtualKeymapAndTheSeatsKeymapComesBack() throws {
        let (_, recorder, window) = try focusedClient()
        defer { withExtendedLifetime(window) {} }
        let seatKeymap = try XCTUnwrap(recorder.keymapText)
        XCTAssertFalse(seatKeymap.contains("strata-virtual"))
        let keyboard = try typist()
        try keyboard.sendKeymap()
        XCTAssertEqual(recorder.take(), [], "nothing until a key comes")

        keyboard.key(a, pressed: true)
        keyboard.key(a, pressed: false)
        XCTAssertEqual(recorder.take(), ["keyboard.keymap", "keyboard.modifiers 0 0 0 0",
                                         "keyboard.key \(a) pressed", "keyboard.key \(a) released"])
        XCTAssertTrue(recorder.keymapText?.contains("strata-virtual") == true, "the virtual keyboard's keymap")

        keyboard.modifiers(depressed: 1)
        XCTAssertEqual(recorder.take(), ["keyboard.modifiers 1 0 0 0"])
        keyboard.modifiers(depressed: 0, locked: 2)
        XCTAssertEqual(recorder.take(), ["keyboard.modifiers 0 0 2 0"], "Caps Lock, locked")

        try strata.input("key", "q")
        XCTAssertEqual(recorder.take(), ["keyboard.keymap", "keyboard.modifiers 0 0 0 0",
                                         "keyboard.key \(q) pressed", "keyboard.key \(q) released"],
                       "the seat's keymap before the seat's keys")
        XCTAssertEqual(recorder.keymapText, seatKeymap)

        keyboard.key(a, pressed: true)
        XCTAssertEqual(recorder.take(), ["keyboard.keymap", "keyboard.modifiers 0 0 2 0", "keyboard.key \(a) pressed"],
                       "back to the virtual keyboard's keymap, with its modifiers")
        keyboard.key(a, pressed: true)
        keyboard.key(a, pressed: false)
        XCTAssertEqual(recorder.take(), ["keyboard.key \(a) released"], "a key is down once")
    }

    /// A keycode near UInt32.max (its xkb code, + 8, would overflow) is no
    /// key of any keymap, and a client adding the 8 itself would trap on
    /// it: the virtual keyboard's client gets wl_display's invalid_method,
    /// the focused client hears nothing, the compositor lives on.
    func testAKeycodeWhoseXkbCodeOverflowsIsAnError() throws {
        let (_, recorder, window) = try focusedClient()
        defer { withExtendedLifetime(window) {} }
        let keyboard = try typist()
        try keyboard.sendKeymap()
        keyboard.key(UInt32.max - 3, pressed: true)
        XCTAssertFalse(keyboard.client.roundtrip())
        XCTAssertEqual(keyboard.client.connectionError, EINVAL, "wl_display.invalid_method")
        XCTAssertTrue(strata.serverLog.contains("keycode 4294967292 + 8 overflows"), strata.serverLog)
        XCTAssertEqual(recorder.take(), [])
        XCTAssertEqual(try strata.control("frame").status, 0, "the compositor still answers")
    }

    /// A modifier key typed through `key` alone (no `modifiers` request)
    /// shifts the keys after it, as a real keyboard's does: the focused
    /// client hears the modifiers change after the key.
    func testAModifierKeyTypedAloneChangesTheModifiers() throws {
        let (_, recorder, window) = try focusedClient()
        defer { withExtendedLifetime(window) {} }
        let keyboard = try typist()
        try keyboard.sendKeymap()
        let leftShift: UInt32 = 42
        keyboard.key(leftShift, pressed: true)
        XCTAssertEqual(recorder.take(), ["keyboard.keymap", "keyboard.modifiers 0 0 0 0",
                                         "keyboard.key \(leftShift) pressed", "keyboard.modifiers 1 0 0 0"])
        keyboard.key(leftShift, pressed: false)
        XCTAssertEqual(recorder.take(), ["keyboard.key \(leftShift) released", "keyboard.modifiers 0 0 0 0"])
    }

    func testWtypeTypesIntoTheFocusedClient() throws {
        guard let wtype = StrataProcess.which("wtype") else { throw XCTSkip("wtype is not installed (make deps)") }
        let (_, recorder, window) = try focusedClient()
        defer { withExtendedLifetime(window) {} }
        let result = try runProcess(wtype, ["hé"], environment: strata.clientEnvironment)
        XCTAssertEqual(result.status, 0, result.standardError)
        let events = recorder.take().filter { $0.hasPrefix("keyboard.keymap") || $0.hasPrefix("keyboard.key ") }
        // wtype sends a keymap of its own with a key for each character, types, and goes.
        XCTAssertEqual(events.first, "keyboard.keymap", "\(events)")
        XCTAssertEqual(events.last, "keyboard.keymap", "the seat's again once it has gone: \(events)")
        XCTAssertEqual(events.filter { $0.hasSuffix(" pressed") }.count, 2, "\(events)")
        XCTAssertEqual(events.filter { $0.hasSuffix(" released") }.count, 2, "\(events)")
    }

    func testAKeyboardMadeLaterGetsTheKeymapInUse() throws {
        let (client, recorder, window) = try focusedClient()
        defer { withExtendedLifetime(window) {} }
        let keyboard = try typist()
        try keyboard.sendKeymap()
        keyboard.key(a, pressed: true)
        keyboard.key(a, pressed: false)
        recorder.take()
        XCTAssertTrue(recorder.keymapText?.contains("strata-virtual") == true)
        let later = try SeatRecorder(client)
        XCTAssertTrue(later.keymapText?.contains("strata-virtual") == true, "\(later.keymapText ?? "none")")
    }

    func testADestroyedVirtualKeyboardReleasesTheKeysItHeld() throws {
        let (_, recorder, window) = try focusedClient()
        defer { withExtendedLifetime(window) {} }
        let keyboard = try typist()
        try keyboard.sendKeymap()
        keyboard.key(a, pressed: true)
        keyboard.key(q, pressed: true)
        recorder.take()
        keyboard.destroy()
        XCTAssertEqual(recorder.take(), ["keyboard.key \(a) released", "keyboard.key \(q) released",
                                         "keyboard.keymap", "keyboard.modifiers 0 0 0 0"],
                       "released, then the seat's keymap again")
        XCTAssertFalse(recorder.keymapText?.contains("strata-virtual") ?? true)
    }

    func testAKeyOrModifiersBeforeAKeymapIsAnErrorForThatClientOnly() throws {
        let (client, recorder, window) = try focusedClient()
        defer { withExtendedLifetime(window) {} }
        let early = try typist()
        zwp_virtual_keyboard_v1_key(early.keyboard, 0, a, 1)
        try assertProtocolError(early.client, interface: "zwp_virtual_keyboard_v1",
                                code: ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP.rawValue)

        let modifiersFirst = try typist()
        zwp_virtual_keyboard_v1_modifiers(modifiersFirst.keyboard, 1, 0, 0, 0)
        try assertProtocolError(modifiersFirst.client, interface: "zwp_virtual_keyboard_v1",
                                code: ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP.rawValue)

        XCTAssertTrue(client.roundtrip(), "the focused client goes on")
        XCTAssertEqual(recorder.take(), [], "and heard nothing")
        try strata.input("key", "a")
        XCTAssertEqual(recorder.taken("keyboard.key"), ["keyboard.key \(a) pressed", "keyboard.key \(a) released"])
    }

    func testAKeymapThatIsNotXkbOrDoesNotCompileIsIgnored() throws {
        let (_, recorder, window) = try focusedClient()
        defer { withExtendedLifetime(window) {} }
        let keyboard = try typist()
        try keyboard.sendKeymap(format: WL_KEYBOARD_KEYMAP_FORMAT_NO_KEYMAP.rawValue)
        try keyboard.sendKeymap("xkb_keymap { this is not a keymap")
        XCTAssertTrue(keyboard.client.roundtrip())
        zwp_virtual_keyboard_v1_key(keyboard.keyboard, 0, a, 1)
        try assertProtocolError(keyboard.client, interface: "zwp_virtual_keyboard_v1",
                                code: ZWP_VIRTUAL_KEYBOARD_V1_ERROR_NO_KEYMAP.rawValue)
        XCTAssertEqual(recorder.take(), [])
    }

    func testAKeymapFileShorterThanItsSizeIsIgnored() throws {
        let keyboard = try typist()
        let (fd, memory) = try RawClient.sharedMemory(size: 16)
        munmap(memory, 16)
        // Mapped, the missing pages would be SIGBUS; read, it is refused.
        zwp_virtual_keyboard_v1_keymap(keyboard.keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, fd, 1 << 20)
        close(fd)
        XCTAssertTrue(keyboard.client.roundtrip())
        XCTAssertEqual(try strata.control("frame").status, 0, strata.serverLog)
    }
}
