import Foundation
import StrataKit

/// StrataKit's update cycle for a window of 10,000 views, on a real
/// compositor through a byte-counting relay:
/// - a turn in which one view changed, as a fraction of a turn in which all
///   changed (each turn: layout, display, encode, commit; `CATransaction.flush()`);
/// - the bytes a one-property change puts on the wire, for hierarchies of
///   100, 1,000 and 10,000 views (they should not grow with the hierarchy);
/// - a full layout pass with autoresizing, per view.
func runKitBenchmarks() {
    guard let compositor = BenchCompositor(socketName: "bench-kit"),
          let proxy = CountingProxy(path: compositor.runtimeDirectory + "/bench-kit-relay", target: compositor.socketPath)
    else { return }
    defer { compositor.stop() }
    setenv("WAYLAND_DISPLAY", proxy.path, 1)

    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    /// Lets the main run loop serve the compositor's events (configure,
    /// presented) as an app's would between turns.
    func serveEvents() { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05)) }
    /// Waits until the relay has passed on everything the app wrote.
    func settledBytes() -> Int {
        var last = -1
        while true {
            usleep(20_000)
            let now = proxy.bytesFromClient
            if now == last { return now }
            last = now
        }
    }

    /// A window of `count` views: rows of containers, each with views that
    /// resize with it (flexible width and right margin), as a real layout would.
    func makeWindow(views count: Int) -> (UIWindow, [UIView], UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let root = UIView(frame: window.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(root)
        let perRow = 100
        var views: [UIView] = []
        for row in 0..<max(1, count / perRow) {
            let container = UIView(frame: CGRect(x: 0, y: CGFloat(row) * 10, width: 1000, height: 10))
            container.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
            root.addSubview(container)
            for column in 0..<min(perRow, count) {
                let view = UIView(frame: CGRect(x: CGFloat(column) * 10, y: 0, width: 8, height: 8))
                view.autoresizingMask = [.flexibleWidth, .flexibleRightMargin]
                view.backgroundColor = UIColor(white: CGFloat(column) / 100, alpha: 1)
                container.addSubview(view)
                views.append(view)
            }
        }
        window.makeKeyAndVisible()
        CATransaction.flush()
        serveEvents()
        CATransaction.flush()
        return (window, views, root)
    }

    print("")
    print("strata-bench: StrataKit, one window of 10000 views on the compositor (medians of 7)")
    let (window, views, root) = makeWindow(views: 10_000)
    var oneChanged: [Double] = [], allChanged: [Double] = []
    for round in 0..<7 {
        let color = UIColor(red: CGFloat(round) / 7, green: 0.5, blue: 0.5, alpha: 1)
        oneChanged.append(seconds {
            views[round * 37].backgroundColor = color
            CATransaction.flush()
        })
        allChanged.append(seconds {
            for view in views { view.backgroundColor = color }
            CATransaction.flush()
        })
        serveEvents()
    }
    let one = median(oneChanged), all = median(allChanged)
    let ratio = one / all
    print(String(format: "  turn, one view changed:       %9.3f ms", one * 1000))
    print(String(format: "  turn, all 10000 changed:      %9.3f ms", all * 1000))
    print(String(format: "  one / all:                    %9.4f     target ≤ 0.02   %@", ratio, ratio <= 0.02 ? "PASS" : "MISS"))

    var layout: [Double] = []
    for round in 0..<7 {
        layout.append(seconds {
            root.frame = CGRect(x: 0, y: 0, width: 1000 + CGFloat(round % 2 == 0 ? 40 : -40), height: 1000)
            window.layoutIfNeeded()
        })
    }
    let perView = median(layout) / Double(views.count)
    print(String(format: "  layout pass with autoresizing: %8.3f ms   %.3f µs per view", median(layout) * 1000, perView * 1e6))
    window.isHidden = true
    CATransaction.flush()

    // Wire bytes of one property change, by hierarchy size.
    var bytes: [(Int, Int)] = []
    for count in [100, 1_000, 10_000] {
        let (window, views, _) = makeWindow(views: count)
        var samples: [Int] = []
        for round in 0..<3 {
            let before = settledBytes()
            views[count / 2].backgroundColor = UIColor(red: 1, green: CGFloat(round) / 3, blue: 0, alpha: 1)
            CATransaction.flush()
            samples.append(settledBytes() - before)
            serveEvents()
        }
        bytes.append((count, samples.sorted()[1]))
        window.isHidden = true
        CATransaction.flush()
    }
    let constant = Set(bytes.map(\.1)).count == 1
    print("  bytes sent for one backgroundColor change: "
          + bytes.map { "\($0.1) B with \($0.0) views" }.joined(separator: ", ")
          + "   target: independent of size   \(constant ? "PASS" : "MISS")")
}
