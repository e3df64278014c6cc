import CStrataServerProtocol
import CWaylandServer

/// zwlr_output_manager_v1, version 2 (wlr-randr, kanshi, wdisplays): every
/// output, enabled or not, as a head with its modes, mode, place, scale
/// and transform; and configurations of them, tested or applied as a whole
/// through the same path as `strata output set` (Server+OutputConfiguration).
///
/// Whenever the outputs change (a configuration applied, an output added,
/// removed, resized or moved: the `layoutChanged` hook), each binding is
/// told what differs, new heads and modes included and gone ones
/// `finished`, then `done` with a new serial; a configuration made against
/// an older serial is `cancelled`.
///
/// Privileged (`PrivilegedGlobals`): it rearranges every output.
final class OutputManagerGlobal {
    static let version: Int32 = 2
    unowned let server: Server
    private var global: Global?
    private var bindings: [OutputManagerBinding] = []
    /// The serial of the last `done`: configurations quote it.
    private(set) var serial: UInt32 = 0
    /// What the bindings were last told, to send a new serial only when something changed.
    private var announced: [OutputHeadState] = []
    /// While a configuration applies, changes are announced once, after `succeeded`.
    private var isHoldingAnnouncements = false
    /// Configurations waiting for their client's apply or test, for the census.
    var liveConfigurations = 0

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwlr_output_manager_v1_interface(),
                        version: OutputManagerGlobal.version) { [unowned self] client, version, id in
            let binding = OutputManagerBinding(global: self)
            guard let resource = makeResource(client: client, interface: strata_zwlr_output_manager_v1_interface(),
                                              version: Int32(version), id: id,
                                              implementation: OutputManagerBinding.implementation, object: binding,
                                              onDestroy: { [unowned self, unowned binding] _ in
                                                  binding.resource = nil
                                                  self.bindings.removeAll { $0 === binding }
                                              })
            else { return }
            binding.resource = resource
            self.bindings.append(binding)
            // Clients wait for a serial other than 0 (wlr-randr): the first binding makes one.
            if self.serial == 0 { self.newSerial(for: self.currentState()) }
            binding.update(to: self.currentState(), serial: self.serial)
        }
        if global == nil { return nil }
    }

    /// Each output as a head shows it now, in the order heads are announced.
    func currentState() -> [OutputHeadState] {
        let configuring = server.backend as? OutputConfiguringBackend
        return server.configurableOutputs.map { device in
            let output = server.outputs.first { $0.device === device }
            return OutputHeadState(device: device, name: device.outputName,
                                   description: output?.global?.description ?? "Strata \(device.outputKind) (disabled)",
                                   model: device.outputModel,
                                   modes: configuring?.modes(of: device) ?? [device.currentMode],
                                   current: device.currentMode,
                                   enabled: output != nil,
                                   position: output.map { (Int32(clamping: Int($0.origin.x)), Int32(clamping: Int($0.origin.y))) } ?? (0, 0),
                                   scale: output?.scale ?? max(device.renderer.scale, 1))
        }
    }

    /// Tells every binding what changed since the last `done`, with a new serial.
    func announceChanges() {
        guard !isHoldingAnnouncements else { return }
        let state = currentState()
        guard state != announced else { return }
        newSerial(for: state)
        for binding in bindings { binding.update(to: state, serial: serial) }
    }

    private func newSerial(for state: [OutputHeadState]) {
        announced = state
        repeat { serial = wl_display_next_serial(server.display) } while serial == 0
    }

    /// Applies `configuration`; its changes are announced after `answer`
    /// (the `succeeded` event) has gone out.
    func apply(_ configuration: OutputConfiguration, answer: (Result<Void, OutputConfigurationRefusal>) -> Void) {
        isHoldingAnnouncements = true
        let result: Result<Void, OutputConfigurationRefusal>
        do throws(OutputConfigurationRefusal) {
            try server.apply(configuration)
            result = .success(())
        } catch {
            result = .failure(error)
        }
        isHoldingAnnouncements = false
        answer(result)
        announceChanges()
    }
}

extension OutputManagerGlobal: ServerExtension {
    func layoutChanged() { announceChanges() }

    func treeMembers() -> [(String, JSONValue)] {
        [("output_manager", .object([("serial", .int(Int(serial))), ("bindings", .int(bindings.count))]))]
    }

    func census() -> [String: Int] {
        ["outputManagerBindings": bindings.count,
         "outputHeads": bindings.reduce(0) { $0 + $1.heads.count },
         "outputConfigurations": liveConfigurations]
    }
}
