import CWaylandServer
import StrataRender
#if canImport(Glibc)
import Glibc
#endif

/// The outputs on the monitors of the machine's GPU, on a virtual terminal:
/// frames are copied into dumb buffers and page-flipped (DRM/KMS), the
/// seat's devices (libinput) are this compositor's input, and the login
/// session (libseat) lends both and takes them back on a VT switch.
///
/// Every connected monitor with a free CRTC becomes an output (`DrmOutput`),
/// in its preferred mode, side by side in the kernel's connector order.
final class DrmBackend: OutputBackend {
    let session: SessionSeat
    let device: DisplayDevice
    /// The GPU's id with the seat, to close it through the seat.
    private let deviceID: Int32
    let input: InputDevices?
    let scale: Int
    /// One per monitor, left to right: those connected at start, then those plugged in since.
    var drmOutputs: [DrmOutput]
    var outputs: [BackendOutput] { drmOutputs }
    /// Every connected monitor, as the layout would place them now.
    var plannedOutputs: [PlannedOutput]
    /// False while another session has the VT: nothing is drawn, flipped or read.
    var isSessionActive = true {
        didSet { for output in drmOutputs { output.isSessionActive = isSessionActive } }
    }
    var inputDeviceNames: [String] = []
    var translator: DeviceEventTranslator
    weak var server: Server?
    private var sources: [OpaquePointer] = []
    private var isStopped = false
    /// The device took DRM_CLIENT_CAP_ATOMIC; each monitor's chain still
    /// falls back to legacy calls if its atomic test commit is refused.
    let isAtomicOffered: Bool
    /// Why there is no atomic modesetting when it is not offered, for the log.
    let noAtomicReason: String

    /// `atomicAllowed` false: legacy calls only, the atomic cap not even
    /// asked for (`STRATA_DRM_NO_ATOMIC=1`, to try the legacy path on a
    /// driver that offers both).
    init(session: SessionSeat, device: DisplayDevice, deviceID: Int32, input: InputDevices?, scale: Int,
         atomicAllowed: Bool = true) throws {
        self.session = session
        self.device = device
        self.deviceID = deviceID
        self.input = input
        self.scale = max(scale, 1)
        plannedOutputs = OutputLayout.plan(try device.connectors())
        guard !plannedOutputs.isEmpty else { throw DrmBackendError.noMonitor(device.path) }
        isAtomicOffered = atomicAllowed && device.enableAtomic()
        noAtomicReason = atomicAllowed ? "the driver offers no atomic modesetting" : "atomic modesetting turned off by STRATA_DRM_NO_ATOMIC"
        var made: [DrmOutput] = []
        var firstError: Error?
        for planned in plannedOutputs {
            do {
                made.append(try DrmOutput(planned: planned, device: device, scale: self.scale, atomicOffered: isAtomicOffered,
                                          noAtomicReason: noAtomicReason, planesInUse: Set(made.compactMap { $0.chain?.path.plane })))
            } catch {
                // One monitor that cannot be driven does not keep the others dark.
                ServerLog.logger.error("\(planned.connector.name): cannot drive it: \(error)")
                firstError = firstError ?? error
            }
        }
        guard let first = made.first else {
            throw firstError ?? DrmBackendError.noMonitor(device.path)
        }
        drmOutputs = made
        let paths = made.compactMap { o in o.chain.map { "\(o.outputName) driven with \($0.path)" } }
        ServerLog.logger.info("\(device.path): \(paths.joined(separator: ", "))")
        // Absolute positions (touchscreens, tablets) are fractions of the first output.
        translator = DeviceEventTranslator(outputWidth: Double(first.renderer.width) / Double(self.scale),
                                           outputHeight: Double(first.renderer.height) / Double(self.scale))
        session.onDisable = { [unowned self] in self.sessionDisabled() }
        session.onEnable = { [unowned self] in self.sessionEnabled() }
    }

    var summary: String {
        let driven = drmOutputs.map { o in o.chain.map { "\($0.output.connector.name) \($0.output.mode)" } ?? "\(o.outputName): no monitor" }
        return "\(driven.joined(separator: ", ")) at scale \(scale) on \(device.path), \(session.name)"
    }

    // The first output's, for tests and messages that speak of one monitor.
    var renderer: SceneRenderer { drmOutputs[0].renderer }
    var chain: ScanoutChain? { drmOutputs[0].chain }
    var refreshMillihertz: Int { drmOutputs[0].refreshMillihertz }
    var outputKind: String { drmOutputs[0].outputKind }
    /// Page flips queued and completed, and modesets, on the monitors driven now.
    var statistics: [(name: String, value: Int)] {
        let chains = drmOutputs.compactMap(\.chain)
        return [("flips", chains.reduce(0) { $0 + $1.flipsQueued }),
                ("flipsCompleted", chains.reduce(0) { $0 + $1.flipsCompleted }),
                ("modesets", chains.reduce(0) { $0 + $1.modesets })]
    }

    /// Pixels copied into scanout buffers on every output.
    var pixelsPresented: Int { drmOutputs.reduce(0) { $0 + $1.pixelsPresented } }

    func attach(to server: Server) {
        self.server = server
        watch(device.fileDescriptor) { $0.deviceReadable() }
        watch(session.fileDescriptor) { $0.sessionReadable() }
        if let fd = device.hotplugFileDescriptor { watch(fd) { $0.hotplugReadable() } }
        if let input { watch(input.fileDescriptor) { $0.inputReadable() } }
        // libinput reports the devices present at start as hotplug events.
        inputReadable()
        server.scheduleFrame()
    }

    // MARK: Events from the kernel, the seat and the devices

    func deviceReadable() {
        do {
            // A flip queued before a VT switch still completes after it: no frame follows it then.
            for crtc in try device.readEvents() {
                for output in drmOutputs where output.chain?.output.crtc == crtc {
                    try output.chain?.flipCompleted(presentWaiting: isSessionActive && output.isPoweredOn)
                }
            }
            // A lock waiting for its frame to be on every monitor may have it now.
            server?.outputsPresented()
        } catch {
            ServerLog.logger.error("\(device.path): \(error)")
        }
    }

    func sessionReadable() {
        do {
            try session.dispatch()
        } catch {
            ServerLog.logger.error("the seat \(session.name) went away: \(error)")
            server?.terminate()
        }
    }

    func hotplugReadable() {
        if device.takeHotplugNotices() { connectorsChanged() }
    }

    // MARK: Lifetime

    private func watch(_ fd: Int32, _ body: @escaping (DrmBackend) -> Void) {
        guard fd >= 0, let server else { return }
        let box = Unmanaged.passRetained(FdHandler(backend: self, body: body))
        let source = wl_event_loop_add_fd(server.eventLoop, fd, UInt32(WL_EVENT_READABLE), { _, _, data in
            let handler = Unmanaged<FdHandler>.fromOpaque(data!).takeUnretainedValue()
            if let backend = handler.backend { handler.body(backend) }
            return 0
        }, box.toOpaque())
        if let source { sources.append(source); handlers.append(box) } else { box.release() }
    }
    private var handlers: [Unmanaged<FdHandler>] = []

    func stop() {
        guard !isStopped else { return }
        isStopped = true
        for source in sources { wl_event_source_remove(source) }
        sources = []
        for handler in handlers { handler.release() }
        handlers = []
        input?.close()
        // The device puts the console back on screen before our buffers go.
        device.close()
        for output in drmOutputs { output.unplug() }
        session.closeDevice(id: deviceID)
        session.close()
    }
}

/// What an fd source calls back: the backend, weakly, and what to do.
private final class FdHandler {
    weak var backend: DrmBackend?
    let body: (DrmBackend) -> Void
    init(backend: DrmBackend, body: @escaping (DrmBackend) -> Void) {
        self.backend = backend
        self.body = body
    }
}
