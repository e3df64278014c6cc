import XCTest
@testable import StrataKit

/// Swipe actions and editing mode. UISwipeActionsConfiguration:
/// "performsFirstActionWithFullSwipe … a full swipe performs the first
/// action"; UIContextualAction's handler gets a completion handler to call
/// with whether the action was performed. Without a trailing configuration,
/// a data source that commits editing gets the standard Delete
/// (tableView(_:commit:forRowAt:)). In editing mode, "the table view …
/// displays the editing control … for each visible row".
final class TableViewEditingTests: TableViewTestCase {
    private func swipe(row: Int, by dx: CGFloat) {
        let y = CGFloat(row) * 44 + 22
        drag(from: CGPoint(x: 300, y: y), to: CGPoint(x: 300 + dx, y: y), steps: 10)
        advance(1)
    }

    func testSwipeUncoversTheActionsAndATapRunsOne() {
        makeTable([rows(10)])
        var ran: [String] = []
        model.trailingActions = { indexPath in
            let archive = UIContextualAction(style: .normal, title: "Archive") { _, _, done in ran.append("archive \(indexPath.row)"); done(true) }
            return UISwipeActionsConfiguration(actions: [archive])
        }
        swipe(row: 2, by: -120)
        let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        XCTAssertLessThan(cell.swipeOffset, -50, "the row rests open")
        XCTAssertEqual(table.contentOffset.y, 0, "a sideways drag does not scroll")
        XCTAssertNil(table.indexPathForSelectedRow)
        let button = cell.swipeActionsView!.buttons[0]
        XCTAssertEqual(button.title(for: .normal), "Archive")
        let center = button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: window)
        tap(at: center)
        advance(1)
        XCTAssertEqual(ran, ["archive 2"])
        XCTAssertNil(table.swipedPath, "done, the row closes")
    }

    func testFullSwipePerformsTheFirstAction() {
        makeTable([rows(10)])
        let before = model.sections[0].count
        swipe(row: 1, by: -350)
        // The standard Delete committed through the data source, which deleted the row.
        XCTAssertEqual(model.committed.map(\.1), [IndexPath(row: 1, section: 0)])
        XCTAssertEqual(model.committed.first?.0, .delete)
        XCTAssertEqual(table.numberOfRows(inSection: 0), before - 1)
        XCTAssertTrue(inconsistencies.isEmpty)
    }

    func testAShortSwipeSnapsBack() {
        makeTable([rows(10)])
        swipe(row: 1, by: -20)
        XCTAssertEqual(table.cellForRow(at: IndexPath(row: 1, section: 0))?.swipeOffset, 0)
        XCTAssertNil(table.swipedPath)
    }

    func testEditingModeShowsDeleteControls() {
        makeTable([rows(5)])
        table.setEditing(true, animated: false)
        table.layoutIfNeeded()
        for cell in table.visibleCells {
            XCTAssertTrue(cell.isEditing)
            XCTAssertEqual(cell.editingControl?.glyph, .deleteControl)
            XCTAssertEqual(cell.contentView.frame.minX, 38, "the content moves aside for the control")
        }
        // Tapping the control uncovers Delete; tapping Delete commits.
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        let control = cell.editingControl!
        tap(at: control.convert(CGPoint(x: 11, y: 11), to: window))
        advance(1)
        let delete = cell.swipeActionsView!.buttons[0]
        XCTAssertEqual(delete.title(for: .normal), "Delete")
        tap(at: delete.convert(CGPoint(x: delete.bounds.midX, y: delete.bounds.midY), to: window))
        advance(1)
        XCTAssertEqual(model.committed.map(\.1), [IndexPath(row: 0, section: 0)])
        table.setEditing(false, animated: false)
        XCTAssertTrue(table.visibleCells.allSatisfy { !$0.isEditing && $0.editingControl == nil })
    }

    /// "By default, the reorder control is shown if the data source
    /// implements tableView(_:moveRowAt:to:)"; here canMoveRowAt says so.
    func testReorderControlFollowsCanMove() {
        final class Movable: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                UITableViewCell(style: .default, reuseIdentifier: nil)
            }
            func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { indexPath.row > 0 }
        }
        let source = Movable()
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        table.dataSource = source
        window.addSubview(table)
        table.isEditing = true
        table.layoutIfNeeded()
        XCTAssertNil(table.cellForRow(at: IndexPath(row: 0, section: 0))!.reorderControl)
        XCTAssertNotNil(table.cellForRow(at: IndexPath(row: 1, section: 0))!.reorderControl)
    }

    func testRefreshControlStartsWhenPulled() {
        makeTable([rows(30)])
        let refresh = UIRefreshControl()
        var refreshed = 0
        refresh.addAction(UIAction { _ in refreshed += 1 }, for: .valueChanged)
        table.refreshControl = refresh
        drag(from: CGPoint(x: 200, y: 50), to: CGPoint(x: 200, y: 390), steps: 20, lift: false)
        XCTAssertEqual(refreshed, 1)
        XCTAssertTrue(refresh.isRefreshing)
        touchUp()
        advance(2)
        XCTAssertEqual(table.adjustedContentInset.top, UIRefreshControl.height, "the content rests below the spinner")
        refresh.endRefreshing()
        XCTAssertEqual(table.adjustedContentInset.top, 0)
        XCTAssertEqual(refreshed, 1)
    }
}

/// Reordering: "the table view … displays the reorder control" for rows
/// the data source can move; dragging it moves the row, and the data
/// source hears tableView(_:moveRowAt:to:) with the source and destination.
final class TableViewReorderTests: TableViewTestCase {
    final class Reorderable: NSObject, UITableViewDataSource {
        var items = (0..<8).map { "Item \($0)" }
        var moves: [(IndexPath, IndexPath)] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            cell.textLabel?.text = items[indexPath.row]
            return cell
        }
        func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
        func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            moves.append((sourceIndexPath, destinationIndexPath))
            items.insert(items.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
        }
    }

    func testDraggingTheGripMovesTheRow() {
        let source = Reorderable()
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        table.rowHeight = 44
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = source
        window.addSubview(table)
        table.setEditing(true, animated: false)
        table.layoutIfNeeded()
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        let grip = cell.reorderControl!
        let start = grip.convert(CGPoint(x: grip.bounds.midX, y: grip.bounds.midY), to: window)
        drag(from: start, to: CGPoint(x: start.x, y: start.y + 44 * 2 + 10), steps: 12)
        advance(1)
        XCTAssertEqual(source.moves.map { [$0.0.row, $0.1.row] }, [[0, 2]])
        XCTAssertEqual(table.contentOffset.y, 0, "the drag moved the row, not the table")
        table.layoutIfNeeded()
        XCTAssertEqual(table.visibleCells.map { $0.textLabel?.text }, ["Item 1", "Item 2", "Item 0", "Item 3", "Item 4", "Item 5", "Item 6", "Item 7"])
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cell)
        XCTAssertEqual(cell.frame.minY, 88)
    }
}
