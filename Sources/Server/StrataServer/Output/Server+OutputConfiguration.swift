import StrataProtocol

// Output configurations (zwlr_output_configuration_v1, `strata output
// set`): tested as a whole, then applied as a whole; what the outputs
// cannot do refuses the configuration before any of it is applied.
extension Server {
    /// Every output a configuration can name: those in the layout, left to
    /// right, then the disabled ones.
    var configurableOutputs: [BackendOutput] { outputs.map(\.device) + disabledOutputs }

    /// The backend output named `name`, enabled or not.
    func configurableOutput(named name: String) -> BackendOutput? {
        configurableOutputs.first { $0.outputName == name }
    }

    func isEnabled(_ device: BackendOutput) -> Bool { outputs.contains { $0.device === device } }

    /// Why `configuration` cannot be applied; nil when it can.
    func refusal(of configuration: OutputConfiguration) -> OutputConfigurationRefusal? {
        let configuring = backend as? OutputConfiguringBackend
        for (device, settings) in configuration.settings {
            let name = device.outputName
            guard configurableOutputs.contains(where: { $0 === device }) else { return .init("\(name) is gone") }
            guard settings.enabled else {
                if isEnabled(device), configuring?.canDisableOutputs != true {
                    return .init("this backend's outputs cannot be disabled (\(name))")
                }
                continue
            }
            if let transform = settings.transform, transform != .normal {
                return .init("output transforms are not supported yet (\(name): \(transform.name)); only normal")
            }
            if let position = settings.position {
                guard position.x >= 0, position.y >= 0, position.x <= Server.largestOutputPosition,
                      position.y <= Server.largestOutputPosition else {
                    return .init("position \(Int(position.x)),\(Int(position.y)) of \(name) is outside 0…\(Int(Server.largestOutputPosition))")
                }
            }
            let drive: OutputDrive
            switch self.drive(of: device, as: settings) {
            case .success(let asked): drive = asked
            case .failure(let refusal): return refusal
            }
            guard drive != currentDrive(of: device) else { continue }
            guard let configuring else { return .init("this backend's outputs keep their mode and scale (\(name))") }
            if let reason = configuring.refusal(of: drive, for: device) { return .init(reason) }
        }
        let enabled = configurableOutputs.filter { configuration.settings(of: $0)?.enabled ?? isEnabled($0) }
        if enabled.isEmpty { return .init("at least one output must stay enabled") }
        return nil
    }

    /// Applies `configuration` whole, or throws before changing anything
    /// when it cannot be done. Outputs to disable leave the layout first;
    /// then modes, scales and places change; then outputs to enable join.
    func apply(_ configuration: OutputConfiguration) throws(OutputConfigurationRefusal) {
        if let refusal = refusal(of: configuration) { throw refusal }
        // Strata always has an output: one that cannot go yet goes once the enabled ones joined.
        var leaving: [BackendOutput] = []
        for (device, settings) in configuration.settings where !settings.enabled && isEnabled(device) {
            if removeOutput(device) { disabledOutputs.append(device) } else { leaving.append(device) }
        }
        var changed: [BackendOutput] = []
        for (device, settings) in configuration.settings where settings.enabled {
            if let position = settings.position { outputPositions[device.outputName] = position }
            guard case .success(let drive) = self.drive(of: device, as: settings), drive != currentDrive(of: device),
                  let configuring = backend as? OutputConfiguringBackend else { continue }
            do {
                try configuring.drive(device, as: drive)
            } catch {
                // Tested beforehand: only the hardware refusing a mode it listed gets here. What was
                // done is laid out and told (not undone), and the configuration fails.
                ServerLog.logger.error("output \(device.outputName): \(error)")
                layOutOutputsAgain(redescribing: changed)
                throw OutputConfigurationRefusal("\(device.outputName): \(error)")
            }
            changed.append(device)
        }
        layOutOutputsAgain(redescribing: changed)
        for (device, settings) in configuration.settings where settings.enabled && !isEnabled(device) {
            disabledOutputs.removeAll { $0 === device }
            addOutput(device)
        }
        for device in leaving where removeOutput(device) { disabledOutputs.append(device) }
    }

    /// Positions beyond this are refused: far enough for any layout, small
    /// enough that a position plus a size stays a client coordinate.
    static let largestOutputPosition = 1_048_576.0

    /// How `device` is driven now.
    func currentDrive(of device: BackendOutput) -> OutputDrive {
        let renderer = device.renderer
        return OutputDrive(width: renderer.width, height: renderer.height, refreshMillihertz: nil,
                           scale: Int(max(renderer.scale, 1)))
    }

    /// How `settings` would drive `device`: its mode and scale, each kept where not asked.
    private func drive(of device: BackendOutput, as settings: OutputSettings) -> Result<OutputDrive, OutputConfigurationRefusal> {
        var drive = currentDrive(of: device)
        if let scale = settings.scale {
            guard scale.isFinite, scale >= 1, scale <= 8 else {
                return .failure(.init("scale \(scale) of \(device.outputName) is outside 1…8"))
            }
            guard scale == scale.rounded() else {
                return .failure(.init("fractional scales are not supported yet (\(device.outputName): \(scale)); use 1, 2, 3…"))
            }
            drive.scale = Int(scale)
        }
        if let mode = settings.mode {
            guard (1...16384).contains(mode.width), (1...16384).contains(mode.height) else {
                return .failure(.init("mode \(mode.width)x\(mode.height) of \(device.outputName) is outside 1…16384 pixels a side"))
            }
            drive.width = mode.width
            drive.height = mode.height
            if let refresh = mode.refreshMillihertz, abs(refresh - device.refreshMillihertz) > 500 || mode.width != device.renderer.width
                || mode.height != device.renderer.height {
                drive.refreshMillihertz = refresh
            }
        }
        return .success(drive)
    }
}
