#if canImport(Glibc)
import Glibc
#endif

/// One way a connector can be driven: its pixels and refresh rate.
struct DisplayMode: Equatable, Sendable, CustomStringConvertible {
    var width: Int
    var height: Int
    /// Refresh rate in millihertz (60 Hz is 60_000).
    var refreshMillihertz: Int
    /// The monitor says this is its native mode.
    var isPreferred = false

    var description: String { "\(width)x\(height)@\(Double(refreshMillihertz / 10) / 100)Hz" }
}

/// A connector (a monitor's socket on the GPU) as the kernel describes it.
struct ConnectorInfo: Equatable, Sendable {
    let id: UInt32
    /// The kernel's name for it, as other compositors show it: "HDMI-A-1", "eDP-1".
    let name: String
    let isConnected: Bool
    /// The modes the monitor offers, in the kernel's order.
    let modes: [DisplayMode]
    /// The CRTCs (scanout engines) that can drive it, the one driving it now first.
    let possibleCrtcs: [UInt32]
}

/// A buffer the display can scan out: CPU-mapped XRGB8888 pixels with a
/// framebuffer id (a dumb buffer on a real GPU).
final class ScanoutBuffer {
    let framebufferID: UInt32
    let width: Int
    let height: Int
    /// Bytes per row.
    let stride: Int
    let pixels: UnsafeMutableRawPointer
    /// What the device needs to free it (the dumb buffer's handle and mapping size).
    let handle: UInt32
    let mappedBytes: Int

    init(framebufferID: UInt32, width: Int, height: Int, stride: Int, pixels: UnsafeMutableRawPointer,
         handle: UInt32, mappedBytes: Int) {
        (self.framebufferID, self.width, self.height, self.stride) = (framebufferID, width, height, stride)
        (self.pixels, self.handle, self.mappedBytes) = (pixels, handle, mappedBytes)
    }
}

/// The kernel's display interface (DRM/KMS) as the DRM backend uses it:
/// connectors and their modes, dumb buffers, modesets and page flips.
/// `LibdrmDevice` is the real one; tests drive the backend with a fake.
protocol DisplayDevice: AnyObject {
    /// Where it is, for messages: "/dev/dri/card0".
    var path: String { get }
    /// Readable when a page flip has completed.
    var fileDescriptor: Int32 { get }
    /// Readable when a monitor was plugged or unplugged (nil: no hotplug notice).
    var hotplugFileDescriptor: Int32? { get }

    func connectors() throws -> [ConnectorInfo]
    func createScanoutBuffer(width: Int, height: Int) throws -> ScanoutBuffer
    func destroyScanoutBuffer(_ buffer: ScanoutBuffer)
    /// Drives `connector` from `crtc` in `mode`, showing `buffer` (synchronous).
    func setMode(crtc: UInt32, connector: UInt32, mode: DisplayMode, buffer: ScanoutBuffer) throws
    /// Queues `buffer` to be shown at the next vblank; completion arrives through `readEvents`.
    func pageFlip(crtc: UInt32, buffer: ScanoutBuffer) throws
    /// Reads what the kernel reported on `fileDescriptor`: the CRTC of each page flip that completed.
    func readEvents() throws -> [UInt32]
    /// Drains the hotplug notices; true when connectors may have changed.
    func takeHotplugNotices() -> Bool
    /// DRM master: the right to modeset, which one session holds at a time.
    func dropMaster()
    func takeMaster()
    func close()
}

public enum DisplayDeviceError: Error, CustomStringConvertible {
    case call(String, Int32)

    public var description: String {
        switch self {
        case .call(let what, let code): return "\(what) failed: \(String(cString: strerror(code)))"
        }
    }
}
