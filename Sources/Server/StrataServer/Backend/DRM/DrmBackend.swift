import CWaylandServer
import StrataRender
#if canImport(Glibc)
import Glibc
#endif

/// The output on a monitor of the machine's GPU, on a virtual terminal:
/// frames are copied into dumb buffers and page-flipped (DRM/KMS), the
/// seat's devices (libinput) are this compositor's input, and the login
/// session (libseat) lends both and takes them back on a VT switch.
///
/// This backend offers one output, so the first connected monitor is driven;
/// the layout of all of them is planned (`OutputLayout`) and logged.
final class DrmBackend: OutputBackend, BackendOutput {
    let renderer: SceneRenderer
    let session: SessionSeat
    let device: DisplayDevice
    /// The GPU's id with the seat, to close it through the seat.
    private let deviceID: Int32
    let input: InputDevices?
    private let scale: Int
    /// The monitor being driven; nil while it is unplugged.
    var chain: ScanoutChain?
    /// Every connected monitor, as they would be laid out.
    var plannedOutputs: [PlannedOutput]
    /// False while another session has the VT: nothing is drawn, flipped or read.
    var isSessionActive = true
    var inputDeviceNames: [String] = []
    var translator: DeviceEventTranslator
    weak var server: Server?
    private var sources: [OpaquePointer] = []
    private var isStopped = false
    /// The device took DRM_CLIENT_CAP_ATOMIC; each monitor's chain still
    /// falls back to legacy calls if its atomic test commit is refused.
    let isAtomicOffered: Bool

    init(session: SessionSeat, device: DisplayDevice, deviceID: Int32, input: InputDevices?, scale: Int) throws {
        self.session = session
        self.device = device
        self.deviceID = deviceID
        self.input = input
        self.scale = max(scale, 1)
        plannedOutputs = OutputLayout.plan(try device.connectors())
        guard let first = plannedOutputs.first else { throw DrmBackendError.noMonitor(device.path) }
        initialRefreshMillihertz = first.mode.refreshMillihertz
        outputName = first.connector.name
        renderer = SceneRenderer(width: first.mode.width, height: first.mode.height, scale: Double(self.scale))
        isAtomicOffered = device.enableAtomic()
        let chain = try ScanoutChain(device: device, output: first, source: renderer.framebuffer, atomicOffered: isAtomicOffered)
        self.chain = chain
        ServerLog.logger.info("\(device.path): \(first.connector.name) driven with \(chain.path)")
        translator = DeviceEventTranslator(outputWidth: Double(first.mode.width) / Double(self.scale),
                                           outputHeight: Double(first.mode.height) / Double(self.scale))
        session.onDisable = { [unowned self] in self.sessionDisabled() }
        session.onEnable = { [unowned self] in self.sessionEnabled() }
    }

    var summary: String {
        let driven = chain.map { "\($0.output.connector.name) \($0.output.mode)" } ?? "no monitor"
        let others = plannedOutputs.count - 1
        let note = others > 0 ? "; \(others) more connected monitor\(others == 1 ? "" : "s") not driven (one output for now)" : ""
        return "\(driven) at scale \(scale) on \(device.path), \(session.name)\(note)"
    }

    /// The driven monitor's; it keeps the first one's while unplugged.
    var refreshMillihertz: Int { chain?.output.mode.refreshMillihertz ?? initialRefreshMillihertz }
    private let initialRefreshMillihertz: Int
    /// The first driven connector's name: wl_output.name may not change while the output lives.
    let outputName: String
    let outputModel = "Monitor"
    var outputKind: String { "\(outputName) on \(device.path)" }
    /// Pixels copied into scanout buffers, including those of monitors since unplugged.
    var pixelsPresented: Int { pixelsPresentedByUnpluggedMonitors + (chain?.pixelsCopied ?? 0) }
    var pixelsPresentedByUnpluggedMonitors = 0

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

    func present(_ stats: FrameStats) {
        // Nothing changed: the screen already shows it.
        guard let chain, !stats.damage.isEmpty else { return }
        chain.addDamage(stats.damage)
        guard isSessionActive else { return }
        do {
            try chain.present()
        } catch {
            ServerLog.logger.error("\(chain.output.connector.name): cannot show a frame: \(error)")
        }
    }

    // MARK: Events from the kernel, the seat and the devices

    func deviceReadable() {
        do {
            // A flip queued before a VT switch still completes after it: no frame follows it then.
            for crtc in try device.readEvents() where crtc == chain?.output.crtc {
                try chain?.flipCompleted(presentWaiting: isSessionActive)
            }
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
        chain?.destroy()
        chain = nil
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
