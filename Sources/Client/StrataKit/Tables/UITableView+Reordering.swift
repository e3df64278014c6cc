import Foundation

/// Reordering in editing mode: dragging a row's grip lifts the row, which
/// follows the finger while the rows it passes make room; at the release
/// the delegate may redirect the destination
/// (`targetIndexPathForMoveFromRowAt`), the data source moves its item
/// (`moveRowAt`), and the row settles in its new place.
extension UITableView {
    struct Reorder {
        let source: IndexPath
        let cell: UITableViewCell
        let startCenterY: CGFloat
        var destination: IndexPath
    }

    /// A grip was dragged.
    func handleReorder(_ recognizer: UIPanGestureRecognizer, cell: UITableViewCell) {
        switch recognizer.state {
        case .began:
            guard let source = indexPath(for: cell) else { return }
            reorder = Reorder(source: source, cell: cell, startCenterY: cell.center.y, destination: source)
            bringSubviewToFront(cell)
            cell.layer.zPosition = 1
        case .changed:
            guard var state = reorder else { return }
            let y = state.startCenterY + recognizer.translation(in: self).y
            cell.center.y = min(max(y, geometry.headerHeight), contentSize.height - geometry.footerHeight)
            let proposed = proposedDestination(forCenterY: cell.center.y, source: state.source)
            let target = tableDelegate?.tableView(self, targetIndexPathForMoveFromRowAt: state.source, toProposedIndexPath: proposed) ?? proposed
            if target != state.destination {
                state.destination = target
                reorder = state
                UIView.animate(withDuration: 0.2, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState]) {
                    self.makeRoom(for: state)
                }
            }
        case .ended, .cancelled:
            guard let state = reorder else { return }
            reorder = nil
            cell.layer.zPosition = 0
            finishReorder(state, commit: recognizer.state == .ended)
        default:
            break
        }
    }

    /// The row whose place the dragged row's center is over.
    private func proposedDestination(forCenterY y: CGFloat, source: IndexPath) -> IndexPath {
        if let path = indexPathForRow(at: CGPoint(x: 1, y: y)) { return path }
        // Over a header or footer: the nearest row of that section.
        let slot = geometry.slot(at: y)
        let section = geometry.section(ofSlot: slot)
        let rows = geometry.sections[section].rowCount
        if case .header = geometry.kind(ofSlot: slot) { return IndexPath(row: 0, section: section) }
        return IndexPath(row: max(0, rows - (section == source.section ? 1 : 0)), section: section)
    }

    /// Shifts the rows between the source and the destination by the
    /// dragged row's height, so the gap shows where it would land.
    private func makeRoom(for state: Reorder) {
        let height = rectForRow(at: state.source).height
        for (path, cell) in visibleCellsByPath where cell !== state.cell {
            var frame = rectForRow(at: path)
            if state.source < path && path <= state.destination { frame.origin.y -= height }
            if state.destination <= path && path < state.source { frame.origin.y += height }
            cell.frame = frame
        }
    }

    private func finishReorder(_ state: Reorder, commit: Bool) {
        guard commit, state.destination != state.source, let dataSource else {
            UIView.animate(withDuration: 0.2) { self.tileRows() }
            return
        }
        dataSource.tableView(self, moveRowAt: state.source, to: state.destination)
        moveRow(at: state.source, to: state.destination)
    }
}
