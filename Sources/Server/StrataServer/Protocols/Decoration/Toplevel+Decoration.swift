import StrataProtocol

// A window's decoration mode as it changes: the title bar appears with the
// commit that acknowledges a server_side configure, goes with one that
// acknowledges client_side or after the decoration object is destroyed,
// and is drawn again when the title changes.
extension Toplevel {
    /// The mode in `serial`'s configure (nil: at the next commit) becomes the window's once acknowledged.
    func decorationModeChanged(serverSide: Bool, serial: UInt32?) {
        pendingDecorationMode = (serverSide, serial)
    }

    /// At commit: the acknowledged mode shows or removes the title bar.
    func applyAcknowledgedDecorationMode() {
        guard let pending = pendingDecorationMode else { return }
        if let serial = pending.serial, !hasAcknowledged(serial) { return }
        pendingDecorationMode = nil
        let hadBar = titleBar != nil
        if pending.serverSide, titleBar == nil {
            titleBar = TitleBar(scale: server.output(of: self).scale)
        } else if !pending.serverSide, let bar = titleBar {
            bar.remove()
            titleBar = nil
        }
        // Maximized before the bar came (or went), as a window that asks to be
        // maximized before it first maps is: its frame leaves room for the bar.
        if (titleBar != nil) != hadBar, states.maximized, !states.fullscreen { applyStateGeometry() }
        server.scheduleFrame()
    }

    /// set_title: the bar shows the new title.
    func titleChanged() {
        guard let titleBar, isMapped else { return }
        titleBar.layout(window: self)
        server.scheduleFrame()
    }
}
