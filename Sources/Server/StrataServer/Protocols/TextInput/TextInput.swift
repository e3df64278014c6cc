import CStrataServerProtocol
import CWaylandServer

/// A client's zwp_text_input_v3: it follows the keyboard focus (enter and
/// leave name the client's surface with the keys), commits its state for
/// the input method, and gets the text the input method composes.
final class TextInput: RelayedTextInput {
    unowned let relay: TextInputRelay
    private(set) var resource: WaylandResource?
    let client: OpaquePointer

    /// The surface of the last enter, until leave; nil once it is destroyed.
    private(set) weak var focusedSurface: Surface?
    /// Between enter and leave, even when the surface went away meanwhile.
    private(set) var hasFocus = false

    private var pending = TextInputState()
    private var pendingEnabled = false
    /// An enable is pending: the commit starts over with a fresh state.
    private var pendingEnable = false
    private(set) var current = TextInputState()
    private(set) var isEnabled = false
    /// How many commits the client made: the serial of each done.
    private(set) var commitCount: UInt32 = 0

    init?(relay: TextInputRelay, parent: WaylandResource, id: UInt32) {
        self.relay = relay
        client = wl_resource_get_client(parent)
        guard let resource = makeResource(child: parent, interface: strata_zwp_text_input_v3_interface(), id: id,
                                          implementation: TextInput.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.relay.textInputDestroyed(self)
                                          })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> TextInput? {
        resourceObject(resource, as: TextInput.self, interface: strata_zwp_text_input_v3_interface())
    }

    /// The client's surface has the keyboard now: enter it.
    func keyboardEntered(_ surface: Surface) {
        guard let resource, let surfaceResource = surface.resource else { return }
        focusedSurface = surface
        hasFocus = true
        zwp_text_input_v3_send_enter(resource, surfaceResource)
    }

    /// The focused surface lost the keyboard (or went away, and then no
    /// leave can name it). The client must enable again after the next
    /// enter, so what it enabled ends here.
    func leave() {
        if let resource, let surfaceResource = focusedSurface?.resource {
            zwp_text_input_v3_send_leave(resource, surfaceResource)
        }
        focusedSurface = nil
        hasFocus = false
        isEnabled = false
        current = TextInputState()
        pendingEnabled = false
        pendingEnable = false
        pending = TextInputState()
    }

    /// The input method's text, applied by the client on done.
    func sendComposition(preedit: InputMethod.Preedit?, commitString: String?,
                         deleteSurrounding: InputMethod.DeleteSurrounding?) {
        guard let resource else { return }
        if let preedit {
            zwp_text_input_v3_send_preedit_string(resource, preedit.text, preedit.cursorBegin, preedit.cursorEnd)
        }
        if let commitString { zwp_text_input_v3_send_commit_string(resource, commitString) }
        if let deleteSurrounding {
            zwp_text_input_v3_send_delete_surrounding_text(resource, deleteSurrounding.beforeLength,
                                                           deleteSurrounding.afterLength)
        }
        sendDone()
    }

    /// done alone: the client's preedit goes back to empty.
    func clearPreedit() { sendDone() }

    /// done with the count of commits.
    private func sendDone() {
        if let resource { zwp_text_input_v3_send_done(resource, commitCount) }
    }

    private func commit() {
        // Every commit counts, focused or not: the client counts them all to match done's serial.
        commitCount &+= 1
        // Between leave and the next enter the requests are ignored, as the protocol asks.
        guard hasFocus else {
            pending = TextInputState()
            pendingEnable = false
            return
        }
        let enableRequested = pendingEnable && pendingEnabled
        current = pending
        isEnabled = pendingEnabled
        pendingEnable = false
        // The cause holds for one commit; the rest stays until the next enable or disable.
        pending.changeCause = ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_INPUT_METHOD.rawValue
        relay.textInputCommitted(self, enableRequested: enableRequested)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_text_input_v3_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.enable = { _, resource in
            guard let textInput = TextInput.from(resource) else { return }
            // Enable starts over: the state of earlier requests is dropped.
            textInput.pending = TextInputState()
            textInput.pendingEnabled = true
            textInput.pendingEnable = true
        }
        i.disable = { _, resource in
            guard let textInput = TextInput.from(resource) else { return }
            textInput.pending = TextInputState()
            textInput.pendingEnabled = false
            textInput.pendingEnable = false
        }
        i.set_surrounding_text = { _, resource, text, cursor, anchor in
            guard let textInput = TextInput.from(resource), let text else { return }
            textInput.pending.surroundingText = String(validatingCString: text).flatMap {
                TextInputState.surroundingText($0, cursor: cursor, anchor: anchor)
            }
        }
        i.set_text_change_cause = { _, resource, cause in
            TextInput.from(resource)?.pending.changeCause = cause
        }
        i.set_content_type = { _, resource, hint, purpose in
            guard let textInput = TextInput.from(resource) else { return }
            textInput.pending.contentHint = hint
            textInput.pending.contentPurpose = purpose
        }
        i.set_cursor_rectangle = { _, resource, x, y, width, height in
            TextInput.from(resource)?.pending.cursorRectangle = .fromClient(x: x, y: y, width: width, height: height)
        }
        i.commit = { _, resource in TextInput.from(resource)?.commit() }
        return staticImplementation(i)
    }()
}
