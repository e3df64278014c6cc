import Foundation

/// Told ahead of time which rows will soon need cells, so their data can
/// load before they scroll on screen; and when that is no longer likely.
public protocol UITableViewDataSourcePrefetching: AnyObject {
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension UITableViewDataSourcePrefetching {
    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

extension UITableView {
    /// After each layout: the screenful of rows beyond the edge the table
    /// scrolls toward is announced once; rows that drift two screens away
    /// are cancelled.
    func prefetchAroundVisibleRows() {
        guard isPrefetchingEnabled, let prefetcher = prefetchDataSource, geometry.slotCount > 0 else { return }
        let visible = visibleContentRect
        let upward = visible.minY < lastPrefetchOffset
        lastPrefetchOffset = visible.minY
        let ahead = indexPaths(in: visible.offsetBy(dx: 0, dy: upward ? -visible.height : visible.height))
        let fresh = ahead.filter { visibleCellsByPath[$0] == nil && !prefetchedPaths.contains($0) }
        if !fresh.isEmpty {
            prefetchedPaths.formUnion(fresh)
            prefetcher.tableView(self, prefetchRowsAt: fresh.sorted())
        }
        let near = visible.insetBy(dx: 0, dy: -2 * visible.height)
        let distant = prefetchedPaths.filter { path in
            guard geometry.slot(of: path) != nil else { return true }
            return !rectForRow(at: path).intersects(near)
        }
        if !distant.isEmpty {
            prefetchedPaths.subtract(distant)
            prefetcher.tableView(self, cancelPrefetchingForRowsAt: distant.sorted())
        }
        // Rows that came on screen were fetched; they need no cancelling.
        prefetchedPaths.subtract(visibleCellsByPath.keys)
    }
}
