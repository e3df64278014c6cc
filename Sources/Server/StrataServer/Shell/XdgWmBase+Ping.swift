import CStrataServerProtocol
import CWaylandServer

// Pings find clients that hang. Asking to close a window also pings its
// client; a client that has not answered within `pingTimeout` is marked not
// responding (its title bars say so, and `strata tree` shows it), and a
// second request to close one of its windows disconnects it with
// xdg_wm_base's `unresponsive` error: how a person force-quits a hung app.
// A late pong clears the mark.
extension XdgWmBase {
    static let pingTimeoutMilliseconds: Int32 = 5_000

    /// Pings the client unless a ping is already waiting for its pong.
    func ping() {
        guard let resource, pendingPing == nil else { return }
        let serial = wl_display_next_serial(server.display)
        pendingPing = serial
        if pingTimer == nil {
            pingTimer = wl_event_loop_add_timer(server.eventLoop, { data in
                Unmanaged<XdgWmBase>.fromOpaque(data!).takeUnretainedValue().pingTimedOut()
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        if let pingTimer { wl_event_source_timer_update(pingTimer, XdgWmBase.pingTimeoutMilliseconds) }
        xdg_wm_base_send_ping(resource, serial)
    }

    func pong(serial: UInt32) {
        guard serial == pendingPing else { return }
        pendingPing = nil
        if let pingTimer { wl_event_source_timer_update(pingTimer, 0) }
        setUnresponsive(false)
    }

    private func pingTimedOut() {
        guard pendingPing != nil else { return }
        ServerLog.logger.notice("\(ClientDescription(resource.flatMap { wl_resource_get_client($0) })) is not responding")
        setUnresponsive(true)
    }

    private func setUnresponsive(_ unresponsive: Bool) {
        guard unresponsive != isUnresponsive else { return }
        isUnresponsive = unresponsive
        for case let toplevel? in surfaces.map({ $0.object?.toplevel }) where toplevel.isMapped {
            toplevel.titleBar?.layout(window: toplevel)
        }
        server.scheduleFrame()
    }

    /// Ends the connection of a client that stopped answering.
    func disconnectUnresponsive() {
        guard let resource else { return }
        ServerLog.logger.notice("disconnecting \(ClientDescription(wl_resource_get_client(resource))): it did not answer a ping")
        strata_resource_post_error(resource, XDG_WM_BASE_ERROR_UNRESPONSIVE.rawValue, "the client did not answer a ping in time")
    }

    /// The binding went away: no timer may fire for it.
    func resourceDestroyed() {
        resource = nil
        if let pingTimer { wl_event_source_remove(pingTimer) }
        pingTimer = nil
    }
}
