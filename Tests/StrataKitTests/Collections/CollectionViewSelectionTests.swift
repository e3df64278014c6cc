import XCTest
@testable import StrataKit

/// Selection by touch and by code. The order of the delegate's calls is
/// the one Apple's Collection View Programming Guide gives ("Managing the
/// Visual State for Selections and Highlights"): on touch down
/// collectionView(_:shouldHighlightItemAt:) then didHighlightItemAt; on
/// touch up shouldSelectItemAt, didUnhighlightItemAt, didSelectItemAt. And
/// collectionView(_:shouldHighlightItemAt:): "If you return false… the
/// system does not call collectionView(_:shouldSelectItemAt:) or any other
/// selection-related methods." selectItem(at:animated:scrollPosition:):
/// "This method does not cause any selection-related delegate methods to
/// be called."
final class CollectionViewSelectionTests: CollectionViewTestCase {
    override func setUp() {
        super.setUp()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 50)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        makeCollectionView(layout: layout, counts: [40])
        layoutPass()
    }

    private func cell(_ item: Int) -> UICollectionViewCell? { collectionView.cellForItem(at: IndexPath(item: item, section: 0)) }

    func testTapSelectsInUIKitsOrder() {
        tap(at: CGPoint(x: 150, y: 75)) // item 3
        XCTAssertEqual(delegate.log, ["shouldHighlight 0-3", "didHighlight 0-3", "shouldSelect 0-3", "didUnhighlight 0-3", "didSelect 0-3"])
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [IndexPath(item: 3, section: 0)])
        XCTAssertEqual(cell(3)?.isSelected, true)
        XCTAssertEqual(cell(3)?.isHighlighted, false)
    }

    /// The cell is highlighted while the finger is down (after the scroll
    /// view's content-touch delay).
    func testCellIsHighlightedWhileTheFingerIsDown() {
        touchDown(at: CGPoint(x: 50, y: 25))
        advance(0.2)
        XCTAssertEqual(cell(0)?.isHighlighted, true)
        XCTAssertEqual(delegate.log, ["shouldHighlight 0-0", "didHighlight 0-0"])
        touchUp()
        XCTAssertEqual(cell(0)?.isHighlighted, false)
        XCTAssertEqual(cell(0)?.isSelected, true)
    }

    /// In single selection, tapping another item deselects the first.
    func testSingleSelectionDeselectsThePreviousItem() {
        tap(at: CGPoint(x: 50, y: 25))
        delegate.log = []
        tap(at: CGPoint(x: 50, y: 75))
        XCTAssertEqual(delegate.log, ["shouldHighlight 0-2", "didHighlight 0-2", "shouldSelect 0-2", "didUnhighlight 0-2",
                                      "didDeselect 0-0", "didSelect 0-2"])
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [IndexPath(item: 2, section: 0)])
        XCTAssertEqual(cell(0)?.isSelected, false)
    }

    /// With multiple selection, a tap on a selected item deselects it.
    func testMultipleSelectionToggles() {
        collectionView.allowsMultipleSelection = true
        tap(at: CGPoint(x: 50, y: 25))
        tap(at: CGPoint(x: 150, y: 25))
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        delegate.log = []
        tap(at: CGPoint(x: 50, y: 25))
        XCTAssertEqual(delegate.log, ["shouldHighlight 0-0", "didHighlight 0-0", "shouldDeselect 0-0", "didUnhighlight 0-0", "didDeselect 0-0"])
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [IndexPath(item: 1, section: 0)])
    }

    func testRefusedHighlightSkipsSelection() {
        delegate.allowsHighlight = false
        tap(at: CGPoint(x: 50, y: 25))
        XCTAssertEqual(delegate.log, ["shouldHighlight 0-0"])
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [])
    }

    func testRefusedSelectionOnlyUnhighlights() {
        delegate.allowsSelect = false
        tap(at: CGPoint(x: 50, y: 25))
        XCTAssertEqual(delegate.log, ["shouldHighlight 0-0", "didHighlight 0-0", "shouldSelect 0-0", "didUnhighlight 0-0"])
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [])
    }

    func testAllowsSelectionFalseIgnoresTaps() {
        collectionView.allowsSelection = false
        tap(at: CGPoint(x: 50, y: 25))
        XCTAssertEqual(delegate.log, [])
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [])
    }

    /// A drag scrolls; it selects nothing.
    func testADragSelectsNothing() {
        drag(from: CGPoint(x: 50, y: 250), to: CGPoint(x: 50, y: 100))
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [])
        XCTAssertFalse(delegate.log.contains { $0.hasPrefix("didSelect") })
        XCTAssertGreaterThan(collectionView.contentOffset.y, 100)
    }

    /// Selecting by code tells the delegate nothing; the cell shows it and
    /// a cell that comes on screen later is selected too; scrollPosition scrolls.
    func testSelectingByCode() {
        collectionView.selectItem(at: IndexPath(item: 24, section: 0), animated: false, scrollPosition: .top)
        XCTAssertEqual(delegate.log, [])
        XCTAssertEqual(collectionView.contentOffset.y, 600)
        layoutPass()
        XCTAssertEqual(cell(24)?.isSelected, true)
        XCTAssertEqual(cell(25)?.isSelected, false)
        collectionView.deselectItem(at: IndexPath(item: 24, section: 0), animated: false)
        XCTAssertEqual(cell(24)?.isSelected, false)
        XCTAssertEqual(collectionView.indexPathsForSelectedItems, [])
    }

    /// scrollToItem(at:at:animated:) with each vertical position (content 1,000 tall, view 300).
    func testScrollToItemPositions() {
        let item = IndexPath(item: 20, section: 0) // y 500…550
        collectionView.scrollToItem(at: item, at: .top, animated: false)
        XCTAssertEqual(collectionView.contentOffset.y, 500)
        collectionView.scrollToItem(at: item, at: .centeredVertically, animated: false)
        XCTAssertEqual(collectionView.contentOffset.y, 375)
        collectionView.scrollToItem(at: item, at: .bottom, animated: false)
        XCTAssertEqual(collectionView.contentOffset.y, 250)
        collectionView.scrollToItem(at: IndexPath(item: 39, section: 0), at: .top, animated: false)
        XCTAssertEqual(collectionView.contentOffset.y, 700, "kept within the content")
    }
}
