import CStrataServerProtocol
import CWaylandServer

/// An ext_idle_notification_v1: `idled` once the seat has had no input for
/// its timeout, `resumed` at the next input, and the timeout counted again
/// from there. While an idle inhibitor holds (a video playing), it does
/// not become idle; it looks again every second, and counts its whole
/// timeout from the moment the inhibitor lets go, as wlroots does.
final class IdleNotification {
    /// How often an inhibited notification looks whether the inhibitor let go.
    static let inhibitedRecheckMilliseconds: Int32 = 1_000
    unowned let notifier: IdleNotifierGlobal
    /// In milliseconds, as the client asked (0: as soon as the seat is idle).
    let timeout: UInt32
    private(set) var isIdle = false
    private var resource: WaylandResource?
    private var timer: LoopTimer?
    /// The timer last fired under an inhibitor.
    private var wasInhibited = false

    init?(notifier: IdleNotifierGlobal, timeout: UInt32, parent: WaylandResource, id: UInt32) {
        self.notifier = notifier
        self.timeout = timeout
        guard let resource = makeResource(child: parent, interface: strata_ext_idle_notification_v1_interface(), id: id,
                                          implementation: IdleNotification.implementation, object: self,
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

    func userActivity() {
        wasInhibited = false
        if isIdle, let resource {
            isIdle = false
            ext_idle_notification_v1_send_resumed(resource)
        }
        armForTimeout()
    }

    private func timeoutPassed() {
        guard let resource, !isIdle else { return }
        if notifier.server.isIdleInhibited {
            wasInhibited = true
            timer?.arm(milliseconds: IdleNotification.inhibitedRecheckMilliseconds)
        } else if wasInhibited {
            // The inhibitor let go since: the seat has been idle only from then.
            wasInhibited = false
            armForTimeout()
        } else {
            isIdle = true
            ext_idle_notification_v1_send_idled(resource)
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
}
