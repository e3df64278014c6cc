import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwp_text_input_v1 (weston-editor's) on the real socket, beside the same
/// input method as v3: activate is its enter and enables it, its state
/// reaches the input method on commit_state, and the input method's text
/// comes back quoting that serial.
final class TextInputV1ProtocolTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 480, manualFrames: true)
    }

    func testActivatingEntersAndRelaysBothWays() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputV1Client(strata, title: "editor")
        XCTAssertEqual(editor.takeEvents(), [], "v1 waits for activate")
        editor.activate()
        XCTAssertEqual(editor.takeEvents(), ["enter \(editor.surfaceID)"])
        XCTAssertEqual(inputMethod.takeEvents(), ["activate", "cause 0", "content 0 0", "done"])

        zwp_text_input_v1_set_surrounding_text(editor.textInput, "hello", 5, 5)
        zwp_text_input_v1_set_content_type(editor.textInput, ZWP_TEXT_INPUT_V1_CONTENT_HINT_PASSWORD.rawValue,
                                           ZWP_TEXT_INPUT_V1_CONTENT_PURPOSE_DATE.rawValue)
        zwp_text_input_v1_commit_state(editor.textInput, 7)
        editor.client.roundtrip()
        // v1's date is v3's date (pin comes before it in v3); the password hint's bits are v3's.
        XCTAssertEqual(inputMethod.takeEvents(), ["surrounding hello 5 5", "cause 0",
                                                  "content \(ZWP_TEXT_INPUT_V3_CONTENT_HINT_HIDDEN_TEXT.rawValue | ZWP_TEXT_INPUT_V3_CONTENT_HINT_SENSITIVE_DATA.rawValue) \(ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_DATE.rawValue)",
                                                  "done"])

        inputMethod.commit { zwp_input_method_v2_commit_string($0, "héllo") }
        XCTAssertEqual(editor.takeEvents(), ["commit 7 héllo", "preedit 7  "])
        inputMethod.commit { zwp_input_method_v2_set_preedit_string($0, "ka", 1, 1) }
        XCTAssertEqual(editor.takeEvents(), ["preedit_cursor 1", "preedit 7 ka ka"])
        inputMethod.commit { zwp_input_method_v2_delete_surrounding_text($0, 1, 2) }
        XCTAssertEqual(editor.takeEvents(), ["delete -1 3", "commit 7 ", "preedit 7  "])
    }

    func testAPurposeV1DoesNotDefineIsPassedOnAsItIs() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputV1Client(strata, title: "editor")
        editor.activate()
        _ = inputMethod.takeEvents()
        zwp_text_input_v1_set_content_type(editor.textInput, 0, UInt32.max)
        zwp_text_input_v1_commit_state(editor.textInput, 1)
        XCTAssertTrue(editor.client.roundtrip())
        XCTAssertEqual(inputMethod.takeEvents(), ["cause 0", "content 0 \(UInt32.max)", "done"])
    }

    func testDeactivatingOrLosingTheKeyboardLeaves() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputV1Client(strata, title: "editor")
        editor.activate()
        _ = editor.takeEvents()
        _ = inputMethod.takeEvents()
        zwp_text_input_v1_deactivate(editor.textInput, editor.seat)
        editor.client.roundtrip()
        XCTAssertEqual(editor.takeEvents(), ["leave"])
        XCTAssertEqual(inputMethod.takeEvents(), ["deactivate", "done"])
        inputMethod.commit { zwp_input_method_v2_commit_string($0, "lost") }
        XCTAssertEqual(editor.takeEvents(), [])

        editor.activate()
        XCTAssertEqual(inputMethod.takeEvents().first, "activate")
        _ = editor.takeEvents()
        let other = try TextInputClient(strata, title: "other")
        XCTAssertEqual(editor.takeEvents(), ["leave"])
        XCTAssertEqual(inputMethod.takeEvents(), ["deactivate", "done"])
        withExtendedLifetime(other) {}
    }

    /// weston-editor activates the entry clicked before it deactivates the
    /// other: the second text input, activated while the first held the
    /// input method, gets it when the first lets go.
    func testATextInputActivatedWhileAnotherHeldTheInputMethodGetsItWhenThatOneDeactivates() throws {
        let inputMethod = try InputMethodClient(strata)
        let editor = try TextInputV1Client(strata, title: "editor")
        let second = editor.makeAnotherTextInput()
        editor.activate()
        _ = editor.takeEvents()
        _ = inputMethod.takeEvents()

        zwp_text_input_v1_activate(second, editor.seat, editor.window.surface)
        XCTAssertEqual(editor.takeEvents(), ["enter \(editor.surfaceID)"])
        XCTAssertEqual(inputMethod.takeEvents(), [], "the first keeps the input method meanwhile")
        zwp_text_input_v1_set_surrounding_text(second, "second", 6, 6)
        zwp_text_input_v1_commit_state(second, 3)
        zwp_text_input_v1_deactivate(editor.textInput, editor.seat)
        XCTAssertEqual(editor.takeEvents(), ["leave"])
        XCTAssertEqual(inputMethod.takeEvents(), ["deactivate", "done", "activate", "surrounding second 6 6", "cause 0",
                                                  "content 0 0", "done"])
        inputMethod.commit { zwp_input_method_v2_commit_string($0, "two") }
        XCTAssertEqual(editor.takeEvents(), ["commit 3 two", "preedit 3  "], "to the second, quoting its serial")
    }

    func testActivatingOnASurfaceWithoutTheKeyboardIsIgnored() throws {
        let inputMethod = try InputMethodClient(strata)
        let background = try TextInputV1Client(strata, title: "background")
        let focused = try TextInputClient(strata, title: "focused")
        background.activate()
        XCTAssertEqual(background.takeEvents(), [])
        XCTAssertEqual(inputMethod.takeEvents(), [])
        withExtendedLifetime(focused) {}
    }

    /// weston-editor, a real toolkit client of v1: it starts (it needs the
    /// manager), a click in its entry activates its text input, and what an
    /// input method commits is typed into the entry, which the editor then
    /// reports back as its surrounding text.
    func testWestonEditorTypesWhatTheInputMethodCommits() throws {
        guard let westonEditor = StrataProcess.which("weston-editor") else { throw XCTSkip("weston-editor (weston) is needed") }
        let inputMethod = try InputMethodClient(strata)
        let editor = Process()
        editor.executableURL = URL(fileURLWithPath: westonEditor)
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in strata.clientEnvironment { environment[key] = value }
        editor.environment = environment
        editor.standardOutput = FileHandle.nullDevice
        editor.standardError = FileHandle.nullDevice
        try editor.run()
        defer {
            kill(editor.processIdentifier, SIGKILL)
            editor.waitUntilExit()
        }
        var window: [String: Any]?
        XCTAssertTrue(try waitUntil {
            window = try strata.windows().first { $0["title"] as? String == "Text Editor" && $0["mapped"] as? Bool == true }
            return window != nil
        }, "weston-editor never mapped: \(strata.serverLog)")
        let origin = try XCTUnwrap(window?["origin"] as? [String: Any])
        let (x, y) = (try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int))
        try strata.input("click", "\(x + 80)", "\(y + 60)")
        var seen: [String] = []
        // Frames are manual here: each wait draws one, for a client that redraws on frame callbacks.
        XCTAssertTrue(waitUntil {
            _ = try? strata.control("frame")
            seen += inputMethod.takeEvents()
            return seen.contains("activate")
        },
                      "the click activated no text input: \(seen)")
        inputMethod.commit { zwp_input_method_v2_commit_string($0, "strata") }
        XCTAssertTrue(waitUntil {
            _ = try? strata.control("frame")
            seen += inputMethod.takeEvents()
            return seen.contains { $0.hasPrefix("surrounding") && $0.contains("strata") }
        }, "the editor never reported the typed text: \(seen)")
    }
}
