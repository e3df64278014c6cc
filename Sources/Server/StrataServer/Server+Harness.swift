import CWaylandServer
import StrataProtocol

/// What an in-process harness (the wlcs integration, tests) does that no
/// Wayland client can: hand the server a connected socket, and place a
/// window where it wants it. Call these on the server's thread (`perform`).
extension Server {
    /// Serves a client on `fd`, one end of a connected socket pair; the
    /// server owns the fd from now on. nil when libwayland refuses it
    /// (the fd is closed then).
    public func addClient(fd: Int32) -> OpaquePointer? {
        addClient(fd: fd, standing: .ordinary)
    }

    /// Serves a client on `fd` with `standing`, fixed before any of its requests is read.
    @discardableResult
    func addClient(fd: Int32, standing: ClientStanding) -> OpaquePointer? {
        guard let client = wl_client_create(display, fd) else { return nil }
        standings.set(standing, for: client)
        return client
    }

    /// How `client`'s connection came in (`ClientStanding`).
    public func standing(of client: OpaquePointer) -> ClientStanding {
        standings.standing(of: client)
    }

    /// Moves the window whose surface is object `surfaceID` of `client`
    /// so that its geometry's top left is at `origin` (output points).
    /// A layer surface's is moved there too. False when that object is not
    /// the surface of an xdg_toplevel or a layer surface.
    @discardableResult
    public func placeWindow(client: OpaquePointer, surfaceID: UInt32, at origin: Point) -> Bool {
        guard let resource = wl_client_get_object(client, surfaceID), let surface = Surface.from(resource) else { return false }
        if let layerSurface = surface.roleObject as? LayerSurface {
            layerSurface.place(at: origin)
            return true
        }
        guard let toplevel = surface.toplevel else { return false }
        toplevel.place(at: origin)
        return true
    }
}

extension Server {
    /// `strata output add|remove|list`, as the control socket does it, for
    /// a harness that plugs outputs in and out; the control socket's answer.
    public func harnessOutput(_ command: OutputCommand) -> String { perform(command) }

    /// The outputs, left to right in the layout: name, size in pixels, scale.
    public var harnessOutputs: [(name: String, width: Int, height: Int, scale: Int)] {
        outputs.map { ($0.name, $0.pixelWidth, $0.pixelHeight, Int($0.scale)) }
    }

    /// Undoes what clients did to the outputs through output configurations
    /// and power controls: every output on, none placed by a configuration
    /// (side by side again), and the disabled ones let go of where the
    /// backend makes outputs on request. Sizes and scales are the caller's
    /// to restore (`harnessOutput`).
    public func harnessResetOutputConfiguration() {
        for output in outputs where !output.isPoweredOn { try? setPower(of: output, on: true) }
        if let maker = backend as? OutputMakingBackend {
            for device in disabledOutputs { maker.outputRemoved(device) }
            disabledOutputs = []
        }
        guard !outputPositions.isEmpty else { return }
        outputPositions = [:]
        layOutOutputsAgain(redescribing: [])
    }

    /// What is left of the clients' state, counted: once every client is
    /// gone (and the session unlocked), each count should be back to what
    /// a server that never had a client has. A protocol fuzzer compares
    /// them after each input, so state that outlives its client shows.
    public var harnessCensus: [String: Int] {
        var clientCount = 0
        let list = wl_display_get_client_list(display)!
        var link = list.pointee.next
        while let current = link, current != list {
            clientCount += 1
            link = current.pointee.next
        }
        let seat = self.seat!
        let core: [String: Int] = [
            "clients": clientCount,
            "windows": windows.allToplevels.count,
            "scene.sublayers": scene.sublayers.count,
            "frameCallbacksAwaitingFrame": frameCallbacksAwaitingFrame.count,
            "shownShmBuffers": shownShmBuffers.count.count,
            "retiringGlobals": retiringGlobals.count,
            "outputs": outputs.count,
            "outputs.off": outputs.filter { !$0.isPoweredOn }.count,
            "outputs.disabled": disabledOutputs.count,
            "outputs.placed": outputPositions.count,
            "seat.pointers": seat.pointers.count,
            "seat.keyboards": seat.keyboards.count,
            "seat.touches": seat.touches.count,
            "seat.virtualKeyboards": seat.virtualKeyboards.count,
            "seat.buttonsDown": seat.buttonsDown.count,
            "seat.keysDown": seat.keysDown.count,
            "seat.touchPoints": seat.touchPoints.count,
            "seat.popupGrabs": seat.popupGrabs.count,
            "seat.keysSentToGrab": seat.keysSentToGrab.count,
            "seat.consumedKeys": seat.consumedKeys.count,
            "seat.drag": seat.drag == nil ? 0 : 1,
            "seat.windowGrab": seat.windowGrab == nil ? 0 : 1,
            "seat.windowMenu": seat.windowMenu == nil ? 0 : 1,
            "seat.switcher": seat.switcher == nil ? 0 : 1,
            "seat.pointerFocus": seat.pointerFocus == nil ? 0 : 1,
            "seat.keyboardFocus": seat.keyboardFocus == nil ? 0 : 1,
            "seat.layerKeyboardFocus": seat.layerKeyboardFocus == nil ? 0 : 1,
        ]
        return extensions.reduce(core) { census, each in census.merging(each.census()) { first, _ in first } }
    }
}
