import Foundation
import StrataProtocol
import StrataWayland

/// The cost of applying one strata_layers_v1 commit that changes 10,000
/// properties, end to end over a real socket: the client marshals the
/// requests, the compositor decodes them, validates the transaction and
/// applies it; a wl_display.sync after the commit marks the end. The
/// compositor runs on its own thread with manual frames, so no rendering is
/// counted; a commit with no changes is timed too, for the fixed cost.
func runProtocolBenchmarks() {
    guard let compositor = BenchCompositor(socketName: "bench") else { return }
    defer { compositor.stop() }

    do {
        let connection = try Connection(name: compositor.socketPath)
        let manager = try connection.requireLayerManager()
        let changes = 10_000
        // libwayland-client 1.21 fails a request that finds its 4 KiB
        // buffer full and the socket busy, so big transactions are flushed
        // as they are written.
        func flushOften(_ index: Int) throws {
            guard index % 128 == 127 else { return }
            while try !connection.flush() { usleep(20) }
        }

        let root = manager.createLayer()
        var layers: [Layer] = []
        for index in 0..<changes {
            layers.append(manager.createLayer())
            root.addSublayer(layers[index])
            try flushOften(index)
        }
        _ = manager.commit()
        try connection.roundtrip()

        func timeCommit(_ change: (Int) -> Void) throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            for index in 0..<changes {
                change(index)
                try flushOften(index)
            }
            _ = manager.commit()
            try connection.roundtrip()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }

        var round = 0
        var changed: [Double] = [], empty: [Double] = []
        for _ in 0..<7 {
            round += 1
            let offset = Double(round)
            changed.append(try timeCommit { layers[$0].setPosition(Point(x: Double($0 % 100) + offset, y: offset)) })
            empty.append(try timeCommit { _ in })
        }
        let full = changed.sorted()[changed.count / 2], fixed = empty.sorted()[empty.count / 2]
        print("")
        print("strata-bench: strata_layers_v1, one commit of \(changes) property changes over a socket (medians of 7)")
        print(String(format: "  commit of %d changes:   %8.3f ms   %.3f µs per change", changes, full * 1000, full * 1e6 / Double(changes)))
        print(String(format: "  commit of no changes:   %8.3f ms   (round trip and commit alone)", fixed * 1000))
        print(String(format: "  changes applied:        %8.2f million per second (at least 1 wanted)", Double(changes) / full / 1e6))
        connection.disconnect()
    } catch {
        print("strata-bench: protocol benchmark failed: \(error)")
    }
}
