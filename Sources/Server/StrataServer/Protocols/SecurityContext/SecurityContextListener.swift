import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// A committed security context: Strata accepts connections on its
/// listening socket, each a sandboxed client with the context's metadata,
/// until its close_fd hangs up (the sandbox engine closed the other end),
/// whether or not the client that made it is still connected.
final class SecurityContextListener {
    private unowned let manager: SecurityContextManagerGlobal
    let metadata: SandboxMetadata
    private var listenFD: Int32
    private var closeFD: Int32
    private var listenSource: OpaquePointer?
    private var closeSource: OpaquePointer?

    /// nil when either descriptor cannot be watched (the caller keeps them then).
    init?(manager: SecurityContextManagerGlobal, context: SecurityContext.Committed) {
        self.manager = manager
        metadata = context.metadata
        listenFD = context.listenFD
        closeFD = context.closeFD
        let loop = manager.server.eventLoop
        let me = Unmanaged.passUnretained(self).toOpaque()
        listenSource = wl_event_loop_add_fd(loop, listenFD, UInt32(WL_EVENT_READABLE), { _, mask, data in
            Unmanaged<SecurityContextListener>.fromOpaque(data!).takeUnretainedValue().listenReady(mask: mask)
            return 0
        }, me)
        // Mask 0: only hang-ups and errors, which epoll always reports.
        closeSource = wl_event_loop_add_fd(loop, closeFD, 0, { _, _, data in
            Unmanaged<SecurityContextListener>.fromOpaque(data!).takeUnretainedValue().finish()
            return 0
        }, me)
        guard listenSource != nil, closeSource != nil else {
            removeSources()
            return nil
        }
        // The engine may only close its copy now, so the shared description may be made non-blocking.
        _ = fcntl(listenFD, F_SETFL, fcntl(listenFD, F_GETFL) | O_NONBLOCK)
    }

    private func listenReady(mask: UInt32) {
        if mask & UInt32(WL_EVENT_HANGUP | WL_EVENT_ERROR) != 0 { return finish() }
        while listenFD >= 0 {
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { return }  // EAGAIN: all accepted
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            manager.server.addClient(fd: fd, standing: .sandboxed(metadata))
        }
    }

    private func finish() {
        close()
        manager.finished(self)
    }

    private func removeSources() {
        if let listenSource { wl_event_source_remove(listenSource) }
        if let closeSource { wl_event_source_remove(closeSource) }
        listenSource = nil
        closeSource = nil
    }

    /// Stops accepting and closes both descriptors.
    func close() {
        removeSources()
        if listenFD >= 0 { Glibc.close(listenFD) }
        if closeFD >= 0 { Glibc.close(closeFD) }
        listenFD = -1
        closeFD = -1
    }
}
