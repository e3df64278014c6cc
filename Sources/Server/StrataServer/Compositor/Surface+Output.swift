import CWaylandServer

// wl_surface.enter and leave: a surface is on the output while it is part
// of a mapped window and shown (it has contents, and so have the
// subsurfaces between it and the window's surface). Clients pick their
// buffer scale from the outputs their surfaces are on.
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
        if let popup = (surface.roleObject as? XdgSurface)?.popup { return popup.isMapped }
        if let layerSurface = surface.roleObject as? LayerSurface { return layerSurface.isMapped }
        return server.windows.visibleToplevels.contains { $0.surface === surface }
    }

    /// Sends enter or leave to this surface and the subsurfaces below it
    /// whose place on the output changed.
    func updateOutputPresence() {
        let shown = isShownOnOutput
        if shown != isOnOutput, let resource {
            isOnOutput = shown
            server.outputGlobal?.surface(resource, entered: shown)
        }
        for subsurface in subsurfaceStack.subsurfaces { subsurface.surface?.updateOutputPresence() }
    }
}

extension Server {
    /// The surfaces of `client` on the output (windows and their subsurfaces), to tell a new wl_output binding.
    func surfacesOnOutput(of client: OpaquePointer) -> [WaylandResource] {
        var found: [WaylandResource] = []
        func collect(_ surface: Surface) {
            if surface.isOnOutput, let resource = surface.resource { found.append(resource) }
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
