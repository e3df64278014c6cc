import Foundation

/// Told ahead of time which items will soon show, so their data can load
/// before their cells are asked for (UICollectionViewDataSourcePrefetching).
public protocol UICollectionViewDataSourcePrefetching: AnyObject {
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension UICollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}

/// After each layout pass: the items within a screen beyond the visible
/// area, in the direction the content scrolls, that are neither shown nor
/// already announced, go to `prefetchItemsAt`; announced items that drift
/// out of that range without showing are cancelled.
extension UICollectionView {
    func updatePrefetching() {
        guard isPrefetchingEnabled, let prefetchDataSource else {
            prefetchedIndexPaths = []
            return
        }
        // A screen further along the way the content last moved (forward at first).
        let vertical = contentSize.height > bounds.height || contentSize.width <= bounds.width
        let backward = vertical ? contentOffset.y < lastPrefetchOffset.y : contentOffset.x < lastPrefetchOffset.x
        lastPrefetchOffset = contentOffset
        var ahead = bounds
        if vertical {
            ahead.size.height *= 2
            if backward { ahead.origin.y -= bounds.height }
        } else {
            ahead.size.width *= 2
            if backward { ahead.origin.x -= bounds.width }
        }
        let orthogonal = collectionViewLayout.orthogonalSections
        var near = Set<IndexPath>()
        for attributes in collectionViewLayout.layoutAttributesForElements(in: ahead) ?? []
            where attributes.representedElementCategory == .cell && orthogonal[attributes.indexPath.section] == nil
            && attributes.frame.overlaps(ahead) {
            near.insert(attributes.indexPath)
        }
        let shown = Set(visibleCellViews.keys)
        let wanted = near.subtracting(shown)
        let new = wanted.subtracting(prefetchedIndexPaths).sorted()
        let cancelled = prefetchedIndexPaths.subtracting(wanted).subtracting(shown).sorted()
        prefetchedIndexPaths = wanted
        if !cancelled.isEmpty { prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: cancelled) }
        if !new.isEmpty { prefetchDataSource.collectionView(self, prefetchItemsAt: new) }
    }
}
