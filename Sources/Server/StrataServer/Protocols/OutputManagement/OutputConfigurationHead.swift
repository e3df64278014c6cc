import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// A zwlr_output_configuration_head_v1: what an enabled head of a
/// configuration changes (mode or custom mode, position, transform,
/// scale), each set at most once. Inert once its configuration is
/// applied, tested or destroyed.
final class OutputConfigurationHead {
    private let head: OutputHead
    private var resource: WaylandResource?
    private(set) var settings = OutputSettings(enabled: true)
    private var isConfigurationOpen = true
    private var hasMode = false

    init?(head: OutputHead, parent: WaylandResource, id: UInt32) {
        self.head = head
        guard let resource = makeResource(child: parent, interface: strata_zwlr_output_configuration_head_v1_interface(), id: id,
                                          implementation: OutputConfigurationHead.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.resource = nil })
        else { return nil }
        self.resource = resource
    }

    func configurationEnded() { isConfigurationOpen = false }

    private func error(_ code: zwlr_output_configuration_head_v1_error, _ message: String) -> ProtocolViolation {
        let resource = resource!
        return ProtocolViolation(resource: resource, code: code.rawValue,
                                 message: "zwlr_output_configuration_head_v1@\(wl_resource_get_id(resource)) (\(head.device.outputName)): \(message)")
    }

    private func checkUnset(_ isSet: Bool, _ what: String) throws(ProtocolViolation) {
        if isSet { throw error(ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET, "\(what) is set already") }
    }

    private func setMode(_ modeResource: WaylandResource?) throws(ProtocolViolation) {
        guard resource != nil, isConfigurationOpen else { return }
        try checkUnset(hasMode, "the mode")
        guard let mode = resourceObject(modeResource, as: OutputMode.self), head.owns(mode) else {
            throw error(ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_MODE, "the mode is not one of this head's")
        }
        hasMode = true
        settings.mode = (mode.info.width, mode.info.height, mode.info.refreshMillihertz)
    }

    private func setCustomMode(width: Int32, height: Int32, refresh: Int32) throws(ProtocolViolation) {
        guard resource != nil, isConfigurationOpen else { return }
        try checkUnset(hasMode, "the mode")
        guard width > 0, height > 0, refresh >= 0 else {
            throw error(ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_CUSTOM_MODE, "custom mode \(width)x\(height)@\(refresh)mHz")
        }
        hasMode = true
        // Sizes past what any output takes are refused by the backend's test (failed), not here.
        settings.mode = (ClientValue.length(width), ClientValue.length(height), refresh == 0 ? nil : Int(refresh))
    }

    private func setPosition(x: Int32, y: Int32) throws(ProtocolViolation) {
        guard resource != nil, isConfigurationOpen else { return }
        try checkUnset(settings.position != nil, "the position")
        settings.position = Point(x: Double(ClientValue.coordinate(x)), y: Double(ClientValue.coordinate(y)))
    }

    private func setTransform(_ value: Int32) throws(ProtocolViolation) {
        guard resource != nil, isConfigurationOpen else { return }
        try checkUnset(settings.transform != nil, "the transform")
        guard let transform = OutputTransform(rawValue: value) else {
            throw error(ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_TRANSFORM, "transform \(value) is not a wl_output.transform")
        }
        settings.transform = transform
    }

    private func setScale(_ value: wl_fixed_t) throws(ProtocolViolation) {
        guard resource != nil, isConfigurationOpen else { return }
        try checkUnset(settings.scale != nil, "the scale")
        let scale = ClientValue.double(fixed: value)
        guard scale > 0 else { throw error(ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_SCALE, "scale \(scale) is not positive") }
        settings.scale = scale
    }

    static let implementation: UnsafeRawPointer = {
        func with(_ resource: WaylandResource?, _ body: (OutputConfigurationHead) throws(ProtocolViolation) -> Void) {
            guard let head = resourceObject(resource, as: OutputConfigurationHead.self) else { return }
            reportingViolations { () throws(ProtocolViolation) in try body(head) }
        }
        var i = zwlr_output_configuration_head_v1_interface()
        i.set_mode = { _, resource, mode in with(resource) { head throws(ProtocolViolation) in try head.setMode(mode) } }
        i.set_custom_mode = { _, resource, width, height, refresh in
            with(resource) { head throws(ProtocolViolation) in try head.setCustomMode(width: width, height: height, refresh: refresh) }
        }
        i.set_position = { _, resource, x, y in with(resource) { head throws(ProtocolViolation) in try head.setPosition(x: x, y: y) } }
        i.set_transform = { _, resource, transform in
            with(resource) { head throws(ProtocolViolation) in try head.setTransform(transform) }
        }
        i.set_scale = { _, resource, scale in with(resource) { head throws(ProtocolViolation) in try head.setScale(scale) } }
        return staticImplementation(i)
    }()
}
