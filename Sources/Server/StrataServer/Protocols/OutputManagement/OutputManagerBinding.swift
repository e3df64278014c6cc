import CStrataServerProtocol
import CWaylandServer

/// One client's zwlr_output_manager_v1: its heads, one per output, and the
/// configurations it makes.
final class OutputManagerBinding {
    unowned let global: OutputManagerGlobal
    var resource: WaylandResource?
    /// Its live heads, in the order they were announced.
    private(set) var heads: [OutputHead] = []
    /// After `stop`: `finished` was sent, nothing more is.
    private var isStopped = false

    init(global: OutputManagerGlobal) {
        self.global = global
    }

    /// Brings the heads to `state` (new ones announced, gone ones finished,
    /// the others told what differs), then `done`.
    func update(to state: [OutputHeadState], serial: UInt32) {
        guard let resource, !isStopped else { return }
        for head in heads where !state.contains(where: { $0.device === head.device }) {
            head.finish()
            forget(head)
        }
        for each in state {
            if let head = heads.first(where: { $0.device === each.device }) {
                head.update(to: each)
            } else if let head = OutputHead(binding: self, manager: resource, state: each) {
                heads.append(head)
            }
        }
        zwlr_output_manager_v1_send_done(resource, serial)
    }

    func forget(_ head: OutputHead) { heads.removeAll { $0 === head } }

    static let implementation: UnsafeRawPointer = {
        var i = zwlr_output_manager_v1_interface()
        i.create_configuration = { _, resource, id, serial in
            guard let binding = resourceObject(resource, as: OutputManagerBinding.self), let resource else { return }
            _ = OutputConfigurationObject(binding: binding, parent: resource, id: id, serial: serial)
        }
        i.stop = { _, resource in
            guard let binding = resourceObject(resource, as: OutputManagerBinding.self), let resource,
                  !binding.isStopped else { return }
            binding.isStopped = true
            zwlr_output_manager_v1_send_finished(resource)
            wl_resource_destroy(resource)
        }
        return staticImplementation(i)
    }()
}
