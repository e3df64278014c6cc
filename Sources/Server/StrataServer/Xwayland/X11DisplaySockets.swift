#if canImport(Glibc)
import Glibc
#endif

/// An X11 display number claimed the way X servers claim one: the lock
/// file /tmp/.X<n>-lock holding the owner's pid, and the listening sockets
/// X clients connect to, /tmp/.X11-unix/X<n> and the same path in Linux's
/// abstract namespace. The sockets are handed to Xwayland (-listenfd) and
/// kept, so a restarted Xwayland gets the same display.
final class X11DisplaySockets {
    let number: Int
    /// Listening, close-on-exec: the abstract one, then the file one.
    let descriptors: [Int32]

    var displayName: String { ":\(number)" }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Claims the lowest free display from `first`. A lock left by a
    /// process that is gone (a compositor that was killed) is taken over.
    init(first: Int = 0, last: Int = 32) throws {
        // Everyone's X servers put their sockets there: sticky and world-writable, whatever the umask.
        if mkdir("/tmp/.X11-unix", 0o1777) == 0 { chmod("/tmp/.X11-unix", 0o1777) }
        for number in first...last {
            guard X11DisplaySockets.lock(number) else { continue }
            do {
                descriptors = try [X11DisplaySockets.listen(number, abstract: true),
                                   X11DisplaySockets.listen(number, abstract: false)]
                self.number = number
                return
            } catch {
                unlink(X11DisplaySockets.lockPath(number))
            }
        }
        throw Failure(description: "no free X11 display between :\(first) and :\(last)")
    }

    deinit {
        for fd in descriptors { close(fd) }
        unlink(X11DisplaySockets.socketPath(number))
        unlink(X11DisplaySockets.lockPath(number))
    }

    static func lockPath(_ number: Int) -> String { "/tmp/.X\(number)-lock" }
    static func socketPath(_ number: Int) -> String { "/tmp/.X11-unix/X\(number)" }

    /// Creates the lock file with this process's pid, as X servers write it
    /// (ten digits and a newline); false when another live process has it.
    private static func lock(_ number: Int) -> Bool {
        let path = lockPath(number)
        for _ in 0..<2 {
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
            if fd >= 0 {
                let text = String(repeating: " ", count: max(0, 10 - String(getpid()).count)) + "\(getpid())\n"
                let written = text.withCString { write(fd, $0, strlen($0)) }
                close(fd)
                if written == 11 { return true }
                unlink(path)
                return false
            }
            guard errno == EEXIST, let owner = lockOwner(path) else { return false }
            // Taken over only when its owner is gone; a lock that cannot be read is someone else's.
            guard kill(owner, 0) != 0, errno == ESRCH else { return false }
            unlink(path)
            unlink(socketPath(number))
        }
        return false
    }

    private static func lockOwner(_ path: String) -> pid_t? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 12)
        let count = read(fd, &bytes, 11)
        guard count > 0 else { return nil }
        // Ten digits, right-aligned with spaces, and a newline.
        let digits = bytes[0..<count].filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return pid_t(String(decoding: digits, as: UTF8.self)).flatMap { $0 > 0 ? $0 : nil }
    }

    private static func listen(_ number: Int, abstract: Bool) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socketPath(number).utf8)
        // The abstract name is the path after a NUL byte; its length, not a terminator, ends it.
        let offset = abstract ? 1 : 0
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.enumerated() { raw[offset + index] = byte }
        }
        let length = MemoryLayout<sa_family_t>.size + offset + path.count + (abstract ? 0 : 1)
        if !abstract { unlink(socketPath(number)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(length)) }
        }
        guard bound == 0, Glibc.listen(fd, 1) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot listen on display :\(number): \(reason)")
        }
        return fd
    }
}
