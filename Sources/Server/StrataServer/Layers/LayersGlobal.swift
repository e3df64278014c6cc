import CStrataServerProtocol
import StrataRender
import StrataProtocol

/// The strata_layers_v1 global. Each binding gets its own LayerManager; the
/// global forwards frame presentation to the live ones.
final class LayersGlobal {
    static let version: Int32 = 4
    let limits: Limits
    let contexts = ContextRegistry()
    private unowned let server: Server
    private var managers = WeakList<LayerManager>()

    private var global: Global?

    init(server: Server, limits: Limits) {
        self.server = server
        self.limits = limits
        global = Global(display: server.display, interface: strata_strata_layers_v1_interface(), version: LayersGlobal.version) {
            [unowned self] client, version, id in bind(client: client, version: version, id: id)
        }
        server.addPresentationObserver { [weak self] time in
            guard let self else { return }
            for manager in managers.objects { manager.framePresented(time) }
        }
    }

    func scheduleFrame() { server.scheduleFrame() }
    var engine: AnimationEngine { server.animations }

    private func bind(client: OpaquePointer, version: UInt32, id: UInt32) {
        guard let resource = wl_resource_create(client, strata_strata_layers_v1_interface(), Int32(version), id) else {
            wl_client_post_no_memory(client)
            return
        }
        let manager = LayerManager(resource: resource, global: self)
        attach(manager, to: resource, implementation: LayersDispatch.managerRequests)
        managers.insert(manager)
        strata_layers_v1_send_limits(resource, limits.maxLayers, limits.maxBufferBytes, limits.maxPendingCommits)
        if version >= 2 {
            strata_layers_v1_send_animation_limits(resource, limits.maxAnimationsPerLayer, limits.maxAnimations)
        }
    }
}
