import CXcb
import StrataProtocol

/// An X11 window as the window manager knows it: its X state (geometry,
/// override-redirect, ICCCM and EWMH properties), the wl_surface Xwayland
/// draws it into (named by its WL_SURFACE_ID message), and, while the
/// client has it mapped and the surface is known, its window in the stack.
/// A managed window gets a title bar, placement and the focus as any
/// other; an override-redirect one (a menu, a tooltip) is shown where X
/// put it, above the windows, and never takes the focus.
final class XWindow {
    unowned let manager: XWindowManager
    let id: xcb_window_t
    var isOverrideRedirect: Bool
    /// Where X has the window, in root coordinates: layout points.
    private(set) var frame: (x: Int32, y: Int32, width: UInt32, height: UInt32)
    /// The client mapped it (a MapRequest granted, or an override-redirect MapNotify).
    private(set) var isMapped = false
    /// The wl_surface id Xwayland named, until its surface is found.
    var pendingSurfaceID: UInt32?
    private(set) weak var surface: Surface?
    private(set) var toplevel: Toplevel?

    private var protocols: Set<xcb_atom_t> = []
    private var windowTypes: [xcb_atom_t] = []
    /// WM_TRANSIENT_FOR: the window this one is a dialog of.
    private(set) var transientFor: xcb_window_t = 0
    /// _MOTIF_WM_HINTS asked for no decorations (the client draws its own frame).
    private var isUndecorated = false
    /// WM_HINTS' input field: false for a client that never takes keys itself (ICCCM 4.1.7).
    private var acceptsInput = true

    init(manager: XWindowManager, id: xcb_window_t, overrideRedirect: Bool,
         frame: (x: Int32, y: Int32, width: UInt32, height: UInt32)) {
        self.manager = manager
        self.id = id
        isOverrideRedirect = overrideRedirect
        self.frame = frame
    }

    private var x: XConnection { manager.x }
    private var atoms: XAtoms { manager.x.atoms }

    /// Drawn and placed by its client: no title bar, no focus, above the windows.
    var isUnmanaged: Bool {
        isOverrideRedirect || windowTypes.contains { atoms.popupWindowTypes.contains($0) }
    }

    // MARK: X events

    func mapRequested() {
        readProperties()
        // ICCCM 4.1.3.1: NormalState while mapped.
        x.setValues(id, atoms["WM_STATE"], type: atoms["WM_STATE"], [1, 0])
        xcb_map_window(x.connection, id)
        isMapped = true
        showIfReady()
    }

    /// Found mapped when the window manager started: shown as if it had
    /// asked now (it is mapped already, so nothing is asked of X).
    func adopted() {
        readProperties()
        if !isOverrideRedirect { x.setValues(id, atoms["WM_STATE"], type: atoms["WM_STATE"], [1, 0]) }
        isMapped = true
        showIfReady()
    }

    /// An override-redirect window was mapped by its client.
    func mapped() {
        guard isOverrideRedirect, !isMapped else { return }
        readProperties()
        isMapped = true
        showIfReady()
    }

    /// Xwayland destroys a window's surface when it is unmapped and names a
    /// new one when it is mapped again.
    func unmapped() {
        guard isMapped else { return }
        isMapped = false
        if manager.focused === self { manager.focus(nil) }
        if !isOverrideRedirect { x.setValues(id, atoms["WM_STATE"], type: atoms["WM_STATE"], [0, 0]) }
        detachSurface()
    }

    func configured(x newX: Int32, y newY: Int32, width: UInt32, height: UInt32) {
        frame = (newX, newY, width, height)
        // Menus and tooltips follow where their client moves them.
        if isUnmanaged, let toplevel, toplevel.origin != Point(x: Double(newX), y: Double(newY)) {
            toplevel.place(at: Point(x: Double(newX), y: Double(newY)))
        }
    }

    /// A ConfigureRequest: before the window is shown, or for one the
    /// window manager does not place, granted as asked; a managed window
    /// may change its size but stays where it was put, and one that is
    /// maximized or fullscreen keeps the size it was given.
    func configureRequested(_ request: xcb_configure_request_event_t) {
        let mask = UInt32(request.value_mask)
        var wanted = frame
        if mask & UInt32(XCB_CONFIG_WINDOW_X.rawValue) != 0 { wanted.x = Int32(request.x) }
        if mask & UInt32(XCB_CONFIG_WINDOW_Y.rawValue) != 0 { wanted.y = Int32(request.y) }
        if mask & UInt32(XCB_CONFIG_WINDOW_WIDTH.rawValue) != 0 { wanted.width = UInt32(max(request.width, 1)) }
        if mask & UInt32(XCB_CONFIG_WINDOW_HEIGHT.rawValue) != 0 { wanted.height = UInt32(max(request.height, 1)) }
        if let toplevel, !isUnmanaged {
            if let origin = toplevel.origin { wanted.x = Int32(origin.x); wanted.y = Int32(origin.y) }
            if toplevel.states.maximized || toplevel.states.fullscreen {
                wanted.width = frame.width
                wanted.height = frame.height
            }
        }
        frame = wanted
        x.configure(id, x: wanted.x, y: wanted.y, width: wanted.width, height: wanted.height)
    }

    func propertyChanged(_ name: xcb_atom_t) {
        switch name {
        case XCB_ATOM_WM_NAME.rawValue, atoms["_NET_WM_NAME"]: readTitle()
        case XCB_ATOM_WM_CLASS.rawValue: toplevel?.appID = x.windowClass(id)?.className
        case XCB_ATOM_WM_TRANSIENT_FOR.rawValue:
            transientFor = x.values(id, name).first ?? 0
            applyParent()
        case atoms["WM_PROTOCOLS"]: protocols = Set(x.values(id, name))
        case XCB_ATOM_WM_NORMAL_HINTS.rawValue: applySizeHints()
        case XCB_ATOM_WM_HINTS.rawValue: readInputHint()
        default: break
        }
    }

    /// _NET_WM_STATE, from the client: add (1), remove (0) or toggle (2) up to two states.
    func stateRequested(action: UInt32, _ first: xcb_atom_t, _ second: xcb_atom_t) {
        guard let toplevel else { return }
        func wanted(_ current: Bool) -> Bool { action == 2 ? !current : action == 1 }
        let asked = [first, second]
        if asked.contains(atoms["_NET_WM_STATE_FULLSCREEN"]) {
            toplevel.setFullscreen(wanted(toplevel.states.fullscreen))
        }
        if asked.contains(atoms["_NET_WM_STATE_MAXIMIZED_VERT"]) || asked.contains(atoms["_NET_WM_STATE_MAXIMIZED_HORZ"]) {
            toplevel.setMaximized(wanted(toplevel.states.maximized))
        }
    }

    /// _NET_ACTIVE_WINDOW from a client (a pager, or the app raising itself).
    func activationRequested() {
        guard let toplevel, toplevel.isMapped, !isUnmanaged else { return }
        manager.server.seat.focusWindow(toplevel)
    }

    /// _NET_WM_MOVERESIZE: a client drawing its own frame moves or resizes
    /// with the pointer. X has no serials: it is honoured while a button
    /// pressed on the window is still down, as a press serial would be.
    func moveResizeRequested(direction: UInt32) {
        guard let toplevel, !isUnmanaged, let surface, let seat = manager.server.seat,
              !seat.buttonsDown.isEmpty, seat.pointerFocus?.mainSurface === surface else { return }
        // EWMH's directions: the eight edges clockwise from the top left, then move.
        let edges: [ResizeEdges] = [[.top, .left], .top, [.top, .right], .right, [.bottom, .right], .bottom,
                                    [.bottom, .left], .left]
        if direction == 8 {
            seat.beginWindowGrab(toplevel, kind: .move)
        } else if Int(direction) < edges.count {
            seat.beginWindowGrab(toplevel, kind: .resize(edges[Int(direction)]))
        }
    }

    /// WM_CHANGE_STATE with IconicState: the client minimizes itself.
    func minimizeRequested() { toplevel?.minimize() }

    // MARK: The surface

    func attach(_ surface: Surface) {
        // A surface is one window's: one named twice (or given another role) stays where it is.
        guard surface.roleObject == nil, surface.giveRole(.other("xwayland")) else { return }
        pendingSurfaceID = nil
        surface.roleObject = self
        self.surface = surface
        showIfReady()
    }

    private func detachSurface() {
        if let toplevel {
            self.toplevel = nil
            toplevel.destroyed()
        }
        if let surface, surface.roleObject === self { surface.roleObject = nil }
        surface = nil
    }

    /// Mapped by its client and its surface known: a window in the stack,
    /// shown from the surface's first buffer.
    private func showIfReady() {
        guard isMapped, surface != nil, toplevel == nil else { return }
        let window = Toplevel(server: manager.server, shell: self)
        toplevel = window
        window.isUnmanaged = isUnmanaged
        window.appID = x.windowClass(id)?.className
        readTitle()
        applyParent()
        if isUnmanaged {
            window.origin = Point(x: Double(frame.x), y: Double(frame.y))
        } else if !isUndecorated {
            window.decorationModeChanged(serverSide: true, serial: nil)
        }
        applySizeHints()
        window.updateMapping()
        manager.windowShown(self)
    }

    private func readProperties() {
        protocols = Set(x.values(id, atoms["WM_PROTOCOLS"]))
        windowTypes = x.values(id, atoms["_NET_WM_WINDOW_TYPE"])
        transientFor = x.values(id, XCB_ATOM_WM_TRANSIENT_FOR.rawValue).first ?? 0
        // flags, functions, decorations, …: bit 1 of flags says decorations is set.
        let motif = x.values(id, atoms["_MOTIF_WM_HINTS"])
        isUndecorated = motif.count >= 3 && motif[0] & 2 != 0 && motif[2] == 0
        readInputHint()
    }

    /// WM_HINTS: flags, then input; bit 0 of flags says input is set.
    private func readInputHint() {
        let hints = x.values(id, XCB_ATOM_WM_HINTS.rawValue)
        acceptsInput = !(hints.count >= 2 && hints[0] & 1 != 0 && hints[1] == 0)
    }

    /// WM_NORMAL_HINTS' minimum and maximum sizes (ICCCM 4.1.2.3: flags,
    /// then x, y, width, height, min width and height, max width and
    /// height) are the window's size limits, as xdg_toplevel's are.
    private func applySizeHints() {
        guard let toplevel else { return }
        let hints = x.values(id, XCB_ATOM_WM_NORMAL_HINTS.rawValue)
        guard hints.count >= 9 else { return }
        func size(_ index: Int, if flag: UInt32) -> (width: Int32, height: Int32) {
            guard hints[0] & flag != 0 else { return (0, 0) }
            return (Int32(clamping: hints[index]), Int32(clamping: hints[index + 1]))
        }
        // PMinSize is 16, PMaxSize 32; limits of 0 or less mean none.
        let minimum = size(5, if: 16), maximum = size(7, if: 32)
        toplevel.minSize = (max(0, minimum.width), max(0, minimum.height))
        toplevel.maxSize = (max(0, maximum.width), max(0, maximum.height))
    }

    private func readTitle() {
        guard let toplevel else { return }
        let title = x.text(id, atoms["_NET_WM_NAME"]) ?? x.text(id, XCB_ATOM_WM_NAME.rawValue)
        guard title != toplevel.title else { return }
        toplevel.title = title
        toplevel.titleChanged()
    }

    /// WM_TRANSIENT_FOR names a window that may have come since.
    func applyParent() {
        guard let toplevel else { return }
        _ = toplevel.setParent(toplevel: manager.window(transientFor)?.toplevel)
    }
}

// MARK: The window's shell

extension XWindow: ToplevelShell {
    var client: OpaquePointer? { manager.xwaylandClient }
    var geometry: Rect? { nil }
    // X has no configure handshake: what the client draws is shown.
    var mayShowBuffers: Bool { true }
    var sentInitialConfigure: Bool { true }
    var lastSentSerial: UInt32? { nil }
    func hasAcknowledged(_ serial: UInt32) -> Bool { true }
    var isResponding: Bool { true }

    func configure(width: Int32, height: Int32, states: WindowStates, activated: Bool) {
        if width > 0, height > 0 {
            frame.width = UInt32(width)
            frame.height = UInt32(height)
        }
        x.configure(id, x: frame.x, y: frame.y, width: width > 0 ? UInt32(width) : 0, height: height > 0 ? UInt32(height) : 0)
        var netStates: [UInt32] = []
        if states.maximized { netStates += [atoms["_NET_WM_STATE_MAXIMIZED_VERT"], atoms["_NET_WM_STATE_MAXIMIZED_HORZ"]] }
        if states.fullscreen { netStates.append(atoms["_NET_WM_STATE_FULLSCREEN"]) }
        if states.minimized { netStates.append(atoms["_NET_WM_STATE_HIDDEN"]) }
        if activated { netStates.append(atoms["_NET_WM_STATE_FOCUSED"]) }
        x.setValues(id, atoms["_NET_WM_STATE"], type: XCB_ATOM_ATOM.rawValue, netStates)
        // ICCCM 4.1.3.1: IconicState while minimized, NormalState while shown.
        x.setValues(id, atoms["WM_STATE"], type: atoms["WM_STATE"], [states.minimized ? 3 : 1, 0])
        if activated { manager.focus(self) } else if manager.focused === self { manager.focus(nil) }
        x.flush()
    }

    func moved(to origin: Point) {
        guard !isUnmanaged else { return }
        frame.x = ClientValue.int32(origin.x.rounded())
        frame.y = ClientValue.int32(origin.y.rounded())
        x.configure(id, x: frame.x, y: frame.y, width: 0, height: 0)
        x.flush()
    }

    /// WM_DELETE_WINDOW when the client takes it (ICCCM 4.2.8.1); otherwise
    /// the client is disconnected from X, as X window managers do.
    func requestClose() {
        if protocols.contains(atoms["WM_DELETE_WINDOW"]) {
            x.sendMessage(id, type: atoms["WM_PROTOCOLS"], [atoms["WM_DELETE_WINDOW"], UInt32(XCB_CURRENT_TIME)])
        } else {
            xcb_kill_client(x.connection, id)
        }
        x.flush()
    }

    func roleObjectDestroyed() {}

    /// Takes the keyboard: SetInputFocus, and WM_TAKE_FOCUS for clients
    /// that ask for it (ICCCM 4.1.7).
    /// (A client whose WM_HINTS say it takes no input and that does not
    /// ask for WM_TAKE_FOCUS is raised only: ICCCM's No Input model.)
    func takeFocus() {
        if protocols.contains(atoms["WM_TAKE_FOCUS"]) {
            x.sendMessage(id, type: atoms["WM_PROTOCOLS"], [atoms["WM_TAKE_FOCUS"], UInt32(XCB_CURRENT_TIME)])
        }
        if acceptsInput {
            xcb_set_input_focus(x.connection, UInt8(XCB_INPUT_FOCUS_POINTER_ROOT.rawValue), id, xcb_timestamp_t(XCB_CURRENT_TIME))
        }
        x.raise(id)
    }
}

// MARK: The surface's role

extension XWindow: SurfaceRole {
    func surfaceWillCommit(_ surface: Surface) -> Bool { true }
    func surfaceDidCommit(_ surface: Surface) { toplevel?.updateMapping() }
    func surfaceLayerTreeChanged(_ surface: Surface) { toplevel?.updateMapping() }
    func surfaceDestroyed(_ surface: Surface) { detachSurface() }
}
