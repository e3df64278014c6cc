import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

// Maximize, fullscreen and minimize, the size limits, and the states each
// configure carries. A maximized window covers the work area below its
// title bar; a fullscreen one the whole output, above the other windows,
// centered on black when it is smaller. Unsetting either restores the
// size and place the window had before. A minimized window is hidden and
// loses the keyboard until it is activated again (Alt+Tab, Seat+Bindings).
extension Toplevel {
    /// The xdg_toplevel.state values of the next configure.
    var configureStates: [UInt32] {
        var values: [UInt32] = []
        if states.maximized { values.append(XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue) }
        if states.fullscreen { values.append(XDG_TOPLEVEL_STATE_FULLSCREEN.rawValue) }
        if states.resizing { values.append(XDG_TOPLEVEL_STATE_RESIZING.rawValue) }
        if isActivated { values.append(XDG_TOPLEVEL_STATE_ACTIVATED.rawValue) }
        // A maximized window's edges meet the output's: tiled (v2) tells it
        // to draw no shadows or rounded corners there.
        if states.maximized, !states.fullscreen, let resource, wl_resource_get_version(resource) >= 2 {
            values += [XDG_TOPLEVEL_STATE_TILED_LEFT, XDG_TOPLEVEL_STATE_TILED_RIGHT,
                       XDG_TOPLEVEL_STATE_TILED_TOP, XDG_TOPLEVEL_STATE_TILED_BOTTOM].map(\.rawValue)
        }
        return values
    }

    /// Whether the window is shown: mapped and not minimized.
    public var isVisible: Bool { isMapped && !states.minimized }

    /// `width`×`height` within the committed minimum and maximum (0 stays 0: the client chooses).
    func clampedSize(width: Int32, height: Int32) -> (width: Int32, height: Int32) {
        func clamp(_ value: Int32, _ low: Int32, _ high: Int32) -> Int32 {
            guard value > 0 else { return value }
            var v = max(value, low)
            if high > 0 { v = min(v, high) }
            return max(v, 1)
        }
        return (clamp(width, minSize.width, maxSize.width), clamp(height, minSize.height, maxSize.height))
    }

    /// The rect a maximized window's geometry takes: the work area below its title bar.
    var maximizedFrame: Rect {
        var area = server.windows.workArea(on: server.output(of: self))
        if titleBar != nil {
            area.origin.y += TitleBar.height
            area.size.height = max(area.size.height - TitleBar.height, 1)
        }
        return area
    }

    // MARK: Requests

    func setMaximized(_ maximized: Bool) {
        // xdg-shell: the compositor answers with a configure even when nothing changes.
        guard maximized != states.maximized else { return sendConfigure() }
        if maximized { rememberRestoreFrame() }
        states.maximized = maximized
        applyStateGeometry()
    }

    /// `output`: the one the client asked to cover; nil for the window's own.
    func setFullscreen(_ fullscreen: Bool, on output: Output? = nil) {
        guard fullscreen != states.fullscreen else { return sendConfigure() }
        if fullscreen { rememberRestoreFrame() }
        // Onto the asked output: the fullscreen window is centered on the one it is on.
        if fullscreen, let output, output !== server.output(of: self) { origin = output.origin }
        states.fullscreen = fullscreen
        titleBar?.layout(window: self)
        if fullscreen, isVisible {
            // Above every other window while it covers the output.
            server.seat.focusWindow(self)
        }
        applyStateGeometry()
    }

    /// Hides the window until it is activated again; the keyboard goes to the window below.
    func minimize() {
        guard !states.minimized, isMapped else { return }
        states.minimized = true
        endInteractiveResize()
        windowLayer.isHidden = true
        server.seat.windowHidden(self)
        surface?.updateOutputPresence()
        server.scheduleFrame()
    }

    /// Shows a minimized window again (activating it does).
    func unminimize() {
        guard states.minimized else { return }
        states.minimized = false
        windowLayer.isHidden = !isMapped
        surface?.updateOutputPresence()
        server.scheduleFrame()
    }

    /// set_min_size / set_max_size: checked now for sign, against each
    /// other at commit (both are double-buffered).
    func setSizeLimit(maximum: Bool, width: Int32, height: Int32) {
        guard width >= 0, height >= 0 else {
            if let resource {
                strata_resource_post_error(resource, XDG_TOPLEVEL_ERROR_INVALID_SIZE.rawValue,
                                           "negative \(maximum ? "maximum" : "minimum") size \(width)×\(height)")
            }
            return
        }
        // Past 2^29 a limit is clamped there, as every length from a client is.
        let size = (width: ClientValue.int32(ClientValue.length(width)), height: ClientValue.int32(ClientValue.length(height)))
        if maximum { pendingMaxSize = size } else { pendingMinSize = size }
    }

    /// Applies the size limits at commit; false (after a protocol error) when the maximum is below the minimum.
    func commitSizeLimits() -> Bool {
        let newMin = pendingMinSize ?? minSize, newMax = pendingMaxSize ?? maxSize
        if (newMax.width > 0 && newMin.width > newMax.width) || (newMax.height > 0 && newMin.height > newMax.height) {
            if let resource {
                strata_resource_post_error(resource, XDG_TOPLEVEL_ERROR_INVALID_SIZE.rawValue,
                                           "maximum size \(newMax.width)×\(newMax.height) is below the minimum \(newMin.width)×\(newMin.height)")
            }
            return false
        }
        minSize = newMin
        maxSize = newMax
        pendingMinSize = nil
        pendingMaxSize = nil
        return true
    }

    // MARK: Geometry for the states

    /// Remembers where the window is and its size, once, on leaving the normal state.
    private func rememberRestoreFrame() {
        guard !states.maximized, !states.fullscreen else { return }
        if let origin, isMapped {
            restoreFrame = Rect(origin: origin, size: geometry.size)
        } else {
            restoreFrame = nil
        }
    }

    /// Sends the configure the states ask for, and moves the window with it.
    func applyStateGeometry() {
        endInteractiveResize()
        resizeAnchor = nil
        if states.fullscreen {
            sendConfigure(size: server.output(of: self).bounds.size)
        } else if states.maximized {
            let frame = maximizedFrame
            sendConfigure(size: frame.size)
            moveWithConfigure(to: frame.origin)
        } else if let restore = restoreFrame {
            restoreFrame = nil
            sendConfigure(size: restore.size)
            moveWithConfigure(to: restore.origin)
        } else {
            // Maximized before it was ever shown: the client picks its size, placed as a new window.
            sendConfigure(width: 0, height: 0)
            if isMapped { moveWithConfigure(to: placedOrigin) }
            else { origin = nil }
        }
        updateMapping()
        server.scheduleFrame()
    }

    /// The window moves to `point` with the commit that takes the configure just sent.
    private func moveWithConfigure(to point: Point) {
        if !isMapped {
            // Not shown yet: it appears there.
            origin = point
            pendingOrigin = nil
        } else if let serial = lastConfigureSerial {
            pendingOrigin = (point, serial)
        } else {
            // No configure handshake to wait for (an X11 window): it moves now.
            origin = point
            pendingOrigin = nil
        }
    }

    /// Moves the window's origin now (an interactive move): what was pending is replaced.
    func move(to point: Point) {
        origin = point
        pendingOrigin = nil
        resizeAnchor = nil
        updateMapping()
        server.scheduleFrame()
    }
}

extension Toplevel {
    /// Where the window goes when it is first shown: on its parent's output
    /// for a dialog, else on the output under the pointer.
    var placedOrigin: Point {
        let output = mappedParent.map { server.output(of: $0) } ?? server.outputForNewWindows
        return server.windows.origin(for: self, titleBar: titleBar != nil, in: server.windows.workArea(on: output))
    }
}
