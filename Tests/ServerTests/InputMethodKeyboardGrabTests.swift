import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwp_input_method_keyboard_grab_v2 on the real socket, keys typed with
/// `strata input`: while an input method holds the grab, the seat's keys go
/// to it and not to the focused client; the compositor's shortcuts still
/// act; a key goes up where it went down; the input method's own virtual
/// keyboard does not type into its grab.
final class InputMethodKeyboardGrabTests: CompositorTestCase {
    /// evdev codes.
    let a: UInt32 = 30, b: UInt32 = 48, c: UInt32 = 46, shift: UInt32 = 42, alt: UInt32 = 56, tab: UInt32 = 15

    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 480, manualFrames: true)
    }

    /// Whether `strata tree`'s seat shows a keyboard grab.
    func grabShown() throws -> Bool? {
        (try strata.tree()["seat"] as? [String: Any])?["input_method_keyboard_grab"] as? Bool
    }

    func testKeysGoToTheGrabInsteadOfTheFocusedClientUntilItIsReleased() throws {
        let inputMethod = try InputMethodClient(strata)
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: "typing", width: 50, height: 50)
        defer { withExtendedLifetime(window) {} }
        recorder.take()
        XCTAssertEqual(try grabShown(), false)

        let grab = KeyboardGrabRecorder(inputMethod)
        XCTAssertEqual(grab.take(), ["keymap", "repeat 25 600", "modifiers 0 0 0 0"], "the keymap first, as a wl_keyboard")
        XCTAssertEqual(try grabShown(), true)
        try strata.input("type", "aB")
        XCTAssertEqual(grab.take(), ["key \(a) pressed", "key \(a) released",
                                     "key \(shift) pressed", "modifiers 1 0 0 0", "key \(b) pressed", "key \(b) released",
                                     "key \(shift) released", "modifiers 0 0 0 0"])
        XCTAssertEqual(recorder.take(), [], "the focused client hears nothing of them")

        grab.release()
        XCTAssertEqual(try grabShown(), false)
        try strata.input("key", "c")
        XCTAssertEqual(recorder.taken("keyboard.key"), ["keyboard.key \(c) pressed", "keyboard.key \(c) released"],
                       "the focused client has the keys again")
        XCTAssertEqual(grab.take(), [])
    }

    func testAnInputMethodGoingAwayEndsItsGrab() throws {
        var inputMethod: InputMethodClient? = try InputMethodClient(strata)
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: "typing", width: 50, height: 50)
        defer { withExtendedLifetime(window) {} }
        var grab: KeyboardGrabRecorder? = KeyboardGrabRecorder(inputMethod!)
        XCTAssertEqual(try grabShown(), true)
        // The client disconnects first, so no event can reach the grab's listener after it is freed.
        inputMethod = nil
        grab = nil
        XCTAssertEqual(try grabShown(), false)
        recorder.take()
        try strata.input("key", "a")
        XCTAssertEqual(recorder.taken("keyboard.key"), ["keyboard.key \(a) pressed", "keyboard.key \(a) released"])
        withExtendedLifetime((grab, inputMethod)) {}
    }

    func testAKeyGoesUpWhereItWentDown() throws {
        let inputMethod = try InputMethodClient(strata)
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: "typing", width: 50, height: 50)
        defer { withExtendedLifetime(window) {} }
        recorder.take()

        // Held before the grab: released to the client.
        try strata.input("key", "a", "--down")
        XCTAssertEqual(recorder.taken("keyboard.key"), ["keyboard.key \(a) pressed"])
        let grab = KeyboardGrabRecorder(inputMethod)
        _ = grab.take()
        try strata.input("key", "a", "--up")
        XCTAssertEqual(recorder.taken("keyboard.key"), ["keyboard.key \(a) released"], "not stuck down in the client")
        XCTAssertEqual(grab.take(), [], "the grab never saw it go down")

        // Pressed into the grab: its release goes nowhere once the grab has ended.
        try strata.input("key", "b", "--down")
        XCTAssertEqual(grab.take(), ["key \(b) pressed"])
        grab.release()
        try strata.input("key", "b", "--up")
        XCTAssertEqual(recorder.taken("keyboard.key"), [], "the client never saw it go down")
        try strata.input("key", "c")
        XCTAssertEqual(recorder.taken("keyboard.key"), ["keyboard.key \(c) pressed", "keyboard.key \(c) released"])
    }

    func testModifiersHeldIntoTheGrabAreSetRightInTheClientAfterIt() throws {
        let inputMethod = try InputMethodClient(strata)
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: "typing", width: 50, height: 50)
        defer { withExtendedLifetime(window) {} }
        let grab = KeyboardGrabRecorder(inputMethod)
        _ = grab.take()
        recorder.take()
        try strata.input("key", "Shift_L", "--down")
        XCTAssertEqual(grab.take(), ["key \(shift) pressed", "modifiers 1 0 0 0"])
        XCTAssertEqual(recorder.take(), [])
        grab.release()
        XCTAssertEqual(recorder.take(), ["keyboard.modifiers 1 0 0 0"], "told of the Shift the grab had")
        try strata.input("key", "Shift_L", "--up")
        XCTAssertEqual(recorder.take(), ["keyboard.modifiers 0 0 0 0"], "and of its release; no key it never saw go down")
    }

    func testCompositorShortcutsStillActWhileGrabbed() throws {
        let inputMethod = try InputMethodClient(strata)
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let windows = try ["A", "B"].map { try ManagedWindow(client, title: $0, width: 60, height: 60) }
        defer { withExtendedLifetime(windows) {} }
        XCTAssertEqual(try strata.keyboardFocus(), "B")
        let grab = KeyboardGrabRecorder(inputMethod)
        _ = grab.take()
        recorder.take()

        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "Tab")
        try strata.input("key", "Alt_L", "--up")
        XCTAssertEqual(try strata.keyboardFocus(), "A", "Alt+Tab went to the other window")
        XCTAssertEqual(grab.take(), ["key \(alt) pressed", "modifiers 8 0 0 0", "key \(alt) released", "modifiers 0 0 0 0"],
                       "the grab gets Alt, not the shortcut's Tab")
        XCTAssertEqual(recorder.taken("keyboard.key"), [])
    }

    func testTheInputMethodsOwnVirtualKeyboardDoesNotTypeIntoItsGrab() throws {
        let inputMethod = try InputMethodClient(strata)
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: "typing", width: 50, height: 50)
        defer { withExtendedLifetime(window) {} }
        let grab = KeyboardGrabRecorder(inputMethod)
        _ = grab.take()
        recorder.take()

        // The input method takes a key, and hands it back through its virtual keyboard.
        try strata.input("key", "a")
        XCTAssertEqual(grab.take(), ["key \(a) pressed", "key \(a) released"])
        let virtualKeyboard = try RawVirtualKeyboard(inputMethod.client, seat: inputMethod.seat)
        try virtualKeyboard.sendKeymap()
        virtualKeyboard.key(a, pressed: true)
        virtualKeyboard.key(a, pressed: false)
        XCTAssertEqual(recorder.taken("keyboard.key"), ["keyboard.key \(a) pressed", "keyboard.key \(a) released"],
                       "the focused client gets it")
        XCTAssertEqual(grab.take(), [], "not the grab, which would hand it back again")
    }
}
