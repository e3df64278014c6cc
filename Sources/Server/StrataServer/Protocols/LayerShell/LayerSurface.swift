import CStrataServerProtocol
import CWaylandServer
import StrataProtocol
import StrataRender

/// A zwlr_layer_surface_v1: the surface's role object. Its state (layer,
/// size, anchors, exclusive zone, margins, keyboard interactivity) is
/// double-buffered and applied at commit. The initial commit (no buffer)
/// is answered with a configure of the size the arrangement chose; after
/// acknowledging one the client may attach buffers, and the surface is
/// shown while it has one. A null buffer unmaps it and starts the
/// handshake over. No title bar, not in Alt+Tab.
final class LayerSurface: SurfaceRole, PopupHost {
    unowned let shell: LayerShellGlobal
    var server: Server { shell.server }
    private(set) var resource: WaylandResource?
    private(set) weak var surface: Surface?
    let namespace: String
    /// The output it is on, for its life; nil once that output is gone (it is closed then).
    private(set) weak var output: Output?

    /// Anchor (0, 0); position = the surface's origin on the output. The
    /// surface's layer first, then the popups opened from it.
    let container = RenderLayer()
    var popupHostLayer: RenderLayer { container }

    /// The state the requests build, and the one last committed.
    private var pending: LayerSurfaceState
    private(set) var current: LayerSurfaceState

    /// The initial commit was made (since creation or the last unmap): it is arranged and configured.
    private(set) var isInitialized = false
    /// A configure was acknowledged: buffers may be committed.
    private(set) var isConfigured = false
    /// Buffers may be committed and shown: a configure was acknowledged, or
    /// the server was told not to wait for one (`showsUnconfiguredBuffers`).
    private var mayShowBuffers: Bool { isConfigured || server.configuration.showsUnconfiguredBuffers }
    private(set) var isMapped = false
    /// `closed` was sent: nothing the client commits is shown any more.
    private(set) var isClosed = false
    /// Configures sent and not acknowledged yet, oldest first.
    private var unackedSerials: [UInt32] = []
    /// The size the latest configure carried.
    private(set) var configuredSize: (width: UInt32, height: UInt32)?
    /// Where the arrangement put the surface on the output.
    private(set) var box = Rect.zero
    /// Where a harness put the surface instead (wlcs: `Server.placeWindow`).
    private var placedOrigin: Point?

    /// Popups opened from it (get_popup), while their objects live.
    var childPopups: [Weak<Popup>] = []
    /// Those shown, bottom to top; the seat hit-tests them before the surface.
    var mappedPopups: [Popup] = []

    init?(shell: LayerShellGlobal, parent: WaylandResource, id: UInt32, surface: Surface, output: Output?,
          layer: ShellLayer, namespace: String) {
        self.shell = shell
        self.output = output
        self.surface = surface
        self.namespace = namespace
        pending = LayerSurfaceState(layer: layer)
        current = pending
        container.anchorPoint = .zero
        guard let resource = makeResource(child: parent, interface: strata_zwlr_layer_surface_v1_interface(), id: id,
                                          implementation: LayerSurface.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        surface.roleObject = self
    }

    static func from(_ resource: WaylandResource?) -> LayerSurface? {
        resourceObject(resource, as: LayerSurface.self, interface: strata_zwlr_layer_surface_v1_interface())
    }

    var client: OpaquePointer? { resource.map { wl_resource_get_client($0) } }

    private func postError(_ code: UInt32, _ message: String) {
        if let resource { strata_resource_post_error(resource, code, message) }
    }

    // MARK: SurfaceRole

    func surfaceWillCommit(_ surface: Surface) -> Bool {
        guard resource != nil, !isClosed else { return true }
        if pending.width == 0, !pending.anchor.contains([.left, .right]) {
            postError(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SIZE.rawValue, "width 0 needs both the left and the right anchor")
            return false
        }
        if pending.height == 0, !pending.anchor.contains([.top, .bottom]) {
            postError(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SIZE.rawValue, "height 0 needs both the top and the bottom anchor")
            return false
        }
        if surface.hasPendingBuffer, !mayShowBuffers {
            postError(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE.rawValue,
                      "a buffer was committed before a configure was acknowledged")
            return false
        }
        return true
    }

    func surfaceDidCommit(_ surface: Surface) {
        guard resource != nil, !isClosed else { return }
        let before = current
        let keyboardBefore = server.seat.keyboardTarget
        current = pending
        if isMapped, !surface.isMapped {
            // A null buffer: unmapped, and back to the state right after get_layer_surface.
            unmap()
            isInitialized = false
            isConfigured = false
            unackedSerials = []
            configuredSize = nil
            return
        }
        if !isInitialized {
            // The initial commit: the arrangement sends the first configure.
            isInitialized = true
            shell.arrange()
        } else if current != before {
            // New anchors, size, margins or zone: arranged again, configured if the size changes.
            shell.arrange()
        }
        if isMapped, current.layer != before.layer || current.keyboard != before.keyboard {
            shell.surfaceRestacked(self, keyboardBefore: keyboardBefore)
        }
        let wasMapped = isMapped
        updateMapping()
        if wasMapped, isMapped { place() }
    }

    func surfaceLayerTreeChanged(_ surface: Surface) { updateMapping() }

    func subsurfaceDidCommit(below surface: Surface) {}

    func surfaceDestroyed(_ surface: Surface) {
        unmap()
        self.surface = nil
    }

    // MARK: Placement

    /// The arrangement chose `box`: a new size is configured; a box that
    /// does not fit on the output closes the surface.
    func arranged(in box: Rect) {
        guard let resource, !isClosed else { return }
        guard box.width >= 0, box.height >= 0 else { return close() }
        self.box = box
        // Margins (clamped to ±2^29) may stretch a box 2^30 past the output: a configure still carries it.
        let size = (width: ClientValue.uint32(box.width.rounded(.down)), height: ClientValue.uint32(box.height.rounded(.down)))
        if configuredSize.map({ $0 != size }) ?? true {
            configuredSize = size
            let serial = wl_display_next_serial(server.display)
            unackedSerials.append(serial)
            zwlr_layer_surface_v1_send_configure(resource, serial, size.width, size.height)
        }
        place()
    }

    /// Puts the surface at its box's origin, whatever size it took (as
    /// wlroots' compositors and Mir do: a surface narrower than its
    /// stretched box stays at the left and top anchors).
    func place() {
        guard let surface else { return }
        let size = surface.size
        let origin = placedOrigin ?? box.origin
        if container.position != origin { container.position = origin }
        container.bounds = Rect(origin: .zero, size: size)
        for popup in childPopups.compactMap(\.object) {
            popup.parentChanged()
            popup.updateMapping()
        }
        if isMapped {
            server.seat.sceneChangedUnderPointer()
            server.scheduleFrame()
        }
    }

    /// A harness puts the surface at `origin` on the output, where it stays.
    func place(at origin: Point) {
        placedOrigin = origin
        place()
    }

    // MARK: Mapping

    /// Shown while it has contents and acknowledged a configure, until closed.
    private func updateMapping() {
        guard let surface else { return }
        let shown = surface.isMapped && mayShowBuffers && !isClosed && resource != nil
        if shown, !isMapped {
            isMapped = true
            container.insertSublayer(surface.layer, at: 0)
            shell.surfaceMapped(self)
            surface.updateOutputPresence()
        } else if !shown, isMapped {
            unmap()
        }
    }

    /// Leaves the scene; its popups are dismissed.
    private func unmap() {
        guard isMapped else { return }
        isMapped = false
        for popup in childPopups.compactMap(\.object).reversed() where popup.isMapped { popup.dismiss() }
        surface?.layer.removeFromSuperlayer()
        shell.surfaceUnmapped(self)
        surface?.updateOutputPresence()
    }

    /// The compositor ends the surface (`closed`): it is never shown again.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if let resource { zwlr_layer_surface_v1_send_closed(resource) }
        unmap()
    }

    // MARK: Requests

    private func setAnchor(_ value: UInt32) {
        guard value <= LayerAnchor.all.rawValue else {
            return postError(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_ANCHOR.rawValue, "anchor \(value) is not a set of edges")
        }
        pending.anchor = LayerAnchor(rawValue: value)
    }

    private func setKeyboardInteractivity(_ value: UInt32) {
        guard let resource else { return }
        if wl_resource_get_version(resource) < 4 {
            // Before on_demand, any non-zero value asked for the keyboard.
            pending.keyboard = value == 0 ? .none : .exclusive
            return
        }
        guard let keyboard = KeyboardInteractivity(rawValue: value) else {
            return postError(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_KEYBOARD_INTERACTIVITY.rawValue,
                             "keyboard interactivity \(value) is not none, exclusive or on_demand")
        }
        pending.keyboard = keyboard
    }

    private func setLayer(_ value: UInt32) {
        guard let layer = ShellLayer(rawValue: value) else {
            // The layer enum's error is the shell's; it is raised here, on the object that named it.
            return postError(ZWLR_LAYER_SHELL_V1_ERROR_INVALID_LAYER.rawValue, "layer \(value) is not a zwlr_layer_shell_v1.layer")
        }
        pending.layer = layer
    }

    /// get_popup: an xdg_popup made without a parent takes this surface as its parent.
    private func getPopup(_ popupResource: WaylandResource?) {
        guard let popup = Popup.from(popupResource), !popup.hasParent else { return }
        popup.setLayerParent(self)
        childPopups.removeAll { $0.object == nil }
        childPopups.append(Weak(popup))
    }

    private func ackConfigure(serial: UInt32) {
        guard let index = unackedSerials.firstIndex(of: serial) else {
            return postError(ZWLR_LAYER_SURFACE_V1_ERROR_INVALID_SURFACE_STATE.rawValue,
                             "ack_configure with serial \(serial), which was never sent or is stale")
        }
        unackedSerials.removeFirst(index + 1)
        isConfigured = true
    }

    private func destroyed() {
        resource = nil
        unmap()
        if let surface, surface.roleObject === self { surface.roleObject = nil }
        shell.unregister(self)
    }

    static let implementation: UnsafeRawPointer = {
        var i = zwlr_layer_surface_v1_interface()
        // Sizes, zones and margins are clamped to ±2^29 (ClientValue): far
        // past any output, and the arrangement's sums of them stay finite and small.
        i.set_size = { _, resource, width, height in
            guard let layerSurface = LayerSurface.from(resource) else { return }
            layerSurface.pending.width = ClientValue.uint32(ClientValue.length(width))
            layerSurface.pending.height = ClientValue.uint32(ClientValue.length(height))
        }
        i.set_anchor = { _, resource, anchor in LayerSurface.from(resource)?.setAnchor(anchor) }
        i.set_exclusive_zone = { _, resource, zone in
            LayerSurface.from(resource)?.pending.exclusiveZone = ClientValue.int32(ClientValue.coordinate(zone))
        }
        i.set_margin = { _, resource, top, right, bottom, left in
            func margin(_ value: Int32) -> Int32 { ClientValue.int32(ClientValue.coordinate(value)) }
            LayerSurface.from(resource)?.pending.margins = LayerMargins(top: margin(top), right: margin(right),
                                                                        bottom: margin(bottom), left: margin(left))
        }
        i.set_keyboard_interactivity = { _, resource, value in LayerSurface.from(resource)?.setKeyboardInteractivity(value) }
        i.get_popup = { _, resource, popup in LayerSurface.from(resource)?.getPopup(popup) }
        i.ack_configure = { _, resource, serial in LayerSurface.from(resource)?.ackConfigure(serial: serial) }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_layer = { _, resource, layer in LayerSurface.from(resource)?.setLayer(layer) }
        return staticImplementation(i)
    }()
}
