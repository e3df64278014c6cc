/// Monitors unplugged and plugged in while the compositor runs. The server's
/// outputs are fixed for its life, so a monitor plugged in adds no output:
/// it drives an output whose monitor was unplugged, if it has a mode of
/// that output's size (an output cannot change size yet).
extension DrmBackend {
    /// Connectors came or went: outputs whose monitor went let it go; each
    /// output without a monitor takes the first connected one not driven,
    /// with a mode of its size and a free CRTC.
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
        for output in drmOutputs where output.chain == nil {
            drive(output, fromAmong: connectors)
        }
    }

    private func drive(_ output: DrmOutput, fromAmong connectors: [ConnectorInfo]) {
        let width = output.renderer.width, height = output.renderer.height
        let driven = drmOutputs.compactMap(\.chain)
        for connector in connectors where connector.isConnected && !driven.contains(where: { $0.output.connector.id == connector.id }) {
            guard let mode = Self.mode(of: connector, width: width, height: height) else {
                ServerLog.logger.warning("""
                    \(connector.name) connected, but it has no \(width)x\(height) mode; \
                    the output keeps its size until strata restarts
                    """)
                continue
            }
            guard let crtc = connector.possibleCrtcs.first(where: { crtc in !driven.contains { $0.output.crtc == crtc } }) else {
                ServerLog.logger.warning("\(connector.name) connected, but no free CRTC can drive it")
                continue
            }
            let planned = PlannedOutput(connector: connector, crtc: crtc, mode: mode, x: 0)
            do {
                let next = try ScanoutChain(device: device, output: planned, source: output.renderer.framebuffer,
                                            atomicOffered: isAtomicOffered,
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
