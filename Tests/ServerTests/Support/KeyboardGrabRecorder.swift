import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport

/// An input method's zwp_input_method_keyboard_grab_v2, writing down its events:
///
///     keymap     repeat 25 600     key 30 pressed     modifiers 1 0 0 0
final class KeyboardGrabRecorder {
    let client: RawClient
    private(set) var grab: OpaquePointer?
    /// Written by the listener functions at file scope, hence not private(set).
    var events: [String] = []
    private let listener = UnsafeMutablePointer<zwp_input_method_keyboard_grab_v2_listener>.allocate(capacity: 1)

    init(_ inputMethod: InputMethodClient) {
        client = inputMethod.client
        grab = zwp_input_method_v2_grab_keyboard(inputMethod.inputMethod)!
        listener.initialize(to: zwp_input_method_keyboard_grab_v2_listener(
            keymap: { data, _, _, fd, _ in
                close(fd)
                recordGrab(data, "keymap")
            },
            key: { data, _, _, _, key, state in recordGrab(data, "key \(key) \(state == 1 ? "pressed" : "released")") },
            modifiers: { data, _, _, depressed, latched, locked, group in
                recordGrab(data, "modifiers \(depressed) \(latched) \(locked) \(group)")
            },
            repeat_info: { data, _, rate, delay in recordGrab(data, "repeat \(rate) \(delay)") }))
        zwp_input_method_keyboard_grab_v2_add_listener(grab, listener, Unmanaged.passUnretained(self).toOpaque())
        client.roundtrip()
    }

    deinit { listener.deallocate() }

    /// The events since the last call, and forgets them.
    func take() -> [String] {
        client.roundtrip()
        defer { events = [] }
        return events
    }

    /// Ends the grab (the events left are dropped).
    func release() {
        guard let grab else { return }
        zwp_input_method_keyboard_grab_v2_release(grab)
        self.grab = nil
        client.roundtrip()
        events = []
    }
}

private func recordGrab(_ data: UnsafeMutableRawPointer?, _ line: String) {
    Unmanaged<KeyboardGrabRecorder>.fromOpaque(data!).takeUnretainedValue().events.append(line)
}
