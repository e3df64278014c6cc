import Foundation
import StrataProtocol
import StrataServer

/// A compositor on its own thread for the benchmarks, in a private runtime
/// directory. Frames are manual, so nothing is ever presented: every commit
/// of a run may stay in flight.
final class BenchCompositor {
    let runtimeDirectory: String
    let socketName: String
    private let server: Server

    init?(socketName: String) {
        runtimeDirectory = NSTemporaryDirectory() + "strata-bench-\(getpid())-\(socketName)"
        self.socketName = socketName
        try? FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        setenv("XDG_RUNTIME_DIR", runtimeDirectory, 1)
        var limits = Limits.standard
        limits.maxPendingCommits = 1024
        server = Server(configuration: ServerConfiguration(width: 1920, height: 1080, socketName: socketName,
                                                           clock: .manual, limits: limits))
        do { try server.addSocket() } catch {
            print("strata-bench: cannot start the compositor: \(error)")
            return nil
        }
        let server = server
        Thread { server.run() }.start()
    }

    var socketPath: String { "\(runtimeDirectory)/\(socketName)" }

    /// Renders `count` frames on the compositor's thread, moving its clock
    /// on by `advance` milliseconds before each: the seconds each took, and
    /// the pixels composited in all.
    func timeFrames(_ count: Int, advance: Double) -> (seconds: [Double], pixels: Int) {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var seconds: [Double] = []
        nonisolated(unsafe) var pixels = 0
        let server = server
        server.perform {
            for _ in 0..<count {
                _ = server.advanceClock(milliseconds: advance)
                let start = DispatchTime.now().uptimeNanoseconds
                let stats = server.renderFrame()
                seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                pixels += stats.pixelsComposited
            }
            done.signal()
        }
        done.wait()
        return (seconds, pixels)
    }

    func stop() {
        server.terminate()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}
