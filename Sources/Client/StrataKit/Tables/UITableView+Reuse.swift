import Foundation

/// Registering cell classes, dequeuing cells for rows, and taking back the
/// cells of rows that scrolled away.
extension UITableView {
    /// The class `dequeueReusableCell(withIdentifier:for:)` makes cells of
    /// when no reusable one waits; nil unregisters.
    public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass as? UITableViewCell.Type
    }

    public func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerFooterClasses[identifier] = aClass as? UITableViewHeaderFooterView.Type
    }

    /// A reusable cell, or a new one of the registered class; nil when
    /// none waits and nothing is registered (the older way: the caller
    /// then makes one).
    public func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var queue = reusableCells[identifier], let cell = queue.popLast() {
            reusableCells[identifier] = queue
            cell.prepareForReuse()
            return cell
        }
        guard let cellClass = cellClasses[identifier] else { return nil }
        return cellClass.init(registeredWithReuseIdentifier: identifier)
    }

    /// A cell for the row, reused or new, sized for it. "You must register
    /// a class or nib file using the register(_:forCellReuseIdentifier:)
    /// method before calling this method."
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            UITableViewInconsistency.raise("unable to dequeue a cell with identifier \(identifier) - "
                                           + "must register a nib or a class for the identifier")
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        if let slot = geometry.slot(of: indexPath) {
            cell.frame = CGRect(x: 0, y: 0, width: sectionContentWidth, height: geometry.height(ofSlot: slot))
        }
        return cell
    }

    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if var queue = reusableHeaderFooters[identifier], let view = queue.popLast() {
            reusableHeaderFooters[identifier] = queue
            view.prepareForReuse()
            return view
        }
        return headerFooterClasses[identifier]?.init(registeredWithReuseIdentifier: identifier)
    }

    /// Takes a row's cell off the screen; a cell with a reuse identifier
    /// waits in its queue for the next row.
    func recycle(_ cell: UITableViewCell, displayedAt indexPath: IndexPath) {
        cell.removeFromSuperview()
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        if let identifier = cell.reuseIdentifier {
            reusableCells[identifier, default: []].append(cell)
        }
    }

    func recycleHeaderFooter(_ view: UIView, section: Int, isHeader: Bool) {
        view.removeFromSuperview()
        if isHeader {
            tableDelegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
        } else {
            tableDelegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
        }
        if let reusable = view as? UITableViewHeaderFooterView, let identifier = reusable.reuseIdentifier {
            reusableHeaderFooters[identifier, default: []].append(reusable)
        }
    }

    /// Cells alive: on screen, leaving, and waiting for reuse.
    var liveCellCount: Int {
        visibleCellsByPath.count + departingCells.count + reusableCells.values.reduce(0) { $0 + $1.count }
    }
}
