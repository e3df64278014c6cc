import StrataProtocol
import StrataRender

// Outputs that come and go while the compositor runs: a monitor plugged in
// or unplugged (DRM), a nested window closed, `strata output add|remove`
// (headless). The backend makes or lets go of its output; the server fits
// the layout, the globals, the windows, the layer surfaces and the pointer.
extension Server {
    /// Adds a backend's new output at the right of the layout: its
    /// wl_output global appears (every wl_registry gets global; xdg_output
    /// describes it to whoever asks), windows that reach over the old right
    /// edge enter it, and the next frame draws it.
    @discardableResult
    func addOutput(_ device: BackendOutput) -> Output {
        let output = Output(device: device)
        outputs.append(output)
        layOutOutputs()
        output.global = OutputGlobal(server: self, output: output)
        // Layer surfaces arrange; a lock screen leaves it blank until the lock client gives it a lock surface.
        layoutChanged()
        updateOutputPresenceOfShownSurfaces()
        seat.sceneChangedUnderPointer()
        ServerLog.logger.info("output \(output.name) added: \(output.pixelWidth)x\(output.pixelHeight) at scale \(Int(output.scale)), x \(Int(output.origin.x)); outputs: \(outputNames)")
        scheduleFrame()
        return output
    }

    /// Takes `device`'s output out of the layout, as sway does with an
    /// output that goes: its windows move to the first remaining output
    /// (keeping their place on it where they fit; maximized and fullscreen
    /// ones are configured to its size), outputs right of it move left to
    /// close the gap, surfaces get wl_surface.leave, its layer surfaces get
    /// `closed`, screencopy frames waiting for it fail, the pointer stays on
    /// the outputs, and its wl_output global is withdrawn and destroyed
    /// later (`RetiringGlobal`).
    ///
    /// The last output is never removed (false): Strata always has one,
    /// and each backend says what becomes of its last (DRM keeps it without
    /// a monitor, nested ends the session, headless refuses).
    @discardableResult
    func removeOutput(_ device: BackendOutput) -> Bool {
        guard let index = outputs.firstIndex(where: { $0.device === device }), outputs.count > 1 else { return false }
        let removed = outputs[index]
        let originsBefore = outputs.map(\.origin)
        // Each window's output, before the layout changes.
        let placed = windows.toplevels.map { toplevel in (toplevel, outputs.firstIndex { $0 === output(of: toplevel) } ?? 0) }

        // The window menu is placed on one output: it closes when the layout changes under it.
        seat.dismissWindowMenu()
        // A move or resize measures from where it began, in a layout about to change: it ends here.
        seat.endWindowGrab()
        // The pointer stays where it is on its output, wherever that output now goes.
        let pointerOutput = seat.pointerHasMoved ? output(at: seat.pointerPosition) : nil
        let pointerOutputOrigin = pointerOutput?.origin
        outputs.remove(at: index)
        removed.markRemoved()
        layOutOutputs()
        if index == 0 { (configuration.width, configuration.height) = (outputs[0].pixelWidth, outputs[0].pixelHeight) }
        // Its layer surfaces close, screencopies waiting for it fail, taskbars hear it go.
        outputRemovedFromLayout(removed)
        layoutChanged()

        let fallback = outputs[0]
        for (toplevel, before) in placed {
            if before == index {
                evacuate(toplevel, from: removed, originBefore: originsBefore[before], to: fallback)
            } else {
                let now = outputs[before > index ? before - 1 : before]
                shift(toplevel, by: now.origin.x - originsBefore[before].x)
            }
        }
        // wl_surface.leave goes out through the removed output's bindings, before they go inert.
        updateOutputPresenceOfShownSurfaces()
        for (output, old) in zip(outputs, originsBefore.enumerated().filter { $0.offset != index }.map(\.element))
        where output.origin != old {
            output.global?.sendPlace()
        }
        outputDescriptionsChanged()
        for output in outputs { output.global?.sendDone() }

        if let global = removed.global {
            removed.global = nil
            global.withdraw()
            let retiring = RetiringGlobal(loop: eventLoop) { global.destroyGlobal() }
            retiringGlobals.removeAll(where: \.isDestroyed)
            retiringGlobals.append(retiring)
        }
        if let pointerOutput, pointerOutput !== removed, let before = pointerOutputOrigin, pointerOutput.origin != before {
            let position = seat.pointerPosition
            seat.movePointer(to: Point(x: position.x + pointerOutput.origin.x - before.x, y: position.y + pointerOutput.origin.y - before.y),
                             time: Seat.now())
        } else {
            keepPointerOnOutputs()
        }
        ServerLog.logger.info("output \(removed.name) removed; outputs: \(outputNames)")
        scheduleFrame()
        return true
    }

    /// A window whose output went: onto `target` at the same place
    /// relative to the output's top left, moved in to fit its work area;
    /// maximized and fullscreen ones take `target`'s size.
    private func evacuate(_ toplevel: Toplevel, from removed: Output, originBefore: Point, to target: Output) {
        let dx = target.origin.x - originBefore.x, dy = target.origin.y - originBefore.y
        if let restore = toplevel.restoreFrame {
            toplevel.restoreFrame = fitted(Rect(origin: Point(x: restore.minX + dx, y: restore.minY + dy), size: restore.size),
                                           in: windows.workArea(on: target), titleBar: toplevel.titleBar != nil)
        }
        guard let origin = toplevel.origin else { return }
        let area = windows.workArea(on: target)
        let moved = fitted(Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: toplevel.geometry.size),
                           in: area, titleBar: toplevel.titleBar != nil)
        // A restore still waiting for its acknowledgement goes to the same place on the new output, at the size it asked.
        let pending = toplevel.pendingOrigin.map { pending in
            let asked = toplevel.configuredSize
            let size = asked.width > 0 && asked.height > 0 ? Size(width: Double(asked.width), height: Double(asked.height))
                                                           : toplevel.geometry.size
            let place = fitted(Rect(origin: Point(x: pending.origin.x + dx, y: pending.origin.y + dy), size: size),
                               in: area, titleBar: toplevel.titleBar != nil)
            return (origin: place.origin, serial: pending.serial)
        }
        toplevel.move(to: moved.origin)
        toplevel.pendingOrigin = pending
        if toplevel.states.maximized || toplevel.states.fullscreen { toplevel.applyStateGeometry() }
    }

    /// `rect` moved the least to lie inside `area` (its top left kept inside when it is larger), below a title bar if it has one.
    private func fitted(_ rect: Rect, in area: Rect, titleBar: Bool) -> Rect {
        let top = area.minY + (titleBar ? TitleBar.height : 0)
        let x = max(min(rect.minX, area.maxX - rect.width), area.minX)
        let y = max(min(rect.minY, area.maxY - rect.height), top)
        return Rect(origin: Point(x: x, y: y), size: rect.size)
    }

    /// A window on an output that moved in the layout moves with it.
    private func shift(_ toplevel: Toplevel, by dx: Double) {
        guard dx != 0 else { return }
        if let restore = toplevel.restoreFrame {
            toplevel.restoreFrame = Rect(origin: Point(x: restore.minX + dx, y: restore.minY), size: restore.size)
        }
        // Same size on the same output: no configure, only the place changes,
        // and a maximize or restore still waiting for its acknowledgement moves along.
        let pending = toplevel.pendingOrigin.map { (origin: Point(x: $0.origin.x + dx, y: $0.origin.y), serial: $0.serial) }
        if let origin = toplevel.origin { toplevel.move(to: Point(x: origin.x + dx, y: origin.y)) }
        toplevel.pendingOrigin = pending
    }

    /// The layout's outputs by name, left to right, for the log.
    private var outputNames: String { outputs.map(\.name).joined(separator: ", ") }

    /// Sends enter and leave to every shown surface for the outputs it is on now.
    func updateOutputPresenceOfShownSurfaces() {
        for toplevel in windows.toplevels {
            toplevel.surface?.updateOutputPresence()
            for popup in toplevel.mappedPopups { popup.surface?.updateOutputPresence() }
        }
        for layerSurface in layerShell?.mapped ?? [] {
            layerSurface.surface?.updateOutputPresence()
            for popup in layerSurface.mappedPopups { popup.surface?.updateOutputPresence() }
        }
        for popup in textInputRelay?.inputMethod?.shownPopups ?? [] { popup.surface?.updateOutputPresence() }
    }

    /// The pointer was on an output that went: it goes to the nearest point of the remaining ones.
    func keepPointerOnOutputs() {
        guard seat.pointerHasMoved else { return }
        let position = seat.pointerPosition
        if output(at: position) == nil {
            seat.movePointer(to: clampedToOutputs(position), time: Seat.now())
        } else {
            seat.sceneChangedUnderPointer()
        }
    }
}
