// Outputs turned off and on (wlr-output-power-management): the backend
// turns the display off (DPMS on a monitor); the output keeps its place in
// the layout, as in sway, and is neither drawn nor presented to until it
// is on again. Input does not turn it on.
extension Server {
    /// Turns `output` off or on; throws, one line, when its display refused.
    func setPower(of output: Output, on: Bool) throws {
        guard output.isPoweredOn != on else { return }
        try output.device.setPowered(on)
        output.isPoweredOn = on
        ServerLog.logger.info("output \(output.name) powered \(on ? "on" : "off")")
        // Frames skipped while off changed nothing on it: drawn whole again.
        if on { output.renderer.invalidateAll() }
        for each in extensions { each.outputPowerChanged(output) }
        scheduleFrame()
    }

    /// Whether `callback`'s surface is shown only on outputs that are off:
    /// it waits until one of them is on again, or the surface moves.
    func isHeldByPoweredOffOutputs(_ callback: FrameCallback) -> Bool {
        guard let surface = callback.surface, !surface.outputsEntered.isEmpty else { return false }
        return surface.outputsEntered.allSatisfy { !$0.isPoweredOn }
    }
}
