import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// wp_security_context_manager_v1, version 1: a sandbox engine (Flatpak)
/// hands Strata a socket it listens on, and every connection Strata
/// accepts there is sandboxed (`ClientStanding.sandboxed`): it is never
/// offered the privileged globals (`PrivilegedGlobals`), with or without
/// `--restrict-privileged`, whatever its pid.
///
/// As sway does, the manager is offered to every client that is not
/// sandboxed itself (a sandboxed one could otherwise attach a context of
/// its choosing to new connections); making a context only ever lowers
/// what its connections may do. A sandboxed client that asks anyway
/// (by a name it guessed) gets `nested`.
final class SecurityContextManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?
    /// Committed contexts still accepting connections.
    private var listeners: [SecurityContextListener] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_wp_security_context_manager_v1_interface(),
                        version: SecurityContextManagerGlobal.version, object: self,
                        implementation: SecurityContextManagerGlobal.implementation)
        if global == nil { return nil }
    }

    /// The contexts' listeners that accept connections, for tests and `strata tree`.
    var listenerCount: Int { listeners.count }

    /// Listens on a committed context's socket until its close_fd hangs up.
    func listen(_ context: SecurityContext.Committed) -> Bool {
        guard let listener = SecurityContextListener(manager: self, context: context) else { return false }
        listeners.append(listener)
        return true
    }

    func finished(_ listener: SecurityContextListener) {
        listeners.removeAll { $0 === listener }
    }

    /// At shutdown: every listening socket is closed.
    func stop() {
        for listener in listeners { listener.close() }
        listeners = []
    }

    private func createListener(_ resource: WaylandResource, id: UInt32, listenFD: Int32, closeFD: Int32) {
        let client = wl_resource_get_client(resource)!
        func refuse(_ code: wp_security_context_manager_v1_error, _ message: String) {
            close(listenFD)
            close(closeFD)
            strata_resource_post_error(resource, code.rawValue, message)
        }
        if case .sandboxed = server.standings.standing(of: client) {
            return refuse(WP_SECURITY_CONTEXT_MANAGER_V1_ERROR_NESTED, "a sandboxed client cannot make a security context")
        }
        // A socket listening for connections (bind(2) and listen(2) done), as the request asks.
        var info = stat()
        guard fstat(listenFD, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else {
            return refuse(WP_SECURITY_CONTEXT_MANAGER_V1_ERROR_INVALID_LISTEN_FD, "listen_fd is not a socket")
        }
        var listening: Int32 = 0, type: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(listenFD, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening != 0 else {
            return refuse(WP_SECURITY_CONTEXT_MANAGER_V1_ERROR_INVALID_LISTEN_FD, "listen_fd is not listening (listen(2) first)")
        }
        size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(listenFD, SOL_SOCKET, SO_TYPE, &type, &size) == 0, type == Int32(SOCK_STREAM.rawValue) else {
            return refuse(WP_SECURITY_CONTEXT_MANAGER_V1_ERROR_INVALID_LISTEN_FD, "listen_fd is not a stream socket")
        }
        if SecurityContext(manager: self, parent: resource, id: id, listenFD: listenFD, closeFD: closeFD) == nil {
            close(listenFD)
            close(closeFD)
        }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wp_security_context_manager_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.create_listener = { _, resource, id, listenFD, closeFD in
            guard let resource, let manager = resourceObject(resource, as: SecurityContextManagerGlobal.self) else {
                close(listenFD)
                close(closeFD)
                return
            }
            manager.createListener(resource, id: id, listenFD: listenFD, closeFD: closeFD)
        }
        return staticImplementation(i)
    }()
}

extension SecurityContextManagerGlobal: ServerExtension {}
