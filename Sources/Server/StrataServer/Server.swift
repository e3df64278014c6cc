import CWaylandServer
import StrataProtocol
import StrataRender
#if canImport(Glibc)
import Glibc
#endif

/// How the output's frames are paced.
public enum FrameClockMode: Equatable, Sendable {
    /// Frames at `millihertz` / 1000 per second while something is
    /// scheduled; no wakeups when idle. A monitor's exact rate (74.992 Hz
    /// is 74_992), which wp_presentation reports as its refresh.
    case realtime(millihertz: Int)
    /// Frames only when `renderFrame()` is called (tests, the control `frame` command).
    case manual

    /// Frames at a whole number of hertz.
    public static func realtime(hz: Int) -> FrameClockMode { .realtime(millihertz: hz * 1000) }
}

public struct ServerConfiguration: Sendable {
    /// Output size in pixels (of the first output, when there are several).
    public var width: Int
    public var height: Int
    /// How many headless outputs, side by side, when no backend is given.
    public var outputCount = 1
    /// Output pixels per point (wl_output.scale) of the outputs made at start;
    /// one added later (`strata output add --scale`) may have its own.
    public var scale: Int
    /// The Wayland socket's name in $XDG_RUNTIME_DIR.
    public var socketName: String
    public var clock: FrameClockMode
    /// The quotas strata_layers_v1 advertises to each binding.
    public var limits: Limits
    /// Where windows go, in output points, for scripts and tests that
    /// need a known layout: the n-th origin while n windows are mapped.
    /// Past the list (by default at once), smart placement.
    public var windowOrigins: [Point] = []
    /// wlcs 1.5's helpers attach a window's buffer before the first
    /// configure and never acknowledge it, which xdg-shell makes the error
    /// xdg_surface.unconfigured_buffer (later wlcs fixed its helpers), and
    /// layer shell zwlr_layer_surface_v1.invalid_surface_state. With this
    /// set, such a buffer is shown as if a configure had been acknowledged.
    /// Only the wlcs integration sets it.
    public var showsUnconfiguredBuffers = false
    /// Offer screencopy, layer shell, the input method manager, the virtual keyboard manager, foreign
    /// toplevel management, the virtual pointer and the session lock manager (`PrivilegedGlobals.interfaces`)
    /// only to the connections Strata makes for the clients it starts (`launch`), and serve the
    /// control socket only to them; by default, every client gets them and the control socket serves
    /// every process of the user. Sandboxed clients (wp_security_context_v1) never get them.
    public var restrictPrivileged = false
    /// The scale wp_fractional_scale_v1 tells every surface to draw at,
    /// instead of its outputs' (which are integers): for trying clients
    /// at fractional scales. Nil: the outputs'.
    public var preferredScale: Double?
    /// An X11 display for X clients, served by Xwayland; off unless asked for.
    public var xwayland = XwaylandMode.off

    public init(width: Int = 1280, height: Int = 800, scale: Int = 1,
                socketName: String = "strata-0", clock: FrameClockMode = .realtime(hz: 60),
                limits: Limits = .standard) {
        (self.width, self.height, self.scale, self.socketName, self.clock) = (width, height, scale, socketName, clock)
        self.limits = limits
    }
}

public enum ServerError: Error, CustomStringConvertible {
    case noRuntimeDirectory
    case socket(String)

    public var description: String {
        switch self {
        case .noRuntimeDirectory: return "XDG_RUNTIME_DIR is not set"
        case .socket(let message): return message
        }
    }
}

/// The compositor: one wl_display and its event loop, on one thread. Every
/// client request, frame tick and control request runs as a callback of
/// that loop, and none of them waits on a client.
public final class Server {
    /// The width and height follow the output's mode (`outputDidResize`).
    public internal(set) var configuration: ServerConfiguration
    /// The `wl_display *`.
    public let display: OpaquePointer
    let eventLoop: OpaquePointer

    /// The scene: the layout's root layer (its bounds cover every output),
    /// whose sublayers are the windows, bottom to top, and above them the
    /// cursor once the pointer has moved.
    public let scene = RenderLayer()
    /// The backend's outputs, left to right in the layout (Server+Outputs);
    /// backends add and remove them at runtime (Server+OutputHotplug).
    var outputs: [Output] = []
    /// wl_output globals of removed outputs, withdrawn and waiting to be destroyed.
    var retiringGlobals: [RetiringGlobal] = []
    /// The backend's outputs an output configuration took out of the layout
    /// (disabled); enabling one puts it back (Server+OutputConfiguration).
    var disabledOutputs: [BackendOutput] = []
    /// Where configurations placed outputs, by name, in points; outputs
    /// without one go right of the others (Server+Outputs).
    var outputPositions: [String: Point] = [:]
    let windows: WindowStack
    /// seat0: every input source feeds `seat.handle(_:)`.
    public private(set) var seat: Seat!
    /// Where frames go.
    public let backend: OutputBackend
    /// The protocols beside the core, in `makeExtensions()`'s order.
    private(set) var extensions: [any ServerExtension] = []
    /// The same, by type (`extension(_:)`).
    var extensionsByType: [ObjectIdentifier: any ServerExtension] = [:]
    private(set) var frameClock: FrameClock!
    /// What animations run on, and frames are stamped with.
    private(set) var clock: PresentationClock!
    let animations = AnimationEngine()

    /// Frame callbacks of committed surface state, fired after the next frame.
    var frameCallbacksAwaitingFrame: [FrameCallback] = []
    /// How many surfaces show each wl_shm buffer in place (BorrowedShmBuffer).
    let shownShmBuffers = ShownShmBuffers()
    private var presentationObservers: [(PresentationTime) -> Void] = []
    /// What the most recent frame did; nil before the first frame.
    public private(set) var lastFrameStats: FrameStats?
    /// Frames rendered since the start, and those of them that changed
    /// pixels (a frame with damage): what tools count frames shown with.
    public private(set) var framesRendered = 0
    public private(set) var framesWithDamage = 0

    // Globals must go before the display does (wl_display_destroy frees them).
    private var coreGlobals: [AnyObject] = []
    private var signalSources: [OpaquePointer] = []
    private(set) var control: ControlServer?
    private var inbox: CrossThreadInbox?
    private var clientLog: ClientLog?
    /// Each client's standing (ordinary, trusted, sandboxed), which the global filter reads.
    let standings: ClientStandings
    /// The global filter: privileged globals for trusted connections only
    /// under `restrictPrivileged`, never for sandboxed ones.
    private var privilegedGlobals: PrivilegedGlobals!
    private var registryBindGuard: RegistryBindGuard?
    /// The processes `launch` started that are still running.
    var launchedProcesses: [SpawnedProcess] = []
    private var droppedFrames = DroppedFrameLog()
    private var isShutDown = false

    /// The desktop behind all windows.
    public static let desktopColor = Color(red: 0.11, green: 0.12, blue: 0.14)

    /// `backend` nil: `outputCount` headless outputs of the configuration's size.
    public init(configuration: ServerConfiguration, backend: OutputBackend? = nil) {
        self.configuration = configuration
        display = wl_display_create()!
        eventLoop = wl_display_get_event_loop(display)!
        standings = ClientStandings(display: display)

        let scale = Double(max(configuration.scale, 1))
        scene.anchorPoint = .zero
        scene.position = .zero
        scene.backgroundColor = Server.desktopColor
        scene.isOpaque = true
        windows = WindowStack(scene: scene, explicitOrigins: configuration.windowOrigins)
        self.backend = backend ?? HeadlessBackend(count: configuration.outputCount, width: configuration.width,
                                                  height: configuration.height, scale: scale)
        outputs = self.backend.outputs.map(Output.init(device:))
        layOutOutputs()

        frameClock = FrameClock(loop: eventLoop, mode: configuration.clock) { [unowned self] in
            if !self.isOutputPaused { _ = self.renderFrame() }
        }
        clock = PresentationClock(manual: configuration.clock == .manual, refreshNanoseconds: frameClock.refreshNanoseconds)
        animations.scale = scale

        // wl_shm with ARGB8888 and XRGB8888, the formats every client may assume.
        wl_display_init_shm(display)
        privilegedGlobals = PrivilegedGlobals(display: display, restricted: configuration.restrictPrivileged, standings: standings)
        registryBindGuard = RegistryBindGuard(display: display, standings: standings)
        coreGlobals = [
            CompositorGlobal(server: self) as AnyObject?,
            SubcompositorGlobal(server: self),
            XdgWmBaseGlobal(server: self),
            LayersGlobal(server: self, limits: configuration.limits),
        ].compactMap { $0 }
        for output in outputs { output.global = OutputGlobal(server: self, output: output) }
        seat = Seat(server: self)
        extensions = makeExtensions()
        inbox = CrossThreadInbox(loop: eventLoop)
        ServerLog.observeProtocolErrors()
        clientLog = ClientLog(display: display)
        ServerLog.logger.info("output: \(self.backend.summary)")
        self.backend.attach(to: self)
    }

    /// The control socket's path for a Wayland socket name.
    public static func controlSocketPath(runtimeDirectory: String, socketName: String) -> String {
        "\(runtimeDirectory)/\(socketName).control"
    }

    /// Listens on $XDG_RUNTIME_DIR/<socketName> for Wayland clients, and
    /// beside it on <socketName>.control for tools.
    public func addSocket() throws {
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty else {
            throw ServerError.noRuntimeDirectory
        }
        guard wl_display_add_socket(display, configuration.socketName) == 0 else {
            throw ServerError.socket("cannot listen on \(runtime)/\(configuration.socketName): \(String(cString: strerror(errno))) (is another compositor using it?)")
        }
        // libwayland holds the socket's lock file now, so a leftover control
        // socket of the same name is stale and can be replaced.
        control = try ControlServer(server: self,
                                    path: Server.controlSocketPath(runtimeDirectory: runtime, socketName: configuration.socketName))
    }

    /// Ends `run()` cleanly on these signals (delivered through a signalfd
    /// on the event loop, so the handler runs between requests).
    public func terminate(onSignals signals: [Int32]) {
        for signal in signals {
            let source = wl_event_loop_add_signal(eventLoop, signal, { _, data in
                Unmanaged<Server>.fromOpaque(data!).takeUnretainedValue().terminate()
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
            if let source { signalSources.append(source) }
        }
    }

    /// Serves clients until `terminate()`.
    public func run() {
        wl_display_run(display)
    }

    public func terminate() {
        wl_display_terminate(display)
    }

    /// Disconnects every client, removes the sockets and frees the display.
    /// Call once, after `run()` returns; the server is unusable afterwards.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        control?.close()
        control = nil
        inbox = nil
        for source in signalSources { wl_event_source_remove(source) }
        signalSources = []
        for each in extensions { each.stop() }
        for process in launchedProcesses { process.stopWatching() }
        launchedProcesses = []
        wl_display_destroy_clients(display)
        clientLog?.stop()
        clientLog = nil
        registryBindGuard?.stop()
        registryBindGuard = nil
        standings.stop()
        backend.stop()
        frameClock.stop()
        coreGlobals = []
        extensions = []
        extensionsByType = [:]
        for output in outputs { output.global = nil }
        for retiring in retiringGlobals { retiring.destroyNow() }
        retiringGlobals = []
        seat.destroyGlobal()
        wl_display_destroy(display)
    }

    /// A backend's output changed size (a nested window was resized); the
    /// backend has made its renderer of the new size already. The outputs
    /// are laid out again, clients are told the new mode and places, and
    /// the next frame redraws everything.
    func outputDidResize(_ device: BackendOutput) {
        layOutOutputsAgain(redescribing: [device])
    }

    /// The area of the first output windows are placed and maximized into:
    /// the output less the exclusive zones of its layer surfaces.
    public var usableArea: Rect { windows.workArea(on: outputs[0]) }

    /// The layer shell arranged `output` and `area` is left: maximized
    /// windows on it follow a change.
    func usableAreaChanged(on output: Output, to area: Rect) {
        guard windows.setUsableArea(area == output.bounds ? nil : area, of: output) else { return }
        for toplevel in windows.toplevels where toplevel.states.maximized && !toplevel.states.fullscreen
        && self.output(of: toplevel) === output {
            toplevel.applyStateGeometry()
        }
    }

    /// Asks for a frame: at the next tick in realtime mode; in manual mode
    /// the next `renderFrame()` is simply known to be wanted.
    public func scheduleFrame() {
        frameClock.schedule()
    }

    public var isFrameScheduled: Bool { frameClock.isFrameScheduled }

    /// While true (the DRM backend's VT is switched away) the frame clock
    /// renders nothing, so clients' frame callbacks wait; a frame follows
    /// when it becomes false.
    var isOutputPaused = false {
        didSet { if !isOutputPaused, oldValue { frameClock.schedule() } }
    }

    /// Moves the manual presentation clock on by `milliseconds` (false, and
    /// nothing moves, when frames are realtime: that clock moves by itself).
    public func advanceClock(milliseconds: Double) -> Bool {
        clock.advance(milliseconds: milliseconds)
    }

    /// Composites the scene now, tells clients their commits are on screen
    /// (frame callbacks) and tells presentation observers when.
    @discardableResult
    public func renderFrame() -> FrameStats {
        let time = clock.now
        let began = FrameClock.monotonicNow(refreshNanoseconds: 0).totalNanoseconds
        for each in extensions { each.willRenderFrame() }
        let wake = animations.present(at: time.mediaTime, scene: scene)
        let stats = renderOutputs()
        let took = FrameClock.monotonicNow(refreshNanoseconds: 0).totalNanoseconds - began
        if case .realtime = configuration.clock {
            droppedFrames.frameRendered(in: took, refreshNanoseconds: frameClock.refreshNanoseconds, at: began)
        }
        frameClock.frameDidRender()
        lastFrameStats = stats
        framesRendered += 1
        if !stats.damage.isEmpty { framesWithDamage += 1 }
        // The frame clock runs only while an animation on screen moves, and
        // sleeps until one begins or ends otherwise.
        if let wake {
            let delay = max(wake - time.mediaTime, 0)
            frameClock.schedule(afterNanoseconds: UInt64(min(delay, 86_400) * 1e9))
        }

        // Those of surfaces only on outputs that are off wait for them to be on (a gone client's are dropped).
        let callbacks = frameCallbacksAwaitingFrame.filter { $0.resource != nil }
        frameCallbacksAwaitingFrame = callbacks.filter(isHeldByPoweredOffOutputs)
        for callback in callbacks where !isHeldByPoweredOffOutputs(callback) { callback.done(time: time.milliseconds) }
        for observer in presentationObservers { observer(time) }
        // Send the callbacks now rather than at the next loop iteration.
        wl_display_flush_clients(display)
        return stats
    }

    /// Runs `body` on the server's thread between requests, from any thread:
    /// how an input source with a thread of its own (wlcs, a test) reaches
    /// `seat.handle(_:)`. Call it while the server runs, not during `shutdown()`;
    /// work still queued at shutdown never runs.
    public func perform(_ body: @escaping () -> Void) {
        inbox?.post(body)
    }

    /// Runs the event loop once, waiting up to `timeoutMilliseconds` for
    /// something to do: for a program that drives the server itself instead
    /// of calling `run()` (a benchmark, an embedding).
    public func dispatchEvents(timeoutMilliseconds: Int32) {
        wl_event_loop_dispatch(eventLoop, timeoutMilliseconds)
        wl_display_flush_clients(display)
    }

    /// Sends every client what is queued for it now, without waiting for
    /// the event loop (input sources call this after a burst of events).
    public func flushClients() {
        wl_display_flush_clients(display)
    }

    /// `body` runs after every frame, even one that changed no pixels.
    public func addPresentationObserver(_ body: @escaping (PresentationTime) -> Void) {
        presentationObservers.append(body)
    }

    /// The first output's pixels (`pixman_image_t *`, x8r8g8b8) as of the
    /// last frame; `layoutImage()` has every output's.
    public var framebuffer: OpaquePointer { outputs[0].renderer.framebuffer }
}
