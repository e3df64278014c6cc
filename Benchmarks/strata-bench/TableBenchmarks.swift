import Foundation
import StrataKit

/// Scrolling a UITableView of 100,000 rows of mixed heights (44, 60 and
/// 88 points, from heightForRowAt) against the same table of 100 rows, 7
/// points a frame, on a real compositor through a byte-counting relay:
/// the app's time per frame (layout, reuse, display, encode, commit), the
/// bytes sent per frame, and the cells alive (visible rows plus a few).
func runTableBenchmarks() {
    guard let compositor = BenchCompositor(socketName: "bench-table"),
          let proxy = CountingProxy(path: compositor.runtimeDirectory + "/bench-table-relay", target: compositor.socketPath)
    else { return }
    defer { compositor.stop() }
    setenv("WAYLAND_DISPLAY", proxy.path, 1)

    func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
    func serveEvents() { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05)) }

    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
    window.makeKeyAndVisible()
    CATransaction.flush()
    serveEvents()

    struct Figures { var frameTime: Double; var meanTime: Double; var bytesPerFrame: Double; var liveCells: Int; var visibleRows: Int }

    func scroll(rows: Int) -> Figures {
        let source = BenchTableSource(rows: rows)
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.estimatedRowHeight = 60
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        CATransaction.flush()
        serveEvents()
        // The 100-row table is 6,000 points tall: scroll it down and back so both scroll 7 points a frame for as long.
        let frames = 600, step: CGFloat = 7
        let limit = table.contentSize.height - table.bounds.height
        var times: [Double] = []
        let bytesBefore = proxy.settledBytesFromClient()
        for frame in 1...frames {
            var y = CGFloat(frame) * step
            let span = max(1, limit)
            y = y.truncatingRemainder(dividingBy: 2 * span)
            if y > span { y = 2 * span - y }
            let start = DispatchTime.now().uptimeNanoseconds
            table.contentOffset = CGPoint(x: 0, y: y)
            CATransaction.flush()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            if frame % 50 == 0 { serveEvents() }
        }
        let bytes = proxy.settledBytesFromClient() - bytesBefore
        let visible = table.visibleCells.count
        table.removeFromSuperview()
        CATransaction.flush()
        serveEvents()
        return Figures(frameTime: median(times), meanTime: times.reduce(0, +) / Double(times.count), bytesPerFrame: Double(bytes) / Double(frames),
                       liveCells: source.cellsMade, visibleRows: visible)
    }

    let small = scroll(rows: 100)
    let large = scroll(rows: 100_000)
    print("")
    print("strata-bench: UITableView in a 400×600 window, rows 44/60/88 points, scrolled 7 points a frame for 600 frames (medians)")
    for (name, figures) in [("100 rows:    ", small), ("100,000 rows:", large)] {
        print(String(format: "  %@  %7.3f ms per frame (mean %.3f ms), %6.0f bytes per frame, %3ld cells made (%ld rows visible)",
                     name, figures.frameTime * 1000, figures.meanTime * 1000, figures.bytesPerFrame, figures.liveCells, figures.visibleRows))
    }
    print(String(format: "  100,000 rows against 100: %.2f× the time per frame (%.2f× the mean), %.2f× the bytes per frame",
                 large.frameTime / max(small.frameTime, 1e-9), large.meanTime / max(small.meanTime, 1e-9),
                 large.bytesPerFrame / max(small.bytesPerFrame, 1)))
    window.isHidden = true
    CATransaction.flush()
}

/// Rows of three heights, each cell a reused UITableViewCell with a title.
private final class BenchTableSource: NSObject, UITableViewDataSource, UITableViewDelegate {
    let rows: Int
    var cellsMade = 0
    private var seen = Set<ObjectIdentifier>()

    init(rows: Int) { self.rows = rows }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        [44, 60, 88][indexPath.row % 3]
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        if seen.insert(ObjectIdentifier(cell)).inserted { cellsMade += 1 }
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
}
