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
    /// Asks for atomic modesetting (DRM_CLIENT_CAP_ATOMIC, with universal
    /// planes); false when the driver does not offer it.
    func enableAtomic() -> Bool
    /// A primary plane that can feed `crtc`, not one of `planesInUse` (other
    /// monitors'), and the property ids an atomic commit sets on it, on the
    /// CRTC and on `connector`; nil when any is missing.
    func atomicOutput(crtc: UInt32, connector: UInt32, planesInUse: Set<UInt32>) -> AtomicOutput?
    /// One atomic commit showing `buffer` on `output`'s plane (see `AtomicCommit`);
    /// a flip's completion arrives through `readEvents`, as a page flip's does.
    func atomicCommit(_ commit: AtomicCommit, output: AtomicOutput, mode: DisplayMode, buffer: ScanoutBuffer) throws
    /// Entries in each of `crtc`'s gamma ramps: its GAMMA_LUT_SIZE when it is
    /// driven atomically (`atomic`) and has GAMMA_LUT, else its legacy
    /// gamma_size; 0 when it has no gamma table.
    func gammaSize(crtc: UInt32, atomic: AtomicOutput?) -> Int
    /// Loads `ramps` (nil: none, as at start) into `crtc`: as a GAMMA_LUT
    /// blob in an atomic commit of that property alone when `atomic` has
    /// it, else with drmModeCrtcSetGamma (nil then loads a linear ramp).
    func setGamma(crtc: UInt32, ramps: GammaRamps?, atomic: AtomicOutput?) throws
    /// Turns the monitor off or on (DPMS): with atomic commits the CRTC's
    /// ACTIVE property (its mode, planes and connector kept), else the
    /// connector's DPMS property. Turned on, the caller modesets again.
    func setDisplayPower(_ on: Bool, path: ModesetPath, crtc: UInt32, connector: UInt32) throws
    /// Reads what the kernel reported on `fileDescriptor`: the CRTC of each page flip that completed.
    func readEvents() throws -> [UInt32]
    /// Drains the hotplug notices; true when connectors may have changed.
    func takeHotplugNotices() -> Bool
    /// DRM master: the right to modeset, which one session holds at a time.
    func dropMaster()
    func takeMaster()
    func close()
}

/// What an atomic commit does.
enum AtomicCommit: String, Sendable {
    /// The modeset, only checked (DRM_MODE_ATOMIC_TEST_ONLY | ALLOW_MODESET).
    case testModeset = "test-modeset"
    /// The CRTC on in `mode`, the connector on it, the plane covering it
    /// with the buffer (DRM_MODE_ATOMIC_ALLOW_MODESET), synchronous.
    case modeset
    /// Only the plane's buffer, at the next vblank, with a completion event
    /// (DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_ATOMIC_NONBLOCK).
    case flip
}

/// The KMS objects of one monitor driven with atomic commits, and the ids of
/// the properties set on them, by name ("ACTIVE", "FB_ID", ...).
struct AtomicOutput: Equatable, Sendable {
    let crtc: UInt32
    let connector: UInt32
    let plane: UInt32
    let crtcProperties: [String: UInt32]
    let connectorProperties: [String: UInt32]
    let planeProperties: [String: UInt32]

    static let neededCrtcProperties = ["ACTIVE", "MODE_ID"]
    static let neededConnectorProperties = ["CRTC_ID"]
    static let neededPlaneProperties = ["FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H",
                                        "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H"]

    /// Nil when one of the needed properties is missing.
    init?(crtc: UInt32, connector: UInt32, plane: UInt32, crtcProperties: [String: UInt32],
          connectorProperties: [String: UInt32], planeProperties: [String: UInt32]) {
        guard Self.neededCrtcProperties.allSatisfy({ crtcProperties[$0] != nil }),
              Self.neededConnectorProperties.allSatisfy({ connectorProperties[$0] != nil }),
              Self.neededPlaneProperties.allSatisfy({ planeProperties[$0] != nil }) else { return nil }
        (self.crtc, self.connector, self.plane) = (crtc, connector, plane)
        (self.crtcProperties, self.connectorProperties, self.planeProperties) = (crtcProperties, connectorProperties, planeProperties)
    }
}

/// How a monitor's frames reach it.
enum ModesetPath: Equatable, Sendable, CustomStringConvertible {
    /// Atomic commits: one for the modeset, one per flip.
    case atomic(AtomicOutput)
    /// drmModeSetCrtc, then drmModePageFlip; why atomic was not taken.
    case legacy(reason: String)

    var isAtomic: Bool { plane != nil }
    /// The objects atomic commits set, when the path is atomic.
    var atomicOutput: AtomicOutput? { if case .atomic(let output) = self { output } else { nil } }
    /// The primary plane atomic commits show the buffers on.
    var plane: UInt32? { if case .atomic(let output) = self { output.plane } else { nil } }

    var description: String {
        switch self {
        case .atomic(let output): return "atomic modesetting (plane \(output.plane))"
        case .legacy(let reason): return "legacy modesetting (\(reason))"
        }
    }
}

public enum DisplayDeviceError: Error, CustomStringConvertible {
    case call(String, Int32)

    public var description: String {
        switch self {
        case .call(let what, let code): return "\(what) failed: \(String(cString: strerror(code)))"
        }
    }
}
