import Foundation
import Glibc

/// X11 clients through Xwayland against Wayland clients doing the same
/// work, on Strata in the same run: a terminal printing a stream of text
/// (xterm against foot) and a window redrawing under pointer motion (xeyes
/// against weston-smoke, which follows the pointer too), while the pointer
/// sweeps across the output. weston-presentation-shm counts the frames in
/// both. The figure is Strata's CPU time per presented frame in each, and
/// their ratio: what serving X windows costs the compositor (Xwayland's own
/// CPU is not counted, as a Wayland client's is not).
func runXwaylandBenchmarks() {
    let strataPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata").path
    let tools = ["Xwayland", "xterm", "xeyes", "foot", "weston-smoke", "weston-presentation-shm"]
    func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    let found = Dictionary(uniqueKeysWithValues: tools.compactMap { tool in which(tool).map { (tool, $0) } })
    guard FileManager.default.isExecutableFile(atPath: strataPath), found.count == tools.count else {
        print("strata-bench: xwayland: needs strata beside strata-bench and \(tools.joined(separator: ", "))")
        return
    }
    print("")
    print("strata-bench: xwayland (a terminal printing text, a window following the pointer), 1280×800, 5 s each")
    let strata = [strataPath, "run", "--headless", "--no-startup", "--socket", "bench", "--size", "1280x800",
                  "--xwayland", "start"]
    let counter = found["weston-presentation-shm"]!
    @Sendable func sweepPointer(_ environment: [String: String], _ stop: () -> Bool) {
        var x = 0
        while !stop() {
            x = (x + 37) % 1280
            runQuietly([strataPath, "input", "--socket", "bench", "move", "\(x)", "\(300 + x % 200)"], environment: environment)
            usleep(10_000)
        }
    }
    let x11 = measureClients(compositor: strata, clients: [
        [found["xterm"]!, "-geometry", "100x40", "-e", "sh", "-c", TextStream.loop], [found["xeyes"]!],
    ], frameCounter: counter, environment: ["DISPLAY": firstFreeDisplayAfterStart()], during: sweepPointer)
    let wayland = measureClients(compositor: strata, clients: [
        [found["foot"]!, "sh", "-c", TextStream.loop], [found["weston-smoke"]!],
    ], frameCounter: counter, during: sweepPointer)
    guard let x11, let wayland else {
        print("  a run did not complete")
        return
    }
    for (name, result) in [("X11", x11), ("Wayland", wayland)] {
        print(String(format: "  %@ clients: strata CPU %6.3f s over %d presented frames: %7.3f ms per frame",
                     name.padding(toLength: 7, withPad: " ", startingAt: 0) as NSString,
                     result.cpuSeconds, result.frames, result.millisecondsPerFrame))
    }
    print(String(format: "  ratio X11 / Wayland per presented frame: %.2f", x11.millisecondsPerFrame / wayland.millisecondsPerFrame))
}

/// The display a compositor started now will take: the lowest whose lock
/// file is missing or names a process that is gone.
private func firstFreeDisplayAfterStart() -> String {
    let number = (0...32).first { number in
        guard let text = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8),
              let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return true }
        return kill(pid, 0) != 0 && errno == ESRCH
    } ?? 0
    return ":\(number)"
}

private func runQuietly(_ command: [String], environment: [String: String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return }
    process.waitUntilExit()
}
