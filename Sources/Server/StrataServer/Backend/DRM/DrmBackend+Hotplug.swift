/// Monitors plugged in and unplugged while the compositor runs.
extension DrmBackend {
    /// Connectors came or went: drop the driven one if it went; when none
    /// is driven, drive the first connected one that has a mode of the
    /// output's size (the server's output cannot change size yet).
    func connectorsChanged() {
        let connectors: [ConnectorInfo]
        do {
            connectors = try device.connectors()
        } catch {
            ServerLog.logger.error("\(device.path): cannot read the connectors: \(error)")
            return
        }
        plannedOutputs = OutputLayout.plan(connectors)
        if let current = chain, !connectors.contains(where: { $0.id == current.output.connector.id && $0.isConnected }) {
            ServerLog.logger.info("\(current.output.connector.name) disconnected")
            pixelsPresentedByUnpluggedMonitors += current.pixelsCopied
            current.destroy()
            chain = nil
        }
        guard chain == nil else { return }
        for planned in plannedOutputs {
            guard let mode = Self.mode(of: planned, width: renderer.width, height: renderer.height) else {
                ServerLog.logger.warning("""
                    \(planned.connector.name) connected, but it has no \(renderer.width)x\(renderer.height) mode; \
                    the output keeps its size until strata restarts
                    """)
                continue
            }
            let output = PlannedOutput(connector: planned.connector, crtc: planned.crtc, mode: mode, x: 0)
            do {
                let next = try ScanoutChain(device: device, output: output, source: renderer.framebuffer,
                                           atomicOffered: isAtomicOffered)
                chain = next
                ServerLog.logger.info("\(planned.connector.name) connected: \(mode)")
                if isSessionActive { try next.present() }
            } catch {
                ServerLog.logger.error("\(planned.connector.name): cannot drive it: \(error)")
            }
            return
        }
    }

    /// The planned mode if it has this size, else the connector's fastest mode of this size.
    static func mode(of planned: PlannedOutput, width: Int, height: Int) -> DisplayMode? {
        if planned.mode.width == width, planned.mode.height == height { return planned.mode }
        return planned.connector.modes.filter { $0.width == width && $0.height == height }.max { $0.refreshMillihertz < $1.refreshMillihertz }
    }
}
