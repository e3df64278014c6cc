import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport

/// A client with a window and a zwp_text_input_v3, writing down its events
/// as short lines:
///
///     enter 12     leave 12     preedit ka 0 2     commit héllo     delete 1 2     done 3
///
/// and counting its commits as the protocol asks a client to.
final class TextInputClient {
    let client: RawClient
    let seat: OpaquePointer
    let window: RawWindow
    let manager: OpaquePointer
    let textInput: OpaquePointer
    private(set) var events: [String] = []
    private(set) var commits: UInt32 = 0
    private let listener = UnsafeMutablePointer<zwp_text_input_v3_listener>.allocate(capacity: 1)

    init(_ strata: StrataProcess, title: String, width: Int32 = 100, height: Int32 = 80) throws {
        client = try RawClient(strata)
        seat = try client.bind(strata_wl_seat_interface(), version: 7)
        window = try RawWindow(client, title: title, width: width, height: height)
        manager = try client.bind(strata_zwp_text_input_manager_v3_interface(), version: 1)
        textInput = zwp_text_input_manager_v3_get_text_input(manager, seat)!
        listener.initialize(to: zwp_text_input_v3_listener(
            enter: { data, _, surface in textInputClient(data).events.append("enter \(proxyID(surface))") },
            leave: { data, _, surface in textInputClient(data).events.append("leave \(proxyID(surface))") },
            preedit_string: { data, _, text, begin, end in
                textInputClient(data).events.append("preedit \(text.map { String(cString: $0) } ?? "(null)") \(begin) \(end)")
            },
            commit_string: { data, _, text in
                textInputClient(data).events.append("commit \(text.map { String(cString: $0) } ?? "(null)")")
            },
            delete_surrounding_text: { data, _, before, after in
                textInputClient(data).events.append("delete \(before) \(after)")
            },
            done: { data, _, serial in textInputClient(data).events.append("done \(serial)") }))
        zwp_text_input_v3_add_listener(textInput, listener, Unmanaged.passUnretained(self).toOpaque())
        client.roundtrip()
    }

    deinit { listener.deallocate() }

    var surfaceID: UInt32 { window.surfaceID }

    /// The events since the last call, and forgets them.
    func takeEvents() -> [String] {
        client.roundtrip()
        defer { events = [] }
        return events
    }

    /// Runs `requests` on the text input, then commits (counted).
    func commit(_ requests: (OpaquePointer) -> Void = { _ in }) {
        requests(textInput)
        zwp_text_input_v3_commit(textInput)
        commits += 1
        client.roundtrip()
    }

    func enable(_ requests: (OpaquePointer) -> Void = { _ in }) {
        commit { textInput in
            zwp_text_input_v3_enable(textInput)
            requests(textInput)
        }
    }

    func disable() { commit { zwp_text_input_v3_disable($0) } }
}

/// A client that asks to be the seat's input method, writing down its events:
///
///     activate     deactivate     surrounding hello 5 0     cause 1     content 5 6     done     unavailable
final class InputMethodClient {
    let client: RawClient
    let seat: OpaquePointer
    let manager: OpaquePointer
    let inputMethod: OpaquePointer
    private(set) var events: [String] = []
    /// done events so far: the serial its commits quote.
    private(set) var dones: UInt32 = 0
    private let listener = UnsafeMutablePointer<zwp_input_method_v2_listener>.allocate(capacity: 1)

    init(_ strata: StrataProcess) throws {
        client = try RawClient(strata)
        seat = try client.bind(strata_wl_seat_interface(), version: 7)
        manager = try client.bind(strata_zwp_input_method_manager_v2_interface(), version: 1)
        inputMethod = zwp_input_method_manager_v2_get_input_method(manager, seat)!
        listener.initialize(to: zwp_input_method_v2_listener(
            activate: { data, _ in inputMethodClient(data).events.append("activate") },
            deactivate: { data, _ in inputMethodClient(data).events.append("deactivate") },
            surrounding_text: { data, _, text, cursor, anchor in
                inputMethodClient(data).events.append("surrounding \(String(cString: text!)) \(cursor) \(anchor)")
            },
            text_change_cause: { data, _, cause in inputMethodClient(data).events.append("cause \(cause)") },
            content_type: { data, _, hint, purpose in inputMethodClient(data).events.append("content \(hint) \(purpose)") },
            done: { data, _ in
                inputMethodClient(data).dones += 1
                inputMethodClient(data).events.append("done")
            },
            unavailable: { data, _ in inputMethodClient(data).events.append("unavailable") }))
        zwp_input_method_v2_add_listener(inputMethod, listener, Unmanaged.passUnretained(self).toOpaque())
        client.roundtrip()
    }

    deinit { listener.deallocate() }

    func takeEvents() -> [String] {
        client.roundtrip()
        defer { events = [] }
        return events
    }

    /// Runs `requests` on the input method, then commits with the count of done events.
    func commit(_ requests: (OpaquePointer) -> Void) {
        requests(inputMethod)
        zwp_input_method_v2_commit(inputMethod, dones)
        client.roundtrip()
    }
}

private func textInputClient(_ data: UnsafeMutableRawPointer?) -> TextInputClient {
    Unmanaged<TextInputClient>.fromOpaque(data!).takeUnretainedValue()
}

private func inputMethodClient(_ data: UnsafeMutableRawPointer?) -> InputMethodClient {
    Unmanaged<InputMethodClient>.fromOpaque(data!).takeUnretainedValue()
}

private func proxyID(_ proxy: OpaquePointer?) -> UInt32 { proxy.map { wl_proxy_get_id($0) } ?? 0 }

/// A client with a window and a zwp_text_input_v1, writing down its events:
///
///     enter 12     leave     commit 5 héllo     preedit 5 ka ka     preedit_cursor 1     delete -1 3
final class TextInputV1Client {
    let client: RawClient
    let seat: OpaquePointer
    let window: RawWindow
    let textInput: OpaquePointer
    /// Written by the listener functions at file scope, hence not private(set).
    var events: [String] = []
    private let listener = UnsafeMutablePointer<zwp_text_input_v1_listener>.allocate(capacity: 1)

    init(_ strata: StrataProcess, title: String) throws {
        client = try RawClient(strata)
        seat = try client.bind(strata_wl_seat_interface(), version: 7)
        window = try RawWindow(client, title: title, width: 100, height: 80)
        let manager = try client.bind(strata_zwp_text_input_manager_v1_interface(), version: 1)
        textInput = zwp_text_input_manager_v1_create_text_input(manager)!
        listener.initialize(to: zwp_text_input_v1_listener(
            enter: { data, _, surface in recordV1(data, "enter \(surface.map { wl_proxy_get_id($0) } ?? 0)") },
            leave: { data, _ in recordV1(data, "leave") },
            modifiers_map: { _, _, _ in },
            input_panel_state: { _, _, _ in },
            preedit_string: { data, _, serial, value, commit in recordV1(data, "preedit \(serial) \(cText(value)) \(cText(commit))") },
            preedit_styling: { _, _, _, _, _ in },
            preedit_cursor: { data, _, index in recordV1(data, "preedit_cursor \(index)") },
            commit_string: { data, _, serial, value in recordV1(data, "commit \(serial) \(cText(value))") },
            cursor_position: { _, _, _, _ in },
            delete_surrounding_text: { data, _, index, length in recordV1(data, "delete \(index) \(length)") },
            keysym: { _, _, _, _, _, _, _ in },
            language: { _, _, _, _ in },
            text_direction: { _, _, _, _ in }))
        self.manager = manager
        zwp_text_input_v1_add_listener(textInput, listener, Unmanaged.passUnretained(self).toOpaque())
        client.roundtrip()
    }

    private let manager: OpaquePointer

    /// Another text input of the same client (weston-editor has one for
    /// each entry), whose events are recorded with the first's.
    func makeAnotherTextInput() -> OpaquePointer {
        let other = zwp_text_input_manager_v1_create_text_input(manager)!
        zwp_text_input_v1_add_listener(other, listener, Unmanaged.passUnretained(self).toOpaque())
        return other
    }

    deinit { listener.deallocate() }

    var surfaceID: UInt32 { window.surfaceID }

    func takeEvents() -> [String] {
        client.roundtrip()
        defer { events = [] }
        return events
    }

    func activate() {
        zwp_text_input_v1_activate(textInput, seat, window.surface)
        client.roundtrip()
    }
}

private func recordV1(_ data: UnsafeMutableRawPointer?, _ line: String) {
    Unmanaged<TextInputV1Client>.fromOpaque(data!).takeUnretainedValue().events.append(line)
}

private func cText(_ value: UnsafePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "(null)" }
