import XCTest
@testable import StrataKit

/// "Laying out a large scrollable area tiles the content" (Scroll View
/// Programming Guide, and Apple's PhotoScroller sample): a scroll view
/// subclass keeps views only for the rows on screen, made in
/// layoutSubviews, which UIKit calls as the content scrolls; rows that
/// leave are reused for rows that come in. Counting draw(_:) shows that
/// only visible rows draw, and that a scroll which keeps the same rows
/// draws nothing: the scroll is one bounds change.
final class ScrollViewTilingTests: InputTestCase {
    /// One row; it draws again only when it shows another row.
    final class RowView: UIView {
        static var made = 0
        static var drawnRows: [Int] = []
        var row = -1 {
            didSet { if row != oldValue { setNeedsDisplay() } }
        }

        override init(frame: CGRect) {
            super.init(frame: frame)
            RowView.made += 1
        }

        required init?(coder: NSCoder) { fatalError() }

        override func draw(_ rect: CGRect) {
            RowView.drawnRows.append(row)
            UIColor(white: CGFloat(row % 10) / 10, alpha: 1).setFill()
            UIRectFill(rect)
        }
    }

    /// A list of 1,000 rows of 44 points, tiled.
    final class TiledList: UIScrollView {
        static let rowHeight: CGFloat = 44
        let rowCount = 1000
        private(set) var visibleRows: [Int: RowView] = [:]
        private var reusableRows: [RowView] = []

        override init(frame: CGRect) {
            super.init(frame: frame)
            contentSize = CGSize(width: frame.width, height: CGFloat(rowCount) * Self.rowHeight)
        }

        required init?(coder: NSCoder) { fatalError() }

        /// The rows any part of which shows.
        var rowsOnScreen: ClosedRange<Int> {
            let first = max(0, Int((bounds.minY / Self.rowHeight).rounded(.down)))
            let last = min(rowCount - 1, Int(((bounds.maxY - 0.001) / Self.rowHeight).rounded(.down)))
            return first...max(first, last)
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            let wanted = rowsOnScreen
            for (row, view) in visibleRows where !wanted.contains(row) {
                view.removeFromSuperview()
                reusableRows.append(view)
                visibleRows[row] = nil
            }
            for row in wanted where visibleRows[row] == nil {
                let view = reusableRows.popLast() ?? RowView(frame: .zero)
                view.frame = CGRect(x: 0, y: CGFloat(row) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
                view.row = row
                addSubview(view)
                visibleRows[row] = view
            }
        }
    }

    private var list: TiledList!

    override func setUp() {
        super.setUp()
        RowView.made = 0
        RowView.drawnRows = []
        list = TiledList(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        window.addSubview(list)
    }

    override func tearDown() {
        list = nil
        super.tearDown()
    }

    /// The list's subviews but its scroll indicators.
    private var rowViews: [RowView] { list.subviews.compactMap { $0 as? RowView } }

    /// The layout and display passes of an update, without a compositor;
    /// returns the rows drawn.
    private func update() -> [Int] {
        RowView.drawnRows = []
        window.layoutIfNeeded()
        func display(_ layer: CALayer) {
            layer.displayIfNeeded()
            for sublayer in layer.sublayers ?? [] { display(sublayer) }
        }
        display(window.layer)
        return RowView.drawnRows.sorted()
    }

    /// Rows 0…6 show (7 × 44 = 308 > 300): only they exist and draw.
    func testOnlyVisibleRowsExistAndDraw() {
        XCTAssertEqual(update(), Array(0...6))
        XCTAssertEqual(rowViews.count, 7)
        XCTAssertEqual(RowView.made, 7)
    }

    /// A scroll of 4 points keeps rows 0…6 on screen: layout runs, nothing
    /// is added, removed or drawn, and the only change is the scroll
    /// view's bounds.
    func testAScrollThatKeepsTheRowsDrawsNothing() {
        _ = update()
        for layer in [list.layer] + list.subviews.map(\.layer) { layer.changes = [] }
        list.contentOffset = CGPoint(x: 0, y: 4)
        XCTAssertEqual(update(), [])
        XCTAssertEqual(rowViews.count, 7)
        XCTAssertEqual(list.layer.changes, [.bounds])
        XCTAssertTrue(list.subviews.allSatisfy { $0.layer.changes.isEmpty }, "the rows did not change")
    }

    /// Scrolling by a row reuses the row that left for the one that came:
    /// one draw. Jumping ten rows on redraws the seven, in the same views.
    func testRowsThatLeaveAreReused() {
        _ = update()
        list.contentOffset = CGPoint(x: 0, y: 44)
        XCTAssertEqual(update(), [7], "row 0 left, row 7 came, in row 0's view")
        XCTAssertEqual(RowView.made, 7)
        list.contentOffset = CGPoint(x: 0, y: 440)
        XCTAssertEqual(update(), Array(10...16))
        XCTAssertEqual(RowView.made, 7, "no new views")
        XCTAssertEqual(Set(list.visibleRows.keys), Set(10...16))
    }

    /// A flick through the list: at every deceleration step only the rows
    /// that came on screen draw, and never more views than fit exist.
    func testAFlickDrawsOnlyTheRowsThatComeOnScreen() {
        _ = update()
        drag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 100, y: 50), steps: 10)
        _ = update()
        var shown = Set(list.visibleRows.keys)
        var steps = 0
        while list.isDecelerating {
            advance(1.0 / 60)
            let drawn = update()
            let now = Set(list.visibleRows.keys)
            XCTAssertEqual(Set(drawn), now.subtracting(shown), "step \(steps)")
            XCTAssertLessThanOrEqual(rowViews.count, 8)
            shown = now
            steps += 1
        }
        XCTAssertGreaterThan(steps, 30)
        XCTAssertGreaterThan(list.contentOffset.y, 400)
        XCTAssertLessThanOrEqual(RowView.made, 8)
    }
}
