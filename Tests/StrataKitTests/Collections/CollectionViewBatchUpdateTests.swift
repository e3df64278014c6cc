import XCTest
@testable import StrataKit

/// performBatchUpdates(_:completion:) and the single updates, after
/// Apple's reference: "Deletes are processed before inserts in batch
/// operations… the index paths for deletions are processed relative to
/// the indexes of the collection view's state before the batch operation,
/// and the index paths for insertions are processed relative to the
/// indexes of the state after all the deletions in the batch operation";
/// and UIKit's NSInternalInconsistencyException when the counts after an
/// update do not add up ("Invalid update: invalid number of items in
/// section 0…"), which here goes to `UICollectionView.inconsistencyHandler`.
final class CollectionViewBatchUpdateTests: CollectionViewTestCase {
    private var failures: [String] = []
    private var savedHandler: ((String) -> Void)!

    override func setUp() {
        super.setUp()
        savedHandler = UICollectionView.inconsistencyHandler
        UICollectionView.inconsistencyHandler = { [unowned self] in self.failures.append($0) }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        makeCollectionView(layout: layout, counts: [20])
        layoutPass()
    }

    override func tearDown() {
        UICollectionView.inconsistencyHandler = savedHandler
        super.tearDown()
    }

    private func cell(_ item: Int, _ section: Int = 0) -> UICollectionViewCell? {
        collectionView.cellForItem(at: IndexPath(item: item, section: section))
    }

    private func withoutAnimation(_ body: () -> Void) { UIView.performWithoutAnimation(body) }

    func testInsertingMovesTheCellsAfterAndSelectionAlong() {
        let old = (0..<12).map { cell($0)! }
        collectionView.selectItem(at: IndexPath(item: 5, section: 0), animated: false, scrollPosition: [])
        dataSource.counts = [21]
        dataSource.log = []
        withoutAnimation { collectionView.insertItems(at: [IndexPath(item: 0, section: 0)]) }
        XCTAssertEqual(failures, [])
        XCTAssertTrue(cell(1) === old[0])
        XCTAssertTrue(cell(11) === old[10])
        XCTAssertEqual(cell(1)?.frame, CGRect(x: 100, y: 0, width: 100, height: 50), "moved to its new place")
        XCTAssertEqual(dataSource.log, ["sections", "items 0", "cell 0-0"], "only the inserted item is asked for")
        XCTAssertTrue(cell(0) === old[11], "the cell pushed off screen is reused for the inserted item")
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [IndexPath(item: 6, section: 0)])
        XCTAssertEqual(cell(6)?.isSelected, true)
        XCTAssertEqual(cellSubviews.count, 12)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 21)
    }

    func testDeletingRemovesTheCellsAndCloseTheGap() {
        delegate.logsDisplay = true
        let old = (0..<12).map { cell($0)! }
        dataSource.counts = [18]
        withoutAnimation { collectionView.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 3, section: 0)]) }
        XCTAssertEqual(failures, [])
        XCTAssertTrue(cell(0) === old[1])
        XCTAssertTrue(cell(1) === old[2])
        XCTAssertTrue(cell(2) === old[4])
        XCTAssertFalse(old[0].isDescendant(of: collectionView))
        XCTAssertFalse(old[3].isDescendant(of: collectionView))
        XCTAssertTrue(delegate.log.contains("didEndDisplaying 0-0"))
        XCTAssertTrue(delegate.log.contains("didEndDisplaying 0-3"))
        XCTAssertEqual(cellSubviews.count, 12)
    }

    func testMovingAnItem() {
        let old = (0..<12).map { cell($0)! }
        withoutAnimation { collectionView.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 5, section: 0)) }
        XCTAssertEqual(failures, [])
        XCTAssertTrue(cell(5) === old[0])
        XCTAssertTrue(cell(0) === old[1])
        XCTAssertTrue(cell(4) === old[5])
        XCTAssertTrue(cell(6) === old[6])
        XCTAssertEqual(cell(5)?.frame, CGRect(x: 100, y: 100, width: 100, height: 50))
    }

    /// Deletes count from before, inserts from after, in one batch.
    func testABatchOfDeletesInsertsAndMoves() {
        let old = (0..<12).map { cell($0)! }
        dataSource.counts = [20]
        withoutAnimation {
            collectionView.performBatchUpdates({ [collectionView] in
                collectionView!.deleteItems(at: [IndexPath(item: 1, section: 0)])
                collectionView!.insertItems(at: [IndexPath(item: 0, section: 0)])
                collectionView!.moveItem(at: IndexPath(item: 4, section: 0), to: IndexPath(item: 2, section: 0))
            })
        }
        XCTAssertEqual(failures, [])
        // Before: 0 1 2 3 4 5…; after: new, 0, 4, 2, 3, 5…
        XCTAssertTrue(cell(1) === old[0])
        XCTAssertTrue(cell(2) === old[4])
        XCTAssertTrue(cell(3) === old[2])
        XCTAssertTrue(cell(4) === old[3])
        XCTAssertTrue(cell(5) === old[5])
        XCTAssertFalse(old[1].isDescendant(of: collectionView))
        XCTAssertFalse([old[0], old[2], old[3], old[4]].contains { $0 === cell(0) })
    }

    func testSectionsInsertAndDelete() {
        dataSource.counts = [2, 20]
        withoutAnimation { collectionView.insertSections(IndexSet(integer: 0)) }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(collectionView.numberOfSections, 2)
        XCTAssertEqual(frame(0, 1), CGRect(x: 0, y: 50, width: 100, height: 50))
        XCTAssertNotNil(cell(0, 0))
        let moved = cell(0, 1)
        dataSource.counts = [20]
        withoutAnimation { collectionView.deleteSections(IndexSet(integer: 0)) }
        XCTAssertEqual(failures, [])
        XCTAssertTrue(cell(0, 0) === moved)
        XCTAssertEqual(cell(0, 0)?.frame.minY, 0)
    }

    /// A reloaded item gets a cell from the data source again; the old one leaves.
    func testReloadItemAsksForANewCell() {
        let old = cell(3)!
        dataSource.log = []
        withoutAnimation { collectionView.reloadItems(at: [IndexPath(item: 3, section: 0)]) }
        XCTAssertTrue(dataSource.log.contains("cell 0-3"))
        XCTAssertFalse(dataSource.log.contains("cell 0-2"))
        XCTAssertNotNil(cell(3))
        XCTAssertFalse(old.isDescendant(of: collectionView) && cell(3) !== old)
    }

    /// reconfigureItems hands the data source the same cell, without prepareForReuse.
    func testReconfigureReusesTheSameCell() {
        let old = cell(3) as! CountingCell
        dataSource.log = []
        collectionView.reconfigureItems(at: [IndexPath(item: 3, section: 0)])
        XCTAssertEqual(dataSource.log, ["cell 0-3"])
        XCTAssertTrue(cell(3) === old)
        XCTAssertEqual(old.reuses, 0)
    }

    /// UIKit's message for counts that do not add up; the collection view then reloads.
    func testInvalidItemCountGoesToTheInconsistencyHandler() {
        dataSource.counts = [22]
        var completed: Bool?
        withoutAnimation {
            collectionView.performBatchUpdates({ [collectionView] in
                collectionView!.insertItems(at: [IndexPath(item: 0, section: 0)])
            }, completion: { completed = $0 })
        }
        XCTAssertEqual(failures, [
            "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after "
                + "the update (22) must be equal to the number of items contained in that section before the update (20), plus "
                + "or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus "
                + "the number of items moved into or out of that section (0 moved in, 0 moved out).",
        ])
        layoutPass()
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 22, "recovered by reloading")
        RunLoop.main.run(until: Date().addingTimeInterval(0.01))
        XCTAssertEqual(completed, false)
    }

    func testInvalidSectionCountGoesToTheInconsistencyHandler() {
        dataSource.counts = [20, 3]
        withoutAnimation { collectionView.performBatchUpdates({}) }
        XCTAssertEqual(failures, [
            "Invalid update: invalid number of sections. The number of sections contained in the collection view after the "
                + "update (2) must be equal to the number of sections contained in the collection view before the update (1), "
                + "plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).",
        ])
    }

    func testDeletingAnItemThatDidNotExistFails() {
        dataSource.counts = [19]
        withoutAnimation { collectionView.deleteItems(at: [IndexPath(item: 20, section: 0)]) }
        XCTAssertEqual(failures, ["attempt to delete item 20 from section 0 which only contains 20 items before the update"])
    }

    /// Animated: the items that stay move in a view animation; the
    /// inserted one fades in from the layout's initial attributes
    /// (transparent); the deleted one fades out and leaves when the
    /// animations end, then the completion runs.
    func testAnimatedUpdatesAnimateTheCells() {
        CATransaction.flush()
        let old = (0..<12).map { cell($0)! }
        dataSource.counts = [20]
        var completed: Bool?
        collectionView.performBatchUpdates({ [collectionView] in
            collectionView!.deleteItems(at: [IndexPath(item: 2, section: 0)])
            collectionView!.insertItems(at: [IndexPath(item: 0, section: 0)])
        }, completion: { completed = $0 })
        XCTAssertTrue(cell(1) === old[0])
        XCTAssertTrue(old[0].layer.animationKeys()?.contains { $0.hasPrefix("position") } == true, "the moved cell animates")
        let inserted = cell(0)!
        XCTAssertEqual(inserted.alpha, 1)
        XCTAssertFalse(inserted.layer.animationKeys()?.isEmpty ?? true, "the inserted cell fades in")
        XCTAssertTrue(old[2].isDescendant(of: collectionView), "the deleted cell stays while it fades")
        XCTAssertEqual(old[2].alpha, 0)
        XCTAssertNil(collectionView.indexPath(for: old[2]))
        CATransaction.flush()
        let deadline = Date().addingTimeInterval(3)
        while completed == nil && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        XCTAssertEqual(completed, true)
        XCTAssertFalse(old[2].isDescendant(of: collectionView), "gone once the animation ended")
    }

    /// Animated, a cell pushed off the screen moves there and leaves after
    /// the animation; a cell that comes on screen starts from where its item was.
    func testAnimatedUpdatesMoveCellsAcrossTheScreenEdge() {
        CATransaction.flush()
        let old = (0..<12).map { cell($0)! }
        dataSource.counts = [21]
        var completed = false
        collectionView.performBatchUpdates({ [collectionView] in
            collectionView!.insertItems(at: [IndexPath(item: 0, section: 0)])
        }, completion: { _ in completed = true })
        // Old item 11 (100, 250) is item 12 now, at (0, 300): off the screen.
        XCTAssertNil(collectionView.indexPath(for: old[11]))
        XCTAssertTrue(old[11].isDescendant(of: collectionView), "still there while it moves")
        XCTAssertEqual(old[11].frame.origin, CGPoint(x: 0, y: 300))
        XCTAssertTrue(old[11].layer.animationKeys()?.contains { $0.hasPrefix("position") } == true)
        let deadline = Date().addingTimeInterval(3)
        CATransaction.flush()
        while !completed && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
        XCTAssertFalse(old[11].isDescendant(of: collectionView) && collectionView.indexPath(for: old[11]) == nil)

        // Deleting two items brings old items 12 and 13 (row 6, off screen) to row 5.
        dataSource.counts = [19]
        dataSource.log = []
        collectionView.performBatchUpdates({ [collectionView] in
            collectionView!.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        })
        XCTAssertTrue(dataSource.log.contains("cell 0-10"))
        let incoming = cell(10)!
        XCTAssertEqual(incoming.frame.origin, CGPoint(x: 0, y: 250), "the model is where it ends")
        XCTAssertTrue(incoming.layer.animationKeys()?.contains { $0.hasPrefix("position") } == true, "it moves up from row 6")
    }
}


/// The batch plan and the snapshot difference together: for random
/// edits of a list, every item that stays is mapped to where it is after.
final class CollectionBatchPlanTests: XCTestCase {
    func testRandomEditsMapEveryStayingItem() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<200 {
            var old = NSDiffableDataSourceSnapshot<Int, Int>()
            let sectionCount = Int.random(in: 1...3, using: &generator)
            old.appendSections(Array(0..<sectionCount))
            var nextID = 0
            for section in 0..<sectionCount {
                let count = Int.random(in: 0...8, using: &generator)
                old.appendItems(Array(nextID..<nextID + count), toSection: section)
                nextID += count
            }
            var new = old
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let items = new.itemIdentifiers
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where !items.isEmpty:
                    new.deleteItems([items.randomElement(using: &generator)!])
                case 1 where !items.isEmpty:
                    new.insertItems([nextID], beforeItem: items.randomElement(using: &generator)!)
                    nextID += 1
                case 2 where items.count > 1:
                    let a = items.randomElement(using: &generator)!, b = items.randomElement(using: &generator)!
                    if a != b { new.moveItem(a, afterItem: b) }
                default:
                    new.appendItems([nextID], toSection: new.sectionIdentifiers.randomElement(using: &generator)!)
                    nextID += 1
                }
            }
            let difference = SnapshotDifference(from: old, to: new)
            var batch = BatchUpdate()
            batch.deletedItems = difference.deletedItems
            batch.insertedItems = difference.insertedItems
            batch.movedItems = difference.movedItems
            batch.deletedSections = difference.deletedSections
            batch.insertedSections = difference.insertedSections
            let oldCounts = old.sectionIdentifiers.map { old.numberOfItems(inSection: $0) }
            let newCounts = new.sectionIdentifiers.map { new.numberOfItems(inSection: $0) }
            guard case .success(let plan) = BatchPlan.make(batch, oldCounts: oldCounts, newCounts: newCounts) else {
                return XCTFail("round \(round): the difference does not add up")
            }
            for item in old.itemIdentifiers {
                let was = old.position(of: item)!
                let now = new.position(of: item).map { IndexPath(item: $0.item, section: $0.section) }
                XCTAssertEqual(plan.newIndexPath(forItem: IndexPath(item: was.item, section: was.section)), now,
                               "round \(round), item \(item)")
            }
        }
    }
}
