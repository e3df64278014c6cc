import CStrataClientProtocol
import Foundation
import TestSupport

/// A wl_shm buffer whose memory the test keeps mapped, to read what the
/// compositor wrote into it (screencopy).
final class ReadableBuffer {
    let buffer: OpaquePointer
    let width: Int, height: Int, stride: Int
    private let memory: UnsafeMutableRawPointer
    private let size: Int

    init(client: RawClient, shm: OpaquePointer, width: Int, height: Int, stride: Int? = nil,
         format: UInt32 = WL_SHM_FORMAT_XRGB8888.rawValue) throws {
        self.width = width
        self.height = height
        self.stride = stride ?? width * 4
        size = max(self.stride * height, 4)
        let (fd, memory) = try RawClient.sharedMemory(size: size)
        defer { close(fd) }
        memset(memory, 0x5A, size)  // not a colour the compositor draws
        self.memory = memory
        let pool = wl_shm_create_pool(shm, fd, Int32(size))!
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(self.stride), format)!
        wl_shm_pool_destroy(pool)
    }

    deinit { munmap(memory, size) }

    /// The pixel at (x, y) as 0xAARRGGBB (XRGB8888 in memory).
    subscript(x: Int, y: Int) -> UInt32 {
        memory.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// The pixels that differ from `image`'s at (x0 + x, y0 + y), ignoring the X byte.
    func differences(from image: DecodedPNG, x0: Int = 0, y0: Int = 0) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = image[x0 + x, y0 + y]
                let expected = UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue)
                if self[x, y] & 0xFF_FF_FF != expected { count += 1 }
            }
        }
        return count
    }
}

/// Writes down what a zwlr_screencopy_frame_v1 says.
final class ScreencopyRecorder {
    let frame: OpaquePointer
    private(set) var buffer: (format: UInt32, width: UInt32, height: UInt32, stride: UInt32)?
    private(set) var bufferDone = false
    private(set) var flags: UInt32?
    private(set) var ready = false
    private(set) var failed = false
    private(set) var damage: [(x: UInt32, y: UInt32, width: UInt32, height: UInt32)] = []
    private let listener = UnsafeMutablePointer<zwlr_screencopy_frame_v1_listener>.allocate(capacity: 1)

    init(_ frame: OpaquePointer) {
        self.frame = frame
        listener.initialize(to: zwlr_screencopy_frame_v1_listener(
            buffer: { data, _, format, width, height, stride in recorder(data).buffer = (format, width, height, stride) },
            flags: { data, _, flags in recorder(data).flags = flags },
            ready: { data, _, _, _, _ in recorder(data).ready = true },
            failed: { data, _ in recorder(data).failed = true },
            damage: { data, _, x, y, width, height in recorder(data).damage.append((x, y, width, height)) },
            linux_dmabuf: { _, _, _, _, _ in },
            buffer_done: { data, _ in recorder(data).bufferDone = true }))
        zwlr_screencopy_frame_v1_add_listener(frame, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { listener.deallocate() }
}

private func recorder(_ data: UnsafeMutableRawPointer?) -> ScreencopyRecorder {
    Unmanaged<ScreencopyRecorder>.fromOpaque(data!).takeUnretainedValue()
}
