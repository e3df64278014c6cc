import CStrataServerProtocol
import CWaylandServer

/// zxdg_output_manager_v1, version 3: the output's place and size in the
/// desktop's logical coordinates (points), which wl_output does not say.
/// grim needs it to know the output layout before it captures.
final class XdgOutputManagerGlobal {
    static let version: Int32 = 3
    unowned let server: Server
    private var global: Global?
    /// Every zxdg_output_v1, to tell when the output's size changes.
    private var outputs: [WaylandResource] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zxdg_output_manager_v1_interface(),
                        version: XdgOutputManagerGlobal.version, object: self, implementation: XdgOutputManagerGlobal.implementation)
        if global == nil { return nil }
    }

    /// The output's size changed: each zxdg_output_v1 gets its new logical
    /// size (from version 3 the wl_output's done, which the caller sends, ends it).
    func outputResized() {
        let c = server.configuration
        let scale = Int32(max(c.scale, 1))
        for xdgOutput in outputs {
            zxdg_output_v1_send_logical_size(xdgOutput, Int32(c.width) / scale, Int32(c.height) / scale)
            if wl_resource_get_version(xdgOutput) < 3 { zxdg_output_v1_send_done(xdgOutput) }
        }
    }

    /// Describes the one output on a new zxdg_output_v1.
    private func describe(to resource: WaylandResource, output: WaylandResource) {
        let c = server.configuration
        let scale = Int32(max(c.scale, 1))
        zxdg_output_v1_send_logical_position(resource, 0, 0)
        zxdg_output_v1_send_logical_size(resource, Int32(c.width) / scale, Int32(c.height) / scale)
        let version = wl_resource_get_version(resource)
        if version >= 2 {
            zxdg_output_v1_send_name(resource, OutputGlobal.name(of: server))
            zxdg_output_v1_send_description(resource, OutputGlobal.description(of: server))
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
                  let xdgOutput = makeResource(child: resource, interface: strata_zxdg_output_v1_interface(), id: id,
                                               implementation: XdgOutputManagerGlobal.outputImplementation, object: manager,
                                               onDestroy: { [unowned manager] gone in manager.outputs.removeAll { $0 == gone } })
            else { return }
            manager.outputs.append(xdgOutput)
            manager.describe(to: xdgOutput, output: output)
        }
        return staticImplementation(i)
    }()
}
