import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest
@testable import StrataKit

/// A compositional layout written as Apple's "Implementing Modern
/// Collection Views" sample writes one, on a real compositor against a
/// reference picture: a section of cards that scrolls sideways on its own
/// (orthogonalScrollingBehavior) under a header, above a grid, with cell
/// and supplementary registrations and a diffable data source.
final class CompositionalEndToEndTests: KitTestCase {
    enum Section: Int { case featured, grid }

    final class CardCell: UICollectionViewCell {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.layer.cornerRadius = 10
            label.textColor = .white
            label.font = .systemFont(ofSize: 15, weight: .semibold)
            contentView.addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError() }
        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = contentView.bounds.insetBy(dx: 10, dy: 8)
        }
    }

    final class HeaderView: UICollectionReusableView {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            label.font = .systemFont(ofSize: 20, weight: .bold)
            addSubview(label)
        }
        required init?(coder: NSCoder) { fatalError() }
        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = bounds.insetBy(dx: 0, dy: 4)
        }
    }

    private var window: UIWindow!
    private var dataSource: UICollectionViewDiffableDataSource<Section, Int>!

    override func tearDown() {
        window = nil
        dataSource = nil
        super.tearDown()
    }

    private func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, _ in
            if sectionIndex == Section.featured.rawValue {
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                     heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150),
                                                                                                  heightDimension: .absolute(100)),
                                                               subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .continuous
                section.interGroupSpacing = 10
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 16, trailing: 16)
                let header = NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(36)),
                    elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
                section.boundarySupplementaryItems = [header]
                return section
            }
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3),
                                                                                 heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                              heightDimension: .absolute(80)),
                                                           subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 12, bottom: 0, trailing: 12)
            return section
        }
    }

    func testOrthogonalSectionAboveAGrid() throws {
        try startCompositor(width: 360, height: 420)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 380))
        window.title = "Compositional"
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: makeLayout())
        collectionView.backgroundColor = .systemBackground
        window.addSubview(collectionView)
        let colors: [UIColor] = [.systemBlue, .systemOrange, .systemPink, .systemTeal, .systemPurple, .systemGreen]
        let cards = UICollectionView.CellRegistration<CardCell, Int> { cell, indexPath, item in
            cell.contentView.backgroundColor = colors[item % colors.count]
            cell.label.text = indexPath.section == 0 ? "Card \(item)" : "\(item)"
        }
        let headers = UICollectionView.SupplementaryRegistration<HeaderView>(elementKind: UICollectionView.elementKindSectionHeader) {
            view, _, _ in view.label.text = "Featured"
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Int>(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: cards, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Int>()
        snapshot.appendSections([.featured, .grid])
        snapshot.appendItems(Array(0..<8), toSection: .featured)
        snapshot.appendItems(Array(100..<112), toSection: .grid)
        dataSource.apply(snapshot, animatingDifferences: false)
        show(window)
        // The featured row scrolled sideways by itself: the grid stays.
        let featured = try XCTUnwrap(collectionView.subviews.compactMap { $0 as? UIScrollView }.first,
                                     "the orthogonal section scrolls in a view of its own")
        featured.contentOffset = CGPoint(x: 100, y: 0)
        runMainLoop(for: 0.3)
        waitUntilPresented()
        try strata.input("move", "355", "415")
        runMainLoop(for: 0.2)
        waitUntilPresented()
        let path = strata.runtimeDirectory + "/compositional.png"
        _ = try strata.screenshot(to: path)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: "kit-compositional-orthogonal", in: .module, referencesDirectory: references,
                                      tolerance: 4, maxDifferingPixels: 0)
    }
}
