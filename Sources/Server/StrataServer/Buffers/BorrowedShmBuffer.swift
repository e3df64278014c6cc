import CWaylandServer
import StrataRender

/// A client's wl_shm buffer whose pixels a surface shows in place, until
/// the client's next buffer replaces it (then the buffer is released).
///
/// Reads go through wl_shm_buffer_begin_access/end_access: if the client
/// truncates the pool's file, libwayland catches the fault and posts an
/// error to that client, and this server goes on. The pool is not
/// referenced (a reference would make libwayland hold back the client's
/// pool resizes, failing buffers it then makes in the new part), so the
/// pixels are looked up again at each read (`pixels`). If the client
/// destroys the wl_buffer while it is shown, `bufferWillBeDestroyed` runs
/// first (the surface copies the pixels then).
final class BorrowedShmBuffer: PixelAccess {
    private(set) var buffer: WaylandResource?
    private let shm: OpaquePointer
    private let destroyListener: Listener
    var bufferWillBeDestroyed: () -> Void = {}
    /// A byte read to check that the pixels are there (kept, so the read is not optimized away).
    var probe: UInt8 = 0

    private let holds: ShownShmBuffers

    /// nil unless `buffer` is a wl_shm buffer.
    init?(_ buffer: WaylandResource, holds: ShownShmBuffers) {
        guard let shm = wl_shm_buffer_get(buffer) else { return nil }
        self.buffer = buffer
        self.shm = shm
        self.holds = holds
        holds.count[buffer, default: 0] += 1
        destroyListener = Listener { _ in }
        destroyListener.body = { [unowned self] _ in
            // Alive until the callback is done, whoever lets go of it inside.
            withExtendedLifetime(self) {
                bufferWillBeDestroyed()
                forget()
            }
        }
        destroyListener.listen(toDestroyOf: buffer)
    }

    deinit {
        forget()
    }

    /// Where the first pixel is now; nil once the buffer is gone.
    var pixels: UnsafeMutableRawPointer? { buffer == nil ? nil : wl_shm_buffer_get_data(shm) }

    func beginAccess() { if buffer != nil { wl_shm_buffer_begin_access(shm) } }
    func endAccess() { if buffer != nil { wl_shm_buffer_end_access(shm) } }

    /// The surface no longer reads it: once no other surface shows it, the client may reuse it.
    func release() {
        if let buffer, holds.count[buffer] == 1 { wl_buffer_send_release(buffer) }
        forget()
    }

    /// Stops holding the buffer without releasing it (another hold on
    /// the same buffer took over, or it is being destroyed).
    func forget() {
        destroyListener.remove()
        guard let buffer else { return }
        self.buffer = nil
        let left = (holds.count[buffer] ?? 1) - 1
        holds.count[buffer] = left > 0 ? left : nil
    }
}

/// A wl_shm buffer attached to several surfaces goes back to its client
/// only when the last of them lets go of it.
final class ShownShmBuffers {
    var count: [WaylandResource: Int] = [:]
}
