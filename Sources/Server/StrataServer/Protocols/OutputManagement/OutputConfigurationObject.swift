import CStrataServerProtocol
import CWaylandServer

/// A zwlr_output_configuration_v1: every head of its binding enabled (with
/// a zwlr_output_configuration_head_v1 of what to change) or disabled,
/// then tested or applied once. The answer is `cancelled` when the outputs
/// changed since the serial it was made with, `failed` when the outputs
/// cannot do it all (nothing is changed then), else `succeeded`.
final class OutputConfigurationObject {
    private weak var binding: OutputManagerBinding?
    private let global: OutputManagerGlobal
    private var resource: WaylandResource?
    private let serial: UInt32
    /// Each configured head, with its configuration head when enabled.
    private var entries: [(head: OutputHead, configurationHead: OutputConfigurationHead?)] = []
    private var isUsed = false

    @discardableResult
    init?(binding: OutputManagerBinding, parent: WaylandResource, id: UInt32, serial: UInt32) {
        self.binding = binding
        global = binding.global
        self.serial = serial
        guard let resource = makeResource(child: parent, interface: strata_zwlr_output_configuration_v1_interface(), id: id,
                                          implementation: OutputConfigurationObject.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.global.liveConfigurations -= 1
                                              for entry in self.entries { entry.configurationHead?.configurationEnded() }
                                          })
        else { return nil }
        self.resource = resource
        global.liveConfigurations += 1
    }

    /// enable_head and disable_head: each head once, before apply or test.
    private func configure(_ headResource: WaylandResource?, enabled id: UInt32?) throws(ProtocolViolation) {
        guard let resource else { return }
        try checkUnused("\(id == nil ? "disable_head" : "enable_head")")
        guard let head = resourceObject(headResource, as: OutputHead.self) else { return }
        guard !entries.contains(where: { $0.head === head }) else {
            throw ProtocolViolation(resource: resource, code: ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_CONFIGURED_HEAD.rawValue,
                                    message: "zwlr_output_head_v1@\(headResource.map(wl_resource_get_id) ?? 0) (\(head.device.outputName)) is configured already")
        }
        if let id {
            guard let configurationHead = OutputConfigurationHead(head: head, parent: resource, id: id) else { return }
            entries.append((head, configurationHead))
        } else {
            entries.append((head, nil))
        }
    }

    private func checkUnused(_ request: String) throws(ProtocolViolation) {
        guard let resource, isUsed else { return }
        throw ProtocolViolation(resource: resource, code: ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_USED.rawValue,
                                message: "zwlr_output_configuration_v1@\(wl_resource_get_id(resource)).\(request) after apply or test")
    }

    /// apply and test: the answer, after checking every head was configured.
    private func finish(applying: Bool) throws(ProtocolViolation) {
        guard let resource else { return }
        try checkUnused(applying ? "apply" : "test")
        isUsed = true
        for entry in entries { entry.configurationHead?.configurationEnded() }
        let live = binding?.heads ?? []
        if let missing = live.first(where: { head in !entries.contains { $0.head === head } }) {
            throw ProtocolViolation(resource: resource, code: ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_UNCONFIGURED_HEAD.rawValue,
                                    message: "zwlr_output_configuration_v1@\(wl_resource_get_id(resource)) does not configure \(missing.device.outputName)")
        }
        // A head finished or an output changed since the client's serial: it must look again.
        guard serial == global.serial, entries.allSatisfy({ entry in live.contains { $0 === entry.head } }) else {
            zwlr_output_configuration_v1_send_cancelled(resource)
            return
        }
        var configuration = OutputConfiguration()
        for entry in entries {
            configuration.settings.append((entry.head.device, entry.configurationHead?.settings ?? OutputSettings(enabled: false)))
        }
        if !applying {
            if let refusal = global.server.refusal(of: configuration) {
                ServerLog.logger.info("output configuration test refused: \(refusal)")
                zwlr_output_configuration_v1_send_failed(resource)
            } else {
                zwlr_output_configuration_v1_send_succeeded(resource)
            }
            return
        }
        global.apply(configuration) { result in
            switch result {
            case .success:
                zwlr_output_configuration_v1_send_succeeded(resource)
            case .failure(let refusal):
                ServerLog.logger.info("output configuration refused: \(refusal)")
                zwlr_output_configuration_v1_send_failed(resource)
            }
        }
    }

    static let implementation: UnsafeRawPointer = {
        var i = zwlr_output_configuration_v1_interface()
        i.enable_head = { _, resource, id, head in
            reportingViolations { () throws(ProtocolViolation) in
                try resourceObject(resource, as: OutputConfigurationObject.self)?.configure(head, enabled: id)
            }
        }
        i.disable_head = { _, resource, head in
            reportingViolations { () throws(ProtocolViolation) in
                try resourceObject(resource, as: OutputConfigurationObject.self)?.configure(head, enabled: nil)
            }
        }
        i.apply = { _, resource in
            reportingViolations { () throws(ProtocolViolation) in
                try resourceObject(resource, as: OutputConfigurationObject.self)?.finish(applying: true)
            }
        }
        i.test = { _, resource in
            reportingViolations { () throws(ProtocolViolation) in
                try resourceObject(resource, as: OutputConfigurationObject.self)?.finish(applying: false)
            }
        }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
