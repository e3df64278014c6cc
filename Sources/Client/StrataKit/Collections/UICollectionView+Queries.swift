import Foundation

/// What is where: counts, the visible cells, and the element at a point or
/// index path.
extension UICollectionView {
    public var numberOfSections: Int { loadItemCountsIfNeeded().count }

    public func numberOfItems(inSection section: Int) -> Int {
        let counts = loadItemCountsIfNeeded()
        guard section >= 0, section < counts.count else {
            fatalError("section \(section) out of bounds (\(counts.count) sections)")
        }
        return counts[section]
    }

    /// The cells on screen, in no particular order (as in UIKit).
    public var visibleCells: [UICollectionViewCell] { Array(visibleCellViews.values) }

    public var indexPathsForVisibleItems: [IndexPath] { Array(visibleCellViews.keys) }

    /// The visible cell of an item; nil when the item is off screen.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { visibleCellViews[indexPath] }

    /// The index path of a visible cell.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        visibleCellViews.first { $0.value === cell }?.key
    }

    /// The item whose cell is at `point` (in the collection view's coordinates).
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        // Visible cells first: orthogonal sections scroll, so their cells
        // are not where the layout's unscrolled frames say.
        for (indexPath, cell) in visibleCellViews where !cell.isHidden && cell.superview != nil {
            if cell.bounds.contains(cell.convert(point, from: self)) { return indexPath }
        }
        prepareLayoutIfNeeded()
        let orthogonal = collectionViewLayout.orthogonalSections
        let rect = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        return collectionViewLayout.layoutAttributesForElements(in: rect)?
            .last { $0.representedElementCategory == .cell && orthogonal[$0.indexPath.section] == nil && $0.frame.contains(point) }?
            .indexPath
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The visible supplementary view of a kind at an index path.
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        visibleSupplementaryViews[SupplementaryElement(kind: elementKind, indexPath: indexPath)]
    }

    public func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        visibleSupplementaryViews.filter { $0.key.kind == elementKind }.map(\.value)
    }

    public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        visibleSupplementaryViews.keys.filter { $0.kind == elementKind }.map(\.indexPath)
    }
}
