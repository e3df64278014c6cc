import Foundation
import StrataKit

/// Scrolling a tiled list of 1,000 rows (a UIScrollView subclass that keeps
/// views only for the rows on screen and reuses those that leave, each row
/// a drawn background and a UILabel), on a real compositor through a
/// byte-counting relay. Each frame moves the list 7 points and runs the
/// update (layout, display, encode, commit; `CATransaction.flush()`):
/// - the app's time per frame, for frames that only move bounds and for
///   frames in which a row comes on screen (one reused row redrawn), as
///   ratios to a frame that changes one property of one view and to one
///   full layout and display of the rows on screen;
/// - rows drawn and bytes sent per frame, and how many row views exist.
func runScrollBenchmarks() {
    guard let compositor = BenchCompositor(socketName: "bench-scroll"),
          let proxy = CountingProxy(path: compositor.runtimeDirectory + "/bench-scroll-relay", target: compositor.socketPath)
    else { return }
    defer { compositor.stop() }
    setenv("WAYLAND_DISPLAY", proxy.path, 1)

    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
    func serveEvents() { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05)) }
    func settledBytes() -> Int {
        var last = -1
        while true {
            usleep(20_000)
            let now = proxy.bytesFromClient
            if now == last { return now }
            last = now
        }
    }

    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
    let list = BenchTiledList(frame: window.bounds)
    window.addSubview(list)
    let marker = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
    window.addSubview(marker)
    window.makeKeyAndVisible()
    CATransaction.flush()
    serveEvents()
    CATransaction.flush()
    serveEvents()

    // References: a frame that changes one property of one view, and one
    // full layout and display of the rows on screen (all of them redrawn).
    var propertyFrames: [Double] = []
    for round in 0..<31 {
        propertyFrames.append(seconds {
            marker.backgroundColor = UIColor(white: CGFloat(round % 2), alpha: 1)
            CATransaction.flush()
        })
    }
    var fullLayouts: [Double] = []
    for _ in 0..<7 {
        list.discardRows()
        fullLayouts.append(seconds { CATransaction.flush() })
        serveEvents()
    }
    let shownRows = list.subviews.count

    // Scrolling: 7 points a frame, 300 frames.
    let step: CGFloat = 7, frames = 300
    var moveOnly: [Double] = [], withNewRow: [Double] = []
    let madeBefore = BenchRowView.made
    var drawn = 0
    let bytesBefore = settledBytes()
    for frame in 1...frames {
        let drawsBefore = BenchRowView.draws
        let time = seconds {
            list.contentOffset = CGPoint(x: 0, y: CGFloat(frame) * step)
            CATransaction.flush()
        }
        let rowsDrawn = BenchRowView.draws - drawsBefore
        drawn += rowsDrawn
        if rowsDrawn == 0 { moveOnly.append(time) } else { withNewRow.append(time) }
        if frame % 50 == 0 { serveEvents() }
    }
    let bytes = settledBytes() - bytesBefore

    let property = median(propertyFrames), full = median(fullLayouts)
    let move = median(moveOnly), newRow = median(withNewRow)
    print("")
    print("strata-bench: scrolling a tiled list of 1000 rows in a 400×600 window, \(step) points a frame for \(frames) frames (medians)")
    print(String(format: "  reference, one property of one view changed:   %8.3f ms per frame", property * 1000))
    print(String(format: "  reference, full layout and display of %2ld rows: %8.3f ms", shownRows, full * 1000))
    print(String(format: "  frame that only moves bounds (%3ld frames):      %8.3f ms   %6.2f× the property frame   %.3f× the full layout",
                 moveOnly.count, move * 1000, move / property, move / full))
    print(String(format: "  frame in which a row comes on (%3ld frames):     %8.3f ms   %6.2f× the property frame   %.3f× the full layout",
                 withNewRow.count, newRow * 1000, newRow / property, newRow / full))
    print(String(format: "  rows drawn per frame: %.3f (%ld in all, one per %.1f points scrolled);  row views made while scrolling: %ld",
                 Double(drawn) / Double(frames), drawn, Double(frames) * Double(step) / Double(max(drawn, 1)),
                 BenchRowView.made - madeBefore))
    print(String(format: "  bytes sent per frame: %.0f", Double(bytes) / Double(frames)))
    window.isHidden = true
    CATransaction.flush()
}

/// One row: a drawn background with a separator, and a label.
private final class BenchRowView: UIView {
    nonisolated(unsafe) static var made = 0
    nonisolated(unsafe) static var draws = 0
    private let label = UILabel(frame: CGRect(x: 16, y: 12, width: 300, height: 20))

    var row = -1 {
        didSet {
            guard row != oldValue else { return }
            label.text = "Row \(row)"
            setNeedsDisplay()
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        BenchRowView.made += 1
        addSubview(label)
    }

    required init?(coder: NSCoder) { fatalError() }

    override func draw(_ rect: CGRect) {
        BenchRowView.draws += 1
        UIColor(white: row % 2 == 0 ? 1 : 0.95, alpha: 1).setFill()
        UIRectFill(bounds)
        UIColor(white: 0.8, alpha: 1).setFill()
        UIRectFill(CGRect(x: 16, y: bounds.height - 1, width: bounds.width - 16, height: 1))
    }
}

/// The Scroll View Programming Guide's tiling: only the rows on screen
/// have views, made or reused in layoutSubviews.
private final class BenchTiledList: UIScrollView {
    static let rowHeight: CGFloat = 44
    let rowCount = 1000
    private var visibleRows: [Int: BenchRowView] = [:]
    private var reusableRows: [BenchRowView] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentSize = CGSize(width: frame.width, height: CGFloat(rowCount) * Self.rowHeight)
    }

    required init?(coder: NSCoder) { fatalError() }

    /// Drops every row view, so the next layout makes and draws them all afresh.
    func discardRows() {
        for view in visibleRows.values { view.removeFromSuperview() }
        visibleRows = [:]
        reusableRows = []
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let first = max(0, Int((bounds.minY / Self.rowHeight).rounded(.down)))
        let last = min(rowCount - 1, Int(((bounds.maxY - 0.001) / Self.rowHeight).rounded(.down)))
        let wanted = first...max(first, last)
        for (row, view) in visibleRows where !wanted.contains(row) {
            view.removeFromSuperview()
            reusableRows.append(view)
            visibleRows[row] = nil
        }
        for row in wanted where visibleRows[row] == nil {
            let view = reusableRows.popLast() ?? BenchRowView(frame: .zero)
            view.frame = CGRect(x: 0, y: CGFloat(row) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
            view.row = row
            addSubview(view)
            visibleRows[row] = view
        }
    }
}
