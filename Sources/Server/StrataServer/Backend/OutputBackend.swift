import StrataRender

/// One output a backend drives: a window, a monitor, memory. The server
/// renders its part of the layout into `renderer` and hands each frame's
/// damage to `present`.
public protocol BackendOutput: AnyObject {
    /// The output's pixels (its size and scale are the output's mode).
    var renderer: SceneRenderer { get }
    /// wl_output's name, fixed for the output's life (HEADLESS-1, WL-1, a
    /// connector's HDMI-A-1), model (Headless, Window, Monitor) and the kind
    /// its description names ("headless output", "window on wayland-0").
    var outputName: String { get }
    var outputModel: String { get }
    var outputKind: String { get }
    /// The frame just rendered into `renderer.framebuffer`; `stats.damage` is what changed.
    func present(_ stats: FrameStats)
    /// Pixels handed to the display so far (copied to the parent, scanned
    /// out): what each frame's damage cost to show.
    var pixelsPresented: Int { get }
    /// The output's refresh rate (a monitor's mode), which wl_output reports and frames are paced at.
    var refreshMillihertz: Int { get }
    /// Every frame `present` was given is on the display now (a monitor:
    /// its page flip completed). A session lock is `locked` only then.
    var isShowingLatestFrame: Bool { get }
    /// Entries in each ramp of the output's gamma table (a monitor's CRTC's);
    /// 0 when its gamma cannot be set.
    var gammaSize: Int { get }
    /// Shows the output through `ramps` of `gammaSize` entries (nil: no
    /// correction, as at start). Throws, one line, when the display refuses.
    func setGamma(_ ramps: GammaRamps?) throws
    /// Turns the display off or on again (wlr-output-power-management): a
    /// monitor goes to DPMS off (its CRTC inactive). The server stops
    /// presenting to an output that is off and redraws it whole when it is
    /// on again. Throws, one line, when the display refused.
    func setPowered(_ on: Bool) throws
}

extension BackendOutput {
    /// Outputs without a monitor of their own run at 60 Hz.
    public var refreshMillihertz: Int { 60_000 }
    /// Memory and a parent's window show a frame as soon as it is presented.
    public var isShowingLatestFrame: Bool { true }
    /// Memory and a parent's window take a table of the usual size (the
    /// gamma control keeps it) and draw as before: their pixels are not a
    /// display's.
    public var gammaSize: Int { 256 }
    public func setGamma(_ ramps: GammaRamps?) throws {}
    /// Memory and a parent's window have no display of their own: being
    /// off is only not being presented to, which the server does.
    public func setPowered(_ on: Bool) throws {}
}

/// Where frames go and, for backends with devices, where input comes from:
/// the outputs, left to right as the layout places them. The server never
/// names a concrete backend.
///
/// Outputs may come and go while the server runs (a monitor plugged in, a
/// nested window closed): the backend tells the server with
/// `Server.addOutput(_:)` and `Server.removeOutput(_:)`, on its thread.
public protocol OutputBackend: AnyObject {
    /// At least one at start: the outputs the server lays out first.
    var outputs: [BackendOutput] { get }
    /// One line for the log: what the outputs are.
    var summary: String { get }
    /// Called once the server exists, on its thread: where input goes, whom to stop.
    func attach(to server: Server)
    /// The server is shutting down: let go of everything outside the process.
    func stop()
    /// Counts `strata stats` adds to the last frame's (the DRM backend's
    /// page flips and modesets), in a fixed order.
    var statistics: [(name: String, value: Int)] { get }
}

extension OutputBackend {
    public var statistics: [(name: String, value: Int)] { [] }
}

/// A backend that makes outputs on request (`strata output add` and
/// `remove`, as sway's `create_output`): the headless one.
public protocol OutputMakingBackend: OutputBackend {
    /// A new output of `width`×`height` pixels at `scale`, named by the backend.
    func makeOutput(width: Int, height: Int, scale: Int) -> BackendOutput
    /// The server took `output` out of its layout: the backend lets it go.
    func outputRemoved(_ output: BackendOutput)
}

extension OutputBackend where Self: BackendOutput {
    /// A backend that is its own single output.
    public var outputs: [BackendOutput] { [self] }
}
