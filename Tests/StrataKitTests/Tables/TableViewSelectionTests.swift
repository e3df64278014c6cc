import XCTest
@testable import StrataKit

/// Selection as UITableViewDelegate documents it: a touch highlights the
/// row (shouldHighlightRowAt, didHighlightRowAt), lifting the finger
/// selects it after `willSelectRowAt`, which "returns an index-path object
/// that confirms or alters the selected row" or nil to prevent it; in
/// single selection the previous row is deselected (willDeselect,
/// didDeselect) before didSelect. `selectRow(at:animated:scrollPosition:)`
/// "does not cause the delegate to receive a tableView(_:willSelectRowAt:)
/// or tableView(_:didSelectRowAt:) message".
final class TableViewSelectionTests: TableViewTestCase {
    private func tapRow(_ row: Int) {
        tap(at: CGPoint(x: 100, y: CGFloat(row) * 44 + 22))
        advance(0.2)
    }

    func testTapHighlightsThenSelects() {
        makeTable([rows(20)])
        model.log = []
        tapRow(2)
        XCTAssertEqual(model.log, ["didHighlight(2)", "didUnhighlight(2)", "willSelect(2)", "didSelect(2)"])
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 2, section: 0))
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 2, section: 0))!.isSelected)
    }

    func testSingleSelectionDeselectsThePreviousRow() {
        makeTable([rows(20)])
        tapRow(1)
        model.log = []
        tapRow(4)
        XCTAssertEqual(model.log.filter { !$0.contains("ighlight") },
                       ["willSelect(4)", "willDeselect(1)", "didDeselect(1)", "didSelect(4)"])
        XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 4, section: 0)])
        XCTAssertFalse(table.cellForRow(at: IndexPath(row: 1, section: 0))!.isSelected)
    }

    func testWillSelectMayRedirectOrRefuse() {
        makeTable([rows(20)])
        model.redirectSelection = { $0.row == 3 ? nil : IndexPath(row: 0, section: 0) }
        tapRow(3)
        XCTAssertNil(table.indexPathForSelectedRow)
        XCTAssertEqual(model.calls("didSelect"), [])
        tapRow(5)
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 0, section: 0))
        XCTAssertEqual(model.calls("didSelect"), ["didSelect(0)"])
    }

    /// allowsMultipleSelection: touching a selected row deselects it.
    func testMultipleSelectionTogglesRows() {
        makeTable([rows(20)])
        table.allowsMultipleSelection = true
        tapRow(1)
        tapRow(3)
        XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)])
        tapRow(1)
        XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 3, section: 0)])
        XCTAssertEqual(model.calls("didDeselect"), ["didDeselect(1)"])
    }

    func testNoSelectionWhenDisallowed() {
        makeTable([rows(20)])
        table.allowsSelection = false
        tapRow(1)
        XCTAssertNil(table.indexPathForSelectedRow)
        XCTAssertEqual(model.calls("willSelect"), [])
    }

    func testSelectingInCodeTellsTheDelegateNothing() {
        makeTable([rows(100)])
        model.log = []
        table.selectRow(at: IndexPath(row: 50, section: 0), animated: false, scrollPosition: .top)
        XCTAssertEqual(model.calls("willSelect") + model.calls("didSelect"), [])
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 50, section: 0))
        XCTAssertEqual(table.contentOffset.y, 50 * 44, "scrolled the row to the top")
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 50, section: 0))!.isSelected)
        table.deselectRow(at: IndexPath(row: 50, section: 0), animated: false)
        XCTAssertNil(table.indexPathsForSelectedRows)
        XCTAssertEqual(model.calls("didDeselect"), [])
    }

    /// A selected row scrolled off and back keeps its selected look: the
    /// table, not the reused cell, remembers the selection.
    func testSelectionSurvivesReuse() {
        makeTable([rows(100)])
        tapRow(1)
        scroll(to: 44 * 40)
        XCTAssertTrue(table.visibleCells.allSatisfy { !$0.isSelected })
        scroll(to: 0)
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 1, section: 0))!.isSelected)
    }

    /// A drag that scrolls the table cancels the highlight and selects nothing.
    func testScrollingCancelsTheHighlight() {
        makeTable([rows(100)])
        model.log = []
        drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 100))
        advance(1)
        XCTAssertNil(table.indexPathForSelectedRow)
        XCTAssertEqual(model.calls("didSelect"), [])
        XCTAssertGreaterThan(table.contentOffset.y, 100)
    }

    /// `clearsSelectionOnViewWillAppear`: "the table view controller clears
    /// the table's current selection when it receives a viewWillAppear(_:) message".
    func testTableViewControllerClearsSelectionWhenItAppears() {
        final class Controller: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 10 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c") ?? UITableViewCell(style: .default, reuseIdentifier: "c")
                cell.textLabel?.text = "\(indexPath.row)"
                return cell
            }
            var selected: [Int] = []
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                selected.append(indexPath.row)
            }
        }
        let controller = Controller(style: .plain)
        window.rootViewController = controller
        window.layoutIfNeeded()
        XCTAssertTrue(controller.tableView.dataSource === controller)
        XCTAssertEqual(controller.tableView.visibleCells.count, 10)
        tap(at: CGPoint(x: 50, y: 44 * 2 + 10))
        advance(0.2)
        XCTAssertEqual(controller.selected, [2], "an override of didSelectRowAt is called")
        XCTAssertNotNil(controller.tableView.indexPathForSelectedRow)
        controller.beginAppearanceTransition(false, animated: false)
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        XCTAssertNil(controller.tableView.indexPathForSelectedRow)
    }
}
