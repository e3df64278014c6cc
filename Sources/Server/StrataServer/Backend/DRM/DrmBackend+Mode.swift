/// A monitor driven in another of its modes (an output configuration:
/// `strata output set|mode`, wlr-randr, kanshi).
extension DrmBackend {
    struct ModeError: Error, CustomStringConvertible {
        let description: String
    }

    /// Drives `device`'s monitor in its mode of `width`×`height` pixels (at
    /// `refreshMillihertz`, else the fastest of that size), with a renderer
    /// of that size; the server then lays the outputs out again. Returns the
    /// mode; throws, one line, when there is no such mode.
    func setMode(of device: BackendOutput, width: Int, height: Int, refreshMillihertz: Int?) throws -> String {
        guard let index = drmOutputs.firstIndex(where: { $0 === device }), let chain = drmOutputs[index].chain else {
            throw ModeError(description: "that output has no monitor now")
        }
        let output = drmOutputs[index]
        // The connector's modes as the kernel lists them now.
        let connector = try self.device.connectors().first { $0.id == chain.output.connector.id } ?? chain.output.connector
        let sized = connector.modes.filter { $0.width == width && $0.height == height }
        let chosen: DisplayMode?
        if let refreshMillihertz {
            // Within half a hertz: 74.99 names 74.992.
            chosen = sized.filter { abs($0.refreshMillihertz - refreshMillihertz) <= 500 }
                .min { abs($0.refreshMillihertz - refreshMillihertz) < abs($1.refreshMillihertz - refreshMillihertz) }
        } else {
            chosen = sized.max { $0.refreshMillihertz < $1.refreshMillihertz }
        }
        guard let mode = chosen else {
            var seen: [String] = []
            for mode in connector.modes where !seen.contains(mode.description) { seen.append(mode.description) }
            let asked = "\(width)x\(height)" + (refreshMillihertz.map { "@\(Double($0) / 1000)Hz" } ?? "")
            throw ModeError(description: "\(output.outputName) offers no mode \(asked) (modes: \(seen.joined(separator: ", ")))")
        }
        let planesInUse = Set(drmOutputs.enumerated().compactMap { $0.offset == index ? nil : $0.element.chain?.path.plane })
        try output.setMode(mode, device: self.device, atomicOffered: isAtomicOffered, noAtomicReason: noAtomicReason,
                           planesInUse: planesInUse)
        if index == 0 {
            translator.outputWidth = Double(mode.width) / Double(scale)
            translator.outputHeight = Double(mode.height) / Double(scale)
        }
        ServerLog.logger.info("\(output.outputName): mode \(mode), \(output.chain!.path)")
        return mode.description
    }
}

/// Output configurations (wlr-output-management, `strata output set`): a
/// monitor's modes are its connector's; every monitor keeps the scale the
/// backend was started with, and none is disabled (its CRTC would go on
/// scanning out its last frame).
extension DrmBackend: OutputConfiguringBackend {
    func modes(of output: BackendOutput) -> [OutputModeInfo] {
        guard let chain = drmOutputs.first(where: { $0 === output })?.chain else { return [output.currentMode] }
        return chain.output.connector.modes.map {
            OutputModeInfo(width: $0.width, height: $0.height, refreshMillihertz: $0.refreshMillihertz, isPreferred: $0.isPreferred)
        }
    }

    func refusal(of drive: OutputDrive, for output: BackendOutput) -> String? {
        if drive.scale != scale { return "the drm backend drives every monitor at scale \(scale) (strata run --scale), \(output.outputName) too" }
        let sized = modes(of: output).filter { $0.width == drive.width && $0.height == drive.height }
        let offered = drive.refreshMillihertz.map { asked in sized.contains { abs($0.refreshMillihertz - asked) <= 500 } } ?? !sized.isEmpty
        guard !offered else { return nil }
        var seen: [String] = []
        for mode in modes(of: output) where !seen.contains(mode.description) { seen.append(mode.description) }
        let asked = "\(drive.width)x\(drive.height)" + (drive.refreshMillihertz.map { "@\(Double($0) / 1000)Hz" } ?? "")
        return "\(output.outputName) offers no mode \(asked) (modes: \(seen.joined(separator: ", ")))"
    }

    func drive(_ output: BackendOutput, as drive: OutputDrive) throws {
        let current = output.currentMode
        if current.width == drive.width, current.height == drive.height,
           drive.refreshMillihertz.map({ abs($0 - current.refreshMillihertz) <= 500 }) ?? true { return }
        _ = try setMode(of: output, width: drive.width, height: drive.height, refreshMillihertz: drive.refreshMillihertz)
    }

    var canDisableOutputs: Bool { false }
}
