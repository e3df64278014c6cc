import CStrataServerProtocol
import CWaylandServer

/// zwlr_gamma_control_manager_v1, version 1: night-light tools (wlsunset,
/// gammastep) set each output's gamma table. One control holds an output
/// at a time; a second for it, one for an output that went, or one for an
/// output without gamma, gets `failed`. The table reaches the backend
/// through its output interface (`BackendOutput.setGamma`): a monitor's
/// CRTC loads it, memory and a parent's window keep it unused. Privileged
/// (`PrivilegedGlobals`): a client could black out every screen.
final class GammaControlManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    /// The controls holding an output's gamma, one an output.
    private var holders: [GammaControl] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwlr_gamma_control_manager_v1_interface(),
                        version: GammaControlManagerGlobal.version, object: self,
                        implementation: GammaControlManagerGlobal.implementation)
        if global == nil { return nil }
    }

    func remove(_ control: GammaControl) { holders.removeAll { $0 === control } }

    private func getGammaControl(parent: WaylandResource, id: UInt32, outputResource: WaylandResource?) {
        let output = resourceObject(outputResource, as: OutputGlobal.self)?.liveOutput
        let size = output?.device.gammaSize ?? 0
        guard let output, size > 0, !holders.contains(where: { $0.output === output }) else {
            // Made only to be told it failed; the client then destroys it.
            GammaControl(manager: self, parent: parent, id: id, output: nil, size: 0)?.fail()
            return
        }
        guard let control = GammaControl(manager: self, parent: parent, id: id, output: output, size: size) else { return }
        holders.append(control)
        control.announceSize()
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_gamma_control_manager_v1_interface()
        i.get_gamma_control = { _, resource, id, output in
            guard let resource, let manager = resourceObject(resource, as: GammaControlManagerGlobal.self) else { return }
            manager.getGammaControl(parent: resource, id: id, outputResource: output)
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}

extension GammaControlManagerGlobal: ServerExtension {
    /// Its control can no longer reach the output.
    func outputRemoved(_ output: Output) {
        for control in holders where control.output === output { control.fail() }
    }

    /// Each held output's table: what its backend was given.
    func treeMembers() -> [(String, JSONValue)] {
        [("gamma_controls", .array(holders.compactMap { control in
            guard let output = control.output else { return nil }
            var members: [(String, JSONValue)] = [("output", .string(output.name)), ("size", .int(control.size))]
            if let ramps = control.ramps {
                func ramp(_ values: ArraySlice<UInt16>) -> JSONValue { .array(values.map { .int(Int($0)) }) }
                members += [("red", ramp(ramps.red)), ("green", ramp(ramps.green)), ("blue", ramp(ramps.blue))]
            }
            return .object(members)
        }))]
    }

    func census() -> [String: Int] { ["gammaControl.holders": holders.count] }
}
