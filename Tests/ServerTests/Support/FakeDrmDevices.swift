import Foundation
@testable import StrataServer

/// A GPU's display side in memory: connectors as a test sets them, dumb
/// buffers as plain memory, and page flips that complete when the test
/// says the vblank came. Mimics the kernel's refusals: a second flip on a
/// CRTC before the first completed (EBUSY), and modesets or flips without
/// DRM master (EACCES).
final class FakeDisplayDevice: DisplayDevice {
    let path = "/dev/dri/fake0"
    let fileDescriptor: Int32 = -1
    let hotplugFileDescriptor: Int32? = nil
    var connectorList: [ConnectorInfo]
    /// Every call that reached the "kernel", in order (refused ones marked so).
    private(set) var calls: [String] = []
    private(set) var isMaster = true
    private var inFlight: [UInt32: ScanoutBuffer] = [:]
    /// What each CRTC scans out now.
    private(set) var shown: [UInt32: ScanoutBuffer] = [:]
    private(set) var liveBuffers = 0
    private var nextFramebuffer: UInt32 = 100
    var hotplugNotice = false

    init(connectors: [ConnectorInfo]) { connectorList = connectors }

    func connectors() throws -> [ConnectorInfo] { connectorList }

    func createScanoutBuffer(width: Int, height: Int) throws -> ScanoutBuffer {
        nextFramebuffer += 1
        liveBuffers += 1
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: width * height * 4)
        return ScanoutBuffer(framebufferID: nextFramebuffer, width: width, height: height, stride: width * 4, pixels: pixels,
                             handle: nextFramebuffer, mappedBytes: width * height * 4)
    }

    func destroyScanoutBuffer(_ buffer: ScanoutBuffer) {
        liveBuffers -= 1
        for (crtc, shownBuffer) in shown where shownBuffer === buffer { shown[crtc] = nil }
        buffer.pixels.deallocate()
    }

    func setMode(crtc: UInt32, connector: UInt32, mode: DisplayMode, buffer: ScanoutBuffer) throws {
        guard isMaster else {
            calls.append("refused setMode crtc \(crtc)")
            throw DisplayDeviceError.call("drmModeSetCrtc", EACCES)
        }
        calls.append("setMode crtc \(crtc) connector \(connector) \(mode.width)x\(mode.height) fb \(buffer.framebufferID)")
        shown[crtc] = buffer
        inFlight[crtc] = nil
    }

    func pageFlip(crtc: UInt32, buffer: ScanoutBuffer) throws {
        guard isMaster else {
            calls.append("refused pageFlip crtc \(crtc)")
            throw DisplayDeviceError.call("drmModePageFlip", EACCES)
        }
        guard inFlight[crtc] == nil else { throw DisplayDeviceError.call("drmModePageFlip", EBUSY) }
        calls.append("pageFlip crtc \(crtc) fb \(buffer.framebufferID)")
        inFlight[crtc] = buffer
    }

    var flipsInFlight: Int { inFlight.count }

    // MARK: Atomic modesetting

    /// The driver takes DRM_CLIENT_CAP_ATOMIC (false: as an old driver, legacy only).
    var offersAtomic = false
    /// The CRTCs' primary planes lack a needed property (atomicOutput finds nothing).
    var lacksAtomicProperties = false
    /// The kernel refuses the atomic test commit (a driver whose atomic support is incomplete).
    var refusesAtomicTest = false
    private(set) var isAtomicEnabled = false

    func enableAtomic() -> Bool {
        isAtomicEnabled = offersAtomic
        return offersAtomic
    }

    /// Two primary planes that can each feed any CRTC (else one per CRTC, numbered after it).
    var sharesPrimaryPlanes = false

    func atomicOutput(crtc: UInt32, connector: UInt32, planesInUse: Set<UInt32>) -> AtomicOutput? {
        guard isAtomicEnabled else { return nil }
        let candidates: [UInt32] = sharesPrimaryPlanes ? [2000, 2001] : [crtc + 1000]
        guard let free = candidates.first(where: { !planesInUse.contains($0) }) else { return nil }
        var plane = Dictionary(uniqueKeysWithValues: AtomicOutput.neededPlaneProperties.enumerated().map { ($1, UInt32(200 + $0)) })
        if lacksAtomicProperties { plane["SRC_W"] = nil }
        var crtcProperties: [String: UInt32] = ["ACTIVE": 300, "MODE_ID": 301]
        if gammaLUTSize > 0 { crtcProperties["GAMMA_LUT"] = 302 }
        return AtomicOutput(crtc: crtc, connector: connector, plane: free,
                            crtcProperties: crtcProperties, connectorProperties: ["CRTC_ID": 400],
                            planeProperties: plane)
    }

    // MARK: Gamma

    /// Each CRTC's legacy gamma_size, and the GAMMA_LUT_SIZE atomic CRTCs offer (0: no GAMMA_LUT property).
    var legacyGammaSize = 256
    var gammaLUTSize = 1024
    /// The ramps each CRTC applies now (nil or absent: none, linear).
    private(set) var gamma: [UInt32: GammaRamps] = [:]

    func gammaSize(crtc: UInt32, atomic: AtomicOutput?) -> Int {
        atomic?.crtcProperties["GAMMA_LUT"] != nil ? gammaLUTSize : legacyGammaSize
    }

    func setGamma(crtc: UInt32, ramps: GammaRamps?, atomic: AtomicOutput?) throws {
        let how = atomic?.crtcProperties["GAMMA_LUT"] != nil ? "atomic GAMMA_LUT" : "legacy"
        guard isMaster else {
            calls.append("refused gamma crtc \(crtc)")
            throw DisplayDeviceError.call("setting the gamma", EACCES)
        }
        calls.append("gamma crtc \(crtc) \(how) \(ramps.map { "\($0.size) entries" } ?? "reset")")
        gamma[crtc] = ramps
    }

    func setDisplayPower(_ on: Bool, path: ModesetPath, crtc: UInt32, connector: UInt32) throws {
        guard isMaster else {
            calls.append("refused power crtc \(crtc)")
            throw DisplayDeviceError.call("setDisplayPower", EACCES)
        }
        calls.append(path.isAtomic ? "atomic ACTIVE \(on ? 1 : 0) crtc \(crtc)" : "DPMS \(on ? "on" : "off") connector \(connector)")
    }

    func atomicCommit(_ commit: AtomicCommit, output: AtomicOutput, mode: DisplayMode, buffer: ScanoutBuffer) throws {
        let crtc = output.crtc
        guard isAtomicEnabled else { throw DisplayDeviceError.call("drmModeAtomicCommit", EINVAL) }
        if commit == .testModeset, refusesAtomicTest {
            calls.append("refused atomic test-modeset crtc \(crtc)")
            throw DisplayDeviceError.call("drmModeAtomicCommit", EINVAL)
        }
        guard isMaster || commit == .testModeset else {
            calls.append("refused atomic \(commit.rawValue) crtc \(crtc)")
            throw DisplayDeviceError.call("drmModeAtomicCommit", EACCES)
        }
        switch commit {
        case .testModeset, .modeset:
            calls.append("atomic \(commit.rawValue) crtc \(crtc) connector \(output.connector) plane \(output.plane) "
                         + "\(mode.width)x\(mode.height) fb \(buffer.framebufferID)")
            if commit == .modeset {
                shown[crtc] = buffer
                inFlight[crtc] = nil
            }
        case .flip:
            // A nonblocking commit on a CRTC with one pending is refused, as a second page flip is.
            guard inFlight[crtc] == nil else { throw DisplayDeviceError.call("drmModeAtomicCommit", EBUSY) }
            calls.append("atomic flip crtc \(crtc) plane \(output.plane) fb \(buffer.framebufferID)")
            inFlight[crtc] = buffer
        }
    }

    /// The vblank: every flip in flight completes.
    func readEvents() throws -> [UInt32] {
        let done = inFlight
        inFlight = [:]
        for (crtc, buffer) in done { shown[crtc] = buffer }
        return Array(done.keys).sorted()
    }

    func takeHotplugNotices() -> Bool {
        defer { hotplugNotice = false }
        return hotplugNotice
    }

    /// A flip queued before master was dropped still completes (as in the
    /// kernel); true makes it vanish instead, a completion that never comes.
    var losesFlipsOnMasterDrop = false

    func dropMaster() {
        calls.append("dropMaster")
        isMaster = false
        if losesFlipsOnMasterDrop { inFlight = [:] }
    }

    func takeMaster() {
        calls.append("takeMaster")
        isMaster = true
    }

    func close() { calls.append("close") }

    /// The pixel CRTC `crtc` shows at (x, y), as x8r8g8b8.
    func pixel(crtc: UInt32, x: Int, y: Int) -> UInt32? {
        guard let buffer = shown[crtc] else { return nil }
        return buffer.pixels.load(fromByteOffset: y * buffer.stride + x * 4, as: UInt32.self) & 0x00ff_ffff
    }
}

/// A login seat a test switches: `switchAway()` and `switchBack()` are the VT switches.
final class FakeSessionSeat: SessionSeat {
    let name = "seat0"
    let fileDescriptor: Int32 = -1
    var onEnable: (() -> Void)?
    var onDisable: (() -> Void)?
    private(set) var calls: [String] = []
    private var nextID: Int32 = 1

    func openDevice(_ path: String) throws -> (id: Int32, fileDescriptor: Int32) {
        calls.append("open \(path)")
        nextID += 1
        return (nextID, -1)
    }
    func closeDevice(id: Int32) { calls.append("close device \(id)") }
    func acknowledgeDisable() { calls.append("disabled") }
    func switchSession(_ number: Int) throws { calls.append("switch to \(number)") }
    func dispatch() throws {}
    func close() { calls.append("close seat") }

    func switchAway() { onDisable?() }
    func switchBack() { onEnable?() }
}

/// Input devices whose events a test queues.
final class FakeInputDevices: InputDevices {
    let fileDescriptor: Int32 = -1
    var queued: [DeviceEvent] = []
    private(set) var isSuspended = false
    private(set) var calls: [String] = []

    func readEvents() -> [DeviceEvent] {
        defer { queued = [] }
        return queued
    }
    /// What libinput reports as it removes the devices: the releases of keys and buttons held down.
    var releasedOnSuspend: [DeviceEvent] = []
    func suspend() {
        isSuspended = true
        calls.append("suspend")
        queued += releasedOnSuspend
    }
    func resume() throws {
        isSuspended = false
        calls.append("resume")
    }
    func close() { calls.append("close") }
}

extension ConnectorInfo {
    /// A connector for tests: `modes` as (width, height, hertz, preferred).
    static func fake(_ id: UInt32, _ name: String, connected: Bool = true, modes: [(Int, Int, Int, Bool)],
                     crtcs: [UInt32] = [50, 51]) -> ConnectorInfo {
        ConnectorInfo(id: id, name: name, isConnected: connected,
                      modes: modes.map { DisplayMode(width: $0.0, height: $0.1, refreshMillihertz: $0.2 * 1000, isPreferred: $0.3) },
                      possibleCrtcs: crtcs)
    }
}
