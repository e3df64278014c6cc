import CStrataServerProtocol
import CWaylandServer

/// A zwlr_output_head_v1: one output as one binding sees it, and its
/// modes (zwlr_output_mode_v1). Made by the server (the `head` event);
/// `finished` when the output goes, then inert.
final class OutputHead {
    weak var binding: OutputManagerBinding?
    let device: BackendOutput
    private(set) var resource: WaylandResource?
    private(set) var modes: [OutputMode] = []
    /// What it said last.
    private var state: OutputHeadState

    init?(binding: OutputManagerBinding, manager: WaylandResource, state: OutputHeadState) {
        self.binding = binding
        device = state.device
        self.state = state
        guard let resource = makeResource(client: wl_resource_get_client(manager), interface: strata_zwlr_output_head_v1_interface(),
                                          version: wl_resource_get_version(manager), id: 0, implementation: nil, object: self,
                                          onDestroy: { [unowned self] _ in
                                              self.resource = nil
                                              self.binding?.forget(self)
                                          })
        else { return nil }
        self.resource = resource
        zwlr_output_manager_v1_send_head(manager, resource)
        zwlr_output_head_v1_send_name(resource, state.name)
        zwlr_output_head_v1_send_description(resource, state.description)
        if wl_resource_get_version(resource) >= 2 {
            zwlr_output_head_v1_send_make(resource, "Strata")
            zwlr_output_head_v1_send_model(resource, state.model)
        }
        updateModes(to: state.modes)
        zwlr_output_head_v1_send_enabled(resource, state.enabled ? 1 : 0)
        if state.enabled { sendPlacement(state) }
    }

    /// Sends what differs from what it said last.
    func update(to new: OutputHeadState) {
        guard let resource else { return }
        let old = state
        state = new
        if new.description != old.description { zwlr_output_head_v1_send_description(resource, new.description) }
        if new.modes != old.modes { updateModes(to: new.modes) }
        if new.enabled != old.enabled { zwlr_output_head_v1_send_enabled(resource, new.enabled ? 1 : 0) }
        guard new.enabled else { return }
        // Enabled again: its whole placement, as for a new head.
        if !old.enabled || new.modes != old.modes {
            sendPlacement(new)
            return
        }
        if new.current != old.current, let mode = mode(matching: new.current) {
            zwlr_output_head_v1_send_current_mode(resource, mode.resource)
        }
        if new.position != old.position { zwlr_output_head_v1_send_position(resource, new.position.x, new.position.y) }
        if new.scale != old.scale { zwlr_output_head_v1_send_scale(resource, wl_fixed_from_double(new.scale)) }
    }

    /// The output is gone: the head and its modes are finished.
    func finish() {
        for mode in modes { mode.finish() }
        modes = []
        if let resource { zwlr_output_head_v1_send_finished(resource) }
        resource = nil
    }

    /// Whether `mode` is one of this head's modes now.
    func owns(_ mode: OutputMode) -> Bool { modes.contains { $0 === mode } }

    private func sendPlacement(_ state: OutputHeadState) {
        guard let resource else { return }
        if let mode = mode(matching: state.current) { zwlr_output_head_v1_send_current_mode(resource, mode.resource) }
        zwlr_output_head_v1_send_position(resource, state.position.x, state.position.y)
        zwlr_output_head_v1_send_transform(resource, OutputTransform.normal.rawValue)
        zwlr_output_head_v1_send_scale(resource, wl_fixed_from_double(state.scale))
    }

    /// Modes no longer offered are finished; new ones are announced.
    private func updateModes(to infos: [OutputModeInfo]) {
        guard let resource else { return }
        for mode in modes where !infos.contains(mode.info) { mode.finish() }
        modes.removeAll { !infos.contains($0.info) }
        for info in infos where !modes.contains(where: { $0.info == info }) {
            guard let mode = OutputMode(head: resource, info: info) else { continue }
            modes.append(mode)
        }
    }

    private func mode(matching info: OutputModeInfo) -> OutputMode? {
        modes.first { $0.info.width == info.width && $0.info.height == info.height && $0.info.refreshMillihertz == info.refreshMillihertz }
    }
}

/// A zwlr_output_mode_v1: one mode of a head, announced with its size,
/// refresh rate and whether it is the preferred one.
final class OutputMode {
    let info: OutputModeInfo
    private(set) var resource: WaylandResource?

    init?(head: WaylandResource, info: OutputModeInfo) {
        self.info = info
        guard let resource = makeResource(client: wl_resource_get_client(head), interface: strata_zwlr_output_mode_v1_interface(),
                                          version: wl_resource_get_version(head), id: 0, implementation: nil, object: self,
                                          onDestroy: { [unowned self] _ in self.resource = nil })
        else { return nil }
        self.resource = resource
        zwlr_output_head_v1_send_mode(head, resource)
        zwlr_output_mode_v1_send_size(resource, Int32(clamping: info.width), Int32(clamping: info.height))
        zwlr_output_mode_v1_send_refresh(resource, Int32(clamping: info.refreshMillihertz))
        if info.isPreferred { zwlr_output_mode_v1_send_preferred(resource) }
    }

    func finish() {
        if let resource { zwlr_output_mode_v1_send_finished(resource) }
        resource = nil
    }
}
