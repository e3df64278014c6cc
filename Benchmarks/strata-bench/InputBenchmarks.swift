import Foundation
import StrataKit
import StrataCommandLine
import StrataServer

/// Input latency, end to end: from a `strata input click` request on the
/// control socket to the app's `touchesBegan(_:with:)`, through the
/// compositor's seat, wl_pointer and StrataKit's hit testing. Printed
/// against a no-op control round trip in the same run (the floor any
/// injected event pays), as a ratio.
func runInputBenchmarks() {
    guard let compositor = BenchCompositor(socketName: "bench-input") else { return }
    defer { compositor.stop() }
    setenv("WAYLAND_DISPLAY", compositor.socketName, 1)
    let controlPath = Server.controlSocketPath(runtimeDirectory: compositor.runtimeDirectory, socketName: compositor.socketName)

    /// A view that notes when its handler ran.
    final class Probe: UIView {
        var beganAt: UInt64 = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            beganAt = DispatchTime.now().uptimeNanoseconds
        }
    }
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 800, height: 600))
    let probe = Probe(frame: window.bounds)
    window.addSubview(probe)
    window.makeKeyAndVisible()
    CATransaction.flush()
    RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.2))
    CATransaction.flush()

    func request(_ arguments: [String]) -> String? {
        guard case .control(_, let request)? = try? StrataArguments.parse(arguments) else { return nil }
        return request.line
    }
    // The first window is centered on the 1920×1080 output: its middle is the output's.
    guard let click = request(["input", "click", "960", "540"]), let stats = request(["stats"]) else {
        print("strata-bench: cannot form the input requests")
        return
    }
    _ = try? ControlClient.request(request(["frame"]) ?? "frame", socketPath: controlPath)

    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    var roundTrips: [Double] = [], latencies: [Double] = []
    for _ in 0..<41 {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try? ControlClient.request(stats, socketPath: controlPath)
        roundTrips.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)

        // The tool blocks until the events are sent; the app's main thread
        // meanwhile serves its socket as an app's run loop does.
        let sent = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.global().async { _ = try? ControlClient.request(click, socketPath: controlPath) }
        let deadline = Date(timeIntervalSinceNow: 2)
        while probe.beganAt < sent, Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        guard probe.beganAt >= sent else {
            print("strata-bench: the click never reached the app")
            return
        }
        latencies.append(Double(probe.beganAt - sent) / 1e6)
        // Let the release arrive before the next press.
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.01))
    }
    let latency = median(latencies), roundTrip = median(roundTrips)
    print("")
    print("strata-bench: input, injected click to the app's touchesBegan (medians of 41)")
    print(String(format: "  no-op control round trip:     %9.3f ms", roundTrip))
    print(String(format: "  click to touchesBegan:        %9.3f ms   %.2f × the round trip", latency, latency / roundTrip))
    window.isHidden = true
    CATransaction.flush()
}
