import XCTest
@testable import StrataKit

/// NSDiffableDataSourceSectionSnapshot, after Apple's reference
/// (append(_:to:): "Adds the specified items as child items of the
/// specified parent item"; visibleItems: "the items… that are currently
/// visible… not collapsed"; level(of:)), and outlines in a list, as
/// Apple's OutlineViewController in "Implementing Modern Collection
/// Views" builds them: a header row's outline disclosure expands and
/// collapses it when tapped.
final class SectionSnapshotTests: XCTestCase {
    private func tree() -> NSDiffableDataSourceSectionSnapshot<String> {
        var snapshot = NSDiffableDataSourceSectionSnapshot<String>()
        snapshot.append(["A", "B"])
        snapshot.append(["A1", "A2"], to: "A")
        snapshot.append(["A2a"], to: "A2")
        snapshot.append(["B1"], to: "B")
        return snapshot
    }

    func testTreeReading() {
        var snapshot = tree()
        XCTAssertEqual(snapshot.items, ["A", "A1", "A2", "A2a", "B", "B1"])
        XCTAssertEqual(snapshot.rootItems, ["A", "B"])
        XCTAssertEqual(snapshot.visibleItems, ["A", "B"], "collapsed by default")
        XCTAssertEqual(snapshot.level(of: "A2a"), 2)
        XCTAssertEqual(snapshot.parent(of: "A2a"), "A2")
        XCTAssertNil(snapshot.parent(of: "A"))
        XCTAssertEqual(snapshot.index(of: "B"), 4)
        snapshot.expand(["A"])
        XCTAssertEqual(snapshot.visibleItems, ["A", "A1", "A2", "B"])
        XCTAssertFalse(snapshot.isVisible("A2a"))
        snapshot.expand(["A2"])
        XCTAssertTrue(snapshot.isVisible("A2a"))
        snapshot.collapse(["A"])
        XCTAssertEqual(snapshot.visibleItems, ["A", "B"])
        XCTAssertTrue(snapshot.isExpanded("A2"), "a collapsed parent keeps its children's state")
    }

    func testTreeChanges() {
        var snapshot = tree()
        snapshot.insert(["A0"], before: "A1")
        snapshot.insert(["C"], after: "B")
        XCTAssertEqual(snapshot.items, ["A", "A0", "A1", "A2", "A2a", "B", "B1", "C"])
        XCTAssertEqual(snapshot.parent(of: "A0"), "A")
        snapshot.delete(["A2"])
        XCTAssertEqual(snapshot.items, ["A", "A0", "A1", "B", "B1", "C"])
        XCTAssertFalse(snapshot.contains("A2a"), "a deleted item's children go with it")
        let sub = snapshot.snapshot(of: "A", includingParent: true)
        XCTAssertEqual(sub.items, ["A", "A0", "A1"])
        XCTAssertEqual(snapshot.snapshot(of: "A").rootItems, ["A0", "A1"])
        var children = NSDiffableDataSourceSectionSnapshot<String>()
        children.append(["X"])
        children.append(["X1"], to: "X")
        snapshot.replace(childrenOf: "B", using: children)
        XCTAssertEqual(snapshot.items, ["A", "A0", "A1", "B", "X", "X1", "C"])
        XCTAssertEqual(snapshot.level(of: "X1"), 2)
        snapshot.deleteAll()
        XCTAssertEqual(snapshot.items, [])
    }
}

final class OutlineListTests: InputTestCase {
    func testTappingAHeaderRowExpandsAndCollapsesIt() {
        enum Section { case main }
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .sidebar)))
        window.addSubview(view)
        let header = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = [.outlineDisclosure(options: .init(style: .header))]
        }
        let row = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = []
        }
        let dataSource = UICollectionViewDiffableDataSource<Section, String>(collectionView: view) { collectionView, indexPath, item in
            item.count == 1
                ? collectionView.dequeueConfiguredReusableCell(using: header, for: indexPath, item: item)
                : collectionView.dequeueConfiguredReusableCell(using: row, for: indexPath, item: item)
        }
        var expansions: [String] = []
        dataSource.sectionSnapshotHandlers.willExpandItem = { expansions.append($0) }
        var snapshot = NSDiffableDataSourceSectionSnapshot<String>()
        snapshot.append(["A", "B"])
        snapshot.append(["A1", "A2"], to: "A")
        snapshot.append(["B1"], to: "B")
        dataSource.apply(snapshot, to: .main, animatingDifferences: false)
        window.layoutIfNeeded()
        XCTAssertEqual(view.numberOfItems(inSection: 0), 2)
        let rowA = view.cellForItem(at: IndexPath(item: 0, section: 0))!
        let rowHeight = rowA.frame.height

        tap(at: CGPoint(x: 150, y: rowHeight / 2))
        window.layoutIfNeeded()
        XCTAssertEqual(expansions, ["A"])
        XCTAssertEqual(dataSource.snapshot(for: .main).visibleItems, ["A", "A1", "A2", "B"])
        XCTAssertEqual(view.numberOfItems(inSection: 0), 4)
        XCTAssertEqual(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)), "A1")
        let child = view.cellForItem(at: IndexPath(item: 1, section: 0)) as! UICollectionViewListCell
        XCTAssertEqual(child.indentationLevel, 1)
        child.layoutIfNeeded()
        XCTAssertEqual(child.contentView.frame.minX, 10, "one level in")
        XCTAssertTrue(rowA.configurationState.isExpanded)
        XCTAssertEqual(view.indexPathsForSelectedItems, [], "a header row toggles rather than selects")

        tap(at: CGPoint(x: 150, y: rowHeight / 2))
        window.layoutIfNeeded()
        XCTAssertEqual(view.numberOfItems(inSection: 0), 2)
        XCTAssertFalse(rowA.configurationState.isExpanded)
        withExtendedLifetime(dataSource) {}
    }
}
