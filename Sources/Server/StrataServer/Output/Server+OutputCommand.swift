import StrataProtocol

// `strata output add|remove|list|set|mode`: outputs made and removed on
// request, on backends that can (headless), changed through an output
// configuration (as wlr-randr's), and the layout as JSON.
extension Server {
    /// Does what `command` asks; the control socket's answer: JSON, or `error: …`.
    func perform(_ command: OutputCommand) -> String {
        switch command {
        case .list:
            return outputsDump().serialized()
        case .add(let width, let height, let scale):
            guard let maker = backend as? OutputMakingBackend else {
                return "error: this backend's outputs follow its monitors or windows; only headless outputs can be added"
            }
            let first = outputs[0]
            let scale = scale ?? Int(first.scale)
            let width = width ?? first.pixelWidth, height = height ?? first.pixelHeight
            guard width % scale == 0, height % scale == 0 else {
                return "error: size \(width)x\(height) is not a multiple of scale \(scale)"
            }
            let output = addOutput(maker.makeOutput(width: width, height: height, scale: scale))
            return JSONValue.object([("added", .string(output.name)), ("outputs", outputsDump())]).serialized()
        case .remove(let name):
            guard let output = output(named: name) else {
                return "error: no output named \(name) (outputs: \(outputs.map(\.name).joined(separator: ", ")))"
            }
            guard let maker = backend as? OutputMakingBackend else {
                return "error: this backend's outputs follow its monitors or windows; only headless outputs can be removed"
            }
            guard outputs.count > 1 else { return "error: \(name) is the last output; Strata always keeps one" }
            removeOutput(output.device)
            maker.outputRemoved(output.device)
            return JSONValue.object([("removed", .string(name)), ("outputs", outputsDump())]).serialized()
        case .mode(let name, let width, let height, let refresh):
            return configure(name, OutputChanges(mode: (width, height, refresh))) { device in [("mode", .string(device.currentMode.description))] }
        case .set(let name, let changes):
            return configure(name, changes) { _ in [] }
        }
    }

    /// `strata output set` and `mode`: the changes as an output
    /// configuration of the one output, applied whole or refused.
    private func configure(_ name: String, _ changes: OutputChanges,
                           answer: (BackendOutput) -> [(String, JSONValue)]) -> String {
        guard let device = configurableOutput(named: name) else {
            return "error: no output named \(name) (outputs: \(configurableOutputs.map(\.outputName).joined(separator: ", ")))"
        }
        let enabled = changes.enabled ?? isEnabled(device)
        if !enabled, changes.enabled == nil {
            return "error: \(name) is disabled; add --enable to change it"
        }
        var settings = OutputSettings(enabled: enabled)
        settings.mode = changes.mode
        settings.scale = changes.scale
        settings.position = changes.position.map { Point(x: Double($0.x), y: Double($0.y)) }
        settings.transform = changes.transform.flatMap(OutputTransform.init(name:))
        do throws(OutputConfigurationRefusal) {
            try apply(OutputConfiguration(settings: [(device, settings)]))
        } catch {
            return "error: \(error)"
        }
        return JSONValue.object([("output", .string(name))] + answer(device) + [("outputs", outputsDump())]).serialized()
    }
}
