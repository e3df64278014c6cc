import CWaylandServer

/// What a connection may do, fixed when the connection is made: by the way
/// it came in, never by the process at its other end.
public enum ClientStanding: Equatable, Sendable {
    /// Connected through the Wayland socket (or a harness' socket pair).
    case ordinary
    /// A connection Strata made itself for a client it started
    /// (WAYLAND_SOCKET, `Server.launch`): offered the privileged globals
    /// under `--restrict-privileged`.
    case trusted
    /// Accepted on a wp_security_context_v1 listener: never offered the
    /// privileged globals nor the security context manager.
    case sandboxed(SandboxMetadata)

    var name: String {
        switch self {
        case .ordinary: return "ordinary"
        case .trusted: return "trusted"
        case .sandboxed: return "sandboxed"
        }
    }
}

/// What a sandbox engine said of the connections of one security context.
public struct SandboxMetadata: Equatable, Sendable {
    public var engine: String?
    public var appID: String?
    public var instanceID: String?
}

/// Each connected client's standing, and the global names its registries
/// were told of (`RegistryBindGuard`), forgotten when the client goes.
/// wl_client has no user data in libwayland 1.21, so clients are keys.
final class ClientStandings {
    private final class Record {
        var standing: ClientStanding = .ordinary
        var advertisedNames: Set<UInt32> = []
        let destroyed: Listener
        init(destroyed: Listener) { self.destroyed = destroyed }
    }

    private var records: [OpaquePointer: Record] = [:]
    private let created: Listener
    /// Listeners whose client went: freed at the next connection, not inside their own notify.
    private var retired: [Listener] = []

    /// Every client gets its record as libwayland creates it (inside
    /// wl_client_create, before any of its requests is read), and loses it
    /// when it is destroyed; a client no record knows is `ordinary`.
    init(display: OpaquePointer) {
        created = Listener { _ in }
        created.body = { [unowned self] data in
            guard let data else { return }
            self.connected(OpaquePointer(data))
        }
        created.listen(toClientsCreatedOn: display)
    }

    func standing(of client: OpaquePointer) -> ClientStanding {
        records[client]?.standing ?? .ordinary
    }

    /// Called right after wl_client_create, before the loop reads the client's first request.
    func set(_ standing: ClientStanding, for client: OpaquePointer) {
        records[client]?.standing = standing
    }

    /// wl_registry.global named `name` was sent to `client`.
    func advertised(_ name: UInt32, to client: OpaquePointer) {
        records[client]?.advertisedNames.insert(name)
    }

    /// Whether any of `client`'s registries was told of a global named `name`.
    func wasAdvertised(_ name: UInt32, to client: OpaquePointer) -> Bool {
        records[client]?.advertisedNames.contains(name) ?? false
    }

    private func connected(_ client: OpaquePointer) {
        retired = []
        let listener = Listener { _ in }
        listener.body = { [unowned self] _ in
            if let gone = self.records.removeValue(forKey: client) { self.retired.append(gone.destroyed) }
        }
        listener.listen(toDestroyOfClient: client)
        records[client] = Record(destroyed: listener)
    }

    /// Before the display goes: no listener may stay linked into freed lists.
    func stop() {
        created.remove()
        for record in records.values { record.destroyed.remove() }
        records = [:]
        retired = []
    }
}
