import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// Work handed to the event loop's thread from other threads: an input
/// source with a thread of its own (wlcs drives the server from its test
/// thread) queues closures here, and the loop runs them between requests,
/// woken through a pipe. Everything else in the server stays single-threaded.
final class CrossThreadInbox {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var queued: [() -> Void] = []
    private let readFD: Int32
    private let writeFD: Int32
    private var source: OpaquePointer?

    init?(loop: OpaquePointer) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        // (pipe2 is hidden behind _GNU_SOURCE in Glibc's module.)
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        (readFD, writeFD) = (fds[0], fds[1])
        pthread_mutex_init(mutex, nil)
        source = wl_event_loop_add_fd(loop, readFD, UInt32(WL_EVENT_READABLE), { _, _, data in
            Unmanaged<CrossThreadInbox>.fromOpaque(data!).takeUnretainedValue().runQueued()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let source { wl_event_source_remove(source) }
        close(readFD)
        close(writeFD)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Any thread: queues `body` and wakes the loop.
    func post(_ body: @escaping () -> Void) {
        pthread_mutex_lock(mutex)
        queued.append(body)
        pthread_mutex_unlock(mutex)
        var byte: UInt8 = 1
        // A full pipe already holds a wakeup; the loop drains the whole queue on each.
        _ = write(writeFD, &byte, 1)
    }

    /// The loop's thread: drains the wakeups, then runs everything queued, in order.
    private func runQueued() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readFD, &buffer, buffer.count) > 0 {}
        pthread_mutex_lock(mutex)
        let work = queued
        queued = []
        pthread_mutex_unlock(mutex)
        for body in work { body() }
    }
}
