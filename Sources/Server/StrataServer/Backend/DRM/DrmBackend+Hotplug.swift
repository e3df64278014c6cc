/// Monitors unplugged and plugged in while the compositor runs. A monitor
/// plugged in becomes an output at the right of the layout, in its
/// preferred mode; one unplugged takes its output out of the layout (its
/// windows move to the first remaining output). The last output is kept
/// without a monitor, its frames going nowhere, until a monitor comes:
/// the same connector again drives it if it has a mode of its size;
/// another becomes an output of its own and the monitor-less one goes.
extension DrmBackend {
    /// Connectors came or went: the layout follows the monitors.
    func connectorsChanged() {
        let connectors: [ConnectorInfo]
        do {
            connectors = try device.connectors()
        } catch {
            ServerLog.logger.error("\(device.path): cannot read the connectors: \(error)")
            return
        }
        plannedOutputs = OutputLayout.plan(connectors)
        for output in drmOutputs {
            guard let current = output.chain,
                  !connectors.contains(where: { $0.id == current.output.connector.id && $0.isConnected }) else { continue }
            ServerLog.logger.info("\(current.output.connector.name) disconnected")
            output.unplug()
        }
        // The same monitor back on the kept output.
        for output in drmOutputs where output.chain == nil {
            drive(output, fromAmong: connectors.filter { $0.name == output.outputName })
        }
        for connector in connectors where connector.isConnected && !isDriven(connector) {
            addOutput(for: connector)
        }
        removeOutputsWithoutMonitors()
    }

    private func isDriven(_ connector: ConnectorInfo) -> Bool {
        drmOutputs.contains { $0.chain?.output.connector.id == connector.id }
    }

    /// A monitor plugged in: an output of its own, in its preferred mode, from a CRTC no other output uses.
    private func addOutput(for connector: ConnectorInfo) {
        guard let mode = OutputLayout.mode(for: connector) else {
            ServerLog.logger.warning("\(connector.name) connected, but it offers no mode")
            return
        }
        let driven = drmOutputs.compactMap(\.chain)
        guard let crtc = connector.possibleCrtcs.first(where: { crtc in !driven.contains { $0.output.crtc == crtc } }) else {
            ServerLog.logger.warning("\(connector.name) connected, but no free CRTC can drive it")
            return
        }
        let planned = PlannedOutput(connector: connector, crtc: crtc, mode: mode, x: 0)
        let output: DrmOutput
        do {
            output = try DrmOutput(planned: planned, device: device, scale: scale, atomicOffered: isAtomicOffered,
                                   noAtomicReason: noAtomicReason, planesInUse: Set(driven.compactMap(\.path.plane)))
        } catch {
            ServerLog.logger.error("\(connector.name): cannot drive it: \(error)")
            return
        }
        output.isSessionActive = isSessionActive
        drmOutputs.append(output)
        ServerLog.logger.info("\(connector.name) connected: \(mode), \(output.chain.map { "\($0.path)" } ?? "")")
        server?.addOutput(output)
    }

    /// Outputs whose monitor went leave the layout, while another output remains.
    private func removeOutputsWithoutMonitors() {
        for output in drmOutputs where output.chain == nil {
            guard drmOutputs.count > 1, server?.removeOutput(output) ?? true else { continue }
            drmOutputs.removeAll { $0 === output }
        }
        if let first = drmOutputs.first {
            // Absolute positions (touchscreens, tablets) are fractions of the first output.
            translator.outputWidth = Double(first.renderer.width) / Double(scale)
            translator.outputHeight = Double(first.renderer.height) / Double(scale)
        }
    }

    /// The kept output without a monitor takes one of these with a mode of its size.
    private func drive(_ output: DrmOutput, fromAmong connectors: [ConnectorInfo]) {
        let width = output.renderer.width, height = output.renderer.height
        let driven = drmOutputs.compactMap(\.chain)
        for connector in connectors where connector.isConnected && !driven.contains(where: { $0.output.connector.id == connector.id }) {
            guard let mode = Self.mode(of: connector, width: width, height: height) else { continue }
            guard let crtc = connector.possibleCrtcs.first(where: { crtc in !driven.contains { $0.output.crtc == crtc } }) else { continue }
            let planned = PlannedOutput(connector: connector, crtc: crtc, mode: mode, x: 0)
            do {
                let next = try ScanoutChain(device: device, output: planned, source: output.renderer.framebuffer,
                                            atomicOffered: isAtomicOffered, noAtomicReason: noAtomicReason,
                                            planesInUse: Set(driven.compactMap(\.path.plane)))
                output.chain = next
                ServerLog.logger.info("\(connector.name) connected: \(mode) as \(output.outputName), \(next.path)")
                if isSessionActive { try next.present() }
            } catch {
                ServerLog.logger.error("\(connector.name): cannot drive it: \(error)")
            }
            return
        }
    }

    /// The connector's preferred mode if it has this size, else its fastest mode of this size.
    static func mode(of connector: ConnectorInfo, width: Int, height: Int) -> DisplayMode? {
        if let preferred = OutputLayout.mode(for: connector), preferred.width == width, preferred.height == height { return preferred }
        return connector.modes.filter { $0.width == width && $0.height == height }.max { $0.refreshMillihertz < $1.refreshMillihertz }
    }
}
