import CStrataServerProtocol
import CWaylandServer

/// zxdg_decoration_manager_v1: lets a toplevel ask whether the compositor
/// draws its title bar. Strata prefers to (server_side) and gives a client
/// the mode it asks for.
final class DecorationManagerGlobal {
    static let version: Int32 = 1
    private var global: Global?

    init?(server: Server) {
        global = Global(display: server.display, interface: strata_zxdg_decoration_manager_v1_interface(),
                        version: DecorationManagerGlobal.version) { [unowned server] client, version, id in
            let manager = DecorationManager(server: server)
            manager.resource = makeResource(client: client, interface: strata_zxdg_decoration_manager_v1_interface(),
                                            version: Int32(version), id: id,
                                            implementation: DecorationManager.implementation, object: manager)
        }
        if global == nil { return nil }
    }
}

/// One client's binding of the manager.
final class DecorationManager {
    unowned let server: Server
    var resource: WaylandResource?

    init(server: Server) { self.server = server }

    static func from(_ resource: WaylandResource?) -> DecorationManager? {
        resourceObject(resource, as: DecorationManager.self, interface: strata_zxdg_decoration_manager_v1_interface())
    }

    private func getToplevelDecoration(id: UInt32, toplevelResource: WaylandResource?) {
        guard let resource else { return }
        let client = wl_resource_get_client(resource)
        // The errors are the new object's, so it exists (inert) to carry them.
        guard let decorationResource = wl_resource_create(client, strata_zxdg_toplevel_decoration_v1_interface(),
                                                          wl_resource_get_version(resource), id)
        else { return wl_client_post_no_memory(client) }
        guard let toplevel = Toplevel.from(toplevelResource) else { return }
        if toplevel.decoration != nil {
            strata_resource_post_error(decorationResource, ZXDG_TOPLEVEL_DECORATION_V1_ERROR_ALREADY_CONSTRUCTED.rawValue,
                                       "xdg_toplevel@\(toplevelResource.map(wl_resource_get_id) ?? 0) already has a decoration object")
            return
        }
        if let surface = toplevel.surface, surface.hasBuffer || surface.hasPendingBuffer {
            strata_resource_post_error(decorationResource, ZXDG_TOPLEVEL_DECORATION_V1_ERROR_UNCONFIGURED_BUFFER.rawValue,
                                       "get_toplevel_decoration for xdg_toplevel@\(toplevelResource.map(wl_resource_get_id) ?? 0), which already has a buffer")
            return
        }
        ToplevelDecoration(toplevel: toplevel, resource: decorationResource).start()
    }

    static let implementation: UnsafeRawPointer = {
        var i = zxdg_decoration_manager_v1_interface()
        // Decorations made through it live on.
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_toplevel_decoration = { _, resource, id, toplevel in
            DecorationManager.from(resource)?.getToplevelDecoration(id: id, toplevelResource: toplevel)
        }
        return staticImplementation(i)
    }()
}

extension DecorationManagerGlobal: ServerExtension {}
