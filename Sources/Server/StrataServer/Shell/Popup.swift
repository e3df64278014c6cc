import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
import StrataRender

/// What holds a chain of popups on screen: a window, or a layer surface
/// (zwlr_layer_surface_v1.get_popup). Its layer is the popups' superlayer.
protocol PopupHost: AnyObject {
    var popupHostLayer: RenderLayer { get }
    /// Popups shown in the host's layer (its own and nested ones), bottom to top.
    var mappedPopups: [Popup] { get set }
    var isMapped: Bool { get }
}

/// An xdg_popup: a menu or tooltip placed against its parent (a toplevel,
/// a layer surface or another popup) by a positioner's rules. Its layer is
/// a sublayer of the root's layer (the window's or the layer surface's),
/// above the root's surface, so it moves and stacks with it; the seat
/// hit-tests it before the root.
final class Popup {
    unowned let server: Server
    private(set) var resource: WaylandResource?
    private weak var xdgSurface: XdgSurface?
    /// The parent's xdg_surface: a toplevel's or a popup's.
    private(set) weak var parent: XdgSurface?
    /// The layer surface that took the popup as its own (get_popup), for a popup made without a parent.
    private(set) weak var layerParent: LayerSurface?
    /// The popups made with this one as their parent, while their objects live.
    private var children: [Weak<Popup>] = []

    /// Anchor (0, 0); position = the popup surface's origin in the root window layer.
    let popupLayer = RenderLayer()
    private var rules: XdgPositioner.Rules
    /// The placement last configured, relative to the parent's window geometry.
    private(set) var box: PopupPlacement.Box
    private(set) var isMapped = false
    /// Dismissed by the compositor (popup_done sent): it is never shown again.
    private(set) var isDismissed = false
    /// xdg_popup.grab was accepted: it takes part in the seat's popup grab when mapped.
    private(set) var wantsGrab = false

    init?(server: Server, xdgSurface: XdgSurface, parent: XdgSurface?, rules: XdgPositioner.Rules,
          resource parentResource: WaylandResource, id: UInt32) {
        self.server = server
        self.xdgSurface = xdgSurface
        self.parent = parent
        self.rules = rules
        box = rules.placement.unconstrainedBox
        popupLayer.anchorPoint = .zero
        guard let resource = makeResource(child: parentResource, interface: strata_xdg_popup_interface(), id: id,
                                          implementation: Popup.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        parent?.popup?.children.append(Weak(self))
        parent?.toplevel?.childPopups.append(Weak(self))
    }

    static func from(_ resource: WaylandResource?) -> Popup? {
        resourceObject(resource, as: Popup.self, interface: strata_xdg_popup_interface())
    }

    var surface: Surface? { xdgSurface?.surface }
    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    /// What the popup chain hangs from, whose layer holds the popup.
    var host: PopupHost? {
        if let layerParent { return layerParent }
        guard let parent else { return nil }
        return parent.toplevel ?? parent.popup?.host
    }

    /// The toplevel at the root of the popup chain, if it is a window's.
    var rootToplevel: Toplevel? { host as? Toplevel }

    /// A parent was given: at get_popup, or later by a layer surface.
    var hasParent: Bool { parent != nil || layerParent != nil }

    /// zwlr_layer_surface_v1.get_popup: `layerSurface` is the parent from now on.
    func setLayerParent(_ layerSurface: LayerSurface) {
        layerParent = layerSurface
    }

    /// The parent popup, if the parent is a popup.
    var parentPopup: Popup? { parent?.popup }

    /// Whether the parent is on screen.
    private var parentIsMapped: Bool {
        if let layerParent { return layerParent.isMapped }
        guard let parent else { return false }
        if let toplevel = parent.toplevel { return toplevel.isMapped }
        return parent.popup?.isMapped ?? false
    }

    /// Live child popups (objects not destroyed yet).
    var liveChildren: [Popup] { children.compactMap(\.object) }

    // MARK: Geometry

    /// Where the parent's window geometry starts, in the root window layer's coordinates.
    private var parentGeometryOrigin: Point {
        guard let parent else { return .zero }
        let g = parent.geometry ?? parent.surface?.extents ?? .zero
        let surfaceOrigin = parent.popup?.popupLayer.position ?? .zero
        return Point(x: surfaceOrigin.x + g.minX, y: surfaceOrigin.y + g.minY)
    }

    /// The window's output in the parent's window-geometry coordinates: what the popup must stay inside.
    private var constraintArea: PopupPlacement.Box {
        // A layer surface's popups stay on its output.
        let output = rootToplevel.map { server.output(of: $0) }?.bounds
            ?? (host as? LayerSurface)?.output?.bounds ?? server.outputs[0].bounds
        let window = host?.popupHostLayer.position ?? .zero
        let origin = parentGeometryOrigin
        // The origin comes from the parents' geometry and positions, client values all.
        return PopupPlacement.Box(x: ClientValue.int((output.minX - window.x - origin.x).rounded(.down)),
                                  y: ClientValue.int((output.minY - window.y - origin.y).rounded(.down)),
                                  width: Int(output.width), height: Int(output.height))
    }

    /// Places the popup by its rules and sends xdg_popup.configure and
    /// xdg_surface.configure (a dismissed popup is configured too, so its
    /// client's next buffer is no error; it is never shown).
    func sendConfigure() {
        guard let resource else { return }
        box = rules.placement.box(constrainedTo: constraintArea)
        xdg_popup_send_configure(resource, ClientValue.int32(box.x), ClientValue.int32(box.y),
                                 ClientValue.int32(box.width), ClientValue.int32(box.height))
        xdgSurface?.sendConfigure()
    }

    /// The parent moved or changed size: a reactive popup is placed again
    /// (a new configure) when that changes where it goes.
    func parentChanged() {
        guard rules.isReactive, xdgSurface?.sentInitialConfigure == true, !isDismissed, resource != nil else { return }
        if rules.placement.box(constrainedTo: constraintArea) != box { sendConfigure() }
    }

    // MARK: Mapping

    /// Follows the surface's committed state: shown while it has contents,
    /// acknowledged a configure, its parent is shown and it was not dismissed.
    func updateMapping() {
        guard let surface, let root = host else { return }
        let wasMapped = isMapped
        isMapped = surface.isMapped && (xdgSurface?.mayShowBuffers ?? false) && parentIsMapped && !isDismissed
        if isMapped && surface.layer.superlayer !== popupLayer { popupLayer.addSublayer(surface.layer) }
        let own = xdgSurface?.geometry ?? surface.extents
        let origin = parentGeometryOrigin
        popupLayer.position = Point(x: origin.x + Double(box.x) - own.minX, y: origin.y + Double(box.y) - own.minY)
        popupLayer.bounds = Rect(origin: .zero, size: surface.size)
        if isMapped && !wasMapped {
            // On top of the window and of the popups shown before it.
            root.popupHostLayer.addSublayer(popupLayer)
            root.mappedPopups.append(self)
            if wantsGrab { server.seat.beginPopupGrab(self) }
            surface.updateOutputPresence()
            server.scheduleFrame()
        } else if !isMapped && wasMapped {
            unmapped()
        }
        for child in liveChildren {
            child.parentChanged()
            child.updateMapping()
        }
    }

    /// Leaves the scene, with its children; the seat forgets it.
    private func unmapped() {
        for child in liveChildren where child.isMapped { child.dismiss() }
        isMapped = false
        popupLayer.removeFromSuperlayer()
        host?.mappedPopups.removeAll { $0 === self }
        surface?.layer.removeFromSuperlayer()
        surface?.updateOutputPresence()
        server.seat.popupUnmapped(self)
        server.scheduleFrame()
    }

    /// The compositor closes the popup: its children first, then popup_done.
    func dismiss() {
        guard !isDismissed else { return }
        for child in liveChildren.reversed() { child.dismiss() }
        isDismissed = true
        if let resource { xdg_popup_send_popup_done(resource) }
        if isMapped { unmapped() } else { server.seat.popupUnmapped(self) }
    }

    /// The surface or xdg_surface went away.
    func unmap() {
        if isMapped { unmapped() }
    }

    // MARK: Requests

    private func postWmBaseError(_ code: UInt32, _ message: String) {
        xdgSurface?.postWmBaseError(code, message)
    }

    private func grab(seatResource: WaylandResource?, serial: UInt32) {
        guard let resource else { return }
        if xdgSurface?.sentInitialConfigure == true || isMapped {
            strata_resource_post_error(resource, XDG_POPUP_ERROR_INVALID_GRAB.rawValue,
                                       "xdg_popup.grab after the popup's initial commit")
            return
        }
        if let parentPopup, !parentPopup.wantsGrab {
            strata_resource_post_error(resource, XDG_POPUP_ERROR_INVALID_GRAB.rawValue,
                                       "xdg_popup.grab on a popup whose parent popup has no grab")
            return
        }
        wantsGrab = true
        // The serial must be of a recent press, key or touch this client got; a parent already dismissed ends it too.
        if !server.seat.isGrabSerial(serial, of: client) || parentPopup?.isDismissed == true {
            dismiss()
        }
    }

    private func reposition(positioner: WaylandResource?, token: UInt32) {
        guard let positioner = XdgPositioner.from(positioner) else { return }
        guard positioner.rules.isComplete else {
            postWmBaseError(XDG_WM_BASE_ERROR_INVALID_POSITIONER.rawValue,
                            "xdg_popup.reposition with a positioner that has no size or anchor rectangle")
            return
        }
        rules = positioner.rules
        guard let resource, xdgSurface?.sentInitialConfigure == true, !isDismissed else { return }
        xdg_popup_send_repositioned(resource, token)
        sendConfigure()
    }

    private func destroy() {
        if !liveChildren.isEmpty {
            postWmBaseError(XDG_WM_BASE_ERROR_NOT_THE_TOPMOST_POPUP.rawValue,
                            "xdg_popup destroyed before the popups above it")
            return
        }
        if let resource { wl_resource_destroy(resource) }
    }

    private func destroyed() {
        resource = nil
        unmap()
        server.seat.popupUnmapped(self)
        parent?.popup?.children.removeAll { $0.object == nil || $0.object === self }
        parent?.toplevel?.childPopups.removeAll { $0.object == nil || $0.object === self }
        layerParent?.childPopups.removeAll { $0.object == nil || $0.object === self }
        xdgSurface?.roleObjectDestroyed()
    }

    static let implementation: UnsafeRawPointer = {
        var i = xdg_popup_interface()
        i.destroy = { _, resource in Popup.from(resource)?.destroy() }
        i.grab = { _, resource, seat, serial in Popup.from(resource)?.grab(seatResource: seat, serial: serial) }
        i.reposition = { _, resource, positioner, token in
            Popup.from(resource)?.reposition(positioner: positioner, token: token)
        }
        return staticImplementation(i)
    }()
}
