import CStrataServerProtocol
import CWaylandServer

/// ext_idle_notifier_v1, version 1, and KDE's org_kde_kwin_idle, version 1,
/// which older tools speak: swayidle and its kind learn when the seat has
/// had no input for a while (to lock the screen, turn outputs off) and
/// when input comes back. Every event the seat handles is activity,
/// virtual keyboards' and pointers' included, as in sway; an idle
/// inhibitor whose surface is shown keeps every notification from
/// becoming idle.
final class IdleNotifierGlobal {
    static let version: Int32 = 1
    static let kdeVersion: Int32 = 1
    unowned let server: Server
    private var global: Global?
    private var kdeGlobal: Global?
    /// Every live notification, each removed when its client destroys it.
    private var notifications: [IdleNotification] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_ext_idle_notifier_v1_interface(),
                        version: IdleNotifierGlobal.version, object: self,
                        implementation: IdleNotifierGlobal.implementation)
        kdeGlobal = Global(display: server.display, interface: strata_org_kde_kwin_idle_interface(),
                           version: IdleNotifierGlobal.kdeVersion, object: self,
                           implementation: IdleNotifierGlobal.kdeImplementation)
        if global == nil || kdeGlobal == nil { return nil }
    }

    func remove(_ notification: IdleNotification) { notifications.removeAll { $0 === notification } }

    private static let implementation: UnsafeRawPointer = {
        var i = ext_idle_notifier_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_idle_notification = { _, resource, id, timeout, _ in
            // One seat: the seat argument needs no lookup.
            guard let resource, let notifier = resourceObject(resource, as: IdleNotifierGlobal.self),
                  let notification = IdleNotification(notifier: notifier, protocol: .ext, timeout: timeout, parent: resource, id: id)
            else { return }
            notifier.notifications.append(notification)
        }
        return staticImplementation(i)
    }()

    private static let kdeImplementation: UnsafeRawPointer = {
        var i = org_kde_kwin_idle_interface()
        i.get_idle_timeout = { _, resource, id, _, timeout in
            guard let resource, let notifier = resourceObject(resource, as: IdleNotifierGlobal.self),
                  let notification = IdleNotification(notifier: notifier, protocol: .kde, timeout: timeout, parent: resource, id: id)
            else { return }
            notifier.notifications.append(notification)
        }
        return staticImplementation(i)
    }()
}

extension IdleNotifierGlobal: ServerExtension {
    func userActivity() {
        for notification in notifications { notification.userActivity() }
    }

    /// Each notification's timeout and whether it is idle now.
    func treeMembers() -> [(String, JSONValue)] {
        [("idle_notifications", .array(notifications.map {
            .object([("protocol", .string($0.idleProtocol == .ext ? "ext_idle_notifier_v1" : "org_kde_kwin_idle")),
                     ("timeout_ms", .int(Int($0.timeout))), ("idle", .bool($0.isIdle))])
        }))]
    }

    func census() -> [String: Int] { ["idleNotify.notifications": notifications.count] }
}
