import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// Moves a selection's bytes through a pipe on the server's event loop,
/// never blocking it: reading all a Wayland client writes (for an X
/// client that pastes), or writing what an X client gave to a Wayland
/// client's pipe (for a Wayland client that pastes). The descriptor is the
/// transfer's and is closed when it ends; so is the transfer, at most
/// `limit` bytes read.
final class PipeTransfer {
    enum Direction {
        /// Read until the writer closes, then `done` with what was read (nil: it failed or grew past the limit).
        case read(limit: Int, done: ([UInt8]?) -> Void)
        /// Write these bytes, then close.
        case write([UInt8])
    }

    /// libwayland's WL_EVENT_WRITABLE, which the sanitized release build
    /// (make fuzz-coverage) does not import into Swift.
    private static let eventWritable: UInt32 = 0x02

    private var fd: Int32
    private var source: OpaquePointer?
    private var direction: Direction
    private var buffer: [UInt8] = []
    private var offset = 0
    /// Keeps itself alive while the loop watches it.
    private var retained: PipeTransfer?

    /// Starts the transfer; it takes `fd`.
    init(loop: OpaquePointer, fd: Int32, _ direction: Direction) {
        self.fd = fd
        self.direction = direction
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        if case .write(let bytes) = direction { buffer = bytes }
        let mask: UInt32
        if case .read = direction { mask = UInt32(WL_EVENT_READABLE) } else { mask = PipeTransfer.eventWritable }
        source = wl_event_loop_add_fd(loop, fd, mask, { _, _, data in
            Unmanaged<PipeTransfer>.fromOpaque(data!).takeUnretainedValue().ready()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        guard source != nil else {
            finish(success: false)
            return
        }
        retained = self
    }

    private func ready() {
        switch direction {
        case .read(let limit, _):
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(fd, &chunk, chunk.count)
                if count > 0 {
                    buffer += chunk[0..<count]
                    if buffer.count > limit { return finish(success: false) }
                } else if count == 0 {
                    return finish(success: true)
                } else {
                    if errno == EAGAIN || errno == EINTR { return }
                    return finish(success: false)
                }
            }
        case .write:
            while offset < buffer.count {
                let count = buffer[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    offset += count
                } else {
                    if count < 0, errno == EAGAIN || errno == EINTR { return }
                    return finish(success: false)
                }
            }
            finish(success: true)
        }
    }

    private func finish(success: Bool) {
        if let source { wl_event_source_remove(source) }
        source = nil
        if fd >= 0 { close(fd) }
        fd = -1
        if case .read(_, let done) = direction { done(success ? buffer : nil) }
        retained = nil
    }
}
