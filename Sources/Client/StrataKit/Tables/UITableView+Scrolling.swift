import Foundation

/// Scrolling a row into view.
extension UITableView {
    /// Scrolls so the row shows at the position asked (`.none`: the least
    /// scroll that shows it whole). In a plain table the row comes to rest
    /// below its section's pinned header.
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        reloadIfNeeded()
        guard geometry.slot(of: indexPath) != nil else {
            UITableViewInconsistency.raise("Attempted to scroll the table view to an out-of-bounds row (\(indexPath.row)) "
                                           + "when there are only \(numberOfRows(inSection: indexPath.section)) rows in section \(indexPath.section).")
            return
        }
        let row = rectForRow(at: indexPath)
        let inset = adjustedContentInset
        let pinnedHeader = style == .plain ? geometry.height(ofSlot: geometry.sections[indexPath.section].headerSlot) - topPadding : 0
        let top = row.minY - inset.top - max(0, pinnedHeader)
        let bottom = row.maxY - bounds.height + inset.bottom
        var y: CGFloat
        switch scrollPosition {
        case .top: y = top
        case .middle: y = row.midY - (bounds.height - inset.top - inset.bottom) / 2 - inset.top
        case .bottom: y = bottom
        case .none:
            if contentOffset.y > top { y = top } else if contentOffset.y < bottom { y = bottom } else { return }
        }
        let highest = max(-inset.top, contentSize.height + inset.bottom - bounds.height)
        y = min(max(y, -inset.top), highest)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    /// Scrolls the first selected row to the position.
    public func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        guard let selected = indexPathForSelectedRow else { return }
        scrollToRow(at: selected, at: scrollPosition, animated: animated)
    }
}
