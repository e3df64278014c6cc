import CStrataServerProtocol
import CWaylandServer

/// An ext_idle_notification_v1 (or KDE's org_kde_kwin_idle_timeout, the
/// same with other names and `simulate_user_activity`, which counts as
/// input): `idled` once the seat has had no input for
/// its timeout, `resumed` at the next input, and the timeout counted again
/// from there. While an idle inhibitor holds (a video playing), it does
/// not become idle; it looks again every second, and counts its whole
/// timeout from the moment the inhibitor lets go, as wlroots does.
final class IdleNotification {
    /// How often an inhibited notification looks whether the inhibitor let go.
    static let inhibitedRecheckMilliseconds: Int32 = 1_000
    enum IdleProtocol { case ext, kde }

    unowned let notifier: IdleNotifierGlobal
    let idleProtocol: IdleProtocol
    /// In milliseconds, as the client asked (0: as soon as the seat is idle).
    let timeout: UInt32
    private(set) var isIdle = false
    private var resource: WaylandResource?
    private var timer: LoopTimer?
    /// The timer last fired under an inhibitor.
    private var wasInhibited = false
    /// When the timeout began counting (creation, the last input, an
    /// inhibitor letting go), in monotonic microseconds. Input only moves it:
    /// the timer is armed again when it fires early, not at every motion.
    private var countingSince = Seat.nowMicroseconds()

    init?(notifier: IdleNotifierGlobal, protocol idleProtocol: IdleProtocol, timeout: UInt32, parent: WaylandResource, id: UInt32) {
        self.notifier = notifier
        self.idleProtocol = idleProtocol
        self.timeout = timeout
        let interface: UnsafePointer<wl_interface> = idleProtocol == .ext
            ? strata_ext_idle_notification_v1_interface()! : strata_org_kde_kwin_idle_timeout_interface()!
        guard let resource = makeResource(child: parent, interface: interface, id: id,
                                          implementation: idleProtocol == .ext ? IdleNotification.implementation
                                                                                : IdleNotification.kdeImplementation,
                                          object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        timer = LoopTimer(loop: notifier.server.eventLoop) { [unowned self] in self.timeoutPassed() }
        armForTimeout()
    }

    /// Timeouts past Int32 milliseconds (24 days) wait that long.
    private func armForTimeout() {
        timer?.arm(milliseconds: ClientValue.int32(timeout))
    }

    /// Called for every input event: cheap unless the notification was idle.
    func userActivity() {
        countingSince = Seat.nowMicroseconds()
        guard isIdle, let resource else { return }
        isIdle = false
        wasInhibited = false
        if idleProtocol == .ext { ext_idle_notification_v1_send_resumed(resource) } else { org_kde_kwin_idle_timeout_send_resumed(resource) }
        armForTimeout()
    }

    private func timeoutPassed() {
        guard let resource, !isIdle else { return }
        let idleMilliseconds = (Seat.nowMicroseconds() - countingSince) / 1000
        if notifier.server.isIdleInhibited {
            wasInhibited = true
            timer?.arm(milliseconds: IdleNotification.inhibitedRecheckMilliseconds)
        } else if wasInhibited {
            // The inhibitor let go since: the seat has been idle only from then.
            wasInhibited = false
            countingSince = Seat.nowMicroseconds()
            armForTimeout()
        } else if idleMilliseconds < UInt64(timeout) {
            // Input came since the timer was armed: wait out the rest.
            timer?.arm(milliseconds: ClientValue.int32(UInt64(timeout) - idleMilliseconds))
        } else {
            isIdle = true
            if idleProtocol == .ext { ext_idle_notification_v1_send_idled(resource) } else { org_kde_kwin_idle_timeout_send_idle(resource) }
            wl_client_flush(wl_resource_get_client(resource))
        }
    }

    private func destroyed() {
        resource = nil
        timer = nil
        notifier.remove(self)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = ext_idle_notification_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()

    private static let kdeImplementation: UnsafeRawPointer = {
        var i = org_kde_kwin_idle_timeout_interface()
        i.release = { _, resource in wl_resource_destroy(resource) }
        // As KWin does: as if the person had touched the seat (every timeout hears it).
        i.simulate_user_activity = { _, resource in resourceObject(resource, as: IdleNotification.self)?.notifier.server.userActivity() }
        return staticImplementation(i)
    }()
}
