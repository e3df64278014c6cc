import Foundation
import Glibc

/// Ordinary clients on Strata against the same clients on weston 10's
/// headless pixman backend, in the same run: weston-simple-shm,
/// weston-simple-damage and a terminal printing a stream of text, plus
/// weston-presentation-shm, whose presented commits (wp_presentation
/// feedback, one line each) count the frames each compositor showed. The
/// figure is each compositor's CPU time (user + system) per
/// presented frame over the same five seconds, and their ratio.
///
/// The ratio's terminal is weston-terminal: foot needs a wl_seat, which
/// weston 10's headless backend does not offer, so foot would quit at once
/// there and weston would be measured with one client fewer. Foot is
/// measured on Strata alone, in place of weston-terminal, as a third line.
/// A client that quits before the end voids its run.
func runClientsBenchmarks() {
    let strataPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata").path
    guard FileManager.default.isExecutableFile(atPath: strataPath) else {
        print("strata-bench: clients: no strata beside strata-bench (build the strata product too)")
        return
    }
    let tools = ["weston", "weston-simple-shm", "weston-simple-damage", "weston-presentation-shm", "weston-terminal"]
    func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    let paths = Dictionary(uniqueKeysWithValues: tools.map { ($0, which($0)) })
    guard paths.values.allSatisfy({ $0 != nil }) else {
        print("strata-bench: clients: needs \(tools.joined(separator: ", "))")
        return
    }

    print("")
    print("strata-bench: clients (simple-shm, simple-damage, weston-terminal printing text, presentation-shm), 1280×800, 5 s each")
    let found = paths.mapValues { $0! }
    let strataCommand = [strataPath, "run", "--headless", "--no-startup", "--socket", "bench", "--size", "1280x800"]
    let westonCommand = [found["weston"]!, "--backend=headless-backend.so", "--use-pixman", "--socket=bench",
                         "--width=1280", "--height=800", "--idle-time=0"]
    // Where weston-terminal's script goes.
    let runtime = NSTemporaryDirectory() + "strata-bench-stream-\(getpid())"
    try? FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    func clients(_ terminal: TextStream) -> [[String]] {
        [[found["weston-simple-shm"]!], [found["weston-simple-damage"]!], terminal.command(in: runtime)]
    }
    let counter = found["weston-presentation-shm"]!
    let terminal = TextStream.westonTerminal(found["weston-terminal"]!)
    let strata = measureClients(compositor: strataCommand, clients: clients(terminal), frameCounter: counter)
    let weston = measureClients(compositor: westonCommand, clients: clients(terminal), frameCounter: counter)
    // Foot runs on Strata alone (it needs a wl_seat), when it is installed.
    let strataWithFoot = which("foot").flatMap {
        measureClients(compositor: strataCommand, clients: clients(.foot($0)), frameCounter: counter)
    }
    guard let strata, let weston else { return }
    for (name, result) in [("strata", strata), ("weston 10", weston)] {
        print(String(format: "  %@ CPU %6.3f s over %d presented frames: %7.3f ms per frame",
                     name.padding(toLength: 10, withPad: " ", startingAt: 0) as NSString,
                     result.cpuSeconds, result.frames, result.millisecondsPerFrame))
    }
    print(String(format: "  ratio strata / weston per presented frame: %.2f (target: at most 0.8)",
                 strata.millisecondsPerFrame / weston.millisecondsPerFrame))
    if let strataWithFoot {
        print(String(format: "  strata with foot in place of weston-terminal: %.3f ms per frame over %d frames"
                     + " (weston 10 headless has no wl_seat, which foot needs)",
                     strataWithFoot.millisecondsPerFrame, strataWithFoot.frames))
    }
}

/// The terminal printing a stream of text, `seq` in a loop.
enum TextStream {
    case foot(String)
    case westonTerminal(String)

    static let loop = "while :; do seq 1 2000; done"

    /// The command line; weston-terminal runs its shell by path with no
    /// arguments, so the loop goes in a script in `directory`.
    func command(in directory: String) -> [String] {
        switch self {
        case .foot(let path):
            return [path, "sh", "-c", Self.loop]
        case .westonTerminal(let path):
            let script = directory + "/text-stream.sh"
            FileManager.default.createFile(atPath: script, contents: Data("#!/bin/sh\n\(Self.loop)\n".utf8))
            chmod(script, 0o755)
            return [path, "--shell=\(script)"]
        }
    }
}

struct ClientsResult {
    var cpuSeconds: Double
    var frames: Int

    var millisecondsPerFrame: Double { cpuSeconds / Double(max(frames, 1)) * 1000 }
}

/// Runs the compositor with `clients` and `frameCounter`
/// (weston-presentation-shm, whose presented commits count the frames)
/// for five seconds after a second of warm-up, `during` running on
/// another thread meanwhile with the clients' environment (input, say)
/// until told to stop, and returns the compositor's
/// CPU time and frames in them. `environment` is added to the clients'.
func measureClients(compositor arguments: [String], clients: [[String]], frameCounter: String,
                    environment extra: [String: String] = [:],
                    during: (@Sendable (_ environment: [String: String], _ stop: () -> Bool) -> Void)? = nil) -> ClientsResult? {
    let runtime = NSTemporaryDirectory() + "strata-bench-clients-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try? FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    chmod(runtime, 0o700)
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_RUNTIME_DIR"] = runtime
    environment["WAYLAND_DISPLAY"] = "bench"
    environment["STRATA_LOG"] = "error"
    environment.merge(extra) { $1 }

    func start(_ command: [String], output: FileHandle? = nil) -> Process? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        return process
    }
    guard let server = start(arguments) else { return nil }
    var processes: [Process] = []
    defer {
        for process in processes where process.isRunning { process.terminate(); process.waitUntilExit() }
        server.terminate()
        server.waitUntilExit()
    }
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: runtime + "/bench") { usleep(20_000) }
    usleep(300_000)

    let log = runtime + "/presentation.log"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    // A client that cannot start voids the run: the compositors must serve the same clients.
    for command in clients {
        guard let process = start(command) else { return nil }
        processes.append(process)
    }
    guard let presentation = start(["/usr/bin/stdbuf", "-oL", frameCounter, "-f"],
                                   output: FileHandle(forWritingAtPath: log)) else { return nil }
    processes.append(presentation)
    func frames() -> Int {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains("seq") }.count
    }
    let finished = StopFlag()
    if let during {
        let clientEnvironment = environment
        Thread { during(clientEnvironment) { finished.isSet } }.start()
    }
    sleep(1)
    let (cpu0, frames0) = (cpuSeconds(of: server.processIdentifier), frames())
    sleep(5)
    let (cpu1, frames1) = (cpuSeconds(of: server.processIdentifier), frames())
    finished.set()
    guard let cpu0, let cpu1 else { return nil }
    if let quit = processes.first(where: { !$0.isRunning }) {
        print("  \(quit.executableURL?.lastPathComponent ?? "a client") quit on \(URL(fileURLWithPath: arguments[0]).lastPathComponent);"
              + " that run is not counted")
        return nil
    }
    return ClientsResult(cpuSeconds: cpu1 - cpu0, frames: frames1 - frames0)
}

/// Tells a helper thread to stop.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}

/// User plus system CPU time of a process, to the nanosecond: its CPU-time
/// clock (every thread's, as the kernel accounts it). /proc/PID/stat counts
/// in clock ticks (10 ms), a tenth or more of a compositor's time in a run;
/// it is the fallback.
func cpuSeconds(of pid: Int32) -> Double? {
    var clock = clockid_t()
    var now = timespec()
    if clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &now) == 0 {
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    // Fields after the command's ")": state is field 3, utime 14, stime 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
