import ArgumentParser
import StrataProtocol
import StrataServer

extension BackendChoice: ExpressibleByArgument {}
extension LogLevel: ExpressibleByArgument {}
extension Appearance: ExpressibleByArgument {}
extension XwaylandMode: ExpressibleByArgument {}

/// `strata run`: the compositor itself.
struct RunCommand: StrataSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Serve Wayland clients on $XDG_RUNTIME_DIR/NAME.",
        discussion: """
            A command after -- is started once the socket is up, with WAYLAND_DISPLAY set; \
            with --exit-with-client the session ends when it does, with its status. \
            The startup file ($XDG_CONFIG_HOME/strata/startup, else ~/.config/strata/startup) \
            starts one command a line the same way; # begins a comment. \
            SIGTERM and SIGINT end the session cleanly; a client that crashes never does.
            """)

    @Flag(help: "Use the headless backend (the same as --backend headless).")
    var headless = false

    @Option(help: ArgumentHelp("Where the output and input come from.", valueName: "automatic|headless|wayland|drm"))
    var backend: BackendChoice?

    @OptionGroup var socket: SocketOption

    @Option(help: ArgumentHelp("The output's size in pixels (the drm backend takes the monitor's mode instead).", valueName: "WxH"))
    var size = "1280x800"

    @Option(help: ArgumentHelp("The output's integer scale, pixels per point (1 to 8).", valueName: "N"))
    var scale = "1"

    @Option(help: ArgumentHelp("""
        The scale wp_fractional_scale_v1 asks every surface to be drawn at (0.25 to 8, in 120ths), \
        instead of its outputs' scale: for trying clients at fractional scales.
        """, valueName: "S"))
    var preferredScale: String?

    @Option(help: ArgumentHelp("""
        How many outputs of --size, side by side left to right (1 to 8): headless outputs, or windows on \
        the parent compositor with the wayland backend.
        """, valueName: "N"))
    var outputs = "1"

    @Flag(help: """
        Render only when asked (strata frame, strata screenshot); animations then run on \
        a clock that only strata frame --advance moves.
        """)
    var manualFrames = false

    @Option(help: ArgumentHelp("strata_layers_v1's layer quota per client binding.", valueName: "N"))
    var maxLayers: String?
    @Option(help: ArgumentHelp("strata_layers_v1's buffer-byte quota per client binding.", valueName: "N"))
    var maxBufferBytes: String?
    @Option(help: ArgumentHelp("strata_layers_v1's pending-commit quota per client binding.", valueName: "N"))
    var maxPendingCommits: String?

    @Option(help: ArgumentHelp("""
        Put a window at the n-th origin (output points) while n windows are mapped, \
        a known layout for scripts; smart placement after.
        """, valueName: "X,Y[:X,Y…]"))
    var placeWindows: String?

    @Option(help: ArgumentHelp("The drm backend's GPU (default: the first /dev/dri/card* with a monitor connected).",
                               valueName: "PATH"))
    var drmDevice: String?
    @Flag(help: "With the drm backend: a tap on a touchpad is a click.")
    var touchpadTap = false
    @Flag(help: "With the drm backend: touchpads and wheels scroll the content the way the fingers move.")
    var naturalScrolling = false

    @Option(help: ArgumentHelp("""
        The appearance asked of the apps strata starts: STRATA_APPEARANCE in their environment, which StrataKit apps \
        follow (their dynamic system colors and trait collections).
        """, valueName: Appearance.allCases.map(\.rawValue).joined(separator: "|")))
    var appearance: Appearance?

    @Option(help: ArgumentHelp("""
        X11 clients, through Xwayland: an X display (DISPLAY for the clients strata starts) whose Xwayland starts \
        when the first X client connects (lazy, the default), with the compositor (start), or none (off).
        """, valueName: XwaylandMode.allCases.map(\.rawValue).joined(separator: "|")))
    var xwayland: XwaylandMode = .lazy

    @Flag(help: "End the session when the command after -- ends, with its exit status.")
    var exitWithClient = false

    @Flag(help: """
        Offer screencopy, layer shell, the input method manager, virtual keyboards, the window list (foreign toplevel \
        management), virtual pointers and session locking (lock screens) only to the Wayland connections strata makes \
        for the clients it starts (after -- and from the startup file; WAYLAND_SOCKET), not to every client, and serve \
        the control socket (screenshot, tree, input…) only to the processes it starts and those they start.
        """)
    var restrictPrivileged = false

    @Option(help: ArgumentHelp("Read this startup file instead of the usual one.", valueName: "FILE"))
    var startup: String?
    @Flag(help: "Read no startup file.")
    var noStartup = false

    @Option(help: ArgumentHelp("The least severe log level written (default: $STRATA_LOG, else info).",
                               valueName: LogLevel.allCases.map(\.rawValue).joined(separator: "|")))
    var logLevel: LogLevel?
    @Option(help: ArgumentHelp("Append log lines to this file instead of standard error.", valueName: "FILE"))
    var logFile: String?

    @Argument(parsing: .postTerminator, help: ArgumentHelp("A client to start, after --.", valueName: "command"))
    var command: [String] = []

    func command(currentDirectory: String) throws -> StrataCommand {
        var options = RunOptions()
        if headless {
            guard backend == nil || backend == .headless else {
                throw UsageError("--headless and --backend \(backend!.rawValue) disagree")
            }
            options.backend = .headless
        } else if let backend {
            options.backend = backend
        }
        options.socketName = try socket.checked()
        (options.width, options.height) = try ArgumentChecks.size(size, example: "1280x800")
        guard let scale = Int(scale), (1...8).contains(scale) else {
            throw UsageError("invalid scale '\(scale)' (expected an integer from 1 to 8)")
        }
        options.scale = scale
        if let preferredScale {
            guard let value = Double(preferredScale), (0.25...8).contains(value) else {
                throw UsageError("invalid --preferred-scale '\(preferredScale)' (expected a number from 0.25 to 8, e.g. 1.5)")
            }
            options.preferredScale = (value * 120).rounded() / 120
        }
        guard let outputs = Int(outputs), (1...8).contains(outputs) else {
            throw UsageError("invalid --outputs '\(outputs)' (expected an integer from 1 to 8)")
        }
        options.outputs = outputs
        options.manualFrames = manualFrames
        if let maxLayers { options.limits.maxLayers = try ArgumentChecks.quota(maxLayers, "--max-layers") }
        if let maxBufferBytes { options.limits.maxBufferBytes = try ArgumentChecks.quota(maxBufferBytes, "--max-buffer-bytes") }
        if let maxPendingCommits {
            options.limits.maxPendingCommits = try ArgumentChecks.quota(maxPendingCommits, "--max-pending-commits")
        }
        if let placeWindows {
            options.windowOrigins = try placeWindows.split(separator: ":").map { pair in
                let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else {
                    throw UsageError("invalid window origins '\(placeWindows)' (expected X,Y[:X,Y…], e.g. 32,32:64,64)")
                }
                return Point(x: Double(x), y: Double(y))
            }
        }
        guard options.width % options.scale == 0, options.height % options.scale == 0 else {
            throw UsageError("size \(options.width)x\(options.height) is not a multiple of scale \(options.scale)")
        }
        options.drmDevice = drmDevice.map { absolute($0, in: currentDirectory) }
        options.inputDevices = InputDeviceOptions(tapToClick: touchpadTap, naturalScrolling: naturalScrolling)
        options.command = command
        options.exitWithClient = exitWithClient
        options.restrictPrivileged = restrictPrivileged
        options.appearance = appearance
        options.xwayland = xwayland
        if exitWithClient && command.isEmpty {
            throw UsageError("--exit-with-client needs a command after --")
        }
        if let startup, noStartup { throw UsageError("--startup \(startup) and --no-startup disagree") }
        options.startupFile = noStartup ? .none : startup.map { .file(absolute($0, in: currentDirectory)) } ?? .standard
        options.logLevel = logLevel
        options.logFile = logFile.map { absolute($0, in: currentDirectory) }
        return .run(options)
    }
}

/// A path given on the command line, made absolute.
func absolute(_ path: String, in directory: String) -> String {
    path.hasPrefix("/") ? path : (directory.hasSuffix("/") ? directory : directory + "/") + path
}
