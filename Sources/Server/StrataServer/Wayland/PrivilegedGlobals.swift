import CWaylandServer

/// The global filter: which globals each connection is offered, by its
/// standing (`ClientStanding`), never by its process.
///
/// The privileged globals are those that read the screen (screencopy),
/// layer shell (whose surfaces draw over every window and can hold the
/// keyboard), the input method manager (an input method reads what is
/// typed into every text input, and types into it), the virtual keyboard
/// manager (its keys type into any window), foreign toplevel management
/// (lists every client's windows and closes, activates or minimizes them),
/// the virtual pointer (clicks anywhere), the session lock manager
/// (takes every output and the whole seat), data control (reads and
/// replaces whatever anyone copies), gamma control (can black out every
/// screen), output management (rearranges, resizes and disables every
/// output) and output power management (turns every output off).
///
/// - a sandboxed connection (wp_security_context_v1) is never offered
///   them, nor the security context manager itself (no nested contexts),
///   whatever the command line says;
/// - with `--restrict-privileged`, an ordinary connection (the Wayland
///   socket) is not offered them either: only the connections Strata
///   made for the clients it started (`ClientStanding.trusted`);
/// - otherwise every connection that is not sandboxed gets every global,
///   as sway does, so that grim just works.
///
/// A process is not what is trusted: its connection is. A connection is
/// trusted when Strata made it (a socket pair whose other end it handed
/// to a client it started as WAYLAND_SOCKET), which no other process can
/// reach; pids can be outlived and reused, and a parent chain read from
/// /proc races with the processes in it, so neither is looked at.
///
/// libwayland hides a filtered global from the registry and refuses to
/// bind it; `RegistryBindGuard` makes that refusal read as if the global
/// did not exist.
final class PrivilegedGlobals {
    /// The interfaces held back from untrusted clients.
    static let interfaces: Set<String> = ["zwlr_screencopy_manager_v1", "zwlr_layer_shell_v1",
                                           "zwp_input_method_manager_v2", "zwp_virtual_keyboard_manager_v1",
                                           "zwlr_foreign_toplevel_manager_v1", "zwlr_virtual_pointer_manager_v1",
                                           "ext_session_lock_manager_v1", "zwlr_data_control_manager_v1",
                                           "zwlr_gamma_control_manager_v1", "zwlr_output_manager_v1",
                                           "zwlr_output_power_manager_v1"]
    /// Held back from sandboxed clients besides the privileged ones.
    static let securityContextManager = "wp_security_context_manager_v1"

    /// `--restrict-privileged`: ordinary connections are not offered the privileged globals.
    let restricted: Bool
    private let standings: ClientStandings

    init(display: OpaquePointer, restricted: Bool, standings: ClientStandings) {
        self.restricted = restricted
        self.standings = standings
        wl_display_set_global_filter(display, { client, global, data in
            guard let client, let global, let data, let interface = wl_global_get_interface(global)?.pointee.name
            else { return true }
            return Unmanaged<PrivilegedGlobals>.fromOpaque(data).takeUnretainedValue()
                .offers(interface: interface, to: client)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether `client` is offered globals of `interface`.
    func offers(interface: UnsafePointer<CChar>, to client: OpaquePointer) -> Bool {
        let standing = standings.standing(of: client)
        if standing == .trusted { return true }
        let name = String(cString: interface)
        if case .sandboxed = standing {
            return !PrivilegedGlobals.interfaces.contains(name) && name != PrivilegedGlobals.securityContextManager
        }
        return !(restricted && PrivilegedGlobals.interfaces.contains(name))
    }
}
