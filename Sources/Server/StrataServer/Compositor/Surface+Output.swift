import CWaylandServer
import StrataProtocol
import StrataRender

// wl_surface.enter and leave: a surface is on an output while it is part
// of a mapped window and shown (it has contents, and so have the
// subsurfaces between it and the window's surface), and overlaps that
// output in the layout. Clients pick their buffer scale from the outputs
// their surfaces are on.
extension Surface {
    /// Shown on the output now.
    var isShownOnOutput: Bool {
        var surface = self
        while true {
            guard surface.resource != nil, surface.isMapped else { return false }
            guard let subsurface = surface.subsurfaceRole else { break }
            guard let parent = subsurface.parent, parent.subsurfaceStack.contains(subsurface) else { return false }
            surface = parent
        }
        if let layerSurface = surface.roleObject as? LayerSurface { return layerSurface.isMapped }
        if let lockSurface = surface.roleObject as? LockSurface { return lockSurface.isShown }
        if let inputPopup = surface.roleObject as? InputPopupSurface { return inputPopup.isShown }
        if let popup = (surface.roleObject as? XdgSurface)?.popup { return popup.isMapped }
        // A mapped window is in the window stack; asking the window, not
        // searching the stack, keeps this check (run at every commit) O(1).
        guard let toplevel = surface.toplevel else { return false }
        return toplevel.isVisible && toplevel.surface === surface
    }

    /// Sends enter or leave to this surface and the subsurfaces below it
    /// for each output it came on or went off.
    func updateOutputPresence() {
        let now = isShownOnOutput ? server.outputs(showing: self) : []
        if !now.elementsEqual(outputsEntered, by: ===), let resource {
            for gone in outputsEntered where !now.contains(where: { $0 === gone }) { gone.global?.surface(resource, entered: false) }
            for came in now where !outputsEntered.contains(where: { $0 === came }) { came.global?.surface(resource, entered: true) }
            outputsEntered = now
            fractionalScale?.update()
            // A window's outputs are shown by its foreign toplevel handles.
            if let toplevel, toplevel.surface === self { toplevel.publishChanges() }
        }
        for subsurface in subsurfaceStack.subsurfaces { subsurface.surface?.updateOutputPresence() }
    }

    /// The surface's rect in the layout, through its layer's place in the
    /// scene; nil while the layer is not in the scene.
    var layoutFrame: Rect? {
        var toScene = AffineTransform.identity
        var current: RenderLayer = layer
        while current !== server.scene {
            toScene = toScene.concatenating(current.transformToSuperlayer)
            guard let up = current.superlayer else { return nil }
            current = up
        }
        return toScene.apply(Rect(origin: layer.bounds.origin, size: size))
    }
}

extension Server {
    /// The outputs a shown surface overlaps; with one output, that one.
    func outputs(showing surface: Surface) -> [Output] {
        guard outputs.count > 1 else { return outputs }
        guard let frame = surface.layoutFrame else { return [] }
        return outputs(overlapping: frame)
    }

    /// The surfaces of `client` on `output` (windows and their subsurfaces), to tell a new wl_output binding.
    func surfaces(of client: OpaquePointer, on output: Output) -> [WaylandResource] {
        var found: [WaylandResource] = []
        func collect(_ surface: Surface) {
            if surface.outputsEntered.contains(where: { $0 === output }), let resource = surface.resource { found.append(resource) }
            for subsurface in surface.subsurfaceStack.subsurfaces { subsurface.surface.map(collect) }
        }
        for toplevel in windows.toplevels where toplevel.client == client {
            toplevel.surface.map(collect)
            for popup in toplevel.mappedPopups { popup.surface.map(collect) }
        }
        for layerSurface in layerShell?.mapped ?? [] where layerSurface.client == client {
            layerSurface.surface.map(collect)
            for popup in layerSurface.mappedPopups { popup.surface.map(collect) }
        }
        return found
    }
}

extension Surface {
    /// The window moved or changed size: with several outputs it may have
    /// crossed an output's edge. (One output needs no look.)
    func updateOutputPresenceAfterMove() {
        guard server.outputs.count > 1 else { return }
        updateOutputPresence()
    }
}
