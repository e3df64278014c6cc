import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// xdg_wm_base: turns surfaces into desktop windows.
final class XdgWmBaseGlobal {
    /// v5; configure_bounds (v4) and wm_capabilities (v5) are optional events not sent.
    /// (Without wm_capabilities a client assumes every one: the window menu, maximize, fullscreen, minimize.)
    static let version: Int32 = 5
    unowned let server: Server
    private var global: Global?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_xdg_wm_base_interface(),
                        version: XdgWmBaseGlobal.version) { [unowned self] client, version, id in
            let base = XdgWmBase(server: self.server)
            base.resource = makeResource(client: client, interface: strata_xdg_wm_base_interface(), version: Int32(version),
                                         id: id, implementation: XdgWmBase.implementation, object: base,
                                         onDestroy: { [unowned base] _ in base.resourceDestroyed() })
        }
        if global == nil { return nil }
    }
}

/// One client's binding of xdg_wm_base.
final class XdgWmBase {
    unowned let server: Server
    var resource: WaylandResource?
    /// Its xdg_surfaces: destroying the base before them is a protocol error.
    private(set) var surfaces: [Weak<XdgSurface>] = []
    /// The ping awaiting its pong, and the timer that gives up on it (XdgWmBase+Ping).
    var pendingPing: UInt32?
    var pingTimer: OpaquePointer?
    /// The client missed a ping: its windows show it, and closing one again disconnects it.
    var isUnresponsive = false

    init(server: Server) { self.server = server }

    static func from(_ resource: WaylandResource?) -> XdgWmBase? {
        resourceObject(resource, as: XdgWmBase.self, interface: strata_xdg_wm_base_interface())
    }

    private func getXdgSurface(id: UInt32, surfaceResource: WaylandResource?) {
        guard let resource, let surface = Surface.from(surfaceResource) else { return }
        if surface.hasBuffer || surface.hasPendingBuffer {
            strata_resource_post_error(resource, XDG_WM_BASE_ERROR_INVALID_SURFACE_STATE.rawValue,
                                       "wl_surface@\(surface.id) already has a buffer; get_xdg_surface must come before the first attach")
            return
        }
        if surface.roleObject != nil || ![SurfaceRoleKind.none, .xdgToplevel, .xdgPopup].contains(surface.role) {
            strata_resource_post_error(resource, XDG_WM_BASE_ERROR_ROLE.rawValue,
                                       "wl_surface@\(surface.id) already has the role \(surface.role)")
            return
        }
        guard let xdgSurface = XdgSurface(server: server, base: resource, id: id, surface: surface) else { return }
        xdgSurface.wmBase = self
        surfaces.removeAll { $0.object == nil }
        surfaces.append(Weak(xdgSurface))
    }

    private func destroy() {
        guard let resource else { return }
        if surfaces.contains(where: { $0.object != nil }) {
            strata_resource_post_error(resource, XDG_WM_BASE_ERROR_DEFUNCT_SURFACES.rawValue,
                                       "xdg_wm_base destroyed while it still has xdg_surfaces")
            return
        }
        wl_resource_destroy(resource)
    }

    static let implementation: UnsafeRawPointer = {
        var i = xdg_wm_base_interface()
        i.destroy = { _, resource in XdgWmBase.from(resource)?.destroy() }
        i.create_positioner = { _, resource, id in
            if let resource { XdgPositioner.create(on: resource, id: id) }
        }
        i.get_xdg_surface = { _, resource, id, surface in
            XdgWmBase.from(resource)?.getXdgSurface(id: id, surfaceResource: surface)
        }
        i.pong = { _, resource, serial in XdgWmBase.from(resource)?.pong(serial: serial) }
        return staticImplementation(i)
    }()
}

/// An xdg_surface: the configure/ack handshake and window geometry, shared
/// by toplevels and popups. It is the surface's role object.
final class XdgSurface: SurfaceRole, ToplevelShell {
    unowned let server: Server
    private(set) var resource: WaylandResource?
    weak var surface: Surface?
    /// The xdg_wm_base it came from, whose errors (role, popups) are raised there.
    weak var wmBase: XdgWmBase?
    var toplevel: Toplevel? {
        didSet { if toplevel != nil { hadRole = true } }
    }
    var popup: Popup? {
        didSet { if popup != nil { hadRole = true } }
    }
    /// A toplevel or popup was made once; commits after it is destroyed are not errors.
    private var hadRole = false

    /// Serials sent and not yet acknowledged, oldest first.
    private var unackedSerials: [UInt32] = []
    /// The client acknowledged a configure: it may attach buffers.
    private(set) var isConfigured = false
    private(set) var sentInitialConfigure = false
    /// Buffers may be attached and shown: a configure was acknowledged (or
    /// the server was told not to wait for one: `showsUnconfiguredBuffers`).
    var mayShowBuffers: Bool { isConfigured || server.configuration.showsUnconfiguredBuffers }

    private var pendingGeometry: Rect?
    /// The visible part of the surface, in surface points; nil = the whole surface.
    private(set) var geometry: Rect?

    init?(server: Server, base: WaylandResource, id: UInt32, surface: Surface) {
        self.server = server
        self.surface = surface
        guard let resource = makeResource(child: base, interface: strata_xdg_surface_interface(), id: id,
                                          implementation: XdgSurface.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        surface.roleObject = self
    }

    static func from(_ resource: WaylandResource?) -> XdgSurface? {
        resourceObject(resource, as: XdgSurface.self, interface: strata_xdg_surface_interface())
    }

    func postError(_ code: UInt32, _ message: String) {
        if let resource { strata_resource_post_error(resource, code, message) }
    }

    /// An xdg_wm_base error, raised on the xdg_wm_base as its codes require.
    func postWmBaseError(_ code: UInt32, _ message: String) {
        if let base = wmBase?.resource { strata_resource_post_error(base, code, message) } else { postError(code, message) }
    }

    /// Sends xdg_surface.configure after the role's own configure event.
    func sendConfigure() {
        guard let resource else { return }
        let serial = wl_display_next_serial(server.display)
        unackedSerials.append(serial)
        lastSentSerial = serial
        xdg_surface_send_configure(resource, serial)
    }

    /// The latest configure's serial.
    private(set) var lastSentSerial: UInt32?

    /// Whether `serial`, one this surface was sent, has been acknowledged (by itself or a later one).
    func hasAcknowledged(_ serial: UInt32) -> Bool { isConfigured && !unackedSerials.contains(serial) }

    // MARK: ToplevelShell

    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    /// After xdg_toplevel.configure (sent by the Toplevel), the xdg_surface.configure that ends it.
    func configure(width: Int32, height: Int32, states: WindowStates, activated: Bool) { sendConfigure() }

    /// xdg_toplevel.close, and a ping; a client that already missed one is
    /// disconnected (XdgWmBase+Ping).
    func requestClose() {
        guard let window = toplevel?.resource else { return }
        if let wmBase, wmBase.isUnresponsive {
            wmBase.disconnectUnresponsive()
            return
        }
        xdg_toplevel_send_close(window)
        wmBase?.ping()
    }

    var isResponding: Bool { !(wmBase?.isUnresponsive ?? false) }

    // MARK: SurfaceRole

    func surfaceWillCommit(_ surface: Surface) -> Bool {
        guard toplevel != nil || popup != nil || hadRole else {
            postError(XDG_SURFACE_ERROR_NOT_CONSTRUCTED.rawValue, "xdg_surface committed before it has a role (get_toplevel or get_popup)")
            return false
        }
        if let popup, !popup.hasParent, !popup.isDismissed {
            // Only zwlr_layer_surface_v1.get_popup names a parent later, and it must come before this commit.
            postWmBaseError(XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT.rawValue, "xdg_popup committed without a parent")
            return false
        }
        if surface.hasPendingBuffer, !mayShowBuffers {
            postError(XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER.rawValue,
                      "buffer attached before the first xdg_surface.configure was acknowledged")
            return false
        }
        if let toplevel, !toplevel.commitSizeLimits() { return false }
        return true
    }

    func surfaceDidCommit(_ surface: Surface) {
        if let pendingGeometry { geometry = pendingGeometry; self.pendingGeometry = nil }
        // The initial commit (no buffer) asks for the first configure.
        if !sentInitialConfigure, let toplevel {
            sentInitialConfigure = true
            toplevel.sendConfigure()
        } else if !sentInitialConfigure, let popup {
            sentInitialConfigure = true
            popup.sendConfigure()
        }
        toplevel?.updateMapping()
        popup?.updateMapping()
    }

    /// The toplevel or popup was destroyed: the surface is unmapped, and mapping it
    /// again (with a new role object) starts the handshake from the initial commit.
    func roleObjectDestroyed() {
        toplevel = nil
        popup = nil
        sentInitialConfigure = false
        isConfigured = false
        unackedSerials = []
        pendingGeometry = nil
        geometry = nil
    }

    func surfaceLayerTreeChanged(_ surface: Surface) {
        toplevel?.updateMapping()
        popup?.updateMapping()
    }

    func subsurfaceDidCommit(below surface: Surface) {
        // Without a window geometry, the window is the surface with its subsurfaces.
        if geometry == nil { toplevel?.updateMapping(); popup?.updateMapping() }
    }

    func surfaceDestroyed(_ surface: Surface) {
        toplevel?.unmap()
        popup?.unmap()
        self.surface = nil
    }

    // MARK: Requests

    private func getToplevel(id: UInt32) {
        guard let resource, let surface else { return }
        if toplevel != nil {
            postError(XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED.rawValue, "xdg_surface already has a toplevel")
            return
        }
        guard surface.giveRole(.xdgToplevel) else {
            postWmBaseError(XDG_WM_BASE_ERROR_ROLE.rawValue, "wl_surface@\(surface.id) already has the role \(surface.role)")
            return
        }
        toplevel = Toplevel(server: server, xdgSurface: self, parent: resource, id: id)
    }

    private func getPopup(id: UInt32, parentResource: WaylandResource?, positionerResource: WaylandResource?) {
        guard let resource, let surface else { return }
        if toplevel != nil || popup != nil {
            postError(XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED.rawValue, "xdg_surface already has a role object")
            return
        }
        var parent: XdgSurface?
        if let parentResource {
            parent = XdgSurface.from(parentResource)
            guard let parent, parent !== self, parent.toplevel != nil || parent.popup != nil else {
                postWmBaseError(XDG_WM_BASE_ERROR_INVALID_POPUP_PARENT.rawValue,
                                "the parent of an xdg_popup must be an xdg_surface with a toplevel or popup")
                return
            }
        }
        guard let positioner = XdgPositioner.from(positionerResource), positioner.rules.isComplete else {
            postWmBaseError(XDG_WM_BASE_ERROR_INVALID_POSITIONER.rawValue,
                            "get_popup with a positioner that has no size or anchor rectangle")
            return
        }
        guard surface.giveRole(.xdgPopup) else {
            postWmBaseError(XDG_WM_BASE_ERROR_ROLE.rawValue, "wl_surface@\(surface.id) already has the role \(surface.role)")
            return
        }
        popup = Popup(server: server, xdgSurface: self, parent: parent, rules: positioner.rules, resource: resource, id: id)
    }

    private func setWindowGeometry(x: Int32, y: Int32, width: Int32, height: Int32) {
        guard width > 0, height > 0 else {
            postError(XDG_SURFACE_ERROR_INVALID_SIZE.rawValue, "window geometry \(width)×\(height) is not positive")
            return
        }
        pendingGeometry = Rect(x: Double(ClientValue.coordinate(x)), y: Double(ClientValue.coordinate(y)),
                               width: Double(ClientValue.length(width)), height: Double(ClientValue.length(height)))
    }

    private func ackConfigure(serial: UInt32) {
        guard let index = unackedSerials.firstIndex(of: serial) else {
            postError(XDG_SURFACE_ERROR_INVALID_SERIAL.rawValue, "ack_configure with serial \(serial), which was never sent or is stale")
            return
        }
        // Acknowledging one configure acknowledges every older one too.
        unackedSerials.removeFirst(index + 1)
        isConfigured = true
    }

    private func destroy() {
        if toplevel != nil || popup != nil {
            postError(XDG_SURFACE_ERROR_DEFUNCT_ROLE_OBJECT.rawValue,
                      "xdg_surface destroyed before its \(toplevel != nil ? "xdg_toplevel" : "xdg_popup")")
            return
        }
        if let resource { wl_resource_destroy(resource) }
    }

    private func destroyed() {
        toplevel?.unmap()
        popup?.unmap()
        if let surface, surface.roleObject === self { surface.roleObject = nil }
        resource = nil
    }

    static let implementation: UnsafeRawPointer = {
        var i = xdg_surface_interface()
        i.destroy = { _, resource in XdgSurface.from(resource)?.destroy() }
        i.get_toplevel = { _, resource, id in XdgSurface.from(resource)?.getToplevel(id: id) }
        i.get_popup = { _, resource, id, parent, positioner in
            XdgSurface.from(resource)?.getPopup(id: id, parentResource: parent, positionerResource: positioner)
        }
        i.set_window_geometry = { _, resource, x, y, width, height in
            XdgSurface.from(resource)?.setWindowGeometry(x: x, y: y, width: width, height: height)
        }
        i.ack_configure = { _, resource, serial in XdgSurface.from(resource)?.ackConfigure(serial: serial) }
        return staticImplementation(i)
    }()
}

/// A weak reference, for lists that must not keep objects alive.
struct Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
}
