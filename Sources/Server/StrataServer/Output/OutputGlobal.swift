import CStrataServerProtocol
import CWaylandServer

/// wl_output: one output of the layout, described to each client that
/// binds it, and told again when its mode changes (a nested window
/// resized). Surfaces are told with wl_surface.enter and leave when they
/// come on and go off it (Surface+Output). When the output goes, the
/// global is withdrawn first and destroyed later (`RetiringGlobal`); a
/// client that binds it meanwhile gets an inert wl_output.
final class OutputGlobal {
    /// v4: name and description.
    static let version: Int32 = 4
    unowned let server: Server
    /// Weak: a client's binding may outlive the output, whose renderer and
    /// backend output are let go when it leaves the layout.
    private(set) weak var output: Output?
    /// wl_output.name, also zxdg_output_v1.name: the backend's (HEADLESS-1, WL-1).
    let name: String
    var description: String {
        guard let output else { return "Strata output (removed)" }
        return "Strata \(output.device.outputKind) \(output.pixelWidth)×\(output.pixelHeight)"
    }
    /// The output, while it is in the layout.
    var liveOutput: Output? { output.flatMap { $0.isRemoved ? nil : $0 } }
    private var global: Global?
    /// Every client's bindings, for wl_surface.enter and leave.
    private var resources: [WaylandResource] = []

    init?(server: Server, output: Output) {
        self.server = server
        self.output = output
        name = output.name
        global = Global(display: server.display, interface: strata_wl_output_interface(),
                        version: OutputGlobal.version) { [unowned self] client, version, id in
            guard let resource = makeResource(client: client, interface: strata_wl_output_interface(),
                                              version: Int32(version), id: id,
                                              implementation: OutputGlobal.implementation, object: self,
                                              onDestroy: { [unowned self] resource in self.resources.removeAll { $0 == resource } })
            else { return }
            // Bound after the output went, before the client heard of it: an object that says nothing.
            guard let output = self.liveOutput else { return }
            self.describe(output, to: resource, version: Int32(version))
            self.resources.append(resource)
            // A client that binds the output late learns where its surfaces already are.
            for surface in server.surfaces(of: client, on: output) { wl_surface_send_enter(surface, resource) }
            server.foreignToplevelManager?.outputBound(resource, of: output, client: client)
        }
        if global == nil { return nil }
    }

    private func describe(_ output: Output, to resource: WaylandResource, version: Int32) {
        sendGeometry(of: output, to: resource)
        wl_output_send_mode(resource, WL_OUTPUT_MODE_CURRENT.rawValue | WL_OUTPUT_MODE_PREFERRED.rawValue,
                            Int32(output.pixelWidth), Int32(output.pixelHeight), Int32(clamping: output.device.refreshMillihertz))
        if version >= 2 { wl_output_send_scale(resource, Int32(output.scale)) }
        if version >= 4 {
            wl_output_send_name(resource, name)
            wl_output_send_description(resource, description)
        }
        if version >= 2 { wl_output_send_done(resource) }
    }

    /// x and y: the output's place in the layout, in points (as xdg_output's logical position).
    private func sendGeometry(of output: Output, to resource: WaylandResource) {
        wl_output_send_geometry(resource, Int32(output.origin.x), Int32(output.origin.y), 0, 0,
                                Int32(WL_OUTPUT_SUBPIXEL_UNKNOWN.rawValue),
                                "Strata", output.device.outputModel, Int32(WL_OUTPUT_TRANSFORM_NORMAL.rawValue))
    }

    /// The mode or scale changed: each binding gets the new current mode and scale. The caller
    /// ends the change with `sendDone()` after the xdg-output sizes.
    func sendMode() {
        guard let output = liveOutput else { return }
        for resource in resources {
            wl_output_send_mode(resource, WL_OUTPUT_MODE_CURRENT.rawValue | WL_OUTPUT_MODE_PREFERRED.rawValue,
                                Int32(output.pixelWidth), Int32(output.pixelHeight), Int32(clamping: output.device.refreshMillihertz))
            if wl_resource_get_version(resource) >= 2 { wl_output_send_scale(resource, Int32(output.scale)) }
            if wl_resource_get_version(resource) >= 4 { wl_output_send_description(resource, description) }
        }
    }

    /// The output moved in the layout (one left of it was resized). Ended by `sendDone()`.
    func sendPlace() {
        guard let output = liveOutput else { return }
        for resource in resources { sendGeometry(of: output, to: resource) }
    }

    /// The output left the layout: clients are told the global is gone
    /// (wl_registry.global_remove); the global itself lives on until `retire` destroys it.
    func withdraw() { global?.withdraw() }

    /// Destroys the withdrawn global now (its bindings stay, inert).
    func destroyGlobal() { global = nil }

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
