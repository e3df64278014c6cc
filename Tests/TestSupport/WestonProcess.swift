import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// weston 10 on its headless backend with the pixman renderer, in its own
/// temporary XDG_RUNTIME_DIR: a second, independent compositor that tests
/// run ordinary Wayland clients on (StrataKit's client mode among them).
/// Stopped (SIGTERM, then SIGKILL) with its clients on `stop()` or deinit.
///
/// The shell is weston's desktop-shell, quietened by the weston.ini in
/// `WestonProcess+Configuration.swift` (no panel, a black background, no
/// animations), because it is the one shell that keeps a normal
/// xdg_toplevel at the size its client chose; see that file for why the
/// others do not fit. The output is `width`×`height` logical pixels at
/// `scale`; screenshots are in device pixels (`width·scale`×`height·scale`).
///
/// desktop-shell places each new toplevel at a pseudo-random position, so
/// tests find a window in a screenshot (`DecodedPNG.locate`) rather than
/// assume where it is.
public final class WestonProcess {
    public let runtimeDirectory: String
    public let socketName: String
    /// The output's size in logical pixels, and its scale.
    public let width: Int
    public let height: Int
    public let scale: Int
    public let process = Process()
    private let logFile: String
    private var clients: [Process] = []

    /// Where weston and its screenshot tool are looked for: $WESTON_BINARY,
    /// else `weston` on $PATH; `weston-screenshooter` beside it.
    public static func binary() -> String? {
        if let path = ProcessInfo.processInfo.environment["WESTON_BINARY"] {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        return StrataProcess.which("weston")
    }

    /// Starts weston and waits until its Wayland socket exists.
    ///
    /// Throws `XCTSkip` when `westonBinary` (by default `binary()`) or
    /// weston-screenshooter beside it is not installed (`apt-get install
    /// weston`), so a test that starts one is skipped, not failed, on a
    /// machine without them; any other failure to start throws
    /// `StrataTestError` with weston's log.
    public init(width: Int = 640, height: Int = 480, scale: Int = 1, socketName: String = "weston-test",
                extraArguments: [String] = [], westonBinary: String? = WestonProcess.binary(),
                timeout: TimeInterval = 20) throws {
        guard let weston = westonBinary, FileManager.default.isExecutableFile(atPath: weston) else {
            throw XCTSkip("weston is not installed at \(westonBinary ?? "any directory on $PATH") "
                          + "(apt-get install weston, or set WESTON_BINARY)")
        }
        guard FileManager.default.isExecutableFile(atPath: WestonProcess.screenshooterPath(besides: weston)) else {
            throw XCTSkip("weston-screenshooter is not installed beside \(weston)")
        }
        (self.width, self.height, self.scale, self.socketName) = (width, height, scale, socketName)
        let template = NSTemporaryDirectory() + "weston-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw StrataTestError("mkdtemp failed") }
        runtimeDirectory = String(cString: made)  // mkdtemp makes it 0700, as XDG_RUNTIME_DIR must be
        logFile = runtimeDirectory + "/weston.log"
        let configuration = runtimeDirectory + "/weston.ini"
        try WestonProcess.configuration.write(toFile: configuration, atomically: true, encoding: .utf8)

        process.executableURL = URL(fileURLWithPath: weston)
        process.arguments = [
            "--backend=headless-backend.so",
            // Without a renderer the headless output stays black: nothing is composited.
            "--use-pixman",
            // Exposes weston_screenshooter (the global is always listed, but
            // shooting without --debug fails with "permission denied").
            "--debug",
            "--width=\(width)", "--height=\(height)", "--scale=\(scale)",
            "--socket=\(socketName)", "--config=\(configuration)", "--log=\(logFile)",
        ] + extraArguments
        // A parent session's display must not leak into weston or its shell client.
        process.environment = mergedEnvironment([
            "XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": nil, "WAYLAND_SOCKET": nil, "DISPLAY": nil,
        ])
        process.currentDirectoryURL = URL(fileURLWithPath: runtimeDirectory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()

        let ready = waitUntil(timeout: timeout) {
            FileManager.default.fileExists(atPath: waylandSocketPath) || !process.isRunning
        }
        guard ready, process.isRunning else {
            let log = self.log
            stop()
            throw StrataTestError("weston did not start: \(log)")
        }
        // Until weston-desktop-shell has drawn the background, the output
        // is transparent black (alpha 0 in a screenshot); waiting for the
        // opaque background makes every test start from the same pixels.
        do {
            _ = try screenshot(until: { $0.locateContent(background: WestonProcess.backgroundPixel, tolerance: 0) == nil },
                               timeout: timeout)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    public var waylandSocketPath: String { "\(runtimeDirectory)/\(socketName)" }

    /// What weston logged so far (its --log file).
    public var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// The environment a Wayland client needs to reach this compositor.
    public var clientEnvironment: [String: String?] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName, "WAYLAND_SOCKET": nil]
    }

    static func screenshooterPath(besides weston: String) -> String {
        (weston as NSString).deletingLastPathComponent + "/weston-screenshooter"
    }

    /// Starts a Wayland client connected to this compositor, its output
    /// in `outputFile` if given; it is killed on `stop()`.
    @discardableResult
    public func startClient(_ executable: String, _ arguments: [String] = [],
                            environment: [String: String?] = [:], outputFile: String? = nil) throws -> Process {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: executable)
        client.arguments = arguments
        client.environment = mergedEnvironment(clientEnvironment.merging(environment) { $1 })
        if let outputFile {
            _ = FileManager.default.createFile(atPath: outputFile, contents: nil)
            client.standardOutput = FileHandle(forWritingAtPath: outputFile)
            client.standardError = FileHandle(forWritingAtPath: outputFile)
        } else {
            client.standardOutput = FileHandle.nullDevice
            client.standardError = FileHandle.nullDevice
        }
        try client.run()
        clients.append(client)
        return client
    }

    /// Kills the clients started here, then stops weston with `signal` and
    /// waits for it (SIGKILL after `timeout`); the helpers weston launched
    /// itself (weston-desktop-shell) are killed if they outlive it.
    /// Returns weston's exit status, or nil if it had to be killed.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 10) -> Int32? {
        for client in clients where client.isRunning {
            kill(client.processIdentifier, SIGKILL)
            client.waitUntilExit()
        }
        clients = []
        var status: Int32?
        if process.processIdentifier != 0 {
            let helpers = childProcesses(of: process.processIdentifier)
            if process.isRunning { kill(process.processIdentifier, signal) }
            if waitUntil(timeout: timeout, { !process.isRunning }) {
                status = process.terminationStatus
            } else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            for helper in helpers where isProcessAlive(helper) { kill(helper, SIGKILL) }
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
        return status
    }
}

/// The processes whose parent is `parent`, read from /proc.
public func childProcesses(of parent: pid_t) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
        guard let pid = pid_t(entry),
              let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After "pid (comm)": state, then the parent's pid.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
    }
}

/// Whether `pid` is a process that has not exited (a zombie counts as exited).
public func isProcessAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return false }
    return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
}
