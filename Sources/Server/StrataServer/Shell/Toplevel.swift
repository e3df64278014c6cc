import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
import StrataRender

/// A desktop window: an xdg_toplevel, or an X11 window (its `shell` says
/// which). It owns the window's layer in the scene, which holds the
/// surface's layer; the window is drawn only while mapped (a buffer or a
/// layer tree), and placed when first mapped.
public final class Toplevel: PopupHost {
    unowned let server: Server
    /// The xdg_toplevel; nil for an X11 window, and once destroyed.
    private(set) var resource: WaylandResource?
    private weak var shell: ToplevelShell?
    /// Until the window object goes (xdg_toplevel destroyed, X window unmanaged).
    public private(set) var isLive = true

    /// Anchor (0, 0); position = the window's origin on the output.
    public let windowLayer = RenderLayer()
    // What foreign toplevel handles show (title, app id, parent, mapping,
    // activation, states) is published from these observers alone.
    public internal(set) var title: String? {
        didSet { if title != oldValue { publishChanges() } }
    }
    public internal(set) var appID: String? {
        didSet { if appID != oldValue { publishChanges() } }
    }
    /// xdg_toplevel.set_parent: the window this one is a dialog of.
    public private(set) weak var parent: Toplevel? {
        didSet { if parent !== oldValue { publishChanges() } }
    }
    /// Placed and stacked by its client, above the other windows, and never
    /// focused: an X11 menu or tooltip (override-redirect).
    public internal(set) var isUnmanaged = false
    /// The window's top left on the output, once placed.
    public internal(set) var origin: Point? {
        didSet { if let origin, origin != oldValue { shell?.moved(to: origin) } }
    }
    public private(set) var isMapped = false {
        didSet { if isMapped != oldValue { publishChanges() } }
    }
    /// Has the keyboard focus: configures carry xdg_toplevel's activated state.
    public private(set) var isActivated = false {
        didSet { if isActivated != oldValue { publishChanges() } }
    }
    /// Popups whose parent is this window, while their objects live.
    var childPopups: [Weak<Popup>] = []
    var popupHostLayer: RenderLayer { windowLayer }
    /// Popups shown in this window's layer (its own and nested ones), bottom to top; the seat hit-tests them first.
    var mappedPopups: [Popup] = []
    /// The size the last configure asked for; 0×0 lets the client choose.
    var configuredSize: (width: Int32, height: Int32) = (0, 0)
    /// Maximized, fullscreen, minimized, resizing (Toplevel+States).
    public internal(set) var states = WindowStates() {
        didSet {
            guard states != oldValue else { return }
            server.windows.statesChanged()
            publishChanges()
        }
    }
    /// set_min_size / set_max_size as committed (0 = no limit), and as requested for the next commit.
    public internal(set) var minSize = (width: Int32(0), height: Int32(0))
    public internal(set) var maxSize = (width: Int32(0), height: Int32(0))
    var pendingMinSize: (width: Int32, height: Int32)?
    var pendingMaxSize: (width: Int32, height: Int32)?
    /// Where the window was, and its size, before it was maximized or made fullscreen.
    var restoreFrame: Rect?
    /// An origin that takes effect with the commit that acknowledges `serial`
    /// (a maximize or restore moves the window together with its new size).
    var pendingOrigin: (origin: Point, serial: UInt32)?
    /// While a resize holds an edge, the opposite edges stay where they
    /// were: the origin follows the committed size (Seat+WindowGrab).
    var resizeAnchor: (edges: ResizeEdges, origin: Point, size: Size)?
    /// The size an interactive resize reached while the client had not yet
    /// acknowledged the last configure: sent once it catches up (Toplevel+ResizeConfigures).
    var resizeSizeAwaitingAck: (width: Int32, height: Int32)?
    /// The server-side title bar, while the decoration mode is server_side.
    var titleBar: TitleBar?
    /// The zxdg_toplevel_decoration_v1 for this window, while it lives.
    weak var decoration: ToplevelDecoration?
    /// A decoration mode that takes effect with the commit acknowledging
    /// `serial` (nil: the next commit).
    var pendingDecorationMode: (serverSide: Bool, serial: UInt32?)?
    /// Behind a fullscreen window smaller than the output: black, as xdg-shell suggests.
    let fullscreenBackdrop = RenderLayer()
    /// Where the implicit geometry (no set_window_geometry) started at the last layout, while mapped.
    private var implicitGeometryOrigin: Point?

    init?(server: Server, xdgSurface: XdgSurface, parent: WaylandResource, id: UInt32) {
        self.server = server
        shell = xdgSurface
        setUpLayers()
        guard let resource = makeResource(child: parent, interface: strata_xdg_toplevel_interface(), id: id,
                                          implementation: Toplevel.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        server.windows.register(self)
    }

    /// A window of another protocol than xdg-shell (an X11 window).
    init(server: Server, shell: ToplevelShell) {
        self.server = server
        self.shell = shell
        setUpLayers()
        server.windows.register(self)
    }

    private func setUpLayers() {
        windowLayer.anchorPoint = .zero
        windowLayer.isHidden = true
        fullscreenBackdrop.anchorPoint = .zero
        fullscreenBackdrop.backgroundColor = Color(red: 0, green: 0, blue: 0)
        fullscreenBackdrop.isOpaque = true
    }

    static func from(_ resource: WaylandResource?) -> Toplevel? {
        resourceObject(resource, as: Toplevel.self, interface: strata_xdg_toplevel_interface())
    }

    public var surface: Surface? { shell?.surface }
    /// The window geometry (xdg_surface.set_window_geometry), or the
    /// surface with its subsurfaces.
    public var geometry: Rect {
        shell?.geometry ?? surface?.extents ?? .zero
    }
    /// The client that owns the window.
    public var client: OpaquePointer? { isLive ? shell?.client : nil }

    /// Asks the client to close the window (xdg_toplevel.close, or X11's
    /// WM_DELETE_WINDOW). A client that already stopped answering is
    /// disconnected instead: asking again is how a person closes a hung app.
    public func close() {
        guard isLive else { return }
        shell?.requestClose()
    }

    /// Its client missed a ping and has not answered since.
    var isResponding: Bool { shell?.isResponding ?? true }

    /// Sends a configure with the window's states. Without a size (0×0)
    /// the client chooses; a size (the control interface's `resize`, a
    /// maximize, an interactive resize) is kept for later configures.
    /// Sizes are clamped to the client's minimum and maximum, except a
    /// fullscreen one, which is the output's.
    /// A configure for a size in points, whatever a client made its
    /// geometry: clamped into what the protocol's int can carry.
    func sendConfigure(size: Size) {
        func dimension(_ value: Double) -> Int32 { ClientValue.int32(max(value.rounded(), 0)) }
        sendConfigure(width: dimension(size.width), height: dimension(size.height))
    }

    func sendConfigure(width: Int32? = nil, height: Int32? = nil) {
        guard isLive, let shell else { return }
        if let width, let height {
            configuredSize = states.fullscreen ? (width, height) : clampedSize(width: width, height: height)
        }
        // Before the initial commit nothing is sent: the first configure will carry it all.
        guard shell.sentInitialConfigure else { return }
        guard let resource else {
            shell.configure(width: configuredSize.width, height: configuredSize.height, states: states, activated: isActivated)
            return
        }
        var states = wl_array()
        wl_array_init(&states)
        for state in configureStates {
            wl_array_add(&states, MemoryLayout<UInt32>.size)?.storeBytes(of: state, as: UInt32.self)
        }
        // wm_capabilities (v5) and configure_bounds (v4) are optional and not
        // sent: Debian's weston 10 clients (weston-presentation-shm) bind the
        // advertised version with listeners that lack them, and libwayland
        // aborts such a client on an event it has no handler for.
        xdg_toplevel_send_configure(resource, configuredSize.width, configuredSize.height, &states)
        wl_array_release(&states)
        let modeSent = decoration?.sendConfigure() ?? false
        shell.configure(width: configuredSize.width, height: configuredSize.height, states: self.states, activated: isActivated)
        if modeSent, let decoration { decorationModeChanged(serverSide: decoration.isServerSide, serial: lastConfigureSerial) }
    }

    /// The serial of the latest xdg_surface.configure.
    var lastConfigureSerial: UInt32? { shell?.lastSentSerial }

    /// Whether the client acknowledged `serial` (or a later configure).
    func hasAcknowledged(_ serial: UInt32) -> Bool { shell?.hasAcknowledged(serial) ?? false }

    /// The seat gave or took the keyboard focus: the client is told with a
    /// configure (clients draw focused windows differently and rely on it).
    func setActivated(_ activated: Bool) {
        guard activated != isActivated else { return }
        isActivated = activated
        sendConfigure()
        if isMapped { titleBar?.layout(window: self) }
    }

    /// Follows the surface's committed state: mapped or not, size, placement.
    func updateMapping() {
        guard let surface else { return }
        let wasMapped = isMapped
        // xdg-shell: nothing is shown before the client acknowledged a configure.
        isMapped = isLive && surface.isMapped && (shell?.mayShowBuffers ?? false)
        if isMapped && surface.layer.superlayer !== windowLayer {
            // The window layer's first sublayer is the surface's (tools and tests read it so).
            windowLayer.insertSublayer(surface.layer, at: 0)
        }
        applyAcknowledgedDecorationMode()
        // The client drew what it acknowledged: an interactive resize may ask for the next size.
        sendResizeSizeIfAcknowledged()
        // A maximize or restore moves the window once its client took the new size.
        if let pending = pendingOrigin, hasAcknowledged(pending.serial) {
            origin = pending.origin
            pendingOrigin = nil
        }
        // Placed once, when first mapped with a size (a layer tree may be
        // bound before its root has bounds); on top from the first map.
        if isMapped, origin == nil, !geometry.isEmpty { origin = placedOrigin }
        // Mapped again where no output is now (its output went while it was unmapped): placed as a new window.
        if isMapped, !wasMapped, let placed = origin, !geometry.isEmpty,
           !server.outputs.contains(where: { !$0.bounds.intersection(Rect(origin: placed, size: geometry.size)).isEmpty }) {
            origin = placedOrigin
        }
        if isMapped && !wasMapped { server.windows.raise(self) }
        if !isMapped && wasMapped { server.windows.remove(self) }
        let g = geometry
        // Without set_window_geometry the geometry is the surface with its
        // subsurfaces: one moved above or left of the surface grows it that
        // way, and the origin moves with it so the surface stays put on screen.
        let implicit = isMapped && shell?.geometry == nil
        if implicit, let placed = origin, let before = implicitGeometryOrigin, before != Point(x: g.minX, y: g.minY) {
            origin = Point(x: placed.x + g.minX - before.x, y: placed.y + g.minY - before.y)
        }
        implicitGeometryOrigin = implicit ? Point(x: g.minX, y: g.minY) : nil
        followResizeAnchor(size: g.size)
        if states.fullscreen, isMapped {
            // Fullscreen: centered on the output when the client is smaller, on black
            // (restoreFrame keeps where it was).
            let output = server.output(of: self).bounds
            origin = Point(x: output.minX + max(0, (output.width - g.width) / 2).rounded(.down),
                           y: output.minY + max(0, (output.height - g.height) / 2).rounded(.down))
        }
        let o = origin ?? .zero
        // The window's origin is where its geometry starts, so shadows the
        // client draws outside the geometry hang off the placed position.
        windowLayer.position = Point(x: o.x - g.minX, y: o.y - g.minY)
        windowLayer.bounds = Rect(origin: .zero, size: surface.size)
        windowLayer.isHidden = !isMapped || states.minimized
        // Only while fullscreen, below the surface.
        if states.fullscreen, fullscreenBackdrop.superlayer == nil {
            windowLayer.insertSublayer(fullscreenBackdrop, at: 0)
        } else if !states.fullscreen, fullscreenBackdrop.superlayer != nil {
            fullscreenBackdrop.removeFromSuperlayer()
        }
        if states.fullscreen {
            let output = server.output(of: self).bounds
            fullscreenBackdrop.position = Point(x: output.minX - windowLayer.position.x, y: output.minY - windowLayer.position.y)
            fullscreenBackdrop.bounds = Rect(origin: .zero, size: output.size)
        }
        titleBar?.layout(window: self)
        if isMapped != wasMapped { surface.updateOutputPresence() } else if isMapped { surface.updateOutputPresenceAfterMove() }
        if isMapped && !wasMapped { server.seat.windowMapped(self) }
        if !isMapped && wasMapped { server.seat.windowUnmapped(self) }
        // The window may have moved or changed size under a still pointer.
        if isMapped { server.seat.windowChanged(self) }
        // The popups follow the window's geometry; an unmapped window's are dismissed.
        for popup in childPopups.compactMap(\.object) {
            if isMapped {
                popup.parentChanged()
                popup.updateMapping()
            } else if popup.isMapped { popup.dismiss() }
        }
    }

    /// Puts the window's origin at `point`, mapped or not yet: a harness
    /// placing windows itself (wlcs); placement no longer chooses for it.
    func place(at point: Point) {
        origin = point
        updateMapping()
        server.scheduleFrame()
    }

    /// The nearest mapped ancestor: as xdg-shell says, an unmapped
    /// parent's own parent stands in for it.
    var mappedParent: Toplevel? {
        var candidate = parent
        while let window = candidate, !window.isMapped { candidate = window.parent }
        return candidate
    }

    private func setParent(_ resource: WaylandResource?) {
        guard let own = self.resource else { return }
        guard setParent(toplevel: Toplevel.from(resource)) else {
            strata_resource_post_error(own, XDG_TOPLEVEL_ERROR_INVALID_PARENT.rawValue,
                                       "set_parent would make xdg_toplevel@\(wl_resource_get_id(own)) its own ancestor")
            return
        }
    }

    /// Makes `newParent` (of any client: zxdg_imported's set_parent_of) this
    /// window's parent; false, and nothing changes, when that would make it
    /// its own ancestor.
    func setParent(toplevel newParent: Toplevel?) -> Bool {
        var ancestor = newParent
        while let window = ancestor {
            if window === self { return false }
            ancestor = window.parent
        }
        parent = newParent
        return true
    }

    /// The one place a window tells the protocols that mirror it (foreign
    /// toplevel handles, exported handles) that something may have changed.
    func publishChanges() {
        server.toplevelChanged(self)
    }

    /// The surface or its role object went away: the window leaves the scene.
    func unmap() {
        for popup in childPopups.compactMap(\.object).reversed() { popup.dismiss() }
        isMapped = false
        windowLayer.isHidden = true
        server.windows.remove(self)
        server.seat.windowUnmapped(self)
        surface?.updateOutputPresence()
        surface?.layer.removeFromSuperlayer()
        server.scheduleFrame()
    }

    /// The window object went (xdg_toplevel destroyed, X window no longer managed).
    func destroyed() {
        // First, so nothing is sent on the dying object (the seat deactivates the window as it goes).
        resource = nil
        isLive = false
        unmap()
        titleBar?.remove()
        titleBar = nil
        server.windows.unregister(self)
        shell?.roleObjectDestroyed()
    }

    static let implementation: UnsafeRawPointer = {
        var i = xdg_toplevel_interface()
        i.destroy = { _, resource in
            // xdg-decoration: the decoration object must go first.
            Toplevel.from(resource)?.decoration?.toplevelDestroyedFirst()
            wl_resource_destroy(resource)
        }
        i.set_parent = { _, resource, parent in Toplevel.from(resource)?.setParent(parent) }
        i.set_title = { _, resource, title in
            guard let toplevel = Toplevel.from(resource) else { return }
            toplevel.title = title.map { String(cString: $0) }
            toplevel.titleChanged()
        }
        i.set_app_id = { _, resource, appID in
            Toplevel.from(resource)?.appID = appID.map { String(cString: $0) }
        }
        i.show_window_menu = { _, resource, _, serial, x, y in
            guard let window = Toplevel.from(resource) else { return }
            window.server.seat.requestWindowMenu(for: window, serial: serial, x: x, y: y)
        }
        i.move = { _, resource, seat, serial in Toplevel.from(resource)?.requestMove(seat: seat, serial: serial) }
        i.resize = { _, resource, seat, serial, edges in
            Toplevel.from(resource)?.requestResize(seat: seat, serial: serial, edges: edges)
        }
        i.set_max_size = { _, resource, width, height in
            Toplevel.from(resource)?.setSizeLimit(maximum: true, width: width, height: height)
        }
        i.set_min_size = { _, resource, width, height in
            Toplevel.from(resource)?.setSizeLimit(maximum: false, width: width, height: height)
        }
        i.set_maximized = { _, resource in Toplevel.from(resource)?.setMaximized(true) }
        i.unset_maximized = { _, resource in Toplevel.from(resource)?.setMaximized(false) }
        // The output argument, if any, names the output to cover.
        i.set_fullscreen = { _, resource, output in
            Toplevel.from(resource)?.setFullscreen(true, on: resourceObject(output, as: OutputGlobal.self)?.liveOutput)
        }
        i.unset_fullscreen = { _, resource in Toplevel.from(resource)?.setFullscreen(false) }
        i.set_minimized = { _, resource in Toplevel.from(resource)?.minimize() }
        return staticImplementation(i)
    }()
}
