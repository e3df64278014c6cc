import XCTest
@testable import StrataKit

/// Heights that change after rows show. beginUpdates(): "You can also use
/// this method followed by the endUpdates() method to animate the change
/// in the row heights without reloading the cell"; reloadData() "adjusts
/// offsets if the table shrinks as a result of the reload";
/// willDisplay(_:forRowAt:) is "a chance to override state-based
/// properties set earlier by the table view, such as selection and
/// background color".
final class TableViewHeightChangeTests: TableViewTestCase {
    func testEmptyUpdatesAskForHeightsAgain() {
        makeTable([rows(10)])
        let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        model.rowHeights[IndexPath(row: 1, section: 0)] = 100
        model.log = []
        table.beginUpdates()
        table.endUpdates()
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 1, section: 0)).height, 100)
        XCTAssertEqual(cell.frame.minY, 144, "the rows below move down")
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cell, "without reloading the cell")
        XCTAssertEqual(model.calls("cellForRow"), [])
        XCTAssertEqual(table.contentSize.height, 9 * 44 + 100)
    }

    func testReloadThatShrinksTheContentBringsTheOffsetBack() {
        makeTable([rows(200)])
        table.selectRow(at: IndexPath(row: 150, section: 0), animated: false, scrollPosition: .top)
        XCTAssertGreaterThan(table.contentOffset.y, 1000)
        model.sections = [rows(3)]
        table.reloadData()
        table.layoutIfNeeded()
        XCTAssertEqual(table.contentOffset.y, 0)
        XCTAssertEqual(table.visibleCells.count, 3)
        XCTAssertNil(table.indexPathForSelectedRow, "a reload deselects")
    }

    func testWillDisplaySeesTheFinalFrameAndMayColourTheCell() {
        final class Colouring: NSObject, UITableViewDataSource, UITableViewDelegate {
            var framesSeen: [CGRect] = []
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                UITableViewCell(style: .default, reuseIdentifier: nil)
            }
            func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 70 }
            func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
                framesSeen.append(cell.frame)
                cell.backgroundColor = .systemYellow
            }
        }
        let source = Colouring()
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        table.estimatedRowHeight = 44
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        table.layoutIfNeeded()
        XCTAssertEqual(source.framesSeen.first, CGRect(x: 0, y: 0, width: 400, height: 70))
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        XCTAssertNil(cell.styleBackground.backgroundColor, "the cell's own colour shows")
    }

    /// A data source that inserts rows from cellForRowAt (loading more at
    /// the end) has its update applied after the layout pass.
    func testAnUpdateFromInsideCellForRowAtWaitsForThePass() {
        final class Paging: NSObject, UITableViewDataSource {
            var count = 10
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                if indexPath.row == count - 1 && count < 30 {
                    let old = count
                    count += 10
                    tableView.insertRows(at: (old..<count).map { IndexPath(row: $0, section: 0) }, with: .none)
                }
                return UITableViewCell(style: .default, reuseIdentifier: nil)
            }
        }
        let source = Paging()
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        table.rowHeight = 44
        table.dataSource = source
        window.addSubview(table)
        table.layoutIfNeeded()
        table.contentOffset = CGPoint(x: 0, y: 44 * 5)
        table.layoutIfNeeded()
        XCTAssertEqual(table.numberOfRows(inSection: 0), 20)
        XCTAssertTrue(inconsistencies.isEmpty, "\(inconsistencies)")
        XCTAssertEqual(Set(table.indexPathsForVisibleRows ?? []).count, table.visibleCells.count)
    }

    func testANewWidthMeasuresRowsAgain() {
        final class Wrapping: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.numberOfLines = 0
                cell.textLabel?.text = String(repeating: "A long line of words that wraps. ", count: 6)
                return cell
            }
        }
        let source = Wrapping()
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        table.dataSource = source
        window.addSubview(table)
        table.layoutIfNeeded()
        let wide = table.rectForRow(at: IndexPath(row: 0, section: 0)).height
        table.frame.size.width = 200
        table.layoutIfNeeded()
        XCTAssertGreaterThan(table.rectForRow(at: IndexPath(row: 0, section: 0)).height, wide * 1.5)
    }
}
