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
        pendingRoot?.pendingRootOf.remove(self)
        pendingRoot = layer
        layer?.pendingRootOf.insert(self)
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

    /// Shows the pending root (called by a valid commit).
    func apply() {
        surface?.layerTree = isDestroyed ? nil : pendingRoot?.renderLayer
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
