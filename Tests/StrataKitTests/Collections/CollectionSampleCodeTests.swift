import XCTest
@testable import StrataKit

/// Code written the way Apple's "Implementing Modern Collection Views"
/// sample writes it compiles unchanged and shows its items.
final class CollectionSampleCodeTests: InputTestCase {
    final class ListViewController: UIViewController {
        enum Section {
            case main
        }

        var dataSource: UICollectionViewDiffableDataSource<Section, Int>! = nil
        var collectionView: UICollectionView! = nil
        var selected: [IndexPath] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            configureHierarchy()
            configureDataSource()
        }

        private func createLayout() -> UICollectionViewLayout {
            let layout = UICollectionViewCompositionalLayout { (sectionIndex: Int, layoutEnvironment: NSCollectionLayoutEnvironment)
                -> NSCollectionLayoutSection? in
                let columns = layoutEnvironment.container.effectiveContentSize.width > 500 ? 3 : 2
                let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
                let item = NSCollectionLayoutItem(layoutSize: itemSize)
                item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
                let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitem: item, count: columns)
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)
                let headerSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
                let sectionHeader = NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: headerSize, elementKind: "section-header-element-kind", alignment: .top)
                sectionHeader.pinToVisibleBounds = true
                section.boundarySupplementaryItems = [sectionHeader]
                return section
            }
            return layout
        }

        private func configureHierarchy() {
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
            collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            collectionView.backgroundColor = .systemBackground
            view.addSubview(collectionView)
            collectionView.delegate = self
        }

        private func configureDataSource() {
            let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { (cell, indexPath, item) in
                var content = cell.defaultContentConfiguration()
                content.text = "\(item)"
                cell.contentConfiguration = content
            }
            let headerRegistration = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(
                elementKind: "section-header-element-kind") { (supplementaryView, string, indexPath) in
                supplementaryView.backgroundColor = .systemGray5
            }
            dataSource = UICollectionViewDiffableDataSource<Section, Int>(collectionView: collectionView) {
                (collectionView: UICollectionView, indexPath: IndexPath, identifier: Int) -> UICollectionViewCell? in
                return collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: identifier)
            }
            dataSource.supplementaryViewProvider = { (view, kind, index) in
                return self.collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: index)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
            snapshot.appendSections([.main])
            snapshot.appendItems(Array(0..<94))
            dataSource.apply(snapshot, animatingDifferences: false)
        }
    }

    func testTheSampleShowsItsGrid() {
        let controller = ListViewController()
        window.rootViewController = controller
        window.layoutIfNeeded()
        let collectionView = controller.collectionView!
        XCTAssertEqual(collectionView.numberOfItems(inSection: 0), 94)
        XCTAssertEqual(collectionView.frame.size, CGSize(width: 400, height: 400))
        // Header 44 estimated (an empty reusable view keeps it), inset 20; two columns of 180, items inset 2.
        XCTAssertEqual(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame,
                       CGRect(x: 202, y: 66, width: 176, height: 40))
        let cell = collectionView.cellForItem(at: IndexPath(item: 3, section: 0)) as? UICollectionViewListCell
        XCTAssertEqual((cell?.contentConfiguration as? UIListContentConfiguration)?.text, "3")
        XCTAssertLessThan(collectionView.visibleCells.count, 94)
        tap(at: CGPoint(x: 100, y: 90))
        XCTAssertEqual(controller.selected, [IndexPath(item: 0, section: 0)])
    }
}

extension CollectionSampleCodeTests.ListViewController: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath)
        collectionView.deselectItem(at: indexPath, animated: true)
    }
}
