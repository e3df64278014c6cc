import CStrataServerProtocol
import StrataRender

/// One strata_context_v1: which layer tree a toplevel surface shows.
final class LayerContext {
    let resource: WaylandResource
    private(set) weak var manager: LayerManager?
    /// The surface whose window shows the tree; nil once it is destroyed.
    private(set) weak var surface: Surface?
    let registry: ContextRegistry

    private(set) var pendingRoot: ServerLayer?
    private(set) var isDestroyed = false

    let id: UInt32

    init(resource: WaylandResource, manager: LayerManager, surface: Surface, registry: ContextRegistry) {
        self.resource = resource
        id = wl_resource_get_id(resource)
        self.manager = manager
        self.surface = surface
        self.registry = registry
        registry.claim(surface)
    }

    func setRootLayer(_ layer: ServerLayer?) throws(ProtocolViolation) {
        if let layer, layer.manager !== manager {
            throw .layer(layer.resource, STRATA_LAYER_V1_ERROR_INVALID_VALUE,
                         "layer \(layer.id) belongs to another strata_layers_v1")
        }
        if let old = pendingRoot {
            old.pendingRootOf.remove(self)
            manager?.markStructureChanged(old)
        }
        pendingRoot = layer
        if let layer {
            layer.pendingRootOf.insert(self)
            // The commit checks the new root like any layer whose parentage changed.
            manager?.markStructureChanged(layer)
        }
        manager?.markDirty(self)
    }

    /// The client destroyed the context: the window shows no tree from the
    /// next commit on.
    func destroy() {
        isDestroyed = true
        pendingRoot?.pendingRootOf.remove(self)
        pendingRoot = nil
        if let surface { registry.release(surface) }
        if let manager {
            manager.markDirty(self)
        } else {
            apply()
        }
    }

    /// The shown root's bounds changed size: the window follows.
    func rootDidResize() {
        guard !isDestroyed, let surface, surface.layerTree === pendingRoot?.renderLayer else { return }
        surface.layerTreeGeometryChanged()
    }

    /// What this context last showed, so its destruction clears only that
    /// (another binding may have given the surface a new context since).
    private weak var shownTree: RenderLayer?

    /// Shows the pending root (called by a valid commit).
    func apply() {
        guard let surface else { return }
        if isDestroyed {
            if let shownTree, surface.layerTree === shownTree { surface.layerTree = nil }
        } else {
            surface.layerTree = pendingRoot?.renderLayer
        }
        shownTree = isDestroyed ? nil : pendingRoot?.renderLayer
    }
}

/// The surfaces that have a context, across every client binding: a surface
/// has at most one (strata_layers_v1.error.context_exists).
final class ContextRegistry {
    /// Weak, so a destroyed surface's entry cannot match a new surface that
    /// happens to reuse its address.
    private var surfaces: [ObjectIdentifier: WeakList<Surface>] = [:]

    func hasContext(_ surface: Surface) -> Bool {
        surfaces[ObjectIdentifier(surface)]?.objects.contains { $0 === surface } ?? false
    }

    func claim(_ surface: Surface) {
        var entry = WeakList<Surface>()
        entry.insert(surface)
        surfaces[ObjectIdentifier(surface)] = entry
    }

    func release(_ surface: Surface) { surfaces[ObjectIdentifier(surface)] = nil }
}
