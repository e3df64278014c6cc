import Foundation

/// Batch updates: rows and sections inserted, deleted, moved and reloaded
/// as one animated change, checked against the data source's new counts
/// as UIKit checks them. Rows that stay glide to their new places, new
/// rows fade (or slide) in and removed rows out, as view animations the
/// compositor plays.
extension UITableView {
    static let updateDuration: TimeInterval = 0.3

    /// Applies the insertions, deletions, moves and reloads made in
    /// `updates` together, then calls `completion` when the animations end.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates(completion: completion)
    }

    /// Starts gathering changes; `endUpdates()` applies them together.
    public func beginUpdates() {
        reloadIfNeeded()
        if batchDepth == 0 { pendingBatch = TableBatch() }
        batchDepth += 1
    }

    /// Whether changes were made that a batch has not applied yet.
    public var hasUncommittedUpdates: Bool { batchDepth > 0 || !deferredUpdates.isEmpty }

    /// The section index is not shown; nothing to reload.
    public func reloadSectionIndexTitles() {}

    public func endUpdates() {
        endUpdates(completion: nil)
    }

    private func endUpdates(completion: ((Bool) -> Void)?) {
        batchDepth = max(0, batchDepth - 1)
        guard batchDepth == 0, let batch = pendingBatch else { return }
        pendingBatch = nil
        apply(batch, completion: completion)
    }

    /// Runs one change inside the batch being gathered, or as a batch of its own.
    private func change(_ edit: (inout TableBatch) -> Void) {
        if batchDepth > 0, pendingBatch != nil {
            edit(&pendingBatch!)
        } else {
            beginUpdates()
            edit(&pendingBatch!)
            endUpdates()
        }
    }

    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        change { batch in for path in indexPaths { batch.insertedRows[path] = animation } }
    }

    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        change { batch in for path in indexPaths { batch.deletedRows[path] = animation } }
    }

    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        change { batch in batch.reloadedRows.formUnion(indexPaths); batch.animation = animation }
    }

    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        change { batch in batch.movedRows.append((indexPath, newIndexPath)) }
    }

    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        change { batch in batch.insertedSections.formUnion(sections); batch.animation = animation }
    }

    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        change { batch in batch.deletedSections.formUnion(sections); batch.animation = animation }
    }

    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        change { batch in batch.reloadedSections.formUnion(sections); batch.animation = animation }
    }

    public func moveSection(_ section: Int, toSection newSection: Int) {
        change { batch in batch.movedSections.append((section, newSection)) }
    }

    /// Updates the rows' cells in place (their heights are asked again),
    /// without making new cells: what `reconfigureRows` promises.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        reloadIfNeeded()
        guard let dataSource else { return }
        for path in indexPaths {
            guard visibleCellsByPath[path] != nil else { continue }
            _ = dataSource.tableView(self, cellForRowAt: path)
        }
        setNeedsLayout()
    }

    // MARK: Applying a batch

    private func apply(_ batch: TableBatch, completion: ((Bool) -> Void)?) {
        guard let dataSource else {
            completion?(true)
            return
        }
        // A change made while the table lays out (from cellForRowAt or
        // willDisplay) waits for the pass to end.
        if isLayingOut {
            deferredUpdates.append { self.apply(batch, completion: completion) }
            return
        }
        guard !batch.isEmpty else {
            // "Animate the change in the row heights without reloading the cell."
            remeasureVisibleRows(completion: completion)
            return
        }
        endSwipe(animated: false)
        touchedPath = nil
        prefetchedPaths = []
        let oldGeometry = geometry
        let oldCounts = oldGeometry.sections.map(\.rowCount)
        let newSectionCount = max(0, dataSource.numberOfSections(in: self))
        let newCounts = (0..<newSectionCount).map { max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }
        if let message = batch.inconsistency(oldCounts: oldCounts, newCounts: newCounts) {
            UITableViewInconsistency.raise(message)
            reloadData()
            completion?(false)
            return
        }
        // Where each new row comes from, and where each old row goes, as arrays.
        let sectionMap = batch.sectionMapping(oldCount: oldCounts.count, newCount: newCounts.count)
        var rowMaps: [[IndexPath?]] = []
        var newPaths: [[IndexPath?]] = oldCounts.map { [IndexPath?](repeating: nil, count: $0) }
        var layout: [(header: CGFloat, rows: [CGFloat], resolved: [Bool], footer: CGFloat)] = []
        for (section, count) in newCounts.enumerated() {
            let oldSection = sectionMap[section]
            let rowMap = batch.rowMapping(newSection: section, newCount: count, oldSection: oldSection,
                                          oldCount: oldSection.map { oldCounts[$0] } ?? 0)
            rowMaps.append(rowMap)
            var heights: [CGFloat] = []
            var resolved: [Bool] = []
            heights.reserveCapacity(count)
            resolved.reserveCapacity(count)
            for (row, old) in rowMap.enumerated() {
                if let old, let slot = oldGeometry.slot(of: old) {
                    newPaths[old.section][old.row] = IndexPath(row: row, section: section)
                    heights.append(oldGeometry.height(ofSlot: slot))
                    resolved.append(oldGeometry.isResolved[slot])
                    continue
                }
                let path = IndexPath(row: row, section: section)
                if estimatedRowHeight != 0 {
                    heights.append(estimatedHeight(forRowAt: path))
                    resolved.append(false)
                } else {
                    let asked = askedHeight(forRowAt: path)
                    heights.append(asked ?? Self.defaultRowHeight)
                    resolved.append(asked != nil)
                }
            }
            // A section that stays keeps its header and footer heights; new ones are asked.
            if let oldSection, !batch.reloadedSections.contains(oldSection) {
                let info = oldGeometry.sections[oldSection]
                layout.append((oldGeometry.height(ofSlot: info.headerSlot), heights, resolved, oldGeometry.height(ofSlot: info.footerSlot)))
            } else {
                layout.append((headerHeight(forSection: section), heights, resolved, footerHeight(forSection: section)))
            }
        }
        var newGeometry = TableGeometry(sections: layout)
        newGeometry.headerHeight = oldGeometry.headerHeight
        newGeometry.footerHeight = oldGeometry.footerHeight
        func newPath(of old: IndexPath) -> IndexPath? {
            newPaths.indices.contains(old.section) && newPaths[old.section].indices.contains(old.row) ? newPaths[old.section][old.row] : nil
        }
        func oldPath(of new: IndexPath) -> IndexPath? {
            rowMaps.indices.contains(new.section) && rowMaps[new.section].indices.contains(new.row) ? rowMaps[new.section][new.row] : nil
        }

        // Cells on screen follow their rows; cells of rows that went leave.
        var kept: [IndexPath: UITableViewCell] = [:]
        var leaving: [(cell: UITableViewCell, path: IndexPath)] = []
        for (old, cell) in visibleCellsByPath {
            if let new = newPath(of: old) { kept[new] = cell } else { leaving.append((cell, old)) }
        }
        for (section, view) in visibleHeaders { recycleHeaderFooter(view, section: section, isHeader: true) }
        for (section, view) in visibleFooters { recycleHeaderFooter(view, section: section, isHeader: false) }
        visibleHeaders = [:]
        visibleFooters = [:]
        selectedPaths = Set(selectedPaths.compactMap(newPath(of:)))
        let oldFrames = kept.mapValues(\.frame)
        visibleCellsByPath = kept
        geometry = newGeometry
        updateContentSize()

        // Lay out the new state without animation, then play the change from the old one.
        UIView.performWithoutAnimation {
            for (path, cell) in kept { prepareForDisplay(cell, at: path) }
            layoutTable()
        }
        let animated = batch.animation != .none && window != nil
        var starts: [(UITableViewCell, CGRect, CGFloat)] = []
        for (path, cell) in visibleCellsByPath {
            let final = cell.frame
            if let from = oldFrames[path] {
                starts.append((cell, from, 1))
            } else if let old = oldPath(of: path), let slot = oldGeometry.slot(of: old) {
                // A row that was off screen comes from where it was.
                starts.append((cell, CGRect(x: final.minX, y: oldGeometry.offset(ofSlot: slot), width: final.width, height: final.height), 1))
            } else {
                let style = batch.insertedRows[path] ?? batch.animation
                starts.append((cell, entering(final, style), style == .none ? 1 : 0))
            }
        }
        for (cell, _) in leaving { departingCells.append(cell) }
        guard animated else {
            for (cell, path) in leaving { finishDeparture(of: cell, from: path) }
            completion?(true)
            return
        }
        UIView.performWithoutAnimation {
            for (cell, from, alpha) in starts {
                let final = cell.frame
                cell.frame = from
                cell.alpha = alpha
                cell.pendingFinalFrame = final
            }
        }
        UIView.animate(withDuration: Self.updateDuration, animations: {
            for (cell, _, _) in starts {
                if let final = cell.pendingFinalFrame { cell.frame = final }
                cell.pendingFinalFrame = nil
                cell.alpha = 1
            }
            for (cell, path) in leaving {
                let style = batch.deletedRows[path] ?? batch.animation
                cell.frame = self.entering(cell.frame, style)
                cell.alpha = 0
            }
        }, completion: { finished in
            for (cell, path) in leaving { self.finishDeparture(of: cell, from: path) }
            completion?(finished)
        })
    }

    /// Where a row enters from (or leaves to) for an animation style.
    /// Asks every row on screen for its height again (the delegate's, or
    /// its content measured) and animates the rows to their new places.
    private func remeasureVisibleRows(completion: ((Bool) -> Void)?) {
        var changed = false
        for (path, cell) in visibleCellsByPath {
            guard let slot = geometry.slot(of: path) else { continue }
            geometry.markUnresolved(slot)
            if resolveHeight(ofRowAt: path, cell: cell) { changed = true }
        }
        guard changed else {
            completion?(true)
            return
        }
        updateContentSize()
        UIView.animate(withDuration: Self.updateDuration, animations: {
            for (path, cell) in self.visibleCellsByPath {
                cell.frame = self.rectForRow(at: path)
                cell.layoutIfNeeded()
            }
            self.tileHeadersAndFooters()
        }, completion: { finished in
            self.setNeedsLayout()
            completion?(finished)
        })
    }

    private func entering(_ frame: CGRect, _ style: RowAnimation) -> CGRect {
        switch style {
        case .left: frame.offsetBy(dx: -frame.width, dy: 0)
        case .right: frame.offsetBy(dx: frame.width, dy: 0)
        case .top: frame.offsetBy(dx: 0, dy: -frame.height)
        case .bottom: frame.offsetBy(dx: 0, dy: frame.height)
        default: frame
        }
    }

    private func finishDeparture(of cell: UITableViewCell, from path: IndexPath) {
        departingCells.removeAll { $0 === cell }
        cell.alpha = 1
        recycle(cell, displayedAt: path)
    }
}
