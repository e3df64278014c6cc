import CStrataServerProtocol
import CWaylandServer

/// zwp_idle_inhibit_manager_v1, version 1: a video player or a
/// presentation keeps the output awake while its surface is shown:
/// `isIdleInhibited` keeps idle notifications (IdleNotify/) from becoming
/// idle, and `strata tree` shows the inhibitors.
final class IdleInhibitManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    /// Every live inhibitor, each removed when its client destroys it.
    private var inhibitors: [IdleInhibitor] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_zwp_idle_inhibit_manager_v1_interface(),
                        version: IdleInhibitManagerGlobal.version, object: self,
                        implementation: IdleInhibitManagerGlobal.implementation)
        if global == nil { return nil }
    }

    /// An inhibitor is honoured only while its surface is shown on the output.
    var isIdleInhibited: Bool { inhibitors.contains { $0.surface?.isShownOnOutput == true } }

    /// The live inhibitors of `surface`.
    func inhibitorCount(of surface: Surface) -> Int { inhibitors.filter { $0.surface === surface }.count }

    func remove(_ inhibitor: IdleInhibitor) { inhibitors.removeAll { $0 === inhibitor } }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_idle_inhibit_manager_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.create_inhibitor = { _, resource, id, surfaceResource in
            guard let resource, let manager = resourceObject(resource, as: IdleInhibitManagerGlobal.self),
                  let surface = Surface.from(surfaceResource),
                  let inhibitor = IdleInhibitor(manager: manager, surface: surface, parent: resource, id: id)
            else { return }
            manager.inhibitors.append(inhibitor)
        }
        return staticImplementation(i)
    }()
}

extension IdleInhibitManagerGlobal: ServerExtension {
    func treeMembers() -> [(String, JSONValue)] { [("idle_inhibited", .bool(isIdleInhibited))] }

    func treeMembers(of surface: Surface) -> [(String, JSONValue)] {
        let inhibitors = inhibitorCount(of: surface)
        return inhibitors > 0 ? [("idle_inhibitors", .int(inhibitors))] : []
    }
}

extension Server {
    /// A surface shown on the output asks that it not idle (zwp_idle_inhibitor_v1).
    public var isIdleInhibited: Bool { `extension`(IdleInhibitManagerGlobal.self)?.isIdleInhibited ?? false }
}
