import CWaylandServer
import CXcb
import Logging

/// Strata as Xwayland's X11 window manager, on the -wm connection:
/// it redirects the root's children (so maps and configures come here
/// first, and Xwayland gives each toplevel X window a wl_surface), pairs
/// each window with its surface, and turns X's requests and properties
/// into a Toplevel's (XWindow). Its X events are read on the server's
/// event loop.
final class XWindowManager {
    unowned let server: Server
    let x: XConnection
    /// Xwayland's own Wayland connection: the client whose surfaces X windows are.
    let xwaylandClient: OpaquePointer
    private var source: OpaquePointer?
    private var windows: [xcb_window_t: XWindow] = [:]
    /// The window that names this window manager (_NET_SUPPORTING_WM_CHECK) and owns WM_S0.
    private var checkWindow: xcb_window_t = 0
    private(set) weak var focused: XWindow?
    private let logger = Logger(label: "strata.xwayland")
    /// The connection to Xwayland broke (it is going away).
    var onConnectionLost: (() -> Void)?
    /// CLIPBOARD and PRIMARY, each kept the same as the seat's.
    private var selections: [XSelectionBridge] = []
    /// XFixes' first event code: its selection owner events come as this.
    private var xfixesFirstEvent: UInt8 = 0

    init?(server: Server, fd: Int32, xwaylandClient: OpaquePointer) {
        guard let x = XConnection(fd: fd) else { return nil }
        self.server = server
        self.x = x
        self.xwaylandClient = xwaylandClient
        takeOverRoot()
        adoptExistingWindows()
        bridgeSelections()
        source = wl_event_loop_add_fd(server.eventLoop, x.fileDescriptor, UInt32(WL_EVENT_READABLE), { _, mask, data in
            Unmanaged<XWindowManager>.fromOpaque(data!).takeUnretainedValue().readEvents(mask: mask)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let source { wl_event_source_remove(source) }
    }

    /// The windows go with the connection: their Toplevels leave the stack.
    func stop() {
        if let source { wl_event_source_remove(source) }
        source = nil
        for window in windows.values { window.unmapped() }
        windows = [:]
        for bridge in selections { bridge.stop() }
        selections = []
    }

    /// XFixes tells who owns each selection as it changes; the bridges follow.
    private func bridgeSelections() {
        guard let xfixes = strata_xcb_xfixes_data(x.connection), xfixes.pointee.present != 0 else {
            logger.error("Xwayland has no XFixes: the clipboard is not shared with X clients")
            return
        }
        xfixesFirstEvent = xfixes.pointee.first_event
        let cookie = xcb_xfixes_query_version(x.connection, UInt32(XCB_XFIXES_MAJOR_VERSION), UInt32(XCB_XFIXES_MINOR_VERSION))
        free(xcb_xfixes_query_version_reply(x.connection, cookie, nil))
        selections = [XSelectionBridge(manager: self, kind: .clipboard), XSelectionBridge(manager: self, kind: .primary)]
        x.flush()
    }

    /// The seat's clipboard or primary selection changed.
    func selectionChanged(_ kind: SelectionKind) {
        for bridge in selections where bridge.kind == kind { bridge.waylandSelectionChanged() }
    }

    func window(_ id: xcb_window_t) -> XWindow? { id == 0 ? nil : windows[id] }

    var census: Int { windows.count }

    /// Redirect the root's children, announce a window manager (ICCCM 2.8,
    /// EWMH's check window) and what it supports.
    private func takeOverRoot() {
        let mask = XCB_EVENT_MASK_SUBSTRUCTURE_NOTIFY.rawValue | XCB_EVENT_MASK_SUBSTRUCTURE_REDIRECT.rawValue
            | XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue
        x.selectEvents(x.root, mask)
        xcb_composite_redirect_subwindows(x.connection, x.root, UInt8(XCB_COMPOSITE_REDIRECT_MANUAL.rawValue))
        checkWindow = xcb_generate_id(x.connection)
        xcb_create_window(x.connection, UInt8(XCB_COPY_FROM_PARENT), checkWindow, x.root, -100, -100, 1, 1, 0,
                          UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), xcb_visualid_t(XCB_COPY_FROM_PARENT), 0, nil)
        let atoms = x.atoms
        for window in [x.root, checkWindow] {
            x.setValues(window, atoms["_NET_SUPPORTING_WM_CHECK"], type: XCB_ATOM_WINDOW.rawValue, [checkWindow])
        }
        x.setText(checkWindow, atoms["_NET_WM_NAME"], "Strata")
        xcb_set_selection_owner(x.connection, checkWindow, atoms["WM_S0"], xcb_timestamp_t(XCB_CURRENT_TIME))
        xcb_set_selection_owner(x.connection, checkWindow, atoms["_NET_WM_CM_S0"], xcb_timestamp_t(XCB_CURRENT_TIME))
        let supported = ["_NET_WM_NAME", "_NET_SUPPORTING_WM_CHECK", "_NET_ACTIVE_WINDOW", "_NET_CLIENT_LIST",
                         "_NET_WM_STATE", "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ",
                         "_NET_WM_STATE_FULLSCREEN", "_NET_WM_STATE_HIDDEN", "_NET_WM_STATE_FOCUSED",
                         "_NET_WM_WINDOW_TYPE", "_NET_WM_MOVERESIZE"].map { atoms[$0] }
        x.setValues(x.root, atoms["_NET_SUPPORTED"], type: XCB_ATOM_ATOM.rawValue, supported)
        x.setValues(x.root, atoms["_NET_ACTIVE_WINDOW"], type: XCB_ATOM_WINDOW.rawValue, [0])
        x.flush()
    }

    /// X clients may connect as soon as Xwayland is ready, before this
    /// window manager: windows made and mapped before it redirected the
    /// root are taken as they are (their surfaces come once redirected).
    private func adoptExistingWindows() {
        let tree = xcb_query_tree(x.connection, x.root)
        guard let reply = xcb_query_tree_reply(x.connection, tree, nil) else { return }
        defer { free(reply) }
        let count = Int(xcb_query_tree_children_length(reply))
        guard count > 0, let children = xcb_query_tree_children(reply) else { return }
        for id in UnsafeBufferPointer(start: children, count: count) {
            let attributesCookie = xcb_get_window_attributes(x.connection, id)
            let geometryCookie = xcb_get_geometry(x.connection, id)
            let attributes = xcb_get_window_attributes_reply(x.connection, attributesCookie, nil)
            let geometry = xcb_get_geometry_reply(x.connection, geometryCookie, nil)
            defer { free(attributes); free(geometry) }
            guard let attributes, let geometry,
                  let window = track(id, overrideRedirect: attributes.pointee.override_redirect != 0,
                                     frame: (Int32(geometry.pointee.x), Int32(geometry.pointee.y),
                                             UInt32(geometry.pointee.width), UInt32(geometry.pointee.height)))
            else { continue }
            if attributes.pointee.map_state == UInt8(XCB_MAP_STATE_VIEWABLE.rawValue) { window.adopted() }
        }
        updateClientList()
        x.flush()
    }

    /// A top-level X window to follow (its properties and focus), made
    /// now or found at start; nil for this manager's own or one known already.
    @discardableResult
    private func track(_ id: xcb_window_t, overrideRedirect: Bool,
                       frame: (x: Int32, y: Int32, width: UInt32, height: UInt32)) -> XWindow? {
        guard id != checkWindow, windows[id] == nil else { return nil }
        let window = XWindow(manager: self, id: id, overrideRedirect: overrideRedirect, frame: frame)
        windows[id] = window
        x.selectEvents(id, XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue | XCB_EVENT_MASK_FOCUS_CHANGE.rawValue)
        return window
    }

    // MARK: Events

    private func readEvents(mask: UInt32) {
        while let event = xcb_poll_for_event(x.connection) {
            handle(UnsafeRawPointer(event))
            free(event)
        }
        if x.hasError || mask & UInt32(WL_EVENT_HANGUP | WL_EVENT_ERROR) != 0 {
            logger.notice("the X11 window manager's connection to Xwayland closed")
            stop()
            onConnectionLost?()
            return
        }
        x.flush()
    }

    private func handle(_ event: UnsafeRawPointer) {
        let type = Int32(event.load(as: xcb_generic_event_t.self).response_type & 0x7f)
        switch type {
        case XCB_CREATE_NOTIFY:
            let e = event.load(as: xcb_create_notify_event_t.self)
            guard e.parent == x.root else { return }
            track(e.window, overrideRedirect: e.override_redirect != 0,
                  frame: (Int32(e.x), Int32(e.y), UInt32(e.width), UInt32(e.height)))
        case XCB_DESTROY_NOTIFY:
            let e = event.load(as: xcb_destroy_notify_event_t.self)
            guard let window = windows.removeValue(forKey: e.window) else { return }
            window.unmapped()
            updateClientList()
        case XCB_MAP_REQUEST:
            let e = event.load(as: xcb_map_request_event_t.self)
            windows[e.window]?.mapRequested()
            updateClientList()
        case XCB_MAP_NOTIFY:
            let e = event.load(as: xcb_map_notify_event_t.self)
            windows[e.window]?.isOverrideRedirect = e.override_redirect != 0
            windows[e.window]?.mapped()
        case XCB_UNMAP_NOTIFY:
            let e = event.load(as: xcb_unmap_notify_event_t.self)
            windows[e.window]?.unmapped()
            updateClientList()
        case XCB_CONFIGURE_REQUEST:
            let e = event.load(as: xcb_configure_request_event_t.self)
            windows[e.window]?.configureRequested(e)
        case XCB_CONFIGURE_NOTIFY:
            let e = event.load(as: xcb_configure_notify_event_t.self)
            windows[e.window]?.configured(x: Int32(e.x), y: Int32(e.y), width: UInt32(e.width), height: UInt32(e.height))
        case XCB_PROPERTY_NOTIFY:
            let e = event.load(as: xcb_property_notify_event_t.self)
            windows[e.window]?.propertyChanged(e.atom)
        case XCB_CLIENT_MESSAGE:
            clientMessage(event.load(as: xcb_client_message_event_t.self))
        case XCB_SELECTION_REQUEST:
            let e = event.load(as: xcb_selection_request_event_t.self)
            selections.first { $0.selection == e.selection }?.selectionRequested(e)
        case XCB_SELECTION_NOTIFY:
            let e = event.load(as: xcb_selection_notify_event_t.self)
            selections.first { $0.selection == e.selection }?.converted(e)
        case Int32(xfixesFirstEvent) + XCB_XFIXES_SELECTION_NOTIFY where xfixesFirstEvent != 0:
            let e = event.load(as: xcb_xfixes_selection_notify_event_t.self)
            selections.first { $0.selection == e.selection }?.ownerChanged(to: e.owner, time: e.timestamp)
        case XCB_FOCUS_IN:
            let e = event.load(as: xcb_focus_in_event_t.self)
            // An X client may not take the focus from the window Strata gave it to.
            if let focused, e.event != focused.id, e.mode != UInt8(XCB_NOTIFY_MODE_GRAB.rawValue),
               e.mode != UInt8(XCB_NOTIFY_MODE_UNGRAB.rawValue) {
                focused.takeFocus()
            }
        default:
            break
        }
    }

    private func clientMessage(_ e: xcb_client_message_event_t) {
        let data = withUnsafeBytes(of: e.data) { raw in (0..<5).map { raw.load(fromByteOffset: $0 * 4, as: UInt32.self) } }
        let atoms = x.atoms
        guard let window = windows[e.window] else { return }
        switch e.type {
        case atoms["WL_SURFACE_ID"]:
            window.pendingSurfaceID = data[0]
            if let resource = wl_client_get_object(xwaylandClient, data[0]), let surface = Surface.from(resource) {
                window.attach(surface)
            }
            // Otherwise the surface is not made yet: surfaceCreated pairs them.
        case atoms["_NET_WM_STATE"]:
            window.stateRequested(action: data[0], data[1], data[2])
        case atoms["_NET_ACTIVE_WINDOW"]:
            window.activationRequested()
        case atoms["_NET_WM_MOVERESIZE"]:
            window.moveResizeRequested(direction: data[2])
        case atoms["WM_CHANGE_STATE"] where data[0] == 3:
            window.minimizeRequested()
        default:
            break
        }
    }

    /// A surface of Xwayland's was made: the window that named it before it existed gets it.
    func surfaceCreated(_ surface: Surface) {
        guard let resource = surface.resource, wl_resource_get_client(resource) == xwaylandClient else { return }
        let id = surface.id
        guard let window = windows.values.first(where: { $0.pendingSurfaceID == id }) else { return }
        window.attach(surface)
        x.flush()
    }

    /// `window` has a Toplevel now: its dialogs, shown before it, are its children.
    func windowShown(_ window: XWindow) {
        for dialog in windows.values where dialog.transientFor == window.id { dialog.applyParent() }
        updateClientList()
    }

    // MARK: Focus and the client list

    /// Gives `window` X's input focus (nil: none), and says so on the root.
    func focus(_ window: XWindow?) {
        guard focused !== window else { return }
        focused = window
        if let window {
            window.takeFocus()
        } else {
            xcb_set_input_focus(x.connection, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), xcb_window_t(XCB_NONE),
                                xcb_timestamp_t(XCB_CURRENT_TIME))
        }
        x.setValues(x.root, x.atoms["_NET_ACTIVE_WINDOW"], type: XCB_ATOM_WINDOW.rawValue, [window?.id ?? 0])
    }

    /// _NET_CLIENT_LIST: the managed windows that are mapped.
    private func updateClientList() {
        let managed = windows.values.filter { !$0.isOverrideRedirect && $0.toplevel != nil }.map(\.id).sorted()
        x.setValues(x.root, x.atoms["_NET_CLIENT_LIST"], type: XCB_ATOM_WINDOW.rawValue, managed)
    }
}
