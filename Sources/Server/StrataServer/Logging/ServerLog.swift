import CStrataServerProtocol
import CWaylandServer
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// The compositor's log: one line per event worth reading afterwards
/// (clients coming and going, protocol errors, outputs, dropped frames).
/// Where lines go and from which level is the program's choice, made with
/// swift-log's `LoggingSystem.bootstrap` before a server is created.
enum ServerLog {
    nonisolated(unsafe) static var logger = Logger(label: "strata")

    /// Logs every protocol error posted, with the client it ends. Protocol
    /// errors are posted on the server's thread only, so one observer serves
    /// every server in the process.
    static func observeProtocolErrors() {
        strata_set_protocol_error_observer { resource, code, message in
            guard let resource else { return }
            let interface = wl_resource_get_class(resource).map { String(cString: $0) } ?? "?"
            let id = wl_resource_get_id(resource)
            let client = ClientDescription(wl_resource_get_client(resource))
            ServerLog.logger.warning("protocol error \(code) on \(interface)@\(id) of \(client): \(message.map { String(cString: $0) } ?? "")")
        }
    }
}

/// "pid 123 (foot)": a client as a log line names it.
struct ClientDescription: CustomStringConvertible {
    let pid: pid_t

    init(_ client: OpaquePointer?) {
        var pid: pid_t = 0, uid: uid_t = 0, gid: gid_t = 0
        if let client { wl_client_get_credentials(client, &pid, &uid, &gid) }
        self.pid = pid
    }

    /// A process by its pid (a control connection's peer).
    init(pid: pid_t) {
        self.pid = pid
    }

    /// The process's name from /proc, which may be gone by now.
    var name: String? {
        guard let file = fopen("/proc/\(pid)/comm", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let name = String(cString: buffer).trimmingTrailingNewline
        return name.isEmpty ? nil : name
    }

    var description: String {
        // A socket pair's credentials are its maker's: a client Strata
        // launched (WAYLAND_SOCKET) or a harness' in-process client.
        if pid == getpid() { return "a socket pair of strata's own (pid \(pid))" }
        return name.map { "pid \(pid) (\($0))" } ?? "pid \(pid)"
    }
}

private extension String {
    var trimmingTrailingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
