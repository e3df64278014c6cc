import XCTest
@testable import StrataKit

/// NSDiffableDataSourceSnapshot's operations, after Apple's reference
/// (appendItems(_:toSection:): "If you don't specify a section, the
/// system appends the items to the last section"; insertItems(_:beforeItem:);
/// moveItem(_:afterItem:); deleteSections(_:) removes the sections' items).
final class DiffableSnapshotTests: XCTestCase {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    private func sample() -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.appendItems([4, 5])
        return snapshot
    }

    func testAppendingAndReading() {
        let snapshot = sample()
        XCTAssertEqual(snapshot.numberOfSections, 2)
        XCTAssertEqual(snapshot.numberOfItems, 5)
        XCTAssertEqual(snapshot.sectionIdentifiers, ["a", "b"])
        XCTAssertEqual(snapshot.itemIdentifiers, [1, 2, 3, 4, 5])
        XCTAssertEqual(snapshot.itemIdentifiers(inSection: "b"), [4, 5], "appended to the last section")
        XCTAssertEqual(snapshot.numberOfItems(inSection: "a"), 3)
        XCTAssertEqual(snapshot.sectionIdentifier(containingItem: 4), "b")
        XCTAssertNil(snapshot.sectionIdentifier(containingItem: 9))
        XCTAssertEqual(snapshot.indexOfItem(4), 3)
        XCTAssertNil(snapshot.indexOfItem(9))
        XCTAssertEqual(snapshot.indexOfSection("b"), 1)
    }

    func testInsertingDeletingAndMovingItems() {
        var snapshot = sample()
        snapshot.insertItems([10], beforeItem: 1)
        snapshot.insertItems([11], afterItem: 5)
        XCTAssertEqual(snapshot.itemIdentifiers, [10, 1, 2, 3, 4, 5, 11])
        snapshot.deleteItems([2, 4, 99])
        XCTAssertEqual(snapshot.itemIdentifiers, [10, 1, 3, 5, 11])
        XCTAssertNil(snapshot.sectionIdentifier(containingItem: 2))
        snapshot.moveItem(10, afterItem: 5)
        XCTAssertEqual(snapshot.itemIdentifiers(inSection: "a"), [1, 3])
        XCTAssertEqual(snapshot.itemIdentifiers(inSection: "b"), [5, 10, 11])
        XCTAssertEqual(snapshot.sectionIdentifier(containingItem: 10), "b")
        snapshot.moveItem(11, beforeItem: 1)
        XCTAssertEqual(snapshot.itemIdentifiers, [11, 1, 3, 5, 10])
        snapshot.deleteAllItems()
        XCTAssertEqual(snapshot.numberOfItems, 0)
        XCTAssertEqual(snapshot.numberOfSections, 0)
    }

    func testSections() {
        var snapshot = sample()
        snapshot.insertSections(["z"], beforeSection: "a")
        snapshot.insertSections(["m"], afterSection: "a")
        XCTAssertEqual(snapshot.sectionIdentifiers, ["z", "a", "m", "b"])
        snapshot.appendItems([7], toSection: "m")
        XCTAssertEqual(snapshot.indexOfItem(7), 3)
        snapshot.moveSection("b", beforeSection: "z")
        XCTAssertEqual(snapshot.sectionIdentifiers, ["b", "z", "a", "m"])
        XCTAssertEqual(snapshot.itemIdentifiers, [4, 5, 1, 2, 3, 7])
        snapshot.moveSection("b", afterSection: "m")
        XCTAssertEqual(snapshot.sectionIdentifiers, ["z", "a", "m", "b"])
        snapshot.deleteSections(["a", "z"])
        XCTAssertEqual(snapshot.sectionIdentifiers, ["m", "b"])
        XCTAssertEqual(snapshot.itemIdentifiers, [7, 4, 5])
        XCTAssertNil(snapshot.sectionIdentifier(containingItem: 1), "a deleted section's items go with it")
        XCTAssertEqual(snapshot.numberOfItems, 3)
    }

    func testReloadAndReconfigureMarks() {
        var snapshot = sample()
        snapshot.reloadItems([2])
        snapshot.reconfigureItems([3])
        snapshot.reloadSections(["b"])
        XCTAssertEqual(snapshot.reloadedItemIdentifiers, [2])
        XCTAssertEqual(snapshot.reconfiguredItemIdentifiers, [3])
        XCTAssertEqual(snapshot.reloadedSectionIdentifiers, ["b"])
    }
}

/// UICollectionViewDiffableDataSource, after Apple's reference
/// (apply(_:animatingDifferences:completion:): "The diffable data source
/// computes the difference between the collection view's current state
/// and the new state in the applied snapshot… and updates the UI") and
/// the registrations of iOS 14 (dequeueConfiguredReusableCell(using:for:item:)).
final class DiffableDataSourceTests: CollectionViewTestCase {
    typealias Snapshot = NSDiffableDataSourceSnapshot<Int, String>

    private var diffable: UICollectionViewDiffableDataSource<Int, String>!
    private var provided: [String] = []

    /// A cell that remembers its item.
    final class ItemCell: UICollectionViewCell {
        var item: String?
    }

    override func setUp() {
        super.setUp()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        layout.headerReferenceSize = CGSize(width: 0, height: 20)
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        window.addSubview(collectionView)
        let registration = UICollectionView.CellRegistration<ItemCell, String> { [unowned self] cell, _, item in
            cell.item = item
            self.provided.append(item)
        }
        let header = UICollectionView.SupplementaryRegistration<CountingHeader>(elementKind: UICollectionView.elementKindSectionHeader) {
            view, _, indexPath in view.tag = 100 + indexPath.section
        }
        diffable = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        diffable.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
    }

    override func tearDown() {
        diffable = nil
        super.tearDown()
    }

    private func snapshot(_ sections: [[String]]) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(Array(sections.indices))
        for (index, items) in sections.enumerated() { snapshot.appendItems(items, toSection: index) }
        return snapshot
    }

    /// What each visible item's cell shows, by index path.
    private func shown() -> [IndexPath: String] {
        var result: [IndexPath: String] = [:]
        for path in collectionView.indexPathsForVisibleItems {
            result[path] = (collectionView.cellForItem(at: path) as! ItemCell).item
        }
        return result
    }

    func testApplyShowsTheItems() {
        diffable.apply(snapshot([["a", "b", "c"], ["d"]]), animatingDifferences: false)
        layoutPass()
        XCTAssertIdentical(collectionView.dataSource, diffable)
        XCTAssertEqual(shown(), [IndexPath(item: 0, section: 0): "a", IndexPath(item: 1, section: 0): "b",
                                 IndexPath(item: 2, section: 0): "c", IndexPath(item: 0, section: 1): "d"])
        XCTAssertEqual(diffable.itemIdentifier(for: IndexPath(item: 2, section: 0)), "c")
        XCTAssertEqual(diffable.indexPath(for: "d"), IndexPath(item: 0, section: 1))
        XCTAssertNil(diffable.indexPath(for: "x"))
        XCTAssertEqual(diffable.snapshot().itemIdentifiers, ["a", "b", "c", "d"])
        XCTAssertEqual(collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                        at: IndexPath(item: 0, section: 1))?.tag, 101)
    }

    /// The same snapshot again changes nothing: no cell is asked for, none moves.
    func testApplyingTheSameSnapshotTwiceChangesNothing() {
        let data = snapshot([["a", "b", "c"], ["d"]])
        diffable.apply(data, animatingDifferences: false)
        layoutPass()
        let cells = collectionView.visibleCells.map(ObjectIdentifier.init)
        let frames = collectionView.visibleCells.map(\.frame)
        provided = []
        diffable.apply(data, animatingDifferences: true)
        layoutPass()
        XCTAssertEqual(provided, [])
        XCTAssertEqual(collectionView.visibleCells.map(ObjectIdentifier.init), cells)
        XCTAssertEqual(collectionView.visibleCells.map(\.frame), frames)
        XCTAssertTrue(collectionView.visibleCells.allSatisfy { $0.layer.animationKeys()?.isEmpty ?? true })
    }

    /// A new snapshot: cells follow their items; only new items are asked for.
    func testApplyMovesCellsWithTheirItems() {
        diffable.apply(snapshot([["a", "b", "c", "d"], ["e"]]), animatingDifferences: false)
        layoutPass()
        let cellOfB = collectionView.cellForItem(at: IndexPath(item: 1, section: 0))
        let cellOfE = collectionView.cellForItem(at: IndexPath(item: 0, section: 1))
        provided = []
        diffable.apply(snapshot([["x", "d", "b"], ["c", "e"]]), animatingDifferences: false)
        layoutPass()
        XCTAssertEqual(provided, ["x"])
        XCTAssertEqual(shown(), [IndexPath(item: 0, section: 0): "x", IndexPath(item: 1, section: 0): "d",
                                 IndexPath(item: 2, section: 0): "b", IndexPath(item: 0, section: 1): "c",
                                 IndexPath(item: 1, section: 1): "e"])
        XCTAssertIdentical(collectionView.cellForItem(at: IndexPath(item: 2, section: 0)), cellOfB)
        XCTAssertIdentical(collectionView.cellForItem(at: IndexPath(item: 1, section: 1)), cellOfE)
    }

    func testSectionChanges() {
        diffable.apply(snapshot([["a"], ["b"], ["c"]]), animatingDifferences: false)
        layoutPass()
        var next = Snapshot()
        next.appendSections([2, 7, 0])
        next.appendItems(["c"], toSection: 2)
        next.appendItems(["n"], toSection: 7)
        next.appendItems(["a", "b"], toSection: 0)
        diffable.apply(next, animatingDifferences: false)
        layoutPass()
        XCTAssertEqual(shown(), [IndexPath(item: 0, section: 0): "c", IndexPath(item: 0, section: 1): "n",
                                 IndexPath(item: 0, section: 2): "a", IndexPath(item: 1, section: 2): "b"])
    }

    /// reconfigureItems runs the provider again on the same cell; reloadItems makes a new one.
    func testReconfigureAndReload() {
        diffable.apply(snapshot([["a", "b"]]), animatingDifferences: false)
        layoutPass()
        let cellOfA = collectionView.cellForItem(at: IndexPath(item: 0, section: 0))
        provided = []
        var next = diffable.snapshot()
        next.reconfigureItems(["a"])
        diffable.apply(next, animatingDifferences: false)
        XCTAssertEqual(provided, ["a"])
        XCTAssertIdentical(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)), cellOfA)
        provided = []
        next = diffable.snapshot()
        XCTAssertEqual(next.reconfiguredItemIdentifiers, [], "marks are consumed")
        next.reloadItems(["b"])
        diffable.apply(next, animatingDifferences: false)
        layoutPass()
        XCTAssertEqual(provided, ["b"])
    }

    /// 10,000 items and 100 changes: the difference costs a few passes over
    /// the items, not one per pair (a quadratic diff takes seconds here).
    func testApplyingAHundredChangesToTenThousandItemsIsFast() {
        let items = (0..<10_000).map { "item \($0)" }
        diffable.apply(snapshot([items]), animatingDifferences: false)
        layoutPass()
        var changed = items
        for index in stride(from: 9_900, to: 0, by: -200) { changed.remove(at: index) }       // 50 deletions
        for index in stride(from: 50, to: 9_000, by: 200) { changed.insert("new \(index)", at: index) } // 45 insertions
        for step in 0..<5 { changed.swapAt(step * 1000 + 7, step * 1000 + 9) }                // 5 reorders
        let start = Date()
        diffable.apply(snapshot([changed]), animatingDifferences: false)
        layoutPass()
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertLessThan(elapsed, 1.0, "took \(elapsed) s")
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), changed.count)
        for (path, item) in shown() { XCTAssertEqual(item, changed[path.item]) }
        collectionView.scrollToItem(at: IndexPath(item: 5_000, section: 0), at: .top, animated: false)
        layoutPass()
        for (path, item) in shown() { XCTAssertEqual(item, changed[path.item]) }
    }

    /// Random snapshots one after another, with and without animation, with
    /// scrolling between: every visible cell always shows the item at its
    /// index path, and exactly the items on screen have cells.
    func testRandomSnapshotsKeepCellsAndItemsTogether() {
        var generator = SystemRandomNumberGenerator()
        var nextID = 0
        func makeItems(_ count: Int) -> [String] {
            defer { nextID += count }
            return (nextID..<nextID + count).map { "i\($0)" }
        }
        var current = snapshot([makeItems(30), makeItems(5), makeItems(40)])
        diffable.apply(current, animatingDifferences: false)
        layoutPass()
        for round in 0..<60 {
            var next = current
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let items = next.itemIdentifiers
                switch Int.random(in: 0..<7, using: &generator) {
                case 0 where !items.isEmpty: next.deleteItems([items.randomElement(using: &generator)!])
                case 1 where !items.isEmpty: next.insertItems(makeItems(Int.random(in: 1...3, using: &generator)),
                                                              beforeItem: items.randomElement(using: &generator)!)
                case 2 where items.count > 1:
                    let a = items.randomElement(using: &generator)!, b = items.randomElement(using: &generator)!
                    if a != b { next.moveItem(a, afterItem: b) }
                case 3 where next.numberOfSections > 1:
                    next.deleteSections([next.sectionIdentifiers.randomElement(using: &generator)!])
                case 4:
                    let section = 100 + nextID
                    nextID += 1
                    if let anchor = next.sectionIdentifiers.randomElement(using: &generator) {
                        next.insertSections([section], beforeSection: anchor)
                    } else {
                        next.appendSections([section])
                    }
                    next.appendItems(makeItems(Int.random(in: 0...6, using: &generator)), toSection: section)
                case 5 where next.numberOfSections > 1:
                    let sections = next.sectionIdentifiers
                    let a = sections.randomElement(using: &generator)!, b = sections.randomElement(using: &generator)!
                    if a != b { next.moveSection(a, afterSection: b) }
                default:
                    if let section = next.sectionIdentifiers.randomElement(using: &generator) {
                        next.appendItems(makeItems(2), toSection: section)
                    }
                }
            }
            diffable.apply(next, animatingDifferences: round % 3 == 0)
            current = next
            if round % 4 == 0 {
                let maxOffset = max(0, collectionView.contentSize.height - collectionView.bounds.height)
                collectionView.contentOffset = CGPoint(x: 0, y: CGFloat.random(in: 0...maxOffset, using: &generator))
            }
            layoutPass()
            for (path, item) in shown() {
                XCTAssertEqual(item, current.itemIdentifiers(inSection: current.sectionIdentifiers[path.section])[path.item],
                               "round \(round) at \(path)")
            }
            var expected = Set<IndexPath>()
            for (section, identifier) in current.sectionIdentifiers.enumerated() {
                for item in 0..<current.numberOfItems(inSection: identifier) {
                    let path = IndexPath(item: item, section: section)
                    if let frame = collectionView.layoutAttributesForItem(at: path)?.frame, frame.overlaps(collectionView.bounds) {
                        expected.insert(path)
                    }
                }
            }
            XCTAssertEqual(Set(collectionView.indexPathsForVisibleItems), expected, "round \(round)")
        }
    }
}

