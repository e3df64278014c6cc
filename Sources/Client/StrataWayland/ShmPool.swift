import CStrataClientProtocol
#if canImport(Glibc)
import Glibc
#endif

/// A wl_shm_pool over an anonymous shared memory file (memfd), mapped
/// read-write in this process. Buffers are cut from it with `makeBuffer`.
///
/// The mapping and the file stay until the pool and all its buffers are
/// gone; `destroy()` only releases the protocol object (the compositor
/// keeps the memory while buffers made from it live).
public final class ShmPool {
    let display: WaylandDisplay
    /// The wl_shm_pool; nil after `destroy()`.
    public private(set) var proxy: OpaquePointer?
    /// The shared memory file, as sent to the compositor.
    public let fileDescriptor: Int32
    /// The size in bytes the compositor was told.
    public private(set) var size: Int
    /// The start of this process's mapping of the file (`size` bytes).
    public private(set) var memory: UnsafeMutableRawPointer

    public init(connection: Connection, size: Int) throws {
        guard size > 0, size <= Int(Int32.max) else {
            throw StrataWaylandError.invalidArgument("a shm pool needs a size from 1 to \(Int32.max) bytes, not \(size)")
        }
        guard let shm = connection.shm, connection.isConnected else {
            throw StrataWaylandError.missingGlobal("wl_shm")
        }
        let fd = try SystemCalls.anonymousFile(name: "strata-shm", size: size)
        do {
            memory = try SystemCalls.map(fd: fd, size: size)
        } catch {
            close(fd)
            throw error
        }
        self.display = connection.display
        self.fileDescriptor = fd
        self.size = size
        proxy = wl_shm_create_pool(shm, fd, Int32(size))
    }

    deinit {
        destroy()
        munmap(memory, size)
        close(fileDescriptor)
    }

    /// A wl_buffer on `height` rows of `stride` bytes from `offset`.
    /// The compositor checks the numbers (a buffer outside the pool or a
    /// bad stride is a wl_shm protocol error); this does not, so tests can
    /// send wrong ones. `stride` defaults to `width * 4`.
    public func makeBuffer(offset: Int = 0, width: Int, height: Int, stride: Int? = nil,
                           format: ShmFormat = .argb8888) throws -> ShmBuffer {
        let stride = stride ?? width * 4
        let buffer = try createBufferProxy(offset: offset, width: width, height: height, stride: stride, format: format)
        return ShmBuffer(pool: self, proxy: buffer, offset: offset, width: width, height: height,
                         stride: stride, format: format)
    }

    func createBufferProxy(offset: Int, width: Int, height: Int, stride: Int, format: ShmFormat) throws -> OpaquePointer {
        guard let proxy, display.isConnected else { throw StrataWaylandError.invalidArgument("the shm pool was destroyed") }
        for (label, value) in [("offset", offset), ("width", width), ("height", height), ("stride", stride)]
        where value < Int(Int32.min) || value > Int(Int32.max) {
            throw StrataWaylandError.invalidArgument("a buffer \(label) of \(value) does not fit the wire")
        }
        guard let buffer = wl_shm_pool_create_buffer(proxy, Int32(offset), Int32(width), Int32(height),
                                                     Int32(stride), format.rawValue) else {
            throw display.connectionError()
        }
        return buffer
    }

    /// Grows the pool (wl_shm_pool.resize; a pool cannot shrink).
    public func resize(to newSize: Int) throws {
        guard newSize >= size, newSize <= Int(Int32.max) else {
            throw StrataWaylandError.invalidArgument("a shm pool can only grow, from \(size) to at most \(Int32.max) bytes")
        }
        guard newSize > size else { return }
        if ftruncate(fileDescriptor, off_t(newSize)) != 0 {
            throw StrataWaylandError.sharedMemory("cannot grow the shared memory file to \(newSize) bytes", errno: errno)
        }
        let newMemory = try SystemCalls.map(fd: fileDescriptor, size: newSize)
        munmap(memory, size)
        memory = newMemory
        size = newSize
        if let proxy, display.isConnected { wl_shm_pool_resize(proxy, Int32(newSize)) }
    }

    /// Shrinks the file under the compositor's mapping without telling it,
    /// as a misbehaving client would, so that reading the pool's buffers
    /// raises SIGBUS in the compositor (which must survive it). This
    /// process must not touch the pool's memory past `newSize` afterwards.
    public func truncateForTesting(to newSize: Int) throws {
        if ftruncate(fileDescriptor, off_t(max(0, newSize))) != 0 {
            throw StrataWaylandError.sharedMemory("cannot truncate the shared memory file", errno: errno)
        }
    }

    /// Destroys the wl_shm_pool. Buffers made from it stay usable.
    public func destroy() {
        guard let proxy else { return }
        self.proxy = nil
        if display.isConnected { wl_shm_pool_destroy(proxy) }
    }
}
