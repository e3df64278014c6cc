import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwp_text_input_v3 and zwp_input_method_v2 on the real socket: text inputs
/// follow the keyboard focus; an enabled one's committed state reaches the
/// input method, and the input method's text reaches it with done quoting
/// its commit count; one input method a seat; the role error.
final class TextInputProtocolTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 480, manualFrames: true)
    }

    /// Clicks inside the window titled `title`, which focuses it.
    func click(_ title: String) throws {
        let window = try XCTUnwrap(strata.windows().first { $0["title"] as? String == title })
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        try strata.input("click", "\(try XCTUnwrap(origin["x"] as? Int) + 5)", "\(try XCTUnwrap(origin["y"] as? Int) + 5)")
    }

    func screenshot() throws -> DecodedPNG {
        XCTAssertEqual(try strata.control("frame").status, 0)
        let path = NSTemporaryDirectory() + "strata-text-input-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try strata.screenshot(to: path)
    }

    static func isRed(_ pixel: DecodedPNG.Pixel) -> Bool { pixel.red > 240 && pixel.green < 16 && pixel.blue < 16 }

    // MARK: Focus

    func testEnterAndLeaveFollowTheKeyboardFocus() throws {
        let first = try TextInputClient(strata, title: "first")
        XCTAssertEqual(first.takeEvents(), ["enter \(first.surfaceID)"], "made while its window has the keys")

        let second = try TextInputClient(strata, title: "second")
        XCTAssertEqual(second.takeEvents(), ["enter \(second.surfaceID)"], "the new window took the keys")
        XCTAssertEqual(first.takeEvents(), ["leave \(first.surfaceID)"])

        try click("first")
        XCTAssertEqual(second.takeEvents(), ["leave \(second.surfaceID)"])
        XCTAssertEqual(first.takeEvents(), ["enter \(first.surfaceID)"])

        // Every text input of the focused client hears it.
        let another = zwp_text_input_manager_v3_get_text_input(first.manager, first.seat)!
        var entered: [UInt32] = []
        var listener = zwp_text_input_v3_listener(
            enter: { data, _, surface in
                data!.assumingMemoryBound(to: [UInt32].self).pointee.append(wl_proxy_get_id(surface!))
            },
            leave: { _, _, _ in }, preedit_string: { _, _, _, _, _ in }, commit_string: { _, _, _ in },
            delete_surrounding_text: { _, _, _, _ in }, done: { _, _, _ in })
        withUnsafeMutablePointer(to: &entered) { entered in
            zwp_text_input_v3_add_listener(another, &listener, entered)
            first.client.roundtrip()
            XCTAssertEqual(entered.pointee, [first.surfaceID])
            zwp_text_input_v3_destroy(another)
            first.client.roundtrip()
        }
    }

    func testClosingTheFocusedWindowMovesTheTextInputFocus() throws {
        let below = try TextInputClient(strata, title: "below")
        let above = try TextInputClient(strata, title: "above")
        _ = below.takeEvents()
        XCTAssertEqual(above.takeEvents(), ["enter \(above.surfaceID)"])
        xdg_toplevel_destroy(above.window.toplevel)
        above.client.roundtrip()
        XCTAssertEqual(above.takeEvents(), ["leave \(above.surfaceID)"])
        XCTAssertEqual(below.takeEvents(), ["enter \(below.surfaceID)"])
    }

    // MARK: Text input to input method

    func testEnablingActivatesTheInputMethodWithTheCommittedState() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputClient(strata, title: "editor")
        XCTAssertEqual(inputMethod.takeEvents(), [], "nothing is enabled yet")

        editor.enable { textInput in
            zwp_text_input_v3_set_surrounding_text(textInput, "hello world", 5, 0)
            zwp_text_input_v3_set_text_change_cause(textInput, ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_OTHER.rawValue)
            zwp_text_input_v3_set_content_type(textInput,
                                               ZWP_TEXT_INPUT_V3_CONTENT_HINT_COMPLETION.rawValue
                                                   | ZWP_TEXT_INPUT_V3_CONTENT_HINT_AUTO_CAPITALIZATION.rawValue,
                                               ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_EMAIL.rawValue)
            zwp_text_input_v3_set_cursor_rectangle(textInput, 10, 20, 2, 16)
        }
        XCTAssertEqual(inputMethod.takeEvents(), ["activate", "surrounding hello world 5 0", "cause 1", "content 5 6", "done"])

        // A later commit updates the state; the change cause held for one commit only.
        editor.commit { zwp_text_input_v3_set_surrounding_text($0, "hello world!", 12, 12) }
        XCTAssertEqual(inputMethod.takeEvents(), ["surrounding hello world! 12 12", "cause 0", "content 5 6", "done"])

        // Nothing reaches the input method before commit.
        zwp_text_input_v3_set_surrounding_text(editor.textInput, "uncommitted", 0, 0)
        editor.client.roundtrip()
        XCTAssertEqual(inputMethod.takeEvents(), [])
    }

    func testSurroundingTextWithOffsetsOutsideItIsNotRelayed() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputClient(strata, title: "editor")
        editor.enable { zwp_text_input_v3_set_surrounding_text($0, "abc", 4, -1) }
        XCTAssertEqual(inputMethod.takeEvents(), ["activate", "cause 0", "content 0 0", "done"])
    }

    func testDisablingDeactivatesTheInputMethod() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputClient(strata, title: "editor")
        editor.enable()
        XCTAssertEqual(editor.takeEvents(), ["enter \(editor.surfaceID)"])
        XCTAssertEqual(inputMethod.takeEvents().first, "activate")
        editor.disable()
        XCTAssertEqual(inputMethod.takeEvents(), ["deactivate", "done"])

        // Its text reaches nobody now.
        inputMethod.commit { zwp_input_method_v2_commit_string($0, "lost") }
        XCTAssertEqual(editor.takeEvents(), [])

        // Enabled again: activated again.
        editor.enable()
        XCTAssertEqual(inputMethod.takeEvents().first, "activate")
    }

    func testLosingTheFocusDeactivatesTheInputMethod() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputClient(strata, title: "editor")
        editor.enable()
        _ = editor.takeEvents()
        XCTAssertEqual(inputMethod.takeEvents().first, "activate")

        let other = try TextInputClient(strata, title: "other")
        XCTAssertEqual(inputMethod.takeEvents(), ["deactivate", "done"])
        XCTAssertEqual(editor.takeEvents(), ["leave \(editor.surfaceID)"])
        inputMethod.commit { zwp_input_method_v2_commit_string($0, "lost") }
        XCTAssertEqual(editor.takeEvents(), [])
        XCTAssertEqual(other.takeEvents(), ["enter \(other.surfaceID)"], "the other one is not enabled")

        // Back to the editor: it must enable again, as the protocol says.
        try click("editor")
        XCTAssertEqual(editor.takeEvents(), ["enter \(editor.surfaceID)"])
        XCTAssertEqual(inputMethod.takeEvents(), [])
        editor.enable()
        XCTAssertEqual(inputMethod.takeEvents().first, "activate")
    }

    // MARK: Input method to text input

    func testCommitStringReachesTheFocusedEnabledTextInputWithItsCommitCount() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputClient(strata, title: "editor")
        // Commits before and after enabling all count.
        editor.commit()
        editor.enable()
        editor.commit { zwp_text_input_v3_set_surrounding_text($0, "", 0, 0) }
        XCTAssertEqual(editor.commits, 3)
        _ = editor.takeEvents()

        inputMethod.commit { zwp_input_method_v2_commit_string($0, "héllo") }
        XCTAssertEqual(editor.takeEvents(), ["commit héllo", "done 3"])

        editor.commit()
        inputMethod.commit { zwp_input_method_v2_commit_string($0, "!") }
        XCTAssertEqual(editor.takeEvents(), ["commit !", "done 4"])

        // What the input method sent before its commit arrives only with it.
        zwp_input_method_v2_commit_string(inputMethod.inputMethod, "later")
        inputMethod.client.roundtrip()
        XCTAssertEqual(editor.takeEvents(), [])
        zwp_input_method_v2_commit(inputMethod.inputMethod, inputMethod.dones)
        inputMethod.client.roundtrip()
        XCTAssertEqual(editor.takeEvents(), ["commit later", "done 4"])

        // Text that is not UTF-8 is dropped, not repaired (a repair would move the preedit's byte offsets).
        let invalid: [CChar] = [0x63, 0x61, 0x66, -1, 0]  // "caf" and a lone 0xFF byte
        inputMethod.commit { im in invalid.withUnsafeBufferPointer { zwp_input_method_v2_commit_string(im, $0.baseAddress) } }
        inputMethod.commit { im in invalid.withUnsafeBufferPointer { zwp_input_method_v2_set_preedit_string(im, $0.baseAddress, 1, 1) } }
        XCTAssertEqual(editor.takeEvents().filter { $0.hasPrefix("commit") || $0.hasPrefix("preedit") }, [])
    }

    func testPreeditAndDeleteSurroundingTextAreRelayed() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputClient(strata, title: "editor")
        editor.enable()
        _ = editor.takeEvents()

        inputMethod.commit { inputMethod in
            zwp_input_method_v2_set_preedit_string(inputMethod, "かな", 0, 6)
            zwp_input_method_v2_delete_surrounding_text(inputMethod, 1, 2)
        }
        XCTAssertEqual(editor.takeEvents(), ["preedit かな 0 6", "delete 1 2", "done 1"])

        // Each commit starts from nothing: an empty one just clears the preedit (done alone).
        inputMethod.commit { _ in }
        XCTAssertEqual(editor.takeEvents(), ["done 1"])

        inputMethod.commit { inputMethod in
            zwp_input_method_v2_set_preedit_string(inputMethod, "k", -1, -1)
            zwp_input_method_v2_commit_string(inputMethod, "漢字")
        }
        XCTAssertEqual(editor.takeEvents(), ["preedit k -1 -1", "commit 漢字", "done 1"])
    }

    func testATextInputThatIsNotEnabledReceivesNothing() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputClient(strata, title: "editor")
        _ = editor.takeEvents()
        editor.commit { zwp_text_input_v3_set_surrounding_text($0, "not enabled", 0, 0) }
        XCTAssertEqual(inputMethod.takeEvents(), [], "no activate for a text input that is not enabled")
        inputMethod.commit { inputMethod in
            zwp_input_method_v2_set_preedit_string(inputMethod, "p", 0, 1)
            zwp_input_method_v2_commit_string(inputMethod, "c")
            zwp_input_method_v2_delete_surrounding_text(inputMethod, 1, 0)
        }
        XCTAssertEqual(editor.takeEvents(), [])
    }

    func testAnotherTextInputCannotTakeTheInputMethodFromTheActiveOne() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputClient(strata, title: "editor")
        editor.enable()
        _ = editor.takeEvents()
        _ = inputMethod.takeEvents()
        let second = zwp_text_input_manager_v3_get_text_input(editor.manager, editor.seat)!
        zwp_text_input_v3_enable(second)
        zwp_text_input_v3_set_surrounding_text(second, "second", 0, 0)
        zwp_text_input_v3_commit(second)
        editor.client.roundtrip()
        XCTAssertEqual(inputMethod.takeEvents(), [], "the second enable is ignored")
        inputMethod.commit { zwp_input_method_v2_commit_string($0, "first") }
        XCTAssertEqual(editor.takeEvents(), ["commit first", "done 1"])
    }

    // MARK: One input method a seat

    func testASecondInputMethodIsUnavailable() throws {
        let first = try InputMethodClient(strata)
        XCTAssertEqual(first.takeEvents(), [])
        let second = try InputMethodClient(strata)
        XCTAssertEqual(second.takeEvents(), ["unavailable"])

        let editor = try TextInputClient(strata, title: "editor")
        editor.enable()
        XCTAssertEqual(first.takeEvents().first, "activate")
        XCTAssertEqual(second.takeEvents(), [], "an unavailable input method hears nothing more")
        second.commit { zwp_input_method_v2_commit_string($0, "intruder") }
        XCTAssertTrue(second.client.roundtrip(), "its requests are ignored, not errors")
        XCTAssertEqual(editor.takeEvents().filter { $0.hasPrefix("commit") }, [])

        // Once the first is gone a new one is the seat's, activated for the enabled text input at once.
        zwp_input_method_v2_destroy(first.inputMethod)
        first.client.roundtrip()
        XCTAssertEqual(editor.takeEvents(), ["done 1"], "the seat's input method went away")
        let third = try InputMethodClient(strata)
        XCTAssertEqual(third.takeEvents(), ["activate", "cause 0", "content 0 0", "done"])
        third.commit { zwp_input_method_v2_commit_string($0, "third") }
        XCTAssertEqual(editor.takeEvents(), ["commit third", "done 1"])
    }

    func testAnInputMethodGoingAwayClearsThePreedit() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputClient(strata, title: "editor")
        editor.enable()
        _ = editor.takeEvents()
        inputMethod.commit { zwp_input_method_v2_set_preedit_string($0, "half", 4, 4) }
        XCTAssertEqual(editor.takeEvents(), ["preedit half 4 4", "done 1"])
        zwp_input_method_v2_destroy(inputMethod.inputMethod)
        inputMethod.client.roundtrip()
        XCTAssertEqual(editor.takeEvents(), ["done 1"], "done alone resets the preedit")
    }

    // MARK: Popups (the keyboard grab: InputMethodKeyboardGrabTests)

    func testThePopupRoleOnASurfaceWithAnotherRoleIsAnError() throws {
        let inputMethod = try InputMethodClient(strata)
        let window = try RawWindow(inputMethod.client, title: "candidates", width: 40, height: 20)
        _ = zwp_input_method_v2_get_input_popup_surface(inputMethod.inputMethod, window.surface)
        try assertProtocolError(inputMethod.client, interface: "zwp_input_method_v2",
                                code: ZWP_INPUT_METHOD_V2_ERROR_ROLE.rawValue)
    }

    func testASurfaceIsThePopupOfOnePopupObjectAtATime() throws {
        let inputMethod = try InputMethodClient(strata)
        let compositor = try inputMethod.client.bind(strata_wl_compositor_interface(), version: 5)
        let surface = wl_compositor_create_surface(compositor)!
        let popup = zwp_input_method_v2_get_input_popup_surface(inputMethod.inputMethod, surface)!
        XCTAssertTrue(inputMethod.client.roundtrip())
        // Destroyed, the role may be given again to a new popup object.
        zwp_input_popup_surface_v2_destroy(popup)
        _ = zwp_input_method_v2_get_input_popup_surface(inputMethod.inputMethod, surface)
        XCTAssertTrue(inputMethod.client.roundtrip())
        _ = zwp_input_method_v2_get_input_popup_surface(inputMethod.inputMethod, surface)
        try assertProtocolError(inputMethod.client, interface: "zwp_input_method_v2",
                                code: ZWP_INPUT_METHOD_V2_ERROR_ROLE.rawValue)
    }

    func testThePopupIsToldWhereTheCursorIsAndShownBelowIt() throws {
        let inputMethod = try InputMethodClient(strata)
        let compositor = try inputMethod.client.bind(strata_wl_compositor_interface(), version: 5)
        let shm = try inputMethod.client.bind(strata_wl_shm_interface(), version: 1)
        let surface = wl_compositor_create_surface(compositor)!
        let popup = zwp_input_method_v2_get_input_popup_surface(inputMethod.inputMethod, surface)!
        var rectangles: [[Int32]] = []
        var listener = zwp_input_popup_surface_v2_listener(text_input_rectangle: { data, _, x, y, width, height in
            data!.assumingMemoryBound(to: [[Int32]].self).pointee.append([x, y, width, height])
        })
        let red: UInt32 = 0xFF_FF_00_00
        let buffer = try inputMethod.client.makeBuffer(shm: shm, width: 30, height: 12, pixel: red)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_commit(surface)

        let editor = try TextInputClient(strata, title: "editor", width: 200, height: 150)
        let window = try XCTUnwrap(strata.windows().first { $0["title"] as? String == "editor" })
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let (x, y) = (try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int))
        try withUnsafeMutablePointer(to: &rectangles) { rectangles in
            zwp_input_popup_surface_v2_add_listener(popup, &listener, rectangles)
            inputMethod.client.roundtrip()
            XCTAssertEqual(rectangles.pointee, [], "not shown while the input method is inactive")

            editor.enable { zwp_text_input_v3_set_cursor_rectangle($0, 10, 20, 2, 16) }
            inputMethod.client.roundtrip()
            XCTAssertEqual(rectangles.pointee, [[0, -16, 2, 16]], "the popup is just below the cursor")
            let below = (x: x + 10 + 15, y: y + 20 + 16 + 6)
            let shot = try screenshot()
            XCTAssertTrue(Self.isRed(shot[below.x, below.y]), "drawn below the cursor: \(shot[below.x, below.y])")
            XCTAssertFalse(Self.isRed(shot[below.x, y + 20 - 6]), "not above it")

            editor.disable()
            inputMethod.client.roundtrip()
            XCTAssertFalse(Self.isRed(try screenshot()[below.x, below.y]), "hidden once the input method is deactivated")
        }
    }

    /// The popup enters the output it is shown on and leaves it when
    /// hidden, moves with its text input's window, and takes the pointer:
    /// a click on a candidate goes to the input method and leaves the
    /// keyboard focus, and so the input method, with the editor.
    func testThePopupEntersItsOutputFollowsItsWindowAndTakesThePointer() throws {
        let inputMethod = try InputMethodClient(strata)
        let compositor = try inputMethod.client.bind(strata_wl_compositor_interface(), version: 5)
        let shm = try inputMethod.client.bind(strata_wl_shm_interface(), version: 1)
        let outputs = MultiOutputTests.Recorder()
        for output in inputMethod.client.bindAll(strata_wl_output_interface(), version: 4) { outputs.listen(output: output) }
        _ = outputs.take(inputMethod.client)
        let seat = try SeatRecorder(inputMethod.client)
        let surface = wl_compositor_create_surface(compositor)!
        outputs.listen(surface: surface)
        let popup = zwp_input_method_v2_get_input_popup_surface(inputMethod.inputMethod, surface)!
        let buffer = try inputMethod.client.makeBuffer(shm: shm, width: 30, height: 12, pixel: 0xFF_FF_00_00)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_commit(surface)
        XCTAssertEqual(outputs.take(inputMethod.client), [], "not shown yet")

        let editor = try TextInputClient(strata, title: "editor", width: 200, height: 150)
        let window = try XCTUnwrap(strata.windows().first { $0["title"] as? String == "editor" })
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let (x, y) = (try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int))
        editor.enable { zwp_text_input_v3_set_cursor_rectangle($0, 10, 20, 2, 16) }
        XCTAssertEqual(outputs.take(inputMethod.client), ["HEADLESS-1 enter"])
        _ = inputMethod.takeEvents()

        // The pointer over the popup: the input method's client has it, at the popup's own coordinates.
        try strata.input("move", "\(x + 10 + 15)", "\(y + 20 + 16 + 6)")
        inputMethod.client.roundtrip()
        XCTAssertEqual(seat.taken("pointer.enter"), ["pointer.enter \(wl_proxy_get_id(surface)) 15 6"])
        try strata.input("press")
        try strata.input("release")
        inputMethod.client.roundtrip()
        XCTAssertEqual(seat.taken("pointer.button"), ["pointer.button 272 pressed", "pointer.button 272 released"])
        XCTAssertFalse(inputMethod.takeEvents().contains("deactivate"), "the editor keeps the keyboard, and the input method")

        // The window moves (Super+drag): the popup goes with it.
        try strata.input("key", "Super_L", "--down")
        try strata.input("drag", "\(x + 100)", "\(y + 100)", "\(x + 160)", "\(y + 130)")
        try strata.input("key", "Super_L", "--up")
        let shot = try screenshot()
        let below = (x: x + 60 + 10 + 15, y: y + 30 + 20 + 16 + 6)
        XCTAssertTrue(Self.isRed(shot[below.x, below.y]), "below the cursor where the window went: \(shot[below.x, below.y])")
        XCTAssertFalse(Self.isRed(shot[x + 10 + 15, y + 20 + 16 + 6]), "not where it was")

        editor.disable()
        XCTAssertEqual(outputs.take(inputMethod.client), ["HEADLESS-1 leave"], "hidden")
        _ = (popup, seat, editor)
    }

    // MARK: Robustness

    func testAClientGoingAwayLeavesTheOthersServed() throws {
        let inputMethod = try InputMethodClient(strata)
        var editor: TextInputClient? = try TextInputClient(strata, title: "editor")
        editor?.enable()
        XCTAssertEqual(inputMethod.takeEvents().first, "activate")
        editor = nil  // disconnects
        XCTAssertEqual(inputMethod.takeEvents(), ["deactivate", "done"])
        let next = try TextInputClient(strata, title: "next")
        next.enable()
        XCTAssertEqual(inputMethod.takeEvents().first, "activate")
    }
}
