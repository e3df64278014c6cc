import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a finished command printed.
public struct CommandResult {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
    public var standardErrorLines: [String] { standardError.split(separator: "\n").map(String.init) }
}

public struct StrataTestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Helpers that run the real `strata` binary and Wayland clients against it.
public enum StrataBinary {
    /// The built `strata`: $STRATA_BINARY, else next to the test bundle
    /// (SwiftPM puts the .xctest and the executables in the same directory).
    public static func path() throws -> String {
        if let path = ProcessInfo.processInfo.environment["STRATA_BINARY"] { return path }
        return try product("strata")
    }

    /// An executable this package builds (`strata-layer-demo`, …), found beside the test bundle.
    public static func product(_ name: String) throws -> String {
        var directories = Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
            .map { ($0 as NSString).deletingLastPathComponent }
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append((exe as NSString).deletingLastPathComponent)
        }
        for directory in directories {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw StrataTestError("\(name) not found near the test bundle (looked in \(directories)); run swift build first")
    }

    /// Runs `strata arguments` to completion with `environment` (nil values remove a variable).
    public static func run(_ arguments: [String], environment: [String: String?] = [:],
                           timeout: TimeInterval = 30) throws -> CommandResult {
        try runProcess(path(), arguments, environment: environment, timeout: timeout)
    }
}

/// Runs an executable to completion, capturing its output; in `directory` when given.
public func runProcess(_ executable: String, _ arguments: [String], in directory: String? = nil,
                       environment: [String: String?] = [:], timeout: TimeInterval = 30) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = mergedEnvironment(environment)
    // Files rather than pipes: nothing to drain while waiting, however much it prints.
    let base = NSTemporaryDirectory() + "strata-run-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    let outPath = base + ".out", errPath = base + ".err"
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    defer {
        try? FileManager.default.removeItem(atPath: outPath)
        try? FileManager.default.removeItem(atPath: errPath)
    }
    process.standardOutput = FileHandle(forWritingAtPath: outPath)
    process.standardError = FileHandle(forWritingAtPath: errPath)
    try process.run()
    guard waitUntil(timeout: timeout, interval: 0.005, { !process.isRunning }) else {
        process.terminate()
        throw StrataTestError("\(executable) \(arguments.joined(separator: " ")) did not finish in \(timeout) s")
    }
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus,
                         standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                         standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}

func mergedEnvironment(_ changes: [String: String?]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in changes { environment[key] = value }
    return environment
}

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
@discardableResult
public func waitUntil(timeout: TimeInterval = 10, interval: TimeInterval = 0.02, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: interval)
    }
    return try condition()
}

/// A `strata run --headless` compositor (or one nested in another's window)
/// in its own temporary XDG_RUNTIME_DIR, stopped (SIGTERM) and cleaned up
/// on `stop()` or deinit.
public final class StrataProcess {
    public let runtimeDirectory: String
    public let socketName: String
    public let width: Int
    public let height: Int
    public let process = Process()
    private let errorFile: String
    private var clients: [Process] = []

    /// The layout tests place windows in (`strata run --place-windows`),
    /// so their expectations can name points of windows: the first window
    /// at (32, 32), each next one 32 points further down and right.
    public static let steppedOrigins = (1...12).map { (x: 32 * $0, y: 32 * $0) }

    /// Starts the compositor and waits until its control socket answers.
    /// `windowOrigins` nil leaves windows to the compositor's smart placement.
    public init(width: Int = 640, height: Int = 480, scale: Int = 1, manualFrames: Bool = false,
                socketName: String = "strata-test", windowOrigins: [(x: Int, y: Int)]? = StrataProcess.steppedOrigins,
                extraArguments: [String] = [], nestedIn parentSocket: String? = nil, timeout: TimeInterval = 20) throws {
        self.width = width
        self.height = height
        self.socketName = socketName
        let template = NSTemporaryDirectory() + "strata-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw StrataTestError("mkdtemp failed") }
        runtimeDirectory = String(cString: made)
        errorFile = runtimeDirectory + ".stderr"

        // The user's own startup file is no part of a test, unless a test names one.
        let startup = extraArguments.contains("--startup") ? [] : ["--no-startup"]
        // Nested: a window on the compositor at `parentSocket` (an absolute path) instead of a headless output.
        let backend = parentSocket == nil ? ["--headless"] : ["--backend", "wayland"]
        var arguments = ["run"] + backend + startup + ["--socket", socketName, "--size", "\(width)x\(height)", "--scale", "\(scale)"]
        if manualFrames { arguments.append("--manual-frames") }
        if let windowOrigins, !windowOrigins.isEmpty {
            arguments += ["--place-windows", windowOrigins.map { "\($0.x),\($0.y)" }.joined(separator: ":")]
        }
        arguments += extraArguments
        process.executableURL = URL(fileURLWithPath: try StrataBinary.path())
        process.arguments = arguments
        process.environment = mergedEnvironment(["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": parentSocket])
        _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errorFile)
        process.standardOutput = FileHandle.nullDevice
        try process.run()

        let ready = waitUntil(timeout: timeout) {
            FileManager.default.fileExists(atPath: controlSocketPath) || !process.isRunning
        }
        guard ready, process.isRunning else {
            let log = serverLog
            stop()
            throw StrataTestError("strata did not start: \(log)")
        }
    }

    deinit { stop() }

    public var waylandSocketPath: String { "\(runtimeDirectory)/\(socketName)" }
    public var controlSocketPath: String { "\(runtimeDirectory)/\(socketName).control" }
    /// What the compositor wrote on stderr so far.
    public var serverLog: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

    /// The environment a Wayland client needs to reach this compositor.
    public var clientEnvironment: [String: String?] {
        ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": socketName]
    }

    /// Runs `strata <command> --socket NAME <arguments>` against this compositor.
    public func control(_ command: String, _ arguments: [String] = []) throws -> CommandResult {
        try StrataBinary.run([command, "--socket", socketName] + arguments, environment: clientEnvironment)
    }

    /// `strata input --socket NAME <arguments>`: injects input as a device
    /// would; throws with the tool's message if it failed.
    public func input(_ arguments: [String]) throws {
        let result = try control("input", arguments)
        guard result.status == 0 else {
            throw StrataTestError("strata input \(arguments.joined(separator: " ")): \(result.standardError)")
        }
    }

    public func input(_ arguments: String...) throws { try input(arguments) }

    /// `strata screenshot` into `path` (absolute); throws if it failed.
    @discardableResult
    public func screenshot(to path: String) throws -> DecodedPNG {
        let result = try control("screenshot", ["--output", path])
        guard result.status == 0 else { throw StrataTestError("screenshot failed: \(result.standardError)") }
        return try DecodedPNG(contentsOf: path)
    }

    /// `strata tree`, parsed.
    public func tree() throws -> [String: Any] {
        let result = try control("tree")
        guard result.status == 0, let data = result.standardOutput.data(using: .utf8),
              let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw StrataTestError("tree failed: \(result.standardError)\(result.standardOutput)") }
        return json
    }

    /// Every window in `strata tree`, across clients.
    public func windows() throws -> [[String: Any]] {
        let clients = try tree()["clients"] as? [[String: Any]] ?? []
        return clients.flatMap { $0["windows"] as? [[String: Any]] ?? [] }
    }

    /// Starts a Wayland client connected to this compositor, with
    /// `environment` besides (nil values remove a variable); it is killed on `stop()`.
    @discardableResult
    public func startClient(_ executable: String, _ arguments: [String] = [],
                            environment: [String: String?] = [:], outputFile: String? = nil) throws -> Process {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: executable)
        client.arguments = arguments
        client.environment = mergedEnvironment(clientEnvironment.merging(environment) { $1 })
        if let outputFile {
            // What the client prints, for a test to read as it goes.
            _ = FileManager.default.createFile(atPath: outputFile, contents: nil)
            client.standardOutput = FileHandle(forWritingAtPath: outputFile)
        } else {
            client.standardOutput = FileHandle.nullDevice
        }
        client.standardError = FileHandle.nullDevice
        try client.run()
        clients.append(client)
        return client
    }

    /// Starts `strata-layer-demo --scene SCENE` and waits until it reports
    /// its first commit presented; it is killed on `stop()`.
    @discardableResult
    public func startLayerDemo(scene: String, title: String, timeout: TimeInterval = 20) throws -> Process {
        let output = runtimeDirectory + "/\(title).out"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let client = Process()
        client.executableURL = URL(fileURLWithPath: try StrataBinary.product("strata-layer-demo"))
        client.arguments = ["--scene", scene, "--title", title]
        client.environment = mergedEnvironment(clientEnvironment)
        client.standardOutput = FileHandle(forWritingAtPath: output)
        client.standardError = FileHandle.nullDevice
        try client.run()
        clients.append(client)
        let presented = waitUntil(timeout: timeout) {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("presented") || !client.isRunning
        }
        guard presented, client.isRunning else {
            throw StrataTestError("strata-layer-demo --scene \(scene) was not presented; strata said: \(serverLog)")
        }
        return client
    }

    /// Sends `signal` to the compositor and waits for it to exit; returns its exit status.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 10) -> Int32? {
        for client in clients where client.isRunning { kill(client.processIdentifier, SIGKILL); client.waitUntilExit() }
        clients = []
        var status: Int32?
        if process.processIdentifier != 0 {
            if process.isRunning { kill(process.processIdentifier, signal) }
            if waitUntil(timeout: timeout, { !process.isRunning }) {
                status = process.terminationStatus
            } else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
        try? FileManager.default.removeItem(atPath: errorFile)
        return status
    }

    /// Where an executable is on $PATH, or nil.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
