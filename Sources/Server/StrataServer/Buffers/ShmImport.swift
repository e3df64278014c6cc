import CWaylandServer
import StrataProtocol
import StrataRender

/// Why a client's buffer could not become layer contents.
public enum BufferImportError: Error, CustomStringConvertible, Equatable {
    case notShm
    case unsupportedFormat(UInt32)
    /// Rows shorter than width × 4 bytes (libwayland only checks stride ≥ width).
    case invalidStride(stride: Int, width: Int)
    /// More pixels than the server will hold for one buffer.
    case tooLarge(width: Int, height: Int)
    /// A side longer than `maximumBufferSide`.
    case tooLong(width: Int, height: Int)

    public var description: String {
        switch self {
        case .notShm: return "buffer is not a wl_shm buffer"
        case .unsupportedFormat(let format): return "unsupported wl_shm format 0x\(String(format, radix: 16)) (ARGB8888 and XRGB8888 are)"
        case .invalidStride(let stride, let width): return "stride \(stride) is less than 4 bytes × width \(width)"
        case .tooLarge(let width, let height): return "buffer \(width)×\(height) is larger than the \(maximumBufferBytes >> 20) MiB a buffer may have"
        case .tooLong(let width, let height): return "buffer \(width)×\(height) has a side longer than \(maximumBufferSide) pixels"
        }
    }
}

/// The most pixel memory one buffer may make the server allocate.
public let maximumBufferBytes = Int(Limits.standard.maxBufferBytes)

/// The longest side a buffer may have: pixman samples transformed images
/// in 16.16 fixed point, whose coordinates end at 32768.
public let maximumBufferSide = 16_384

/// What a valid wl_shm buffer holds.
public struct ShmBufferDescription: Equatable {
    public var width: Int
    public var height: Int
    public var stride: Int
    public var hasAlpha: Bool
}

/// Checks that `buffer` is a wl_shm buffer the compositor can read, without reading it.
public func describeShmBuffer(_ buffer: WaylandResource) throws(BufferImportError) -> ShmBufferDescription {
    guard let shm = wl_shm_buffer_get(buffer) else { throw .notShm }
    let format = wl_shm_buffer_get_format(shm)
    let hasAlpha: Bool
    switch format {
    case WL_SHM_FORMAT_ARGB8888.rawValue: hasAlpha = true
    case WL_SHM_FORMAT_XRGB8888.rawValue: hasAlpha = false
    default: throw .unsupportedFormat(format)
    }
    let width = Int(wl_shm_buffer_get_width(shm)), height = Int(wl_shm_buffer_get_height(shm))
    let stride = Int(wl_shm_buffer_get_stride(shm))
    // libwayland checked that stride × height fits in the pool; rows must
    // also hold the pixels read from them, or the copy runs off the mapping.
    guard stride >= width * 4 else { throw .invalidStride(stride: stride, width: width) }
    guard width * height * 4 <= maximumBufferBytes else { throw .tooLarge(width: width, height: height) }
    guard width <= maximumBufferSide, height <= maximumBufferSide else { throw .tooLong(width: width, height: height) }
    return ShmBufferDescription(width: width, height: height, stride: stride, hasAlpha: hasAlpha)
}

/// Copies a wl_shm buffer into compositor-owned pixels and releases the
/// buffer at once, so the server never reads client memory after this call.
///
/// `size` takes only the top-left part of the buffer (layer contents may
/// claim less than their buffer holds); nil takes it all.
///
/// `existing` is reused (keeping its identity, so the renderer redraws only
/// the damage) when its size and format match; then only `damage` (buffer
/// pixels, nil = everything) is copied. Otherwise a new image is filled.
///
/// Reading goes through wl_shm_buffer_begin_access/end_access: if the
/// client truncated its pool, libwayland catches the SIGBUS, posts an error
/// to that client, and this server goes on (the copied pixels are garbage,
/// which only that client sees before it is disconnected).
///
/// `opaque`: the client promised every pixel is opaque (its opaque region
/// covers the buffer), so an ARGB8888 buffer is read as XRGB8888 and drawn
/// without blending, hiding what is below.
///
/// On error the buffer is not released; the caller posts a protocol error.
public func importShmBuffer(_ buffer: WaylandResource, size: (width: Int, height: Int)? = nil,
                            into existing: LayerImage?, damage: [PixelRect]?,
                            opaque: Bool = false) throws(BufferImportError) -> LayerImage {
    let description = try describeShmBuffer(buffer)
    let width = min(size?.width ?? description.width, description.width)
    let height = min(size?.height ?? description.height, description.height)
    let hasAlpha = description.hasAlpha && !opaque
    let full = PixelRect(x: 0, y: 0, width: width, height: height)

    let image: LayerImage
    let rects: [PixelRect]
    if let existing, existing.width == width, existing.height == height, existing.hasAlpha == hasAlpha {
        image = existing
        rects = damage ?? [full]
    } else {
        // libwayland has checked width, height and stride against the pool
        // at create_buffer, so a valid buffer has a positive size.
        image = LayerImage(width: width, height: height, hasAlpha: hasAlpha)
        rects = [full]
    }

    let shm = wl_shm_buffer_get(buffer)!
    wl_shm_buffer_begin_access(shm)
    if let data = wl_shm_buffer_get_data(shm) {
        for rect in rects { image.copy(from: UnsafeRawPointer(data), sourceStride: description.stride, rect: rect) }
    }
    wl_shm_buffer_end_access(shm)

    wl_buffer_send_release(buffer)
    return image
}
