import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// `strata run --restrict-privileged`: globals that read the screen, layer
/// shell (whose surfaces draw over every window and can hold the
/// keyboard), the input method manager (an input method reads what is
/// typed into every text input, and types into it), the virtual keyboard
/// manager (its keys type into any window), foreign toplevel management
/// (lists every client's windows and closes, activates or minimizes them)
/// the virtual pointer (clicks anywhere) and the session lock manager
/// (takes every output and the whole seat) are advertised and
/// bindable only by the clients Strata started itself and their
/// descendants, as a panel, a screenshot tool or an input method of the
/// session is.
/// By default every client gets them, as sway does, so that grim just works.
///
/// A client is known by its pid (SO_PEERCRED, which the kernel fills in):
/// trusted when it, or a process it descends from, is one that
/// `ClientLauncher` started and that is still running. A descendant whose
/// parent ended (re-parented to init) is no longer recognised.
final class PrivilegedGlobals {
    /// The interfaces held back from untrusted clients.
    static let interfaces: Set<String> = ["zwlr_screencopy_manager_v1", "zwlr_layer_shell_v1",
                                           "zwp_input_method_manager_v2", "zwp_virtual_keyboard_manager_v1",
                                           "zwlr_foreign_toplevel_manager_v1", "zwlr_virtual_pointer_manager_v1",
                                           "ext_session_lock_manager_v1"]
    /// The processes Strata started that are still running.
    private(set) var trustedProcesses: Set<pid_t> = []

    init(display: OpaquePointer) {
        wl_display_set_global_filter(display, { client, global, data in
            guard let client, let global, let data,
                  let interface = wl_global_get_interface(global)?.pointee.name,
                  PrivilegedGlobals.interfaces.contains(String(cString: interface))
            else { return true }
            return Unmanaged<PrivilegedGlobals>.fromOpaque(data).takeUnretainedValue().isTrusted(client)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    func trust(_ pid: pid_t) { trustedProcesses.insert(pid) }
    func forget(_ pid: pid_t) { trustedProcesses.remove(pid) }

    /// Whether `client`'s process is one Strata started, or descends from one.
    func isTrusted(_ client: OpaquePointer) -> Bool {
        var pid: pid_t = 0, uid: uid_t = 0, gid: gid_t = 0
        wl_client_get_credentials(client, &pid, &uid, &gid)
        // A few dozen generations at most: the chain ends at init, and a loop cannot last.
        for _ in 0..<64 {
            guard pid > 1 else { return false }
            if trustedProcesses.contains(pid) { return true }
            guard let parent = PrivilegedGlobals.parent(of: pid) else { return false }
            pid = parent
        }
        return false
    }

    /// The parent pid from /proc/PID/stat ("pid (comm) state ppid …"; comm may hold spaces and parentheses).
    static func parent(of pid: pid_t) -> pid_t? {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(cString: buffer)
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 1 else { return nil }
        return pid_t(fields[1])
    }
}
