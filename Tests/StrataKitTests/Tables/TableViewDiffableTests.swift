import XCTest
@testable import StrataKit

/// UITableViewDiffableDataSource: "you apply a snapshot … the data source
/// … computes the difference between the current state and the new state
/// and animates the changes"; applying the same snapshot again changes
/// nothing; `itemIdentifier(for:)` and `indexPath(for:)` map between the
/// two; rows are not editable unless a subclass says so.
final class TableViewDiffableTests: TableViewTestCase {
    enum Section { case fruit, vegetables }

    private var source: UITableViewDiffableDataSource<Section, String>!
    private var provided: [String] = []

    private func makeDiffableTable() {
        table = UITableView(frame: CGRect(x: 0, y: 0, width: 400, height: 400), style: .plain)
        table.rowHeight = 44
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        window.addSubview(table)
        source = UITableViewDiffableDataSource<Section, String>(tableView: table) { [unowned self] tableView, indexPath, item in
            self.provided.append(item)
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
    }

    private func snapshot(_ fruit: [String], _ vegetables: [String]) -> NSDiffableDataSourceSnapshot<Section, String> {
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.fruit, .vegetables])
        snapshot.appendItems(fruit, toSection: .fruit)
        snapshot.appendItems(vegetables, toSection: .vegetables)
        return snapshot
    }

    private var texts: [String?] { table.visibleCells.map { $0.textLabel?.text } }

    func testApplyShowsTheSnapshotAndTheSameSnapshotChangesNothing() {
        makeDiffableTable()
        source.apply(snapshot(["Apple", "Banana"], ["Carrot"]), animatingDifferences: false)
        table.layoutIfNeeded()
        XCTAssertEqual(texts, ["Apple", "Banana", "Carrot"])
        XCTAssertTrue(table.dataSource === source)
        XCTAssertEqual(source.itemIdentifier(for: IndexPath(row: 0, section: 1)), "Carrot")
        XCTAssertEqual(source.indexPath(for: "Banana"), IndexPath(row: 1, section: 0))
        let cells = table.visibleCells
        provided = []
        source.apply(snapshot(["Apple", "Banana"], ["Carrot"]))
        table.layoutIfNeeded()
        XCTAssertEqual(provided, [], "no cell asked for again")
        XCTAssertTrue(zip(cells, table.visibleCells).allSatisfy { $0 === $1 })
    }

    func testDifferencesBecomeABatchUpdate() {
        makeDiffableTable()
        source.apply(snapshot(["Apple", "Banana", "Cherry"], ["Carrot"]), animatingDifferences: false)
        table.layoutIfNeeded()
        let cherry = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        provided = []
        source.apply(snapshot(["Cherry", "Apple", "Date"], ["Carrot", "Leek"]))
        table.layoutIfNeeded()
        XCTAssertTrue(inconsistencies.isEmpty, "\(inconsistencies)")
        XCTAssertEqual(texts, ["Cherry", "Apple", "Date", "Carrot", "Leek"])
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 0, section: 0)) === cherry, "a moved row keeps its cell")
        XCTAssertEqual(Set(provided), ["Date", "Leek"], "only new rows get cells")
        XCTAssertEqual(source.snapshot().itemIdentifiers, ["Cherry", "Apple", "Date", "Carrot", "Leek"])
    }

    func testTenThousandItemsWithAHundredChanges() {
        makeDiffableTable()
        let items = (0..<10_000).map { "Item \($0)" }
        source.apply(snapshot(items, []), animatingDifferences: false)
        table.layoutIfNeeded()
        var changed = items
        for index in stride(from: 9_900, through: 0, by: -200) { changed.remove(at: index) }
        changed.insert(contentsOf: (0..<50).map { "New \($0)" }, at: 3)
        source.apply(snapshot(changed, []))
        table.layoutIfNeeded()
        XCTAssertTrue(inconsistencies.isEmpty)
        XCTAssertEqual(table.numberOfRows(inSection: 0), 10_000)
        XCTAssertEqual(texts.prefix(5), ["Item 0", "Item 1", "Item 2", "New 0", "New 1"])
    }

    func testRowsAreNotEditableByDefault() {
        makeDiffableTable()
        source.apply(snapshot(["Apple"], []), animatingDifferences: false)
        XCTAssertFalse(source.tableView(table, canEditRowAt: IndexPath(row: 0, section: 0)))
        XCTAssertNil(table.swipeConfiguration(at: IndexPath(row: 0, section: 0), trailing: true), "no Delete swipe")
    }
}
