import StrataRender

/// A mode an output can be driven in, as a backend lists it
/// (zwlr_output_mode_v1, `strata output set --mode`).
public struct OutputModeInfo: Equatable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var refreshMillihertz: Int
    /// The monitor's native mode.
    public var isPreferred: Bool

    public init(width: Int, height: Int, refreshMillihertz: Int, isPreferred: Bool = false) {
        self.width = width
        self.height = height
        self.refreshMillihertz = refreshMillihertz
        self.isPreferred = isPreferred
    }

    /// As the drm backend names its modes: 1920x1080@59.94Hz.
    public var description: String { "\(width)x\(height)@\(Double(refreshMillihertz / 10) / 100)Hz" }
}

/// What an output configuration asks a backend to drive an output at: a
/// size in pixels (one of its modes, or any size where the backend takes
/// custom modes), a refresh rate (nil: the fastest of that size) and an
/// integer scale (the renderer's pixels per point).
public struct OutputDrive: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var refreshMillihertz: Int?
    public var scale: Int
}

/// A backend whose outputs an output configuration can change
/// (wlr-output-management, `strata output set`). The server tests a whole
/// configuration with `refusal` before it applies any part of it, so
/// `drive` fails only when the hardware refuses what it said it could do.
public protocol OutputConfiguringBackend: OutputBackend {
    /// The modes `output` can be driven in, its current one among them.
    func modes(of output: BackendOutput) -> [OutputModeInfo]
    /// Why `output` cannot be driven as `drive` asks; nil when it can.
    func refusal(of drive: OutputDrive, for output: BackendOutput) -> String?
    /// Drives `output` as `drive` asks, with a renderer of that size and
    /// scale; the server then lays the outputs out again. Throws, one line.
    func drive(_ output: BackendOutput, as drive: OutputDrive) throws
    /// Whether an output can be taken out of the layout and put back
    /// (disabled and enabled) while the backend keeps it.
    var canDisableOutputs: Bool { get }
}

extension BackendOutput {
    /// The mode it is driven in now.
    var currentMode: OutputModeInfo {
        OutputModeInfo(width: renderer.width, height: renderer.height, refreshMillihertz: refreshMillihertz, isPreferred: true)
    }
}
