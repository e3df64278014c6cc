import CWaylandServer
import CXcb
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// One X selection (CLIPBOARD or PRIMARY) kept the same as the seat's
/// clipboard or primary selection, both ways, as ICCCM's selection
/// protocol (section 2) has it:
/// - A Wayland client's selection: the bridge's window owns the X
///   selection, answers TARGETS with the source's MIME types, and a
///   conversion by reading the Wayland source's data through a pipe.
/// - An X client's selection (XFixes tells of each new owner): its TARGETS
///   become an XSelectionSource the seat offers, and a Wayland client's
///   paste is a ConvertSelection whose property is written to its pipe.
/// Transfers larger than X takes in one request (INCR) are refused.
final class XSelectionBridge {
    private unowned let manager: XWindowManager
    let kind: SelectionKind
    let selection: xcb_atom_t
    /// Owns the X selection for Wayland, and receives what X clients convert for it.
    private let window: xcb_window_t
    private var x: XConnection { manager.x }
    private var server: Server { manager.server }
    /// The X client's selection, while it is what the seat offers.
    private var xSource: XSelectionSource?
    /// Wayland clients' pastes of the X selection, first one in flight.
    private var pastes: [(target: xcb_atom_t, fd: Int32)] = []
    /// The property X clients put converted data on, on `window`.
    private let transferProperty: xcb_atom_t
    private let logger = Logger(label: "strata.xwayland")

    init(manager: XWindowManager, kind: SelectionKind) {
        self.manager = manager
        self.kind = kind
        let x = manager.x
        selection = kind == .clipboard ? x.atoms["CLIPBOARD"] : XCB_ATOM_PRIMARY.rawValue
        transferProperty = x.atoms["_STRATA_SELECTION"]
        window = xcb_generate_id(x.connection)
        xcb_create_window(x.connection, UInt8(XCB_COPY_FROM_PARENT), window, x.root, -10, -10, 1, 1, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), xcb_visualid_t(XCB_COPY_FROM_PARENT),
                          XCB_CW_EVENT_MASK.rawValue, [XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue])
        let events = XCB_XFIXES_SELECTION_EVENT_MASK_SET_SELECTION_OWNER.rawValue
            | XCB_XFIXES_SELECTION_EVENT_MASK_SELECTION_WINDOW_DESTROY.rawValue
            | XCB_XFIXES_SELECTION_EVENT_MASK_SELECTION_CLIENT_CLOSE.rawValue
        xcb_xfixes_select_selection_input(x.connection, window, selection, events)
        waylandSelectionChanged()
    }

    /// Xwayland went: the X client's selection goes with it.
    func stop() {
        if let xSource { server.selectionSourceGone(kind, xSource) }
        xSource = nil
        for paste in pastes { close(paste.fd) }
        pastes = []
    }

    // MARK: Wayland's selection, for X clients

    /// The seat's selection changed: a Wayland client's is X's now too.
    func waylandSelectionChanged() {
        let current = server.selection(kind)
        if let xSource, current !== xSource { self.xSource = nil }
        guard !(current is XSelectionSource) else { return }
        if current != nil {
            xcb_set_selection_owner(x.connection, window, selection, xcb_timestamp_t(XCB_CURRENT_TIME))
        } else if ownsSelection {
            xcb_set_selection_owner(x.connection, xcb_window_t(XCB_NONE), selection, xcb_timestamp_t(XCB_CURRENT_TIME))
        }
        x.flush()
    }

    private var ownsSelection: Bool {
        let cookie = xcb_get_selection_owner(x.connection, selection)
        guard let reply = xcb_get_selection_owner_reply(x.connection, cookie, nil) else { return false }
        defer { free(reply) }
        return reply.pointee.owner == window
    }

    /// An X client asks the bridge's window for the selection as `target`.
    func selectionRequested(_ request: xcb_selection_request_event_t) {
        // ICCCM 2.2: an obsolete client names no property; the target is used.
        let property = request.property == xcb_atom_t(XCB_NONE) ? request.target : request.property
        guard let source = server.selection(kind), !(source is XSelectionSource) else {
            return notify(request, property: xcb_atom_t(XCB_NONE))
        }
        if request.target == x.atoms["TARGETS"] {
            let targets = [x.atoms["TARGETS"], x.atoms["TIMESTAMP"]] + source.mimeTypes.flatMap(atoms(forMimeType:))
            x.setValues(request.requestor, property, type: XCB_ATOM_ATOM.rawValue, targets)
            return notify(request, property: property)
        }
        if request.target == x.atoms["TIMESTAMP"] {
            x.setValues(request.requestor, property, type: XCB_ATOM_INTEGER.rawValue, [request.time])
            return notify(request, property: property)
        }
        guard let mimeType = mimeType(forTarget: request.target, offeredBy: source.mimeTypes) else {
            return notify(request, property: xcb_atom_t(XCB_NONE))
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return notify(request, property: xcb_atom_t(XCB_NONE)) }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        source.send(mimeType: mimeType, fd: ends[1])
        close(ends[1])
        let limit = maximumPropertyBytes
        _ = PipeTransfer(loop: server.eventLoop, fd: ends[0], .read(limit: limit) { [weak self] data in
            guard let self else { return }
            guard let data else { return self.notify(request, property: xcb_atom_t(XCB_NONE)) }
            xcb_change_property(self.x.connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), request.requestor, property,
                                request.target, 8, UInt32(data.count), data)
            self.notify(request, property: property)
        })
    }

    /// The most one ChangeProperty carries (X's maximum request length, less its header).
    private var maximumPropertyBytes: Int {
        Int(xcb_get_maximum_request_length(x.connection)) * 4 - 64
    }

    /// SelectionNotify to the requestor: the conversion is done (or refused, with no property).
    private func notify(_ request: xcb_selection_request_event_t, property: xcb_atom_t) {
        var event = xcb_selection_notify_event_t()
        event.response_type = UInt8(XCB_SELECTION_NOTIFY)
        event.time = request.time
        event.requestor = request.requestor
        event.selection = request.selection
        event.target = request.target
        event.property = property
        withUnsafeBytes(of: &event) { raw in
            _ = xcb_send_event(x.connection, 0, request.requestor, XCB_EVENT_MASK_NO_EVENT.rawValue,
                               raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
        x.flush()
    }

    // MARK: X's selection, for Wayland clients

    /// XFixes: the selection has a new owner (none, when it went).
    func ownerChanged(to owner: xcb_window_t, time: xcb_timestamp_t) {
        guard owner != window else { return }
        if owner == xcb_window_t(XCB_NONE) {
            if let xSource { server.selectionSourceGone(kind, xSource) }
            xSource = nil
            return
        }
        // What it offers first: the answer comes as a SelectionNotify.
        xcb_convert_selection(x.connection, window, selection, x.atoms["TARGETS"], transferProperty, time)
        x.flush()
    }

    /// The answer to one of the bridge's ConvertSelections.
    func converted(_ event: xcb_selection_notify_event_t) {
        if event.target == x.atoms["TARGETS"] {
            guard event.property != xcb_atom_t(XCB_NONE) else { return }
            let targets = x.values(window, transferProperty)
            xcb_delete_property(x.connection, window, transferProperty)
            let mimeTypes = Array(Set(targets.compactMap(mimeType(forAtom:)))).sorted()
            guard !mimeTypes.isEmpty else { return }
            let source = XSelectionSource(bridge: self, mimeTypes: mimeTypes)
            xSource = source
            server.replaceSelection(kind, with: source)
            return
        }
        guard let paste = pastes.first, paste.target == event.target else { return }
        pastes.removeFirst()
        if event.property != xcb_atom_t(XCB_NONE), let value = x.property(window, transferProperty),
           value.type != x.atoms["INCR"] {
            _ = PipeTransfer(loop: server.eventLoop, fd: paste.fd, .write(value.bytes))
        } else {
            if event.property != xcb_atom_t(XCB_NONE) { logger.notice("an X selection too large for one transfer (INCR) was not pasted") }
            close(paste.fd)
        }
        xcb_delete_property(x.connection, window, transferProperty)
        convertNextPaste()
    }

    /// A Wayland client pastes the X selection as `mimeType` into `fd` (not ours: duplicated).
    func convertForWayland(mimeType: String, fd: Int32) {
        guard let target = atoms(forMimeType: mimeType).first else { return }
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return }
        pastes.append((target, copy))
        if pastes.count == 1 { convertNextPaste() }
    }

    private func convertNextPaste() {
        guard let paste = pastes.first else { return }
        xcb_convert_selection(x.connection, window, selection, paste.target, transferProperty, xcb_timestamp_t(XCB_CURRENT_TIME))
        x.flush()
    }

    // MARK: MIME types and X targets

    /// The X targets a MIME type is offered as: UTF-8 text also as
    /// UTF8_STRING, plain text as TEXT and STRING (what X clients ask for).
    private func atoms(forMimeType mimeType: String) -> [xcb_atom_t] {
        switch mimeType {
        case "text/plain;charset=utf-8": return [x.atoms["UTF8_STRING"], x.intern(mimeType)]
        case "text/plain": return [x.atoms["TEXT"], XCB_ATOM_STRING.rawValue, x.intern(mimeType)]
        default: return [x.intern(mimeType)]
        }
    }

    /// The MIME type an X target names, if it names data (not TARGETS, MULTIPLE, …).
    private func mimeType(forAtom atom: xcb_atom_t) -> String? {
        if atom == x.atoms["UTF8_STRING"] { return "text/plain;charset=utf-8" }
        if atom == x.atoms["TEXT"] || atom == XCB_ATOM_STRING.rawValue { return "text/plain" }
        guard let name = x.name(of: atom), name.contains("/") else { return nil }
        return name
    }

    /// What to ask the Wayland source for to answer `target`: the type it names, or text it has.
    private func mimeType(forTarget target: xcb_atom_t, offeredBy offered: [String]) -> String? {
        guard let wanted = mimeType(forAtom: target) else { return nil }
        if offered.contains(wanted) { return wanted }
        guard wanted.hasPrefix("text/plain") else { return nil }
        return offered.first { $0 == "text/plain;charset=utf-8" } ?? offered.first { $0 == "text/plain" }
            ?? offered.first { $0 == "UTF8_STRING" || $0 == "TEXT" || $0 == "STRING" }
    }
}
