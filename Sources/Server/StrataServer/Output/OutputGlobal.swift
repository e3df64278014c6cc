import CStrataServerProtocol
import CWaylandServer

/// wl_output: the one output, described to each client that binds it, and
/// told again when its mode changes (a nested window resized). Surfaces
/// are told with wl_surface.enter and leave when they come on and go off
/// it (Surface+Output).
final class OutputGlobal {
    /// v4: name and description.
    static let version: Int32 = 4
    /// wl_output.name, also zxdg_output_v1.name: the backend's (HEADLESS-1, WL-1).
    static func name(of server: Server) -> String { server.backend.outputName }
    static func description(of server: Server) -> String {
        "Strata \(server.backend.outputKind) \(server.configuration.width)×\(server.configuration.height)"
    }
    unowned let server: Server
    private var global: Global?
    /// Every client's bindings, for wl_surface.enter and leave.
    private var resources: [WaylandResource] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_wl_output_interface(),
                        version: OutputGlobal.version) { [unowned self] client, version, id in
            guard let resource = makeResource(client: client, interface: strata_wl_output_interface(),
                                              version: Int32(version), id: id,
                                              implementation: OutputGlobal.implementation, object: self,
                                              onDestroy: { [unowned self] resource in self.resources.removeAll { $0 == resource } })
            else { return }
            self.describe(to: resource, version: Int32(version))
            self.resources.append(resource)
            // A client that binds the output late learns where its surfaces already are.
            for surface in server.surfacesOnOutput(of: client) { wl_surface_send_enter(surface, resource) }
        }
        if global == nil { return nil }
    }

    private func describe(to resource: WaylandResource, version: Int32) {
        let c = server.configuration
        wl_output_send_geometry(resource, 0, 0, 0, 0, Int32(WL_OUTPUT_SUBPIXEL_UNKNOWN.rawValue),
                                "Strata", server.backend.outputModel, Int32(WL_OUTPUT_TRANSFORM_NORMAL.rawValue))
        wl_output_send_mode(resource, WL_OUTPUT_MODE_CURRENT.rawValue | WL_OUTPUT_MODE_PREFERRED.rawValue,
                            Int32(c.width), Int32(c.height), Int32(clamping: server.backend.refreshMillihertz))
        if version >= 2 { wl_output_send_scale(resource, Int32(c.scale)) }
        if version >= 4 {
            wl_output_send_name(resource, OutputGlobal.name(of: server))
            wl_output_send_description(resource, OutputGlobal.description(of: server))
        }
        if version >= 2 { wl_output_send_done(resource) }
    }

    /// The mode changed: each binding gets the new current mode. The caller
    /// ends the change with `sendDone()` after the xdg-output sizes.
    func sendMode() {
        let c = server.configuration
        for resource in resources {
            wl_output_send_mode(resource, WL_OUTPUT_MODE_CURRENT.rawValue | WL_OUTPUT_MODE_PREFERRED.rawValue,
                                Int32(c.width), Int32(c.height), Int32(clamping: server.backend.refreshMillihertz))
            if wl_resource_get_version(resource) >= 4 { wl_output_send_description(resource, OutputGlobal.description(of: server)) }
        }
    }

    func sendDone() {
        for resource in resources where wl_resource_get_version(resource) >= 2 { wl_output_send_done(resource) }
    }

    /// Sends wl_surface.enter (or leave) for `surface` with each of its client's bindings.
    func surface(_ surface: WaylandResource, entered: Bool) {
        let client = wl_resource_get_client(surface)
        for resource in resources where wl_resource_get_client(resource) == client {
            if entered { wl_surface_send_enter(surface, resource) } else { wl_surface_send_leave(surface, resource) }
        }
    }

    /// `client`'s bindings of the output.
    func resources(of client: OpaquePointer) -> [WaylandResource] {
        resources.filter { wl_resource_get_client($0) == client }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_output_interface()
        i.release = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
