import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// zwlr_layer_shell_v1: surfaces that are part of the desktop rather than
/// windows (panels, docks, wallpapers, launchers, notifications, lock
/// screens). Each is on one output: the one get_layer_surface names, else
/// (null) the output under the pointer or the first, as in sway. It
/// arranges each output's layer surfaces by their anchors, margins and
/// exclusive zones (`LayerArrangement`), stacks them in the scene below
/// and above the windows, and gives the windows the area the panels leave
/// on that output (`WindowStack.workArea(on:)`). When their output goes
/// they are closed.
final class LayerShellGlobal {
    /// v4: on_demand keyboard interactivity.
    static let version: Int32 = 4
    unowned let server: Server
    private var global: Global?
    /// Every live layer surface, in creation order.
    private var surfaces: [Weak<LayerSurface>] = []
    /// The shown ones, in the order they were mapped: within a layer, bottom to top.
    private(set) var mapped: [LayerSurface] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwlr_layer_shell_v1_interface(),
                        version: LayerShellGlobal.version) { [unowned self] client, version, id in
            let binding = LayerShellBinding(shell: self)
            binding.resource = makeResource(client: client, interface: strata_zwlr_layer_shell_v1_interface(),
                                            version: Int32(version), id: id,
                                            implementation: LayerShellBinding.implementation, object: binding)
        }
        if global == nil { return nil }
    }

    func register(_ surface: LayerSurface) {
        surfaces.removeAll { $0.object == nil }
        surfaces.append(Weak(surface))
    }

    func unregister(_ surface: LayerSurface) {
        surfaces.removeAll { $0.object == nil || $0.object === surface }
        arrange()
    }

    /// Every live layer surface, in creation order.
    var allSurfaces: [LayerSurface] { surfaces.compactMap(\.object) }

    /// The shown surfaces from the topmost down: overlay first, and within a layer the latest mapped first.
    var mappedTopToBottom: [LayerSurface] {
        ShellLayer.allCases.reversed().flatMap { layer in mapped.filter { $0.current.layer == layer }.reversed() }
    }

    /// Whether the topmost shown window is fullscreen: the `top` layer is
    /// hidden then (drawn and hit-tested), as in sway; `overlay` stays.
    var isTopLayerCovered: Bool {
        // Asked before every frame: found without making the list of visible windows.
        server.windows.toplevels.last { !$0.states.minimized }?.states.fullscreen == true
    }

    /// Whether `surface` is drawn and takes input now.
    func isShown(_ surface: LayerSurface) -> Bool {
        surface.isMapped && !(surface.current.layer == .top && isTopLayerCovered)
    }

    /// Hides or shows the `top` layer's surfaces before a frame is drawn.
    func updateTopLayerVisibility() {
        guard !mapped.isEmpty else { return }
        let covered = isTopLayerCovered
        for surface in mapped where surface.container.isHidden != (covered && surface.current.layer == .top) {
            surface.container.isHidden = covered && surface.current.layer == .top
        }
    }

    /// The surface that holds the keyboard whatever else is clicked: the
    /// topmost shown one on the top or overlay layer that asked for exclusive keyboard interactivity.
    var exclusiveKeyboardSurface: LayerSurface? {
        mappedTopToBottom.first { $0.current.layer.isAboveWindows && $0.current.keyboard == .exclusive }
    }

    /// The layer surface `surface` belongs to: its own, one of its
    /// subsurfaces, or a popup opened from it.
    func layerSurface(of surface: Surface) -> LayerSurface? {
        let main = surface.mainSurface
        if let layerSurface = main.roleObject as? LayerSurface { return layerSurface }
        if let popup = (main.roleObject as? XdgSurface)?.popup, popup.isMapped { return popup.host as? LayerSurface }
        return nil
    }

    // MARK: Arrangement

    /// Places every initialized surface on its output, configures those
    /// whose size changed, closes those that do not fit, and gives the
    /// windows on each output what is left of it.
    func arrange() {
        let live = allSurfaces.filter { $0.isInitialized && !$0.isClosed }
        for output in server.outputs {
            let arranged = live.filter { $0.output === output }
            let result = LayerArrangement.arrange(arranged.map { LayerArrangement.Item(state: $0.current, reservesZone: $0.isMapped) },
                                                  on: output.bounds)
            for (surface, box) in zip(arranged, result.boxes) { surface.arranged(in: box) }
            server.usableAreaChanged(on: output, to: result.usableArea)
        }
    }

    /// `output` left the layout: its layer surfaces are closed (the client
    /// may make new ones on another output) and its usable area forgotten.
    func closeSurfaces(of output: Output) {
        for surface in allSurfaces where surface.output === output || surface.output == nil { surface.close() }
        server.windows.forgetUsableArea(of: output)
    }

    /// The output a new layer surface goes on: the one named, else the one under the pointer, else the first.
    func output(named resource: WaylandResource?) -> Output? {
        guard let resource else { return server.outputForNewWindows }
        return resourceObject(resource, as: OutputGlobal.self)?.liveOutput
    }

    /// Puts the shown surfaces' layers in the scene: background and
    /// bottom below the windows, top and overlay above them (the cursor stays on top).
    func restack() {
        let scene = server.scene
        let below = mapped.filter { !$0.current.layer.isAboveWindows }.sorted { $0.current.layer < $1.current.layer }
        let above = mapped.filter { $0.current.layer.isAboveWindows }.sorted { $0.current.layer < $1.current.layer }
        // Taken out first, so the windows sit right after those below them while the rest go in.
        for surface in mapped { surface.container.removeFromSuperlayer() }
        for (index, surface) in below.enumerated() { scene.insertSublayer(surface.container, at: index) }
        server.windows.layersBelow = below.count
        let start = below.count + server.windows.toplevels.count
        for (offset, surface) in above.enumerated() { scene.insertSublayer(surface.container, at: start + offset) }
        server.scheduleFrame()
    }

    // MARK: Mapping

    func surfaceMapped(_ surface: LayerSurface) {
        let keyboardBefore = server.seat.keyboardTarget
        mapped.removeAll { $0 === surface }
        mapped.append(surface)
        restack()
        arrange()
        server.seat.layerSurfaceMapped(surface, keyboardBefore: keyboardBefore)
    }

    func surfaceUnmapped(_ surface: LayerSurface) {
        let keyboardBefore = server.seat.keyboardTarget
        mapped.removeAll { $0 === surface }
        surface.container.removeFromSuperlayer()
        restack()
        arrange()
        server.seat.layerSurfaceUnmapped(surface, keyboardBefore: keyboardBefore)
    }

    /// A shown surface committed a new layer or keyboard interactivity.
    func surfaceRestacked(_ surface: LayerSurface, keyboardBefore: Surface?) {
        mapped.removeAll { $0 === surface }
        mapped.append(surface)
        restack()
        server.seat.keyboardTargetChanged(from: keyboardBefore)
    }
}

/// One client's binding of zwlr_layer_shell_v1.
final class LayerShellBinding {
    unowned let shell: LayerShellGlobal
    var resource: WaylandResource?

    init(shell: LayerShellGlobal) { self.shell = shell }

    static func from(_ resource: WaylandResource?) -> LayerShellBinding? {
        resourceObject(resource, as: LayerShellBinding.self, interface: strata_zwlr_layer_shell_v1_interface())
    }

    private func getLayerSurface(id: UInt32, surfaceResource: WaylandResource?, outputResource: WaylandResource?,
                                 layer: UInt32, namespace: String) {
        guard let resource, let surface = Surface.from(surfaceResource) else { return }
        if surface.roleObject != nil || ![SurfaceRoleKind.none, .layerSurface].contains(surface.role) {
            strata_resource_post_error(resource, ZWLR_LAYER_SHELL_V1_ERROR_ROLE.rawValue,
                                       "wl_surface@\(surface.id) already has the role \(surface.role)")
            return
        }
        if surface.hasBuffer || surface.hasPendingBuffer {
            strata_resource_post_error(resource, ZWLR_LAYER_SHELL_V1_ERROR_ALREADY_CONSTRUCTED.rawValue,
                                       "wl_surface@\(surface.id) already has a buffer; get_layer_surface must come before the first attach")
            return
        }
        guard let shellLayer = ShellLayer(rawValue: layer) else {
            strata_resource_post_error(resource, ZWLR_LAYER_SHELL_V1_ERROR_INVALID_LAYER.rawValue, "layer \(layer) is not a zwlr_layer_shell_v1.layer")
            return
        }
        _ = surface.giveRole(.layerSurface)
        let output = shell.output(named: outputResource)
        guard let layerSurface = LayerSurface(shell: shell, parent: resource, id: id, surface: surface, output: output,
                                              layer: shellLayer, namespace: namespace) else { return }
        shell.register(layerSurface)
        // Named an output that went before the client heard: closed at once, as sway does.
        if output == nil { layerSurface.close() }
    }

    static let implementation: UnsafeRawPointer = {
        var i = zwlr_layer_shell_v1_interface()
        i.get_layer_surface = { _, resource, id, surface, output, layer, namespace in
            LayerShellBinding.from(resource)?.getLayerSurface(id: id, surfaceResource: surface, outputResource: output, layer: layer,
                                                              namespace: namespace.map { String(cString: $0) } ?? "")
        }
        // Layer surfaces made through it live on.
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}

extension LayerShellGlobal: ServerExtension {
    /// The surfaces of an output that goes are closed.
    func outputRemoved(_ output: Output) { closeSurfaces(of: output) }
    /// Arranged on the new layout; that may change the usable area.
    func layoutChanged() { arrange() }
    func willRenderFrame() { updateTopLayerVisibility() }
    func treeMembers() -> [(String, JSONValue)] { [("layer_surfaces", .array(allSurfaces.map { $0.dump() }))] }
    func census() -> [String: Int] { ["layerShell.surfaces": allSurfaces.count, "layerShell.mapped": mapped.count] }
}

extension Server {
    var layerShell: LayerShellGlobal? { `extension`(LayerShellGlobal.self) }
}
