import StrataProtocol

// `strata output add|remove|list`: outputs made and removed on request,
// on backends that can (headless), and the layout as JSON.
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
            guard let output = output(named: name) else {
                return "error: no output named \(name) (outputs: \(outputs.map(\.name).joined(separator: ", ")))"
            }
            guard let setter = backend as? ModeSettingBackend else {
                return "error: only the drm backend's monitors have modes; this output's size is set when it is made"
            }
            do {
                let mode = try setter.setMode(of: output.device, width: width, height: height, refreshMillihertz: refresh)
                outputDidResize(output.device)
                return JSONValue.object([("output", .string(name)), ("mode", .string(mode)), ("outputs", outputsDump())]).serialized()
            } catch {
                return "error: \(error)"
            }
        }
    }
}
