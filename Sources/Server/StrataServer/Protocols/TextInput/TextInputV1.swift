import CStrataServerProtocol
import CWaylandServer

/// A zwp_text_input_v1 (weston-editor's, and older GTK and Qt's): the
/// client activates it on a surface of its own that has the keyboard, which
/// is then its enter; deactivate, or the keyboard leaving the client, is its
/// leave. Its state reaches the input method on `commit_state`, whose
/// serial its events quote. It has no `done`: the input method's text is
/// applied as it arrives, so each composition ends with the preedit (empty
/// when there is none).
final class TextInputV1: RelayedTextInput {
    unowned let relay: TextInputRelay
    private(set) var resource: WaylandResource?
    let client: OpaquePointer

    private(set) weak var focusedSurface: Surface?
    private(set) var hasFocus = false
    private(set) var isEnabled = false
    private var pending = TextInputState()
    private(set) var current = TextInputState()
    /// The serial of the last commit_state, which every event quotes.
    private var serial: UInt32 = 0

    init?(relay: TextInputRelay, parent: WaylandResource, id: UInt32) {
        self.relay = relay
        client = wl_resource_get_client(parent)
        guard let resource = makeResource(child: parent, interface: strata_zwp_text_input_v1_interface(), id: id,
                                          implementation: TextInputV1.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.relay.textInputDestroyed(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> TextInputV1? {
        resourceObject(resource, as: TextInputV1.self, interface: strata_zwp_text_input_v1_interface())
    }

    /// v1 text inputs enter only when their client activates them.
    func keyboardEntered(_ surface: Surface) {}

    func leave() {
        if hasFocus, let resource { zwp_text_input_v1_send_leave(resource) }
        focusedSurface = nil
        hasFocus = false
        isEnabled = false
    }

    func sendComposition(preedit: InputMethod.Preedit?, commitString: String?,
                         deleteSurrounding: InputMethod.DeleteSurrounding?) {
        guard let resource else { return }
        // v1 applies a deletion with the next commit_string: one follows it, empty if need be.
        if let delete = deleteSurrounding {
            // v1 counts from the cursor (negative: before it) and deletes one length: both saturate.
            zwp_text_input_v1_send_delete_surrounding_text(resource, -ClientValue.int32(delete.beforeLength),
                                                           ClientValue.sum(delete.beforeLength, delete.afterLength))
        }
        if commitString != nil || deleteSurrounding != nil {
            zwp_text_input_v1_send_commit_string(resource, serial, commitString ?? "")
        }
        if let preedit {
            zwp_text_input_v1_send_preedit_cursor(resource, preedit.cursorBegin)
            // The text to commit if the preedit is reset is the preedit itself, unless the two
            // would not fit in one Wayland message (4096 bytes): then nothing is committed on reset.
            let fits = preedit.text.utf8.count <= 2000
            zwp_text_input_v1_send_preedit_string(resource, serial, preedit.text, fits ? preedit.text : "")
        } else {
            clearPreedit()
        }
    }

    func clearPreedit() {
        if let resource { zwp_text_input_v1_send_preedit_string(resource, serial, "", "") }
    }

    private func activate(on surface: Surface) {
        // Only on a surface of the client with the keys, as the focus rules for v3 have it.
        guard surface.client == client, relay.clientHasKeyboard(surface), let resource, let surfaceResource = surface.resource
        else { return }
        if hasFocus, focusedSurface !== surface { leave() }
        focusedSurface = surface
        hasFocus = true
        isEnabled = true
        current = pending
        zwp_text_input_v1_send_enter(resource, surfaceResource)
        relay.textInputCommitted(self, enableRequested: true)
    }

    private func deactivate() {
        guard hasFocus else { return }
        leave()
        relay.textInputCommitted(self, enableRequested: false)
    }

    private func commitState(serial: UInt32) {
        self.serial = serial
        current = pending
        pending.changeCause = ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_INPUT_METHOD.rawValue
        guard hasFocus, isEnabled else { return }
        relay.textInputCommitted(self, enableRequested: false)
    }

    /// v1's purposes are v3's without `pin`, which v3 put before `date`;
    /// a value v1 does not define is passed on as it is (adding 1 to the
    /// largest would trap).
    static func contentPurpose(fromV1 purpose: UInt32) -> UInt32 {
        let shifted = ZWP_TEXT_INPUT_V1_CONTENT_PURPOSE_DATE.rawValue...ZWP_TEXT_INPUT_V1_CONTENT_PURPOSE_TERMINAL.rawValue
        return shifted.contains(purpose) ? purpose + 1 : purpose
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_text_input_v1_interface()
        i.activate = { _, resource, _, surfaceResource in
            // One seat: the seat argument needs no lookup.
            guard let textInput = TextInputV1.from(resource), let surface = Surface.from(surfaceResource) else { return }
            textInput.activate(on: surface)
        }
        i.deactivate = { _, resource, _ in TextInputV1.from(resource)?.deactivate() }
        i.show_input_panel = { _, _ in }
        i.hide_input_panel = { _, _ in }
        i.reset = { _, resource in
            // The text changed outside the input method: its next state says so.
            TextInputV1.from(resource)?.pending.changeCause = ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_OTHER.rawValue
        }
        i.set_surrounding_text = { _, resource, text, cursor, anchor in
            guard let textInput = TextInputV1.from(resource), let text,
                  let cursor = Int32(exactly: cursor), let anchor = Int32(exactly: anchor)
            else { return }
            textInput.pending.surroundingText = String(validatingCString: text).flatMap {
                TextInputState.surroundingText($0, cursor: cursor, anchor: anchor)
            }
        }
        i.set_content_type = { _, resource, hint, purpose in
            guard let textInput = TextInputV1.from(resource) else { return }
            // The hint bits are v3's (v1's `default` and `password` are combinations of them).
            textInput.pending.contentHint = hint
            textInput.pending.contentPurpose = TextInputV1.contentPurpose(fromV1: purpose)
        }
        i.set_cursor_rectangle = { _, resource, x, y, width, height in
            TextInputV1.from(resource)?.pending.cursorRectangle = .fromClient(x: x, y: y, width: width, height: height)
        }
        i.set_preferred_language = { _, _, _ in }
        i.commit_state = { _, resource, serial in TextInputV1.from(resource)?.commitState(serial: serial) }
        i.invoke_action = { _, _, _, _ in }
        return staticImplementation(i)
    }()
}
