import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

extension Server {
    /// Where a client Strata starts under `--restrict-privileged` finds its
    /// trusted Wayland connection (WAYLAND_SOCKET names it)…
    public static let launchedWaylandDescriptor: Int32 = 3
    /// …and its channel to the control socket (STRATA_CONTROL_SOCKET names it, with the socket's path).
    public static let launchedControlDescriptor: Int32 = 4

    /// Starts a client of this compositor: `executable` (a path) with
    /// `arguments` and `environment`. `onExit` runs on the server's thread
    /// with its exit status (128 + the signal when a signal ended it).
    ///
    /// With `restrictPrivileged`, the client is given two connections no
    /// other process can reach, and trust is theirs:
    /// - descriptor 3, a socket already connected to this compositor, made
    ///   here with socketpair(2) and served as a trusted client
    ///   (`ClientStanding.trusted`), named by WAYLAND_SOCKET=3. libwayland's
    ///   wl_display_connect takes it before WAYLAND_DISPLAY, marks it
    ///   close-on-exec and unsets WAYLAND_SOCKET: one connection a launch,
    ///   which the first process of the launch to connect takes;
    /// - descriptor 4, a channel to the control socket
    ///   (`ControlChannel`), named by STRATA_CONTROL_SOCKET=4:PATH (the
    ///   control socket's path), which `strata` opens trusted control
    ///   connections through; inherited like any descriptor, so every
    ///   process of the launch that keeps it has it.
    /// WAYLAND_DISPLAY stays set, so processes the client starts connect
    /// through the Wayland socket, as ordinary clients.
    ///
    /// Without it every client is offered everything, and the client gets
    /// neither: it connects through WAYLAND_DISPLAY like any other, which
    /// lets one command start several clients.
    @discardableResult
    public func launch(executable: String, arguments: [String], environment: [String: String],
                       onExit: @escaping (Int32) -> Void) throws -> Int32 {
        var environment = environment
        // Those of a session Strata itself runs in are not its clients'.
        environment["WAYLAND_SOCKET"] = nil
        environment["STRATA_CONTROL_SOCKET"] = nil
        var inherited: [Int32: Int32] = [:]
        defer { for fd in inherited.values { close(fd) } }
        var trustedClient: OpaquePointer?
        if configuration.restrictPrivileged {
            let (serverEnd, clientEnd) = try Server.socketPair(type: SOCK_STREAM)
            inherited[Server.launchedWaylandDescriptor] = clientEnd
            guard let client = wl_client_create(display, serverEnd) else {
                close(serverEnd)
                throw SpawnedProcess.Failure(description: "cannot serve a connection for \(executable)")
            }
            standings.set(.trusted, for: client)
            trustedClient = client
            environment["WAYLAND_SOCKET"] = "\(Server.launchedWaylandDescriptor)"
            if let control {
                inherited[Server.launchedControlDescriptor] = try control.openChannel()
                environment["STRATA_CONTROL_SOCKET"] = "\(Server.launchedControlDescriptor):\(control.path)"
            }
        }
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(loop: eventLoop, executable: executable, arguments: arguments,
                                         environment: environment, inherited: inherited) { [weak self] process, status in
                self?.launchedProcesses.removeAll { $0 === process }
                onExit(status)
            }
        } catch {
            // The channel's server end hangs up by itself once its other end is closed.
            if let trustedClient { wl_client_destroy(trustedClient) }
            throw error
        }
        launchedProcesses.append(process)
        return process.pid
    }

    /// A connected pair of Unix sockets, both close-on-exec.
    static func socketPair(type: __socket_type) throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw SpawnedProcess.Failure(description: "socketpair: \(String(cString: strerror(errno)))")
        }
        return (fds[0], fds[1])
    }
}
