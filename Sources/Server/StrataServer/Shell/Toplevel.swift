import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
import StrataRender

/// An xdg_toplevel: a desktop window. It owns the window's layer in the
/// scene, which holds the surface's layer; the window is drawn only while
/// mapped (a buffer or a layer tree), and placed when first mapped.
public final class Toplevel {
    unowned let server: Server
    private(set) var resource: WaylandResource?
    private weak var xdgSurface: XdgSurface?

    /// Anchor (0, 0); position = the window's origin on the output.
    public let windowLayer = RenderLayer()
    public private(set) var title: String?
    public private(set) var appID: String?
    /// xdg_toplevel.set_parent: the window this one is a dialog of.
    public private(set) weak var parent: Toplevel?
    /// The window's top left on the output, once placed.
    public private(set) var origin: Point?
    public private(set) var isMapped = false
    /// Has the keyboard focus: configures carry xdg_toplevel's activated state.
    public private(set) var isActivated = false
    /// Popups whose parent is this window, while their objects live.
    var childPopups: [Weak<Popup>] = []
    /// Popups shown in this window's layer (its own and nested ones), bottom to top; the seat hit-tests them first.
    var mappedPopups: [Popup] = []
    /// The size the last configure asked for; 0×0 lets the client choose.
    private var configuredSize: (width: Int32, height: Int32) = (0, 0)
    /// Where the implicit geometry (no set_window_geometry) started at the last layout, while mapped.
    private var implicitGeometryOrigin: Point?

    init?(server: Server, xdgSurface: XdgSurface, parent: WaylandResource, id: UInt32) {
        self.server = server
        self.xdgSurface = xdgSurface
        windowLayer.anchorPoint = .zero
        windowLayer.isHidden = true
        guard let resource = makeResource(child: parent, interface: strata_xdg_toplevel_interface(), id: id,
                                          implementation: Toplevel.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        server.windows.register(self)
    }

    static func from(_ resource: WaylandResource?) -> Toplevel? {
        resourceObject(resource, as: Toplevel.self, interface: strata_xdg_toplevel_interface())
    }

    public var surface: Surface? { xdgSurface?.surface }
    /// The window geometry (xdg_surface.set_window_geometry), or the
    /// surface with its subsurfaces.
    public var geometry: Rect {
        xdgSurface?.geometry ?? surface?.extents ?? .zero
    }
    /// The client that owns the window.
    public var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    /// Asks the client to close the window (xdg_toplevel.close).
    public func close() {
        guard let resource else { return }
        xdg_toplevel_send_close(resource)
    }

    /// Sends a configure. Without a size (0×0) the client chooses, as
    /// Strata does not tile or maximize yet; a size comes from the control
    /// interface's `resize`, and later configures keep it.
    func sendConfigure(width: Int32? = nil, height: Int32? = nil) {
        guard let resource else { return }
        if let width, let height { configuredSize = (width, height) }
        var states = wl_array()
        wl_array_init(&states)
        if isActivated {
            wl_array_add(&states, MemoryLayout<UInt32>.size)?.storeBytes(of: XDG_TOPLEVEL_STATE_ACTIVATED.rawValue, as: UInt32.self)
        }
        xdg_toplevel_send_configure(resource, configuredSize.width, configuredSize.height, &states)
        wl_array_release(&states)
        xdgSurface?.sendConfigure()
    }

    /// The seat gave or took the keyboard focus: the client is told with a
    /// configure (clients draw focused windows differently and rely on it).
    func setActivated(_ activated: Bool) {
        guard activated != isActivated else { return }
        isActivated = activated
        if xdgSurface?.sentInitialConfigure == true { sendConfigure() }
    }

    /// Follows the surface's committed state: mapped or not, size, placement.
    func updateMapping() {
        guard let surface else { return }
        let wasMapped = isMapped
        // xdg-shell: nothing is shown before the client acknowledged a configure.
        isMapped = surface.isMapped && (xdgSurface?.mayShowBuffers ?? false)
        if isMapped && surface.layer.superlayer !== windowLayer {
            windowLayer.addSublayer(surface.layer)
        }
        // Placed once, when first mapped with a size (a layer tree may be
        // bound before its root has bounds); on top from the first map.
        if isMapped, origin == nil, !geometry.isEmpty { origin = server.windows.origin(for: self) }
        if isMapped && !wasMapped { server.windows.raise(self) }
        if !isMapped && wasMapped { server.windows.remove(self) }
        let g = geometry
        // Without set_window_geometry the geometry is the surface with its
        // subsurfaces: one moved above or left of the surface grows it that
        // way, and the origin moves with it so the surface stays put on screen.
        let implicit = isMapped && xdgSurface?.geometry == nil
        if implicit, let placed = origin, let before = implicitGeometryOrigin, before != Point(x: g.minX, y: g.minY) {
            origin = Point(x: placed.x + g.minX - before.x, y: placed.y + g.minY - before.y)
        }
        implicitGeometryOrigin = implicit ? Point(x: g.minX, y: g.minY) : nil
        let o = origin ?? .zero
        // The window's origin is where its geometry starts, so shadows the
        // client draws outside the geometry hang off the placed position.
        windowLayer.position = Point(x: o.x - g.minX, y: o.y - g.minY)
        windowLayer.bounds = Rect(origin: .zero, size: surface.size)
        windowLayer.isHidden = !isMapped
        if isMapped != wasMapped { surface.updateOutputPresence() }
        if isMapped && !wasMapped { server.seat.windowMapped(self) }
        if !isMapped && wasMapped { server.seat.windowUnmapped(self) }
        // The window may have moved or changed size under a still pointer.
        if isMapped { server.seat.sceneChangedUnderPointer() }
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
        let newParent = Toplevel.from(resource)
        var ancestor = newParent
        while let window = ancestor {
            if window === self {
                strata_resource_post_error(own, XDG_TOPLEVEL_ERROR_INVALID_PARENT.rawValue,
                                           "set_parent would make xdg_toplevel@\(wl_resource_get_id(own)) its own ancestor")
                return
            }
            ancestor = window.parent
        }
        parent = newParent
    }

    /// The surface or xdg_surface went away: the window leaves the scene.
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

    private func destroyed() {
        // First, so nothing is sent on the dying object (the seat deactivates the window as it goes).
        resource = nil
        unmap()
        server.windows.unregister(self)
        xdgSurface?.roleObjectDestroyed()
    }

    static let implementation: UnsafeRawPointer = {
        var i = xdg_toplevel_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_parent = { _, resource, parent in Toplevel.from(resource)?.setParent(parent) }
        i.set_title = { _, resource, title in
            Toplevel.from(resource)?.title = title.map { String(cString: $0) }
        }
        i.set_app_id = { _, resource, appID in
            Toplevel.from(resource)?.appID = appID.map { String(cString: $0) }
        }
        // Interactive move/resize and window states need a seat and a
        // window manager policy; until then they are accepted and ignored.
        i.show_window_menu = { _, _, _, _, _, _ in }
        i.move = { _, _, _, _ in }
        i.resize = { _, resource, _, _, edges in
            // 0...10 are the defined edges (none, top, bottom, left, ... bottom_right).
            if edges > 10 || edges == 3 || edges == 7 || edges == 11 {
                if let resource {
                    strata_resource_post_error(resource, XDG_TOPLEVEL_ERROR_INVALID_RESIZE_EDGE.rawValue,
                                               "resize edge \(edges) is not an xdg_toplevel.resize_edge")
                }
            }
        }
        i.set_max_size = { _, resource, width, height in
            if width < 0 || height < 0, let resource {
                strata_resource_post_error(resource, XDG_TOPLEVEL_ERROR_INVALID_SIZE.rawValue, "negative maximum size")
            }
        }
        i.set_min_size = { _, resource, width, height in
            if width < 0 || height < 0, let resource {
                strata_resource_post_error(resource, XDG_TOPLEVEL_ERROR_INVALID_SIZE.rawValue, "negative minimum size")
            }
        }
        i.set_maximized = { _, _ in }
        i.unset_maximized = { _, _ in }
        i.set_fullscreen = { _, _, _ in }
        i.unset_fullscreen = { _, _ in }
        i.set_minimized = { _, _ in }
        return staticImplementation(i)
    }()
}
