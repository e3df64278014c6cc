import Foundation

/// A data source that works from snapshots: give it the whole state of
/// the data (`apply(_:animatingDifferences:completion:)`) and it works out
/// what changed since the last one and tells the collection view in one
/// batch update, animated or not. Cells come from the cell provider,
/// given each item's identifier.
///
/// It makes itself the collection view's data source; the collection view
/// holds data sources weakly, so keep a reference to it, as in UIKit.
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: UICollectionViewDataSource,
    OutlineExpanding {
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    /// Headers, footers and other supplementary views.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    private var current = Snapshot()
    /// Sections given as trees (`apply(_:to:animatingDifferences:completion:)`).
    private var sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]

    /// What happens when the user expands or collapses an outline row.
    public struct SectionSnapshotHandlers<Item: Hashable> {
        public var shouldExpandItem: ((Item) -> Bool)?
        public var willExpandItem: ((Item) -> Void)?
        public var shouldCollapseItem: ((Item) -> Bool)?
        public var willCollapseItem: ((Item) -> Void)?
        /// The children to show under a parent being expanded (given its current subtree).
        public var snapshotForExpandingParent: ((Item, NSDiffableDataSourceSectionSnapshot<Item>) -> NSDiffableDataSourceSectionSnapshot<Item>)?

        public init() {}
    }

    public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

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
        // Trees of sections whose items this snapshot changed no longer hold.
        for (section, tree) in sectionSnapshots
            where snapshot.indexOfSection(section) == nil || snapshot.itemIdentifiers(inSection: section) != tree.visibleItems {
            sectionSnapshots[section] = nil
        }
        applyKeepingSectionSnapshots(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    private func applyKeepingSectionSnapshots(_ snapshot: Snapshot, animatingDifferences: Bool, completion: (() -> Void)?) {
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

    // MARK: Section snapshots (outlines)

    /// Shows a section as a tree: its visible items become the section's
    /// items (the section is added at the end if it is new), the rest of
    /// the data stays.
    open func apply(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        var full = current
        full.clearMarks()
        if full.indexOfSection(section) == nil {
            full.appendSections([section])
        } else {
            full.deleteItems(full.itemIdentifiers(inSection: section))
        }
        full.appendItems(snapshot.visibleItems, toSection: section)
        sectionSnapshots[section] = snapshot
        applyKeepingSectionSnapshots(full, animatingDifferences: animatingDifferences, completion: completion)
        refreshOutlineStates(in: section)
    }

    /// The section as a tree: the one applied, or its items as roots.
    public func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        if let stored = sectionSnapshots[section] { return stored }
        var flat = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        if current.indexOfSection(section) != nil { flat.append(current.itemIdentifiers(inSection: section)) }
        return flat
    }

    /// A tap on an outline row: expands or collapses it, as the handlers allow.
    func toggleOutline(at indexPath: IndexPath) -> Bool {
        guard let section = sectionIdentifier(for: indexPath.section), var tree = sectionSnapshots[section],
              let item = itemIdentifier(for: indexPath) else { return false }
        let handlers = sectionSnapshotHandlers
        if tree.isExpanded(item) {
            guard handlers.shouldCollapseItem?(item) ?? true else { return true }
            handlers.willCollapseItem?(item)
            tree.collapse([item])
        } else {
            guard handlers.shouldExpandItem?(item) ?? true else { return true }
            handlers.willExpandItem?(item)
            if let provide = handlers.snapshotForExpandingParent {
                tree.replace(childrenOf: item, using: provide(item, tree.snapshot(of: item)))
            }
            tree.expand([item])
        }
        apply(tree, to: section, animatingDifferences: true)
        return true
    }

    /// The visible rows of a tree section show their level and whether they are expanded.
    private func refreshOutlineStates(in section: SectionIdentifierType) {
        guard let collectionView, let tree = sectionSnapshots[section], let sectionIndex = current.indexOfSection(section) else { return }
        for (indexPath, cell) in collectionView.visibleCellViews where indexPath.section == sectionIndex {
            guard let item = itemIdentifier(for: indexPath) else { continue }
            configureOutline(cell, item: item, tree: tree)
        }
    }

    private func configureOutline(_ cell: UICollectionViewCell, item: ItemIdentifierType,
                                  tree: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
        cell.isExpandedInOutline = tree.isExpanded(item)
        (cell as? UICollectionViewListCell)?.indentationLevel = tree.level(of: item)
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
        if let section = sectionIdentifier(for: indexPath.section), let tree = sectionSnapshots[section] {
            configureOutline(cell, item: item, tree: tree)
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
