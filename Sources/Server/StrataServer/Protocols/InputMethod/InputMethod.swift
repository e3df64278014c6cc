import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A zwp_input_method_v2: the seat's input method, or, when the seat has
/// one already, an inert object that got `unavailable`. It is told the
/// state of the text input it is active for, and composes text into it
/// through `TextInputRelay`.
final class InputMethod {
    /// Longer text is dropped: relayed with the v1 text input's serial it
    /// would no longer fit in one Wayland message (4096 bytes), and
    /// libwayland would disconnect the text input's client for it.
    static let maximumTextBytes = 4000

    /// Text being composed, with the cursor's byte offsets in it.
    struct Preedit: Equatable {
        var text: String
        var cursorBegin: Int32
        var cursorEnd: Int32
    }

    /// Bytes to delete before and after the cursor.
    struct DeleteSurrounding: Equatable {
        var beforeLength: UInt32
        var afterLength: UInt32
    }

    unowned let relay: TextInputRelay
    private(set) var resource: WaylandResource?
    /// Got `unavailable`: its requests are ignored from then on.
    private(set) var isUnavailable = false
    /// Whether the last done left it active.
    private(set) var isActive = false
    /// How many done events it was sent: the serial its commits should quote.
    private(set) var doneCount: UInt32 = 0
    /// Its popup surfaces, shown while it is active.
    private(set) var popups: [InputPopupSurface] = []

    private var pendingPreedit: Preedit?
    private var pendingCommitString: String?
    private var pendingDelete: DeleteSurrounding?

    init?(relay: TextInputRelay, parent: WaylandResource, id: UInt32) {
        self.relay = relay
        guard let resource = makeResource(child: parent, interface: strata_zwp_input_method_v2_interface(), id: id,
                                          implementation: InputMethod.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> InputMethod? {
        resourceObject(resource, as: InputMethod.self, interface: strata_zwp_input_method_v2_interface())
    }

    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    func makeUnavailable() {
        isUnavailable = true
        if let resource { zwp_input_method_v2_send_unavailable(resource) }
    }

    /// `textInput`'s committed state, after activate when the input method
    /// starts working for it (which resets what it knew), then done.
    func sendState(of textInput: any RelayedTextInput, activate: Bool) {
        guard let resource, !isUnavailable else { return }
        if activate { zwp_input_method_v2_send_activate(resource) }
        let state = textInput.current
        if let surrounding = state.surroundingText {
            zwp_input_method_v2_send_surrounding_text(resource, surrounding.text, surrounding.cursor, surrounding.anchor)
        }
        zwp_input_method_v2_send_text_change_cause(resource, state.changeCause)
        zwp_input_method_v2_send_content_type(resource, state.contentHint, state.contentPurpose)
        sendDone(active: true)
        for popup in popups { popup.textInputChanged(textInput) }
    }

    func sendDeactivate() {
        guard let resource, !isUnavailable else { return }
        zwp_input_method_v2_send_deactivate(resource)
        sendDone(active: false)
        for popup in popups { popup.textInputChanged(nil) }
    }

    private func sendDone(active: Bool) {
        guard let resource else { return }
        zwp_input_method_v2_send_done(resource)
        doneCount &+= 1
        isActive = active
    }

    func removePopup(_ popup: InputPopupSurface) { popups.removeAll { $0 === popup } }

    /// The popups shown, topmost last.
    var shownPopups: [InputPopupSurface] { popups.filter(\.isShown) }

    /// Before each frame: shown popups move with their text input's window.
    func popupsFollowTheirTextInput() {
        for popup in popups { popup.followTextInput() }
    }

    private func commit(serial: UInt32) {
        // A commit quoting an older serial is applied all the same, as the
        // protocol asks: the text the user composed is not lost.
        let preedit = pendingPreedit, commitString = pendingCommitString, delete = pendingDelete
        pendingPreedit = nil
        pendingCommitString = nil
        pendingDelete = nil
        relay.inputMethodCommitted(self, preedit: preedit, commitString: commitString, deleteSurrounding: delete)
    }

    private func getPopupSurface(id: UInt32, surfaceResource: WaylandResource?) {
        guard let resource, let surface = Surface.from(surfaceResource) else { return }
        // A surface has one role for life; an input popup's role object is its one popup.
        guard surface.giveRole(InputPopupSurface.role), surface.roleObject == nil else {
            strata_resource_post_error(resource, ZWP_INPUT_METHOD_V2_ERROR_ROLE.rawValue,
                                       "wl_surface@\(wl_resource_get_id(surfaceResource)) already has another role")
            return
        }
        guard let popup = InputPopupSurface(inputMethod: self, surface: surface, parent: resource, id: id) else { return }
        popups.append(popup)
        if isActive, let textInput = relay.activeTextInput { popup.textInputChanged(textInput) }
    }

    private func destroyed() {
        resource = nil
        for popup in popups { popup.inputMethodDestroyed() }
        popups = []
        keyboardGrab?.inputMethodDestroyed()
        keyboardGrab = nil
        if !isUnavailable { relay.inputMethodDestroyed(self) }
    }

    /// The grab made by grab_keyboard, until it is released.
    var keyboardGrab: InputMethodKeyboardGrab?

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_input_method_v2_interface()
        // Text that is not UTF-8, as Wayland strings must be, is dropped
        // rather than repaired: a repair would change its length in bytes,
        // which the preedit's cursor counts in.
        i.commit_string = { _, resource, text in
            guard let inputMethod = InputMethod.from(resource), !inputMethod.isUnavailable, let text,
                  strlen(text) <= InputMethod.maximumTextBytes, let string = String(validatingCString: text) else { return }
            inputMethod.pendingCommitString = string
        }
        i.set_preedit_string = { _, resource, text, cursorBegin, cursorEnd in
            guard let inputMethod = InputMethod.from(resource), !inputMethod.isUnavailable, let text,
                  strlen(text) <= InputMethod.maximumTextBytes, let string = String(validatingCString: text) else { return }
            inputMethod.pendingPreedit = Preedit(text: string, cursorBegin: cursorBegin, cursorEnd: cursorEnd)
        }
        i.delete_surrounding_text = { _, resource, before, after in
            guard let inputMethod = InputMethod.from(resource), !inputMethod.isUnavailable else { return }
            inputMethod.pendingDelete = DeleteSurrounding(beforeLength: before, afterLength: after)
        }
        i.commit = { _, resource, serial in
            guard let inputMethod = InputMethod.from(resource), !inputMethod.isUnavailable else { return }
            inputMethod.commit(serial: serial)
        }
        i.get_input_popup_surface = { _, resource, id, surfaceResource in
            guard let inputMethod = InputMethod.from(resource) else { return }
            // An inert input method's popup is an inert object: the id must still be taken.
            guard !inputMethod.isUnavailable else {
                if let resource { InputPopupSurface.makeInert(parent: resource, id: id) }
                return
            }
            inputMethod.getPopupSurface(id: id, surfaceResource: surfaceResource)
        }
        i.grab_keyboard = { _, resource, id in
            guard let resource, let inputMethod = InputMethod.from(resource) else { return }
            inputMethod.grabKeyboard(parent: resource, id: id)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
