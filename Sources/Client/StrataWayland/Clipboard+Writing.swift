import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Writing a copy into a paste's pipe, on a background thread so that a
/// slow reader (or this very process) never blocks event dispatch. A
/// reader that closes its end early must not kill the copying process:
/// SIGPIPE is blocked on the writing thread and a pending one is taken
/// back, so the write just fails with EPIPE. A reader that stops reading
/// is given up on after `stallTimeout` seconds.
extension Clipboard {
    static let stallTimeout: Int32 = 5_000

    static func writeInBackground(_ bytes: [UInt8], to fd: Int32) {
        DispatchQueue.global().async {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            defer {
                close(fd)
                var pending = sigset_t()
                sigpending(&pending)
                if sigismember(&pending, SIGPIPE) == 1 {
                    var now = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&pipeSignal, nil, &now)
                }
                pthread_sigmask(SIG_SETMASK, &previous, nil)
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
                if result > 0 {
                    written += result
                } else if result < 0, errno == EINTR {
                    continue
                } else if result < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    guard poll(&entry, 1, stallTimeout) > 0 else { return }
                } else {
                    return
                }
            }
        }
    }
}
