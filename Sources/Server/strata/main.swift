import Foundation
import Logging
import StrataCommandLine
import StrataServer

// strata: the compositor (`strata run`) and the tools that talk to a running
// one over its control socket. Argument errors are one line and exit 2.

func fail(_ message: String, status: Int32) -> Never {
    fputs("strata: \(message)\n", stderr)
    exit(status)
}

let environment = ProcessInfo.processInfo.environment

/// Whether standard input is a Linux virtual terminal (/dev/ttyN).
func standardInputIsVirtualTerminal() -> Bool {
    guard isatty(0) != 0, let name = ttyname(0) else { return false }
    let path = String(cString: name)
    return path.hasPrefix("/dev/tty") && path.dropFirst("/dev/tty".count).allSatisfy(\.isNumber) && path.count > "/dev/tty".count
}
let command: StrataCommand
do {
    command = try StrataArguments.parse(Array(CommandLine.arguments.dropFirst()),
                                        currentDirectory: FileManager.default.currentDirectoryPath)
} catch let error as UsageError {
    fail(error.message, status: 2)
} catch {
    fail("\(error)", status: 2)
}

if case .help(let text) = command {
    print(text)
    exit(0)
}
guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
    fail("XDG_RUNTIME_DIR is not set; it names the directory for the Wayland and control sockets", status: 1)
}

switch command {
case .help:
    break

case .run(let options):
    let level = options.logLevel ?? environment["STRATA_LOG"].flatMap(LogLevel.init(rawValue:)) ?? .info
    do {
        try LogLines.bootstrap(level: level, path: options.logFile)
    } catch {
        fail("\(error)", status: 1)
    }
    let choice = options.backend.resolved(environment: environment, onVirtualTerminal: standardInputIsVirtualTerminal())
    var backend: OutputBackend?
    switch choice {
    case .automatic, .headless:
        backend = nil
    case .wayland:
        guard let parent = environment["WAYLAND_DISPLAY"], !parent.isEmpty else {
            fail("the wayland backend needs WAYLAND_DISPLAY to name the compositor to open a window on", status: 1)
        }
        guard parent != options.socketName else {
            fail("WAYLAND_DISPLAY names this compositor's own socket (\(parent)); give --socket another name", status: 1)
        }
        do {
            backend = try Server.nestedBackend(parent: parent, count: options.outputs, width: options.width, height: options.height,
                                               scale: options.scale, title: "Strata — \(options.socketName)")
        } catch {
            fail("cannot open a window on \(parent): \(error)", status: 1)
        }
    case .drm:
        // The monitors are the outputs: there is no count to make up.
        guard options.outputs == 1 else {
            fail("--outputs is for the headless and wayland backends; the drm backend makes an output of each connected monitor", status: 1)
        }
        do {
            // STRATA_DRM_NO_ATOMIC=1: legacy drmModeSetCrtc and drmModePageFlip even where atomic commits are offered.
            let atomicAllowed = !["1", "yes", "true"].contains(environment["STRATA_DRM_NO_ATOMIC"]?.lowercased() ?? "")
            backend = try Server.drmBackend(devicePath: options.drmDevice, scale: options.scale, inputOptions: options.inputDevices,
                                            atomicAllowed: atomicAllowed)
        } catch {
            let why = options.backend == .automatic ? " (the drm backend, chosen because this is a virtual terminal)" : ""
            fail("\(error)\(why)", status: 1)
        }
    }
    // The output is the backend's size: a monitor's mode, a window's size.
    var configuration = options.configuration
    if let first = backend?.outputs.first {
        (configuration.width, configuration.height) = (first.renderer.width, first.renderer.height)
        if case .realtime = configuration.clock {
            // The monitor's exact rate (74.992 Hz, not 75): presentation feedback reports it as the refresh.
            configuration.clock = .realtime(millihertz: max(first.refreshMillihertz, 1))
        }
    }
    let server = Server(configuration: configuration, backend: backend)
    // Before the sockets appear: a signal sent as soon as they do ends the session cleanly.
    server.terminate(onSignals: [SIGINT, SIGTERM])
    do {
        try server.addSocket()
    } catch {
        server.shutdown()
        fail("\(error)", status: 1)
    }
    let outputCount = options.outputs > 1 ? " on \(options.outputs) outputs" : ""
    fputs("strata: serving WAYLAND_DISPLAY=\(options.socketName) (\(configuration.width)x\(configuration.height) @\(options.scale)x\(outputCount))\n", stderr)

    let launcher = ClientLauncher(server: server, socketName: options.socketName, appearance: options.appearance)
    if let startup = StartupFile.path(for: options.startupFile, environment: environment) {
        do {
            try launcher.launch(startupFile: startup)
        } catch {
            Logger(label: "strata").error("cannot read the startup file \(startup): \(error)")
        }
    }
    if !options.command.isEmpty {
        do {
            try launcher.launch(options.command, endsSession: options.exitWithClient)
        } catch {
            server.shutdown()
            fail("cannot start \(options.command[0]): \(error)", status: 1)
        }
    }
    server.run()
    server.shutdown()
    exit(launcher.exitStatus)

case .control(let socketName, let request):
    let path = Server.controlSocketPath(runtimeDirectory: runtime, socketName: socketName)
    // A process of a session run with --restrict-privileged connects through
    // the channel it inherited, if it leads to this socket (Server.launch).
    let channel = ControlClient.inheritedChannel(to: path, environment: environment)
    do {
        let answer = try ControlClient.request(request.line, socketPath: path, channel: channel)
        if answer.hasPrefix("error:") {
            fail(String(answer.dropFirst("error:".count)).drop { $0 == " " }.description, status: 1)
        }
        print(answer)
    } catch {
        fail("\(error)", status: 1)
    }
}
