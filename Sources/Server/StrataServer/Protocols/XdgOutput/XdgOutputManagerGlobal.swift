import CStrataServerProtocol
import CWaylandServer

/// zxdg_output_manager_v1, version 3: each output's place and size in the
/// layout's logical coordinates (points), which wl_output does not say.
/// grim needs it to know the output layout before it captures.
final class XdgOutputManagerGlobal {
    static let version: Int32 = 3
    unowned let server: Server
    private var global: Global?
    /// Every zxdg_output_v1 and the output it describes, to tell when outputs change.
    private var outputs: [(resource: WaylandResource, output: Output)] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zxdg_output_manager_v1_interface(),
                        version: XdgOutputManagerGlobal.version, object: self, implementation: XdgOutputManagerGlobal.implementation)
        if global == nil { return nil }
    }

    /// An output's size changed, so others may have moved: each
    /// zxdg_output_v1 gets its output's logical place and size (from
    /// version 3 the wl_output's done, which the caller sends, ends it).
    func outputsChanged() {
        for (xdgOutput, output) in outputs {
            sendPlace(of: output, to: xdgOutput)
            if wl_resource_get_version(xdgOutput) < 3 { zxdg_output_v1_send_done(xdgOutput) }
        }
    }

    /// An output left the layout: its zxdg_output_v1 objects stay, inert.
    func outputRemoved(_ output: Output) {
        outputs.removeAll { $0.output === output }
    }

    private func sendPlace(of output: Output, to resource: WaylandResource) {
        let bounds = output.bounds
        zxdg_output_v1_send_logical_position(resource, Int32(bounds.minX), Int32(bounds.minY))
        zxdg_output_v1_send_logical_size(resource, Int32(bounds.width), Int32(bounds.height))
    }

    /// Describes `global`'s output on a new zxdg_output_v1.
    private func describe(_ global: OutputGlobal, _ described: Output, to resource: WaylandResource, output: WaylandResource) {
        sendPlace(of: described, to: resource)
        let version = wl_resource_get_version(resource)
        if version >= 2 {
            zxdg_output_v1_send_name(resource, global.name)
            zxdg_output_v1_send_description(resource, global.description)
        }
        // From version 3 the wl_output's done ends the description.
        if version >= 3 {
            if wl_resource_get_version(output) >= 2 { wl_output_send_done(output) }
        } else {
            zxdg_output_v1_send_done(resource)
        }
    }

    private static let outputImplementation: UnsafeRawPointer = {
        var i = zxdg_output_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()

    private static let implementation: UnsafeRawPointer = {
        var i = zxdg_output_manager_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_xdg_output = { _, resource, id, output in
            guard let resource, let output, let manager = resourceObject(resource, as: XdgOutputManagerGlobal.self),
                  let global = resourceObject(output, as: OutputGlobal.self),
                  let xdgOutput = makeResource(child: resource, interface: strata_zxdg_output_v1_interface(), id: id,
                                               implementation: XdgOutputManagerGlobal.outputImplementation, object: manager,
                                               onDestroy: { [unowned manager] gone in manager.outputs.removeAll { $0.resource == gone } })
            else { return }
            // For a wl_output whose output went: an object that says nothing.
            guard let described = global.liveOutput else { return }
            manager.outputs.append((xdgOutput, described))
            manager.describe(global, described, to: xdgOutput, output: output)
        }
        return staticImplementation(i)
    }()
}

extension XdgOutputManagerGlobal: ServerExtension {
    func outputDescriptionsChanged() { outputsChanged() }
}
