import Foundation

/// A table data source that works from snapshots: `apply(_:animatingDifferences:completion:)`
/// works out what changed since the last snapshot and tells the table in
/// one batch update (rows that stay keep their cells and glide); the same
/// snapshot again changes nothing. Cells come from the cell provider,
/// given each item's identifier. Header and footer titles, editing and
/// moving are the overridable data source methods, as in UIKit.
///
/// It makes itself the table's data source; tables hold data sources
/// weakly, so keep a reference to it, as in UIKit.
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: UITableViewDataSource {
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = Snapshot()

    /// How inserted and deleted rows animate.
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    // MARK: Snapshots

    /// A copy of the data shown.
    public func snapshot() -> Snapshot { current }

    /// Shows `snapshot`: its difference from the current one goes to the
    /// table as one batch update (animated, or not), then `completion` runs.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let tableView, !tableView.needsReload else {
            // Nothing loaded yet: the table reads the new data when it lays out.
            current = snapshot
            current.clearMarks()
            self.tableView?.reloadData()
            if let completion { DispatchQueue.main.async(execute: completion) }
            return
        }
        let difference = SnapshotDifference(from: current, to: snapshot)
        let reconfigured = snapshot.reconfiguredItemIdentifiers
        var next = snapshot
        next.clearMarks()
        guard !difference.isEmpty else {
            current = next
            reconfigure(reconfigured)
            if let completion { DispatchQueue.main.async(execute: completion) }
            return
        }
        let animation = animatingDifferences ? defaultRowAnimation : .none
        let update = {
            tableView.performBatchUpdates({
                self.current = next
                tableView.deleteSections(difference.deletedSections, with: animation)
                tableView.insertSections(difference.insertedSections, with: animation)
                for move in difference.movedSections { tableView.moveSection(move.from, toSection: move.to) }
                tableView.reloadSections(difference.reloadedSections, with: animation)
                tableView.deleteRows(at: difference.deletedItems, with: animation)
                tableView.insertRows(at: difference.insertedItems, with: animation)
                for move in difference.movedItems { tableView.moveRow(at: move.from, to: move.to) }
                tableView.reloadRows(at: difference.reloadedItems, with: animation)
            }, completion: { _ in completion?() })
        }
        if animatingDifferences { update() } else { UIView.performWithoutAnimation(update) }
        reconfigure(reconfigured)
    }

    /// Shows `snapshot` by reloading everything, without working out a difference.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        current = snapshot
        current.clearMarks()
        tableView?.reloadData()
        if let completion { DispatchQueue.main.async(execute: completion) }
    }

    private func reconfigure(_ identifiers: [ItemIdentifierType]) {
        guard let tableView, !identifiers.isEmpty else { return }
        tableView.reconfigureRows(at: identifiers.compactMap(indexPath(for:)))
    }

    // MARK: Identifiers and index paths

    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard current.sectionIdentifiers.indices.contains(indexPath.section) else { return nil }
        let items = current.items(inSectionAt: indexPath.section)
        return items.indices.contains(indexPath.row) ? items[indexPath.row] : nil
    }

    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.position(of: itemIdentifier).map { IndexPath(row: $0.item, section: $0.section) }
    }

    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
        current.indexOfSection(sectionIdentifier)
    }

    // MARK: UITableViewDataSource

    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        current.items(inSectionAt: section).count
    }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            UITableViewInconsistency.raise("UITableViewDiffableDataSource cell provider returned nil for index path \(indexPath)")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cell
    }

    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// Rows are not editable unless a subclass says so (UIKit's diffable default).
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    /// The user moved a row (the table already shows it there): the
    /// snapshot follows, so the next apply starts from what is shown.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let item = itemIdentifier(for: sourceIndexPath),
              let section = sectionIdentifier(for: destinationIndexPath.section) else { return }
        var moved = current
        moved.deleteItems([item])
        let rest = moved.itemIdentifiers(inSection: section)
        if destinationIndexPath.row < rest.count {
            moved.insertItems([item], beforeItem: rest[destinationIndexPath.row])
        } else {
            moved.appendItems([item], toSection: section)
        }
        current = moved
    }
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}
