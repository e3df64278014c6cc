import XCTest
@testable import StrataKit

/// The data source conversation and cell reuse, as UIKit documents them:
/// "A table view asks its data source for the number of sections and rows
/// … and for the cells of rows it is about to display"; "the table view
/// maintains a queue … of cells that the data source has marked for
/// reuse", and `dequeueReusableCell(withIdentifier:for:)` "returns a
/// reusable table-view cell object … and adds it to the table"
/// (UITableView, UITableViewDataSource documentation).
final class TableViewDataSourceTests: TableViewTestCase {
    func testCountsAreAskedBeforeCellsAndOnlyVisibleRowsGetCells() {
        makeTable([rows(100), rows(5)])
        XCTAssertEqual(model.log.first, "numberOfSections")
        XCTAssertEqual(Array(model.log[1...2]), ["numberOfRows(0)", "numberOfRows(1)"])
        // 400 points of 44-point rows: rows 0...9 show (the tenth partly).
        XCTAssertEqual(model.calls("cellForRow"), (0...9).map { "cellForRow(0,\($0))" })
        XCTAssertEqual(shownRows, (0...9).map { IndexPath(row: $0, section: 0) })
        // Each cell is announced after it is made.
        let made = model.log.firstIndex(of: "cellForRow(0,0)")!
        let shown = model.log.firstIndex(of: "willDisplay(0,0)")!
        XCTAssertLessThan(made, shown)
        XCTAssertEqual(table.numberOfSections, 2)
        XCTAssertEqual(table.numberOfRows(inSection: 1), 5)
        XCTAssertEqual(table.contentSize.height, 105 * 44)
    }

    func testCellsAreFramedAtTheirRows() {
        makeTable([rows(20)])
        let cell = table.cellForRow(at: IndexPath(row: 3, section: 0))!
        XCTAssertEqual(cell.frame, CGRect(x: 0, y: 132, width: 400, height: 44))
        XCTAssertEqual(cell.textLabel?.text, "Row 3")
        XCTAssertTrue(cell.superview === table)
        XCTAssertEqual(table.indexPath(for: cell), IndexPath(row: 3, section: 0))
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 19, section: 0)), CGRect(x: 0, y: 836, width: 400, height: 44))
    }

    /// "If the cell object is reusable … prepareForReuse() is invoked just
    /// before the object is returned from dequeueReusableCell" and the
    /// number of cells stays that of the rows on screen.
    func testScrollingTenThousandRowsReusesAFewCells() {
        makeTable([rows(10_000)])
        let visibleCount = shownRows.count
        for step in 1...400 {
            scroll(to: CGFloat(step) * 97)
            XCTAssertLessThanOrEqual(table.liveCellCount, visibleCount + 2)
        }
        XCTAssertLessThanOrEqual(CountingTableCell.made, visibleCount + 2)
        let reuses = table.visibleCells.compactMap { $0 as? CountingTableCell }.map(\.reuseCount).reduce(0, +)
        XCTAssertGreaterThan(reuses, 0)
        // Every row that showed asked for a cell once, in order.
        let rowsAsked = model.calls("cellForRow").count
        XCTAssertGreaterThan(rowsAsked, Int(400 * 97 / 44))
        XCTAssertEqual(shownRows.first, IndexPath(row: Int((400 * 97.0 / 44).rounded(.down)), section: 0))
    }

    func testRowsLeavingTheScreenAreAnnounced() {
        makeTable([rows(50)])
        model.log = []
        scroll(to: 44 * 3)
        XCTAssertEqual(Set(model.calls("didEndDisplaying")), ["didEndDisplaying(0,0)", "didEndDisplaying(0,1)", "didEndDisplaying(0,2)"])
        XCTAssertEqual(model.calls("cellForRow"), (10...12).map { "cellForRow(0,\($0))" })
    }

    /// reloadData: "the table view … redisplays the visible rows".
    func testReloadDataAsksAgain() {
        makeTable([rows(3)])
        model.sections = [["A", "B"]]
        model.log = []
        table.reloadData()
        table.layoutIfNeeded()
        XCTAssertEqual(model.calls("cellForRow"), ["cellForRow(0,0)", "cellForRow(0,1)"])
        XCTAssertEqual(table.visibleCells.map { $0.textLabel?.text }, ["A", "B"])
        XCTAssertEqual(table.contentSize.height, 88)
    }

    /// dequeueReusableCell(withIdentifier:for:): "You must register a class
    /// or nib file … before calling this method"; without one UIKit raises.
    func testDequeueOfAnUnregisteredIdentifierRaises() {
        makeTable([rows(1)])
        _ = table.dequeueReusableCell(withIdentifier: "nothing", for: IndexPath(row: 0, section: 0))
        XCTAssertEqual(inconsistencies.count, 1)
        XCTAssertTrue(inconsistencies[0].contains("unable to dequeue a cell with identifier nothing"))
        // The older form returns nil instead.
        XCTAssertNil(table.dequeueReusableCell(withIdentifier: "nothing"))
    }

    /// A registered subclass that overrides init(style:reuseIdentifier:)
    /// is made through it.
    func testRegisteredSubclassIsMadeThroughItsInitializer() {
        final class SubtitleCell: UITableViewCell {
            override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        makeTable([rows(1)])
        table.register(SubtitleCell.self, forCellReuseIdentifier: "subtitle")
        let cell = table.dequeueReusableCell(withIdentifier: "subtitle", for: IndexPath(row: 0, section: 0))
        XCTAssertTrue(cell is SubtitleCell)
        XCTAssertEqual(cell.reuseIdentifier, "subtitle")
        XCTAssertNotNil(cell.detailTextLabel, "the subtitle style has a detail label")
    }

    func testIndexPathForRowAtPoint() {
        makeTable([rows(3), rows(3)])
        XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 10, y: 50)), IndexPath(row: 1, section: 0))
        XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 10, y: 44 * 4 + 1)), IndexPath(row: 1, section: 1))
        XCTAssertNil(table.indexPathForRow(at: CGPoint(x: 10, y: 44 * 6 + 1)))
        XCTAssertEqual(table.indexPathsForRows(in: CGRect(x: 0, y: 40, width: 10, height: 50)),
                       [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
    }
}

/// UITableViewDataSourcePrefetching: "the table view calls this method as
/// the user scrolls, providing the index paths for cells it is likely to
/// display in the near future", and cancels "cells that are no longer
/// likely to be displayed".
final class TableViewPrefetchTests: TableViewTestCase {
    final class Prefetcher: UITableViewDataSourcePrefetching {
        var prefetched: [[Int]] = []
        var cancelled: [[Int]] = []
        func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) { prefetched.append(indexPaths.map(\.row)) }
        func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) { cancelled.append(indexPaths.map(\.row)) }
    }

    func testRowsAheadArePrefetchedOnceAndFarOnesCancelled() {
        let prefetcher = Prefetcher()
        makeTable([rows(1000)])
        table.prefetchDataSource = prefetcher
        table.setNeedsLayout()
        table.layoutIfNeeded()
        // Rows 0…9 show; the next screenful (9…18, less what shows) is asked for.
        XCTAssertEqual(prefetcher.prefetched, [Array(10...18)])
        scroll(to: 44)
        XCTAssertEqual(prefetcher.prefetched.last, [19], "only the new row ahead")
        scroll(to: 44 * 200)
        XCTAssertEqual(prefetcher.cancelled.flatMap { $0 }.contains(19), true, "a row left far behind is cancelled")
        XCTAssertFalse(prefetcher.cancelled.flatMap { $0 }.contains(10), "rows that showed are not cancelled")
    }
}
