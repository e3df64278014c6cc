import Foundation
import Glibc
import StrataKit
import StrataServer

/// What an app spends per frame when it composites its own windows
/// (STRATAKIT_COMPOSITING=client, as on a compositor without
/// strata_layers_v1) against when Strata composites its layer tree
/// (=server), on the same headless Strata, in one run:
/// - the clock demo, a process of its own, its second hand sweeping: the
///   CPU time of its whole process (every thread);
/// - a window of 10,000 views with one view changing each frame, this
///   binary again in a process per mode (an app chooses its mode once,
///   when its one compositor connection opens): the CPU time of the app's
///   main thread, which runs its updates and, in client mode, its compositing.
///
/// A frame is one the compositor showed with the app's window changed:
/// the compositor's frames with damage (`strata stats`), with the app's
/// window alone on an output nothing else changes. That counts the same
/// thing in both modes: in server mode the frames in which Strata moved
/// the app's layers (the clock's second hand is an animation Strata plays
/// without the app), in client mode the buffers the app committed. The
/// compositor's own CPU per frame is given beside it.
func runCompositingBenchmarks() {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let strataPath = directory.appendingPathComponent("strata").path
    let clockPath = directory.appendingPathComponent("strata-clock-demo").path
    guard FileManager.default.isExecutableFile(atPath: strataPath),
          FileManager.default.isExecutableFile(atPath: clockPath) else {
        print("strata-bench: compositing: needs strata and strata-clock-demo beside strata-bench (build those products too)")
        return
    }
    let seconds = 4.0

    print("")
    print(String(format: "strata-bench: compositing, app CPU per frame shown when the app composites its windows (client) and when Strata does (server), %.0f s each",
                 seconds))

    // The clock demo: the app's process CPU over `seconds` of its second hand sweeping.
    var clock: [CompositingMode: CompositingRun] = [:]
    for mode in CompositingMode.allCases {
        guard let strata = HeadlessStrata(path: strataPath, size: "640x480") else { return }
        defer { strata.stop() }
        let app = Process()
        app.executableURL = URL(fileURLWithPath: clockPath)
        app.environment = strata.clientEnvironment(mode: mode)
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        do { try app.run() } catch {
            print("strata-bench: compositing: cannot run the clock demo: \(error)")
            return
        }
        defer { app.terminate(); app.waitUntilExit() }
        usleep(1_500_000)  // shown, and its first frames behind it
        guard let before = strata.sample(app: app.processIdentifier) else { return }
        usleep(UInt32(seconds * 1e6))
        guard let after = strata.sample(app: app.processIdentifier) else { return }
        clock[mode] = after - before
    }

    // 10,000 views: the app's main thread over a number of turns, in a process per mode.
    var views: [CompositingMode: CompositingRun] = [:]
    for mode in CompositingMode.allCases {
        guard let strata = HeadlessStrata(path: strataPath, size: "1280x1100") else { return }
        defer { strata.stop() }
        guard let run = runViewsChild(mode: mode, strata: strata, seconds: seconds) else { return }
        views[mode] = run
    }

    for (name, runs) in [("clock demo", clock), ("10000 views, 1 changing", views)] {
        guard let server = runs[.server], let client = runs[.client] else { continue }
        let label = name.padding(toLength: 24, withPad: " ", startingAt: 0)
        print(String(format: "  %@ app CPU per frame     server %8.4f ms   client %8.4f ms   client / server %7.2f",
                     label as NSString, server.appPerFrame * 1000, client.appPerFrame * 1000, client.appPerFrame / server.appPerFrame))
        print(String(format: "  %@ strata CPU per frame  server %8.4f ms   client %8.4f ms   client / server %7.2f",
                     "".padding(toLength: 24, withPad: " ", startingAt: 0) as NSString,
                     server.compositorPerFrame * 1000, client.compositorPerFrame * 1000, client.compositorPerFrame / server.compositorPerFrame))
        let turns = server.turns.map { " (turns \($0) / \(client.turns ?? 0))" } ?? ""
        print("  \("".padding(toLength: 24, withPad: " ", startingAt: 0)) frames shown          server \(server.frames)   client \(client.frames)\(turns)")
    }
}

/// The child's side of the 10,000-view case (`strata-bench compositing-views`):
/// the mode is the environment's, as an app's is. It prints one line,
/// `views APP_SECONDS COMPOSITOR_SECONDS FRAMES TURNS`, which its parent reads.
func runCompositingViewsChild() {
    let environment = ProcessInfo.processInfo.environment
    guard let controlPath = environment["STRATA_BENCH_CONTROL"],
          let compositorPID = environment["STRATA_BENCH_COMPOSITOR_PID"].flatMap(Int32.init),
          let seconds = environment["STRATA_BENCH_SECONDS"].flatMap(Double.init) else {
        print("strata-bench: compositing-views is run by the compositing area")
        return
    }
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
    var views: [UIView] = []
    for row in 0..<100 {
        let container = UIView(frame: CGRect(x: 0, y: CGFloat(row) * 10, width: 1000, height: 10))
        window.addSubview(container)
        for column in 0..<100 {
            let view = UIView(frame: CGRect(x: CGFloat(column) * 10, y: 1, width: 8, height: 8))
            view.backgroundColor = UIColor(white: CGFloat(column) / 100, alpha: 1)
            container.addSubview(view)
            views.append(view)
        }
    }
    window.backgroundColor = .white
    window.makeKeyAndVisible()

    /// One turn: a view changes colour, and the run loop serves a frame's
    /// time (the update, the compositor's events, and in client mode the
    /// app's compositing and its commit).
    func turn(_ index: Int) {
        views[(index * 37) % views.count].backgroundColor = UIColor(red: CGFloat(index % 11) / 10, green: 0.5, blue: 0.2, alpha: 1)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 1.0 / 60))
    }
    for index in 0..<60 { turn(index) }  // shown, and its first frames behind it

    func framesWithDamage() -> Int? { compositorFrameCounts(controlPath: controlPath)?.withDamage }
    guard let framesBefore = framesWithDamage(), let compositorBefore = processCPUSeconds(compositorPID) else {
        print("strata-bench: compositing-views: no answer from the compositor")
        return
    }
    let appBefore = threadCPUSeconds()
    let end = Date(timeIntervalSinceNow: seconds)
    var turns = 0
    while Date() < end {
        turn(60 + turns)
        turns += 1
    }
    let app = threadCPUSeconds() - appBefore
    guard let framesAfter = framesWithDamage(), let compositorAfter = processCPUSeconds(compositorPID) else { return }
    print("views \(app) \(compositorAfter - compositorBefore) \(framesAfter - framesBefore) \(turns)")
}

/// Runs `strata-bench compositing-views` against `strata` in `mode`.
private func runViewsChild(mode: CompositingMode, strata: HeadlessStrata, seconds: Double) -> CompositingRun? {
    fflush(stdout)
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["compositing-views"]
    var environment = strata.clientEnvironment(mode: mode)
    environment["STRATA_BENCH_CONTROL"] = strata.controlPath
    environment["STRATA_BENCH_COMPOSITOR_PID"] = String(strata.process.processIdentifier)
    environment["STRATA_BENCH_SECONDS"] = String(seconds)
    child.environment = environment
    let output = Pipe()
    child.standardOutput = output
    do { try child.run() } catch {
        print("strata-bench: compositing: cannot run the views case: \(error)")
        return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("views ") }) else {
        print("strata-bench: compositing: the views case (\(mode)) failed: \(text)")
        return nil
    }
    let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard fields.count == 4 else { return nil }
    return CompositingRun(appSeconds: fields[0], compositorSeconds: fields[1], frames: Int(fields[2]), turns: Int(fields[3]))
}

enum CompositingMode: String, CaseIterable {
    case server, client
}

/// CPU seconds of the app and the compositor, and frames shown, over a span.
struct CompositingRun {
    var appSeconds: Double
    var compositorSeconds: Double
    var frames: Int
    /// Turns the app ran (the views case: one view changed in each).
    var turns: Int? = nil

    var appPerFrame: Double { appSeconds / Double(max(frames, 1)) }
    var compositorPerFrame: Double { compositorSeconds / Double(max(frames, 1)) }

    static func - (after: CompositingRun, before: CompositingRun) -> CompositingRun {
        CompositingRun(appSeconds: after.appSeconds - before.appSeconds,
                       compositorSeconds: after.compositorSeconds - before.compositorSeconds,
                       frames: after.frames - before.frames)
    }
}

/// `strata run --headless` in a private runtime directory, with its socket `bench`.
private final class HeadlessStrata {
    let process = Process()
    let runtimeDirectory: String

    init?(path: String, size: String) {
        runtimeDirectory = NSTemporaryDirectory() + "strata-bench-compositing-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true)
        chmod(runtimeDirectory, 0o700)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["run", "--headless", "--no-startup", "--socket", "bench", "--size", size]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["STRATA_LOG"] = "error"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            print("strata-bench: compositing: cannot start strata: \(error)")
            return nil
        }
        for _ in 0..<250 where !FileManager.default.fileExists(atPath: controlPath) { usleep(20_000) }
        guard FileManager.default.fileExists(atPath: controlPath) else {
            print("strata-bench: compositing: strata did not start")
            stop()
            return nil
        }
    }

    var controlPath: String { runtimeDirectory + "/bench.control" }

    func clientEnvironment(mode: CompositingMode) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["WAYLAND_DISPLAY"] = "bench"
        environment["STRATAKIT_COMPOSITING"] = mode.rawValue
        return environment
    }

    /// The app's and the compositor's CPU time so far, and the frames shown with damage.
    func sample(app: Int32) -> CompositingRun? {
        guard let frames = compositorFrameCounts(controlPath: controlPath)?.withDamage,
              let appSeconds = processCPUSeconds(app), let compositorSeconds = processCPUSeconds(process.processIdentifier) else {
            print("strata-bench: compositing: cannot sample the app or the compositor")
            return nil
        }
        return CompositingRun(appSeconds: appSeconds, compositorSeconds: compositorSeconds, frames: frames)
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}

/// Frames the compositor rendered, and those with damage, from its control socket.
private func compositorFrameCounts(controlPath: String) -> (all: Int, withDamage: Int)? {
    guard let answer = try? ControlClient.request("stats", socketPath: controlPath),
          let stats = try? JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any],
          let all = stats["frames"] as? Int, let withDamage = stats["framesWithDamage"] as? Int else { return nil }
    return (all, withDamage)
}

/// CPU time (user + system, every thread) of a process, in nanoseconds
/// through its CPU-time clock rather than /proc's 10 ms ticks, which an app
/// that is idle between frames spends few of.
private func processCPUSeconds(_ pid: Int32) -> Double? {
    var clock = clockid_t()
    guard clock_getcpuclockid(pid, &clock) == 0 else { return nil }
    var time = timespec()
    guard clock_gettime(clock, &time) == 0 else { return nil }
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// CPU time of the calling thread.
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
