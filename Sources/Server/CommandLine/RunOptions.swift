import StrataProtocol
import StrataServer

/// Everything `strata run` was told.
public struct RunOptions: Equatable, Sendable {
    public var backend: BackendChoice = .automatic
    public var socketName = "strata-0"
    public var width = 1280
    public var height = 800
    public var scale = 1
    /// wp_fractional_scale_v1's scale for every surface; nil: the outputs'.
    public var preferredScale: Double?
    /// Outputs side by side: headless outputs, or windows on the parent compositor.
    public var outputs = 1
    public var manualFrames = false
    public var limits = Limits.standard
    public var windowOrigins: [Point] = []
    /// The privileged globals only for the connections Strata makes for the clients it starts,
    /// and the control socket only for the processes it starts (`ServerConfiguration.restrictPrivileged`).
    public var restrictPrivileged = false
    /// The client to start once the socket is up (after `--`), if any.
    public var command: [String] = []
    /// End the session when `command` ends, with its exit status.
    public var exitWithClient = false
    /// Which startup file to read.
    public var startupFile: StartupFileChoice = .standard
    /// nil: $STRATA_LOG's, else info.
    public var logLevel: LogLevel?
    /// Where log lines go; nil is standard error.
    public var logFile: String?
    /// The drm backend's GPU (nil: the first /dev/dri/card* with a monitor).
    public var drmDevice: String?
    /// Touchpad settings for the drm backend's input devices.
    public var inputDevices = InputDeviceOptions()
    /// The appearance the session's apps are asked for (STRATA_APPEARANCE); nil: as inherited.
    public var appearance: Appearance?
    /// X11 clients through Xwayland.
    public var xwayland = XwaylandMode.lazy
    public init() {}

    public var configuration: ServerConfiguration {
        var configuration = ServerConfiguration(width: width, height: height, scale: scale, socketName: socketName,
                                                clock: manualFrames ? .manual : .realtime(hz: 60), limits: limits)
        configuration.windowOrigins = windowOrigins
        configuration.outputCount = outputs
        configuration.restrictPrivileged = restrictPrivileged
        configuration.preferredScale = preferredScale
        configuration.xwayland = xwayland
        return configuration
    }
}

/// `--appearance`: light or dark, for the apps Strata starts.
public enum Appearance: String, CaseIterable, Equatable, Sendable {
    case light, dark
}

/// `--backend`: where the output and the input devices come from.
public enum BackendChoice: String, CaseIterable, Equatable, Sendable {
    /// The one this environment calls for (today: headless).
    case automatic
    case headless
    /// A window on the compositor named by WAYLAND_DISPLAY.
    case wayland
    /// The display and input devices of a virtual terminal.
    case drm
}

/// Log levels, least to most severe (swift-log's, by name).
public enum LogLevel: String, CaseIterable, Equatable, Sendable {
    case trace, debug, info, notice, warning, error, critical
}

/// The startup file `strata run` reads.
public enum StartupFileChoice: Equatable, Sendable {
    /// $XDG_CONFIG_HOME/strata/startup, else ~/.config/strata/startup, if there.
    case standard
    /// This file, which must be there.
    case file(String)
    case none
}

extension BackendChoice {
    /// What `automatic` means here: a window when another compositor's
    /// WAYLAND_DISPLAY is set, the display itself on a virtual terminal,
    /// headless otherwise. Any other choice stands.
    public func resolved(environment: [String: String], onVirtualTerminal: Bool) -> BackendChoice {
        guard self == .automatic else { return self }
        if let display = environment["WAYLAND_DISPLAY"], !display.isEmpty { return .wayland }
        if onVirtualTerminal || environment["XDG_SESSION_TYPE"] == "tty" { return .drm }
        return .headless
    }
}
