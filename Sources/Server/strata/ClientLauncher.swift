import Foundation
import Logging
import StrataCommandLine
import StrataServer

/// Starts the session's clients with WAYLAND_DISPLAY naming this
/// compositor: the command after `--` and each line of the startup file.
/// A client that ends (or crashes) never ends the session, except the
/// `--exit-with-client` one, whose exit status becomes the session's.
/// Each gets an xdg_activation token of its own, so its first window may
/// take the focus even if the person clicked elsewhere while it started.
/// Under `--restrict-privileged` each also gets a trusted Wayland
/// connection and a channel to the control socket (`Server.launch`).
final class ClientLauncher {
    private let server: Server
    private let environment: [String: String]
    private let logger = Logger(label: "strata")
    /// The clients started that are still running, by pid.
    private var running: Set<Int32> = []
    /// The status `strata` exits with once `run()` returns.
    private(set) var exitStatus: Int32 = 0

    init(server: Server, socketName: String, appearance: Appearance? = nil) {
        self.server = server
        var environment = ProcessInfo.processInfo.environment
        environment["WAYLAND_DISPLAY"] = socketName
        // StrataKit apps resolve their dynamic colors and traits by it.
        if let appearance { environment["STRATA_APPEARANCE"] = appearance.rawValue }
        // Clients of this session are X11 clients of its own X display, if any, not of another one.
        environment["DISPLAY"] = server.xwaylandDisplay
        // A token Strata itself was started with is not its clients' to spend.
        environment["XDG_ACTIVATION_TOKEN"] = nil
        environment["DESKTOP_STARTUP_ID"] = nil
        self.environment = environment
    }

    /// Starts `arguments` (looked up on PATH); `endsSession` ends the
    /// session when it ends. Throws if it cannot be started at all.
    func launch(_ arguments: [String], endsSession: Bool) throws {
        try start(URL(fileURLWithPath: "/usr/bin/env"), arguments, name: arguments.joined(separator: " "),
                  endsSession: endsSession)
    }

    /// Starts each command line of a startup file with /bin/sh; blank lines
    /// and lines beginning with # are skipped.
    func launch(startupFile path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(whereSeparator: \.isNewline) {
            let command = line.trimmingCharacters(in: .whitespaces)
            guard !command.isEmpty, !command.hasPrefix("#") else { continue }
            do {
                try start(URL(fileURLWithPath: "/bin/sh"), ["-c", command], name: command, endsSession: false)
            } catch {
                logger.error("startup: cannot start \(command): \(error)")
            }
        }
    }

    private func start(_ executable: URL, _ arguments: [String], name: String, endsSession: Bool) throws {
        var environment = environment
        if let token = server.issueLaunchToken() {
            // GTK 4 and Qt read the first; GTK 3 the startup-notification one.
            environment["XDG_ACTIVATION_TOKEN"] = token
            environment["DESKTOP_STARTUP_ID"] = token
        }
        var pid: Int32 = 0
        // Its end is reported on the server's thread, between requests.
        pid = try server.launch(executable: executable.path,
                                arguments: executable.path == "/usr/bin/env" ? ["--"] + arguments : arguments,
                                environment: environment) { [weak self] status in
            self?.ended(pid, name: name, status: status, endsSession: endsSession)
        }
        running.insert(pid)
        logger.info("started \(name): pid \(pid)")
    }

    private func ended(_ pid: Int32, name: String, status: Int32, endsSession: Bool) {
        running.remove(pid)
        logger.info("\(name) (pid \(pid)) ended with status \(status)")
        if endsSession {
            exitStatus = status
            server.terminate()
        }
    }
}
