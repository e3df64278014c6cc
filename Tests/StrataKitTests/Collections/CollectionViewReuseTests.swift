import XCTest
@testable import StrataKit

/// Reuse, after Apple's UICollectionView reference ("Collection views
/// reuse cells… When a cell scrolls off screen it goes into a reuse queue")
/// and UICollectionReusableView.prepareForReuse() ("When a view is
/// dequeued for use, this method is called before the corresponding
/// dequeue method returns the view to your code").
final class CollectionViewReuseTests: CollectionViewTestCase {
    /// A 200-wide flow layout of 100 × 50 items, no spacing: two per row, rows 50 apart.
    private func gridLayout() -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        return layout
    }

    /// The data source is asked for the counts first (sections, then the
    /// items of each), then for the cells on screen only, in order;
    /// nothing is asked before the first layout pass.
    func testDataSourceIsAskedForCountsThenVisibleCells() {
        makeCollectionView(layout: gridLayout(), counts: [3, 100])
        XCTAssertEqual(dataSource.log, [], "nothing before layout")
        layoutPass()
        // Section 0: rows 0-1 (items 0…2, 100 points); section 1 from y = 100: 4 rows to 300.
        let cells = (0..<3).map { "cell 0-\($0)" } + (0..<8).map { "cell 1-\($0)" }
        XCTAssertEqual(dataSource.log, ["sections", "items 0", "items 1"] + cells)
        XCTAssertEqual(collectionView.numberOfSections, 2)
        XCTAssertEqual(collectionView.numberOfItems(inSection: 1), 100)
        XCTAssertEqual(dataSource.log.count, 14, "counts are cached")
    }

    /// Only cells whose frames meet the bounds are subviews.
    func testOnlyVisibleCellsAreSubviews() {
        makeCollectionView(layout: gridLayout(), counts: [100])
        layoutPass()
        XCTAssertEqual(cellSubviews.count, 12)
        XCTAssertEqual(Set(collectionView.indexPathsForVisibleItems), Set((0..<12).map { IndexPath(item: $0, section: 0) }))
        XCTAssertEqual(CountingCell.made, 12)
        let cell = collectionView.cellForItem(at: IndexPath(item: 5, section: 0))
        XCTAssertEqual(cell?.frame, CGRect(x: 100, y: 100, width: 100, height: 50))
        XCTAssertEqual(collectionView.indexPath(for: cell!), IndexPath(item: 5, section: 0))
        XCTAssertNil(collectionView.cellForItem(at: IndexPath(item: 12, section: 0)))
        XCTAssertEqual(collectionView.indexPathForItem(at: CGPoint(x: 150, y: 120)), IndexPath(item: 5, section: 0))
        XCTAssertEqual(collectionView.contentSize, CGSize(width: 200, height: 2500))
    }

    /// A scroll by a row: the row that left is queued, and its cells come
    /// back for the row that came, each after one prepareForReuse; no new cells.
    func testScrolledOutCellsAreReusedAfterPrepareForReuse() {
        makeCollectionView(layout: gridLayout(), counts: [100])
        delegate.logsDisplay = true
        layoutPass()
        let first = collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as! CountingCell
        delegate.log = []
        collectionView.contentOffset = CGPoint(x: 0, y: 50)
        layoutPass()
        XCTAssertEqual(CountingCell.made, 12)
        XCTAssertEqual(cellSubviews.count, 12)
        XCTAssertNil(first.superview === collectionView ? nil : first.superview)
        XCTAssertTrue([collectionView.cellForItem(at: IndexPath(item: 12, section: 0)),
                       collectionView.cellForItem(at: IndexPath(item: 13, section: 0))].contains { $0 === first },
                      "row 0's cell shows row 6")
        XCTAssertEqual(first.reuses, 1)
        XCTAssertEqual(Set(delegate.log.filter { $0.hasPrefix("didEnd") }), ["didEndDisplaying 0-0", "didEndDisplaying 0-1"])
        XCTAssertEqual(Set(delegate.log.filter { $0.hasPrefix("willDisplay") }), ["willDisplay 0-12", "willDisplay 0-13"])
    }

    /// 10,000 items scrolled through in steps: the cells alive stay those
    /// on screen plus a row, and cells are made only for the first screen
    /// (and one row more).
    func testScrollingTenThousandItemsKeepsLiveCellsProportionalToTheScreen() {
        makeCollectionView(layout: gridLayout(), counts: [10_000])
        dataSource.logsCells = false
        layoutPass()
        var maxLive = 0
        var y: CGFloat = 0
        while y < 5000 * 50 - 300 {
            y += 37
            collectionView.contentOffset = CGPoint(x: 0, y: min(y, 5000 * 50 - 300))
            layoutPass()
            maxLive = max(maxLive, cellSubviews.count)
        }
        XCTAssertLessThanOrEqual(maxLive, 14, "12 on screen, a row more while a row is cut")
        XCTAssertLessThanOrEqual(CountingCell.made, 14)
        XCTAssertEqual(collectionView.indexPathsForVisibleItems.map(\.item).max(), 9999)
        // Every item showed once: in one of the few cells made, or in a reused one.
        XCTAssertEqual(CountingCell.made + CountingCell.totalReuses, 10_000)
    }

    /// reloadData drops the visible cells into the queue and asks again.
    func testReloadDataAsksAgainAndReuses() {
        makeCollectionView(layout: gridLayout(), counts: [4])
        layoutPass()
        dataSource.counts = [6]
        dataSource.log = []
        collectionView.reloadData()
        layoutPass()
        XCTAssertEqual(dataSource.log, ["sections", "items 0"] + (0..<6).map { "cell 0-\($0)" })
        XCTAssertEqual(CountingCell.made, 6, "4 reused, 2 new")
        XCTAssertEqual(cellSubviews.count, 6)
    }

    /// Headers and footers come from viewForSupplementaryElementOfKind and are reused like cells.
    func testSupplementaryViewsAreAskedForAndReused() {
        let layout = gridLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        makeCollectionView(layout: layout, counts: [2, 2, 2, 2, 2, 2, 2, 2])
        layoutPass()
        // Each section: 40 header + 50 row = 90; 300 shows sections 0…3.
        XCTAssertEqual(Set(collectionView.indexPathsForVisibleSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader).map(\.section)),
                       [0, 1, 2, 3])
        let header = collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        XCTAssertEqual(header?.frame, CGRect(x: 0, y: 0, width: 200, height: 40))
        collectionView.contentOffset = CGPoint(x: 0, y: 360)
        layoutPass()
        XCTAssertTrue(collectionView.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).contains { $0 === header },
                      "section 0's header is reused")
    }

    /// reloadData(): "If the collection data shrinks as a result of the
    /// reload, the collection view adjusts its scrolling offsets
    /// accordingly." Selected items that still exist stay selected.
    func testReloadDataKeepsSelectionAndBringsTheOffsetBack() {
        makeCollectionView(layout: gridLayout(), counts: [100])
        layoutPass()
        collectionView.allowsMultipleSelection = true
        collectionView.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
        collectionView.selectItem(at: IndexPath(item: 90, section: 0), animated: false, scrollPosition: [])
        collectionView.contentOffset = CGPoint(x: 0, y: 2000)
        layoutPass()
        dataSource.counts = [20]
        collectionView.reloadData()
        layoutPass()
        XCTAssertEqual(collectionView.contentOffset.y, 200, "500 of content, 300 shown")
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [IndexPath(item: 3, section: 0)])
        XCTAssertEqual(Set(collectionView.indexPathsForVisibleItems.map(\.item)), Set(8..<20))
    }
}

/// UICollectionViewDataSourcePrefetching: "the collection view calls
/// this method as the user scrolls, providing the index paths for cells
/// it will most likely display in the near future"; cancelPrefetching…
/// "for items that are no longer in the prefetch range".
final class CollectionViewPrefetchingTests: CollectionViewTestCase {
    final class Prefetcher: UICollectionViewDataSourcePrefetching {
        var prefetched: [[Int]] = []
        var cancelled: [[Int]] = []
        func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
            prefetched.append(indexPaths.map(\.item))
        }
        func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
            cancelled.append(indexPaths.map(\.item))
        }
    }

    func testItemsAScreenAheadArePrefetched() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 200, height: 50)
        layout.minimumLineSpacing = 0
        makeCollectionView(layout: layout, counts: [100])
        let prefetcher = Prefetcher()
        collectionView.prefetchDataSource = prefetcher
        layoutPass()
        // Rows 0…5 show; 6…11 lie within the next screen.
        XCTAssertEqual(prefetcher.prefetched, [Array(6...11)])
        collectionView.contentOffset = CGPoint(x: 0, y: 100)
        layoutPass()
        // Rows 2…7 show, 8…13 ahead, 0…1 behind: 12 and 13 are new; nothing was cancelled (6, 7 showed).
        XCTAssertEqual(prefetcher.prefetched.last, [12, 13])
        XCTAssertEqual(prefetcher.cancelled, [])
        collectionView.contentOffset = CGPoint(x: 0, y: 3000)
        layoutPass()
        XCTAssertEqual(prefetcher.cancelled.last, [8, 9, 10, 11, 12, 13], "skipped over without showing")
        collectionView.isPrefetchingEnabled = false
        collectionView.contentOffset = CGPoint(x: 0, y: 2000)
        let calls = prefetcher.prefetched.count
        layoutPass()
        XCTAssertEqual(prefetcher.prefetched.count, calls)
    }
}
