import CStrataServerProtocol
import CWaylandServer

/// A zwlr_output_power_v1: turns its output off and on, and reports each
/// change (`mode`), whoever made it. Made without an output (another
/// controller has it, or it is gone), or once the output goes or its
/// display refuses, it sends `failed` and is inert.
final class OutputPowerController {
    private unowned let manager: OutputPowerManagerGlobal
    private(set) weak var output: Output?
    private var resource: WaylandResource?

    init?(manager: OutputPowerManagerGlobal, output: Output?, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        self.output = output
        guard let resource = makeResource(child: parent, interface: strata_zwlr_output_power_v1_interface(), id: id,
                                          implementation: OutputPowerController.implementation, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.manager.remove(self)
                                          })
        else { return nil }
        self.resource = resource
        if output == nil { zwlr_output_power_v1_send_failed(resource) } else { sendMode() }
    }

    /// The output's state now.
    func sendMode() {
        guard let resource, let output else { return }
        zwlr_output_power_v1_send_mode(resource, (output.isPoweredOn ? ZWLR_OUTPUT_POWER_V1_MODE_ON : ZWLR_OUTPUT_POWER_V1_MODE_OFF).rawValue)
    }

    /// No longer valid: `failed`, then inert.
    func fail() {
        output = nil
        manager.remove(self)
        if let resource { zwlr_output_power_v1_send_failed(resource) }
    }

    private func setMode(_ mode: UInt32) {
        guard let resource else { return }
        guard mode == ZWLR_OUTPUT_POWER_V1_MODE_ON.rawValue || mode == ZWLR_OUTPUT_POWER_V1_MODE_OFF.rawValue else {
            strata_resource_post_error(resource, ZWLR_OUTPUT_POWER_V1_ERROR_INVALID_MODE.rawValue,
                                       "zwlr_output_power_v1@\(wl_resource_get_id(resource)): mode \(mode) is neither off (0) nor on (1)")
            return
        }
        guard let output else { return }
        do {
            try manager.server.setPower(of: output, on: mode == ZWLR_OUTPUT_POWER_V1_MODE_ON.rawValue)
        } catch {
            ServerLog.logger.error("output \(output.name): cannot turn it \(mode == 0 ? "off" : "on"): \(error)")
            fail()
        }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwlr_output_power_v1_interface()
        i.set_mode = { _, resource, mode in resourceObject(resource, as: OutputPowerController.self)?.setMode(mode) }
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
