import CStrataClientProtocol

/// A wl_shm pixel format code. Any value can be made, so tests can send
/// formats the compositor must refuse.
public struct ShmFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// 32-bit premultiplied ARGB, little-endian (0xAARRGGBB in a UInt32).
    public static let argb8888 = ShmFormat(rawValue: 0)
    /// 32-bit RGB with the top byte ignored.
    public static let xrgb8888 = ShmFormat(rawValue: 1)

    public var description: String {
        switch self {
        case .argb8888: return "argb8888"
        case .xrgb8888: return "xrgb8888"
        default: return "format \(rawValue)"
        }
    }
}

/// A wl_buffer in an `ShmPool`, with its pixels mapped in this process.
///
/// `released` follows the protocol: it becomes false when the buffer is
/// attached (to a surface through `WaylandToplevel.attach` or to a layer through
/// `Layer.setContents`) and true again when the compositor sends
/// wl_buffer.release. Drawing into a buffer that is not released races with
/// the compositor reading it.
public final class ShmBuffer {
    /// The pool the pixels live in; kept alive by the buffer.
    public let pool: ShmPool
    /// The wl_buffer; nil after `destroy()`.
    public private(set) var proxy: OpaquePointer?
    public let offset: Int
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    public let format: ShmFormat

    /// False from an attach until the compositor releases the buffer.
    public private(set) var released = true
    /// How many wl_buffer.release events arrived.
    public private(set) var releaseCount = 0
    /// Called on each wl_buffer.release, after `released` became true.
    public var onRelease: (() -> Void)?

    init(pool: ShmPool, proxy: OpaquePointer, offset: Int, width: Int, height: Int, stride: Int, format: ShmFormat) {
        self.pool = pool
        self.proxy = proxy
        (self.offset, self.width, self.height, self.stride, self.format) = (offset, width, height, stride, format)
        wl_buffer_add_listener(proxy, bufferListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// A buffer with a pool of its own, exactly `stride × height` bytes.
    public convenience init(connection: Connection, width: Int, height: Int, format: ShmFormat = .argb8888) throws {
        guard width > 0, height > 0 else {
            throw StrataWaylandError.invalidArgument("a buffer needs a positive size, not \(width)×\(height)")
        }
        let pool = try ShmPool(connection: connection, size: width * 4 * height)
        let proxy = try pool.createBufferProxy(offset: 0, width: width, height: height, stride: width * 4, format: format)
        // The pool's protocol object is not needed any more; its memory lives on with the buffer.
        pool.destroy()
        self.init(pool: pool, proxy: proxy, offset: 0, width: width, height: height, stride: width * 4, format: format)
    }

    deinit { destroy() }

    /// The wl_buffer's object id on the wire (0 once destroyed).
    public var objectID: UInt32 { pool.display.objectID(of: proxy) }

    /// The first byte of the buffer's pixels in this process's mapping.
    public var pixels: UnsafeMutableRawPointer { pool.memory + offset }
    /// `stride × height`.
    public var byteCount: Int { stride * height }

    /// Records that the buffer was attached, so `released` is false until
    /// the compositor releases it. StrataWayland's own attach calls do this;
    /// call it after attaching `proxy` by hand.
    public func markAttached() { released = false }

    /// Destroys the wl_buffer. The memory stays mapped while the object lives.
    public func destroy() {
        guard let proxy else { return }
        self.proxy = nil
        if pool.display.isConnected { wl_buffer_destroy(proxy) }
    }

    fileprivate func handleRelease() {
        released = true
        releaseCount += 1
        onRelease?()
    }
}

private let bufferListener: UnsafeMutablePointer<wl_buffer_listener> = {
    let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_buffer_listener(release: { data, _ in
        Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue().handleRelease()
    }))
    return listener
}()
