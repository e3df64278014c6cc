import Foundation

/// A data source that works from snapshots: give it the whole state of
/// the data (`apply(_:animatingDifferences:completion:)`) and it works out
/// what changed since the last one and tells the collection view in one
/// batch update, animated or not. Cells come from the cell provider,
/// given each item's identifier.
///
/// It makes itself the collection view's data source; the collection view
/// holds data sources weakly, so keep a reference to it, as in UIKit.
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: UICollectionViewDataSource {
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    /// Headers, footers and other supplementary views.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    private var current = Snapshot()

    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    // MARK: Snapshots

    /// A copy of the data shown.
    public func snapshot() -> Snapshot { current }

    /// Shows `snapshot`: the difference from the current one goes to the
    /// collection view as a batch update (animated, or not), then
    /// `completion` runs. The same data again changes nothing.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let collectionView, collectionView.itemCounts != nil else {
            // Nothing shown yet: the collection view reads the new data when it lays out.
            current = snapshot
            current.clearMarks()
            self.collectionView?.reloadData()
            if let completion { DispatchQueue.main.async(execute: completion) }
            return
        }
        let difference = SnapshotDifference(from: current, to: snapshot)
        let reconfigured = snapshot.reconfiguredItemIdentifiers
        var next = snapshot
        next.clearMarks()
        if difference.isEmpty {
            current = next
            reconfigure(reconfigured, in: collectionView)
            if let completion { DispatchQueue.main.async(execute: completion) }
            return
        }
        let update = {
            collectionView.performBatchUpdates({
                self.current = next
                collectionView.deleteSections(difference.deletedSections)
                collectionView.insertSections(difference.insertedSections)
                for move in difference.movedSections { collectionView.moveSection(move.from, toSection: move.to) }
                collectionView.reloadSections(difference.reloadedSections)
                collectionView.deleteItems(at: difference.deletedItems)
                collectionView.insertItems(at: difference.insertedItems)
                for move in difference.movedItems { collectionView.moveItem(at: move.from, to: move.to) }
                collectionView.reloadItems(at: difference.reloadedItems)
            }, completion: { _ in completion?() })
        }
        if animatingDifferences { update() } else { UIView.performWithoutAnimation(update) }
        reconfigure(reconfigured, in: collectionView)
    }

    /// Shows `snapshot` by reloading everything, without working out a difference.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        current = snapshot
        current.clearMarks()
        collectionView?.reloadData()
        if let completion { DispatchQueue.main.async(execute: completion) }
    }

    private func reconfigure(_ identifiers: [ItemIdentifierType], in collectionView: UICollectionView) {
        guard !identifiers.isEmpty else { return }
        collectionView.reconfigureItems(at: identifiers.compactMap { indexPath(for: $0) })
    }

    // MARK: Identifiers and index paths

    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.section >= 0, indexPath.section < current.numberOfSections else { return nil }
        let items = current.items(inSectionAt: indexPath.section)
        return indexPath.item >= 0 && indexPath.item < items.count ? items[indexPath.item] : nil
    }

    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.position(of: itemIdentifier).map { IndexPath(item: $0.item, section: $0.section) }
    }

    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        let sections = current.sectionIdentifiers
        return index >= 0 && index < sections.count ? sections[index] : nil
    }

    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        current.items(inSectionAt: section).count
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = itemIdentifier(for: indexPath) else { fatalError("no item at \(indexPath)") }
        guard let cell = cellProvider(collectionView, indexPath, item) else {
            fatalError("UICollectionViewDiffableDataSource cell provider returned nil for index path \(indexPath) with item identifier \(item)")
        }
        return cell
    }

    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
            fatalError("UICollectionViewDiffableDataSource supplementary view provider returned nil (or is not set) for kind \(kind) at \(indexPath)")
        }
        return view
    }

    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }

    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}
