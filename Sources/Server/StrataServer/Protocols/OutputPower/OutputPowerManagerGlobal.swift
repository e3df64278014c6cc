import CStrataServerProtocol
import CWaylandServer

/// zwlr_output_power_manager_v1, version 1 (wlopm, swayidle's
/// `output * power off` through it): outputs turned off and on. One
/// controller an output: a second one for the same output gets `failed`,
/// as does one for an output that is gone. Turning an output off goes to
/// its backend (`BackendOutput.setPowered`: DPMS off on a monitor); the
/// output keeps its place in the layout (Server+OutputPower).
///
/// Privileged (`PrivilegedGlobals`): it blanks every output.
final class OutputPowerManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    /// The live controllers, one an output at most.
    private var controllers: [OutputPowerController] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwlr_output_power_manager_v1_interface(),
                        version: OutputPowerManagerGlobal.version, object: self,
                        implementation: OutputPowerManagerGlobal.implementation)
        if global == nil { return nil }
    }

    func remove(_ controller: OutputPowerController) { controllers.removeAll { $0 === controller } }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_output_power_manager_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_output_power = { _, resource, id, outputResource in
            guard let resource, let manager = resourceObject(resource, as: OutputPowerManagerGlobal.self) else { return }
            let output = resourceObject(outputResource, as: OutputGlobal.self)?.liveOutput
            let taken = output.map { output in manager.controllers.contains { $0.output === output } } ?? false
            guard let controller = OutputPowerController(manager: manager, output: taken ? nil : output, parent: resource, id: id),
                  controller.output != nil else { return }
            manager.controllers.append(controller)
        }
        return staticImplementation(i)
    }()
}

extension OutputPowerManagerGlobal: ServerExtension {
    func outputPowerChanged(_ output: Output) {
        for controller in controllers where controller.output === output { controller.sendMode() }
    }

    /// The output left the layout (unplugged, removed, disabled): its controller is no longer valid.
    func outputRemoved(_ output: Output) {
        for controller in controllers where controller.output === output { controller.fail() }
    }

    func treeMembers() -> [(String, JSONValue)] {
        [("outputs_off", .array(server.outputs.filter { !$0.isPoweredOn }.map { .string($0.name) }))]
    }

    func census() -> [String: Int] { ["outputPowerControllers": controllers.count] }
}
