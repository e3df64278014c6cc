import Foundation
import StrataKit
import StrataProtocol
import StrataWayland

/// Animations the compositor plays, as ratios measured in one run:
/// - compositor time per frame with 100 of 10,000 layers animating at
///   1920×1080, against 1 animating (it should follow what animates and
///   what it covers, not the whole tree);
/// - a frame with nothing animating and nothing changed, against a frame
///   of an empty output;
/// - the bytes an app sends for a 2-second UIView animation, against one
///   commit of one plain property change (the target is one commit).
func runAnimationBenchmarks() {
    runAnimationFrameBenchmarks()
    runAnimationBytesBenchmark()
}


private func runAnimationFrameBenchmarks() {
    guard let compositor = BenchCompositor(socketName: "bench-animation") else { return }
    defer { compositor.stop() }
    do {
        let frames = 40, period = 1000.0 / 60
        _ = compositor.timeFrames(2, advance: period)
        let empty = compositor.timeFrames(frames, advance: period)

        let connection = try Connection(name: compositor.socketPath)
        let manager = try connection.requireLayerManager()
        let toplevel = try WaylandToplevel(connection: connection, title: "animation bench")
        _ = try toplevel.waitForConfigure()
        let root = manager.createLayer()
        root.setBounds(Rect(x: 0, y: 0, width: 1900, height: 1060))
        root.setPosition(Point(x: 950, y: 530))
        root.setBackgroundColor(.white)
        root.setOpaque(true)
        var layers: [Layer] = []
        let total = 10_000
        for index in 0..<total {
            let layer = manager.createLayer()
            layer.setBounds(Rect(x: 0, y: 0, width: 15, height: 8))
            layer.setPosition(Point(x: Double(index % 100) * 19 + 10, y: Double(index / 100) * 10.6 + 6))
            layer.setBackgroundColor(Color(red: Double(index % 7) / 7, green: Double(index % 11) / 11, blue: 0.5))
            root.addSublayer(layer)
            layers.append(layer)
            if index % 16 == 15 { while try !connection.flush() { usleep(20) } }
        }
        let context = manager.context(for: toplevel)
        context.setRootLayer(root)
        _ = manager.commit()
        try connection.roundtrip()
        _ = compositor.timeFrames(3, advance: period)
        let idle = compositor.timeFrames(frames, advance: period)

        func animate(_ count: Int) throws -> (seconds: [Double], pixels: Int) {
            let stride = total / count
            for index in 0..<count {
                let layer = layers[index * stride]
                let x = Double((index * stride) % 100) * 19 + 10, y = Double((index * stride) / 100) * 10.6 + 6
                layer.addAnimation(LayerAnimation(property: .position, values: [[x, y], [x + 8, y]],
                                                  timing: MediaTiming(duration: 1, repeatCount: .infinity, autoreverses: true)),
                                   forKey: "wobble")
            }
            _ = manager.commit()
            try connection.roundtrip()
            _ = compositor.timeFrames(2, advance: period)
            let result = compositor.timeFrames(frames, advance: period)
            for index in 0..<count { layers[index * stride].removeAnimation(forKey: "wobble") }
            _ = manager.commit()
            try connection.roundtrip()
            _ = compositor.timeFrames(2, advance: period)
            return result
        }
        let one = try animate(1), hundred = try animate(100)

        let (e, i, o, h) = (medianValue(empty.seconds), medianValue(idle.seconds), medianValue(one.seconds), medianValue(hundred.seconds))
        print("")
        print("strata-bench: animations played by the compositor, 1920×1080, frames of 1/60 s (medians of \(frames))")
        print(String(format: "  empty output, nothing changed:           %8.3f ms per frame", e * 1000))
        print(String(format: "  10,000 layers, nothing animating:        %8.3f ms per frame   %.2f× the empty frame", i * 1000, i / e))
        print(String(format: "  10,000 layers, 1 animating:              %8.3f ms per frame   %7ld pixels composited per frame",
                     o * 1000, one.pixels / frames))
        print(String(format: "  10,000 layers, 100 animating:            %8.3f ms per frame   %7ld pixels composited per frame",
                     h * 1000, hundred.pixels / frames))
        print(String(format: "  100 animating against 1:                 %8.2f×   (pixels: %.1f×)", h / o,
                     Double(hundred.pixels) / Double(max(one.pixels, 1))))
        withExtendedLifetime(context) { connection.disconnect() }
    } catch {
        print("strata-bench: animation frame benchmark failed: \(error)")
    }
}

/// The bytes a StrataKit app writes for a 2-second animation of one view,
/// through a byte-counting relay, while the app's run loop turns for the
/// animation's whole length.
private func runAnimationBytesBenchmark() {
    guard let compositor = BenchCompositor(socketName: "bench-animation-kit"),
          let proxy = CountingProxy(path: compositor.runtimeDirectory + "/bench-animation-relay", target: compositor.socketPath)
    else { return }
    defer { compositor.stop() }
    setenv("WAYLAND_DISPLAY", proxy.path, 1)
    func settledBytes() -> Int { proxy.settledBytesFromClient() }

    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    let view = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
    view.backgroundColor = .red
    window.addSubview(view)
    window.makeKeyAndVisible()
    _ = settledBytes()

    let before = settledBytes()
    view.center = CGPoint(x: 60, y: 60)
    let plainChange = settledBytes() - before

    let start = settledBytes()
    UIView.animate(withDuration: 2, delay: 0, options: .curveEaseInOut, animations: { view.center = CGPoint(x: 300, y: 200) })
    let firstTurn = settledBytes() - start
    RunLoop.main.run(until: Date(timeIntervalSinceNow: 2.1))
    let animation = settledBytes() - start
    print("")
    print("strata-bench: what a StrataKit app sends for a 2-second UIView animation of one view")
    print(String(format: "  one plain property change:   %5ld bytes (one commit)", plainChange))
    print(String(format: "  the 2-second animation:      %5ld bytes   %.2f× the plain change's commit", animation,
                 Double(animation) / Double(max(plainChange, 1))))
    print(String(format: "  of which after its first turn: %3ld bytes   (the commit that starts it is all)", animation - firstTurn))
    window.isHidden = true
    _ = settledBytes()
}
