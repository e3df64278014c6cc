import StrataRender

/// One monitor as one of the server's outputs: the renderer that draws its
/// part of the layout, and the scanout chain that shows it. The output
/// outlives its monitor: unplugged, its frames go nowhere until a monitor
/// with a mode of its size is plugged in (outputs are fixed for the
/// server's life).
final class DrmOutput: BackendOutput {
    private(set) var renderer: SceneRenderer
    private let scale: Int
    /// The monitor being driven; nil while it is unplugged. A new one (a
    /// new mode, a monitor plugged in) loads the gamma table too.
    var chain: ScanoutChain? {
        didSet { if let chain, let gamma, gamma.size == chain.gammaSize { chain.gamma = gamma } }
    }
    /// False while another session has the VT: frames keep their damage, nothing is flipped.
    var isSessionActive = true
    /// False while the monitor is off (DPMS): a flip that completes presents no waiting frame.
    private(set) var isPoweredOn = true
    /// The first driven connector's name: wl_output.name may not change while the output lives.
    let outputName: String
    let outputModel = "Monitor"
    let outputKind: String
    private let initialRefreshMillihertz: Int
    var pixelsPresentedByUnpluggedMonitors = 0
    /// The gamma table given through `setGamma`.
    private var gamma: GammaRamps?

    init(planned: PlannedOutput, device: DisplayDevice, scale: Int, atomicOffered: Bool,
         noAtomicReason: String = ScanoutChain.driverOffersNoAtomic, planesInUse: Set<UInt32>) throws {
        renderer = SceneRenderer(width: planned.mode.width, height: planned.mode.height, scale: Double(scale))
        self.scale = scale
        chain = try ScanoutChain(device: device, output: planned, source: renderer.framebuffer, atomicOffered: atomicOffered,
                                    noAtomicReason: noAtomicReason, planesInUse: planesInUse)
        outputName = planned.connector.name
        outputKind = "\(planned.connector.name) on \(device.path)"
        initialRefreshMillihertz = planned.mode.refreshMillihertz
    }

    /// The driven monitor's; it keeps the first one's while unplugged.
    var refreshMillihertz: Int { chain?.output.mode.refreshMillihertz ?? initialRefreshMillihertz }
    /// Pixels copied into scanout buffers, including those of monitors since unplugged.
    var pixelsPresented: Int { pixelsPresentedByUnpluggedMonitors + (chain?.pixelsCopied ?? 0) }

    /// A monitor-less output shows nothing, so nothing waits to be shown.
    var isShowingLatestFrame: Bool { chain?.isShowingLatestFrame ?? true }

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

    /// The CRTC's; 0 while unplugged.
    var gammaSize: Int { chain?.gammaSize ?? 0 }

    func setGamma(_ ramps: GammaRamps?) throws {
        guard let chain else { throw DrmBackendError.noMonitor("\(outputName) has no monitor") }
        if let ramps, ramps.size != chain.gammaSize {
            throw DrmBackendError.gamma("\(outputName)'s ramps have \(chain.gammaSize) entries, not \(ramps.size)")
        }
        try chain.setGamma(ramps)
        gamma = ramps
    }

    /// DPMS off or on through the monitor's chain; without a monitor only remembered.
    func setPowered(_ on: Bool) throws {
        guard on != isPoweredOn else { return }
        guard isSessionActive else { throw DrmBackend.ModeError(description: "\(outputName): another session has the display") }
        try chain?.setPowered(on)
        isPoweredOn = on
    }

    /// Drives the monitor in `mode` (one its connector offers): a renderer
    /// and two buffers of its size, a new chain whose first frame is the
    /// modeset (its path chosen again, by a test commit of the new mode).
    /// The old buffers go once the new chain exists; on failure the old
    /// mode stays.
    func setMode(_ mode: DisplayMode, device: DisplayDevice, atomicOffered: Bool, noAtomicReason: String,
                 planesInUse: Set<UInt32>) throws {
        guard let old = chain else { throw DrmBackendError.noMonitor("\(outputName) has no monitor") }
        let planned = PlannedOutput(connector: old.output.connector, crtc: old.output.crtc, mode: mode, x: old.output.x)
        let next = SceneRenderer(width: mode.width, height: mode.height, scale: Double(scale))
        let nextChain = try ScanoutChain(device: device, output: planned, source: next.framebuffer, atomicOffered: atomicOffered,
                                         noAtomicReason: noAtomicReason, planesInUse: planesInUse)
        pixelsPresentedByUnpluggedMonitors += old.pixelsCopied
        old.destroy()
        chain = nextChain
        renderer = next
    }

    /// The monitor went: its buffers are freed, the output stays.
    func unplug() {
        guard let chain else { return }
        pixelsPresentedByUnpluggedMonitors += chain.pixelsCopied
        chain.destroy()
        self.chain = nil
    }
}
