import XCTest
@testable import StrataKit

/// Batch updates (performBatchUpdates, insertRows, deleteRows, moveRow,
/// reloadRows): "Deletes are processed before inserts in batch
/// operations … the table view processes the deletion indexes relative
/// to the state of the table view before the batch operation, and the
/// insertion indexes relative to the state after all the deletions"
/// (Table View Programming Guide, "Batch Insertion, Deletion, and
/// Reloading of Rows and Sections"). When the data source's counts
/// disagree with the changes, UIKit raises NSInternalInconsistencyException
/// "Invalid update: invalid number of rows in section …".
final class TableViewUpdatesTests: TableViewTestCase {
    private var texts: [String?] { table.visibleCells.map { $0.textLabel?.text } }

    func testInsertAndDeleteInOneBatch() {
        makeTable([["A", "B", "C", "D"]])
        let cellC = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        model.log = []
        model.sections[0] = ["A", "X", "C", "D", "Y"]
        var completed: Bool?
        table.performBatchUpdates({
            self.table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
            self.table.insertRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 4, section: 0)], with: .fade)
        }, completion: { completed = $0 })
        XCTAssertTrue(inconsistencies.isEmpty, "\(inconsistencies)")
        table.layoutIfNeeded()
        XCTAssertEqual(texts, ["A", "X", "C", "D", "Y"])
        // Rows that stay keep their cells; only new rows are asked for.
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cellC)
        XCTAssertEqual(Set(model.calls("cellForRow")), ["cellForRow(0,1)", "cellForRow(0,4)"])
        XCTAssertEqual(table.contentSize.height, 5 * 44)
        // The completion runs when the animations end, on the media clock.
        CATransaction.flush()
        let deadline = Date().addingTimeInterval(3)
        while completed == nil && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        XCTAssertEqual(completed, true)
        XCTAssertEqual(table.subviews.compactMap { $0 as? UITableViewCell }.count, 5, "the deleted row's cell is gone")
    }

    func testMoveRowKeepsTheCell() {
        makeTable([["A", "B", "C"]])
        let cellA = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        model.sections[0] = ["B", "C", "A"]
        table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
        table.layoutIfNeeded()
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cellA)
        XCTAssertEqual(texts, ["B", "C", "A"])
        XCTAssertTrue(inconsistencies.isEmpty)
    }

    func testSelectionFollowsItsRow() {
        makeTable([["A", "B", "C"]])
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        model.sections[0].remove(at: 0)
        table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 1, section: 0))
        table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
        model.sections[0].remove(at: 0)
        table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        XCTAssertNil(table.indexPathForSelectedRow, "a deleted row's selection goes with it")
    }

    func testInvalidRowCountRaises() {
        makeTable([["A", "B", "C"]])
        model.sections[0].append("D")
        table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        XCTAssertEqual(inconsistencies.count, 1)
        XCTAssertTrue(inconsistencies[0].hasPrefix("Invalid update: invalid number of rows in section 0."), inconsistencies[0])
        XCTAssertTrue(inconsistencies[0].contains("after the update (4)"))
        XCTAssertTrue(inconsistencies[0].contains("before the update (3)"))
        XCTAssertTrue(inconsistencies[0].contains("(0 inserted, 1 deleted)"))
    }

    func testInvalidSectionCountRaises() {
        makeTable([["A"], ["B"]])
        model.sections.append(["C"])
        table.deleteSections(IndexSet(integer: 0), with: .automatic)
        XCTAssertEqual(inconsistencies.count, 1)
        XCTAssertTrue(inconsistencies[0].hasPrefix("Invalid update: invalid number of sections."), inconsistencies[0])
    }

    func testSectionsInsertAndDelete() {
        makeTable([["A"], ["B"]])
        model.sections = [["B"], ["C", "D"]]
        table.performBatchUpdates({
            self.table.deleteSections(IndexSet(integer: 0), with: .fade)
            self.table.insertSections(IndexSet(integer: 1), with: .fade)
        })
        table.layoutIfNeeded()
        XCTAssertTrue(inconsistencies.isEmpty, "\(inconsistencies)")
        XCTAssertEqual(texts, ["B", "C", "D"])
        XCTAssertEqual(table.numberOfRows(inSection: 1), 2)
    }

    /// Rows that stay slide to their new place on the compositor's clock
    /// (a frame animation), instead of jumping.
    func testRowsBelowAnInsertionSlideDown() {
        makeTable([["A", "B"]])
        let cellB = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        model.sections[0].insert("New", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        table.layoutIfNeeded()
        XCTAssertEqual(cellB.frame.minY, 88, "the model value is the new place")
        XCTAssertNotNil(cellB.layer.animation(forKey: "position"), "and the move is animated")
        let inserted = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        XCTAssertEqual(inserted.alpha, 1)
        XCTAssertNotNil(inserted.layer.animation(forKey: "opacity"), "the new row fades in")
    }

    func testReloadRowsAsksForANewCell() {
        makeTable([["A", "B"]])
        model.sections[0][1] = "B2"
        model.log = []
        table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .none)
        table.layoutIfNeeded()
        XCTAssertEqual(model.calls("cellForRow"), ["cellForRow(0,1)"])
        XCTAssertEqual(texts, ["A", "B2"])
    }
}
