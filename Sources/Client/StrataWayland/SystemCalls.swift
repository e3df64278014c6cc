// The few libc calls StrataWayland makes that Swift's Glibc module does not
// offer directly, each behind one small function.

#if canImport(Glibc)
import Glibc
#endif

enum SystemCalls {
    /// `strerror(code)` as a Swift string.
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32

    /// memfd_create(2). Glibc declares it only under _GNU_SOURCE, which the
    /// Swift Glibc module does not set, so it is looked up at run time.
    private static let memfdCreate: MemfdCreate? = {
        // RTLD_DEFAULT is the null handle.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create") else { return nil }
        return unsafeBitCast(symbol, to: MemfdCreate.self)
    }()

    /// An anonymous, close-on-exec shared memory file of `size` bytes.
    /// memfd_create when the C library has it, else an shm_open'd and
    /// immediately unlinked file.
    static func anonymousFile(name: String, size: Int) throws -> Int32 {
        var fd: Int32 = -1
        if let memfdCreate {
            let MFD_CLOEXEC: UInt32 = 0x1, MFD_ALLOW_SEALING: UInt32 = 0x2
            fd = memfdCreate(name, MFD_CLOEXEC | MFD_ALLOW_SEALING)
        } else {
            for attempt in 0..<100 {
                let path = "/\(name)-\(getpid())-\(attempt)-\(UInt32.random(in: 0...UInt32.max))"
                fd = shm_open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                if fd >= 0 { shm_unlink(path); break }
                if errno != EEXIST { break }
            }
        }
        guard fd >= 0 else { throw StrataWaylandError.sharedMemory("cannot create a shared memory file", errno: errno) }
        if ftruncate(fd, off_t(size)) != 0 {
            let code = errno
            close(fd)
            throw StrataWaylandError.sharedMemory("cannot size the shared memory file to \(size) bytes", errno: code)
        }
        return fd
    }

    /// A shared read-write mapping of the first `size` bytes of `fd`.
    static func map(fd: Int32, size: Int) throws -> UnsafeMutableRawPointer {
        let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let address, address != MAP_FAILED else {
            throw StrataWaylandError.sharedMemory("cannot map \(size) bytes of shared memory", errno: errno)
        }
        return address
    }

    /// CLOCK_MONOTONIC in seconds, for deadlines.
    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
