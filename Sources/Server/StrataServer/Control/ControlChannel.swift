import CStrataServerProtocol
import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// The server's end of a launched client's channel to the control socket
/// (`Server.launch`, STRATA_CONTROL_SOCKET): a SOCK_SEQPACKET socket pair
/// whose other end only the launched process and what inherits it from
/// it hold. Each message on it carries one end of a new connection
/// (SCM_RIGHTS), which is served as a trusted control connection, exactly
/// as if it had come through the control socket. Holding the channel is
/// the proof: nothing about the sender's pid is looked at.
///
/// The channel closes when every copy of its other end is closed: when
/// the launched process and all that inherited it are gone.
final class ControlChannel {
    private unowned let control: ControlServer
    private var fd: Int32
    private var source: OpaquePointer?

    /// `fd`: the server's end, close-on-exec.
    init(fd: Int32, control: ControlServer) {
        self.fd = fd
        self.control = control
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        source = wl_event_loop_add_fd(control.server.eventLoop, fd, UInt32(WL_EVENT_READABLE), { _, mask, data in
            Unmanaged<ControlChannel>.fromOpaque(data!).takeUnretainedValue().ready(mask: mask)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func ready(mask: UInt32) {
        // Every pending message, each with the connection it carries.
        while fd >= 0 {
            var byte: UInt8 = 0
            var connection: Int32 = -1
            let count = strata_receive_fd(fd, &byte, 1, &connection)
            if count > 0 {
                if connection >= 0 { control.serve(connection, trusted: true, peer: "a launched client") }
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // Nothing more; a hang-up with nothing left to read ends the channel.
                if mask & UInt32(WL_EVENT_HANGUP | WL_EVENT_ERROR) != 0 { finish() }
                return
            }
            // 0: every copy of the other end is closed; or an error.
            finish()
            return
        }
    }

    private func finish() {
        close()
        control.finished(self)
    }

    func close() {
        if let source { wl_event_source_remove(source) }
        source = nil
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }
}
