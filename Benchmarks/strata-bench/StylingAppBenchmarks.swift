import Foundation
import StrataKit

/// The bytes a StrataKit app writes while a progress ring (a CAShapeLayer)
/// animates its strokeEnd for 2 seconds, through a byte-counting relay,
/// against one commit of one plain property change: the compositor plays
/// the animation, so the app's part is the commit that starts it.
func runProgressRingBytesBenchmark() {
    guard let compositor = BenchCompositor(socketName: "bench-styling-kit"),
          let proxy = CountingProxy(path: compositor.runtimeDirectory + "/bench-styling-relay", target: compositor.socketPath)
    else { return }
    defer { compositor.stop() }
    setenv("WAYLAND_DISPLAY", proxy.path, 1)
    func settledBytes() -> Int { proxy.settledBytesFromClient() }

    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let ring = CAShapeLayer()
    ring.path = UIBezierPath(arcCenter: CGPoint(x: 150, y: 150), radius: 60, startAngle: -.pi / 2, endAngle: 1.5 * .pi,
                             clockwise: true).cgPath
    ring.fillColor = nil
    ring.strokeColor = UIColor.systemBlue.cgColor
    ring.lineWidth = 10
    ring.lineCap = .round
    ring.strokeEnd = 0
    window.layer.addSublayer(ring)
    window.makeKeyAndVisible()
    _ = settledBytes()

    let before = settledBytes()
    ring.lineWidth = 12
    let plainChange = settledBytes() - before

    let start = settledBytes()
    let fill = CABasicAnimation(keyPath: "strokeEnd")
    fill.fromValue = 0
    fill.toValue = 1
    fill.duration = 2
    ring.add(fill, forKey: "progress")
    let firstTurn = settledBytes() - start
    RunLoop.main.run(until: Date(timeIntervalSinceNow: 2.1))
    let animation = settledBytes() - start
    print("")
    print("strata-bench: what a StrataKit app sends for a progress ring animating strokeEnd for 2 seconds")
    print(String(format: "  one plain property change (lineWidth): %5ld bytes (one commit)", plainChange))
    print(String(format: "  the 2-second strokeEnd animation:      %5ld bytes   %.2f× the plain change's commit", animation,
                 Double(animation) / Double(max(plainChange, 1))))
    print(String(format: "  of which after its first turn:          %3ld bytes   (the commit that starts it is all)", animation - firstTurn))
    window.isHidden = true
    _ = settledBytes()
}
