import StrataProtocol

// The outputs laid out again after some changed mode, scale or place (a
// nested window resized, a monitor's mode, an output configuration).
extension Server {
    /// Lays the outputs out again: each window keeps its place on its
    /// output, the outputs of `redescribing` send their mode and scale
    /// again, those that moved their place, then every wl_output `done`;
    /// layer surfaces arrange, maximized and fullscreen windows take their
    /// output's new size, and the next frame redraws everything.
    func layOutOutputsAgain(redescribing changed: [BackendOutput]) {
        let before = outputs.map(\.origin)
        let placed = windows.toplevels.map { toplevel in
            (toplevel, outputs.firstIndex { $0 === output(of: toplevel) } ?? 0)
        }
        layOutOutputs()
        if let first = outputs.first { (configuration.width, configuration.height) = (first.pixelWidth, first.pixelHeight) }
        for (toplevel, index) in placed {
            let dx = outputs[index].origin.x - before[index].x, dy = outputs[index].origin.y - before[index].y
            if dx != 0 || dy != 0, let origin = toplevel.origin { toplevel.move(to: Point(x: origin.x + dx, y: origin.y + dy)) }
        }
        for output in outputs where changed.contains(where: { $0 === output.device }) { output.global?.sendMode() }
        for (output, old) in zip(outputs, before) where output.origin != old { output.global?.sendPlace() }
        outputDescriptionsChanged()
        for output in outputs { output.global?.sendDone() }
        // Layer surfaces are arranged on the new size; that may change the usable area.
        layoutChanged()
        // Maximized and fullscreen windows take their output's new size and place.
        for (toplevel, _) in placed where toplevel.states.maximized || toplevel.states.fullscreen {
            toplevel.applyStateGeometry()
        }
        updateOutputPresenceOfShownSurfaces()
        keepPointerOnOutputs()
        ServerLog.logger.info("output: \(backend.summary)")
        scheduleFrame()
    }
}
