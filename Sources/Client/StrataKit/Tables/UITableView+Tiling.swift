import Foundation

/// The layout pass: the rows and headers on screen get views (cells come
/// from the data source, others go back to the queues), estimated heights
/// of rows coming into view become real ones, and the header of the
/// section at the top of a plain table stays pinned there.
extension UITableView {
    func layoutTable() {
        // Measuring a cell can ask for layout again; the pass under way covers it.
        guard !isLayingOut else { return }
        isLayingOut = true
        reloadIfNeeded()
        remeasureIfWidthChanged()
        if contentSize.width != bounds.width || contentSize.height != geometry.contentHeight { updateContentSize() }
        backgroundView?.frame = bounds
        layoutTableHeaderAndFooter()
        isTiling = true
        tileRows()
        tileHeadersAndFooters()
        isTiling = false
        prefetchAroundVisibleRows()
        isLayingOut = false
        // Changes the data source made from inside the pass.
        let deferred = deferredUpdates
        deferredUpdates = []
        for update in deferred { update() }
    }

    /// Rows and headers measured at another width are measured again.
    private func remeasureIfWidthChanged() {
        defer { measuredWidth = bounds.width }
        guard let measured = measuredWidth, measured != bounds.width, geometry.slotCount > 0 else { return }
        geometry.markRowsUnresolved()
        for (index, section) in geometry.sections.enumerated() {
            geometry.setHeight(headerHeight(forSection: index), ofSlot: section.headerSlot)
            geometry.setHeight(footerHeight(forSection: index), ofSlot: section.footerSlot)
        }
    }

    /// The rect of content on screen.
    var visibleContentRect: CGRect { bounds }

    // MARK: Rows

    /// The rows any part of which lies in `rect`.
    func indexPaths(in rect: CGRect) -> [IndexPath] {
        guard geometry.slotCount > 0, rect.height > 0 else { return [] }
        var result: [IndexPath] = []
        var slot = geometry.slot(at: rect.minY)
        var top = geometry.offset(ofSlot: slot)
        while slot < geometry.slotCount, top < rect.maxY {
            let height = geometry.height(ofSlot: slot)
            if height > 0, top + height > rect.minY, case .row(let indexPath) = geometry.kind(ofSlot: slot) {
                result.append(indexPath)
            }
            top += height
            slot += 1
        }
        return result
    }

    func tileRows() {
        guard dataSource != nil else { return }
        // A row that shows for the first time may change height, which moves
        // the rows after it: place, resolve, and place again until stable.
        let anchor = steadyAnchor()
        for _ in 0..<4 {
            let wanted = indexPaths(in: visibleContentRect)
            let wantedSet = Set(wanted)
            for (indexPath, cell) in visibleCellsByPath where !wantedSet.contains(indexPath) {
                visibleCellsByPath[indexPath] = nil
                recycle(cell, displayedAt: indexPath)
            }
            var heightsChanged = false
            for indexPath in wanted {
                if let cell = visibleCellsByPath[indexPath] {
                    // A row measured at another width is measured again.
                    if resolveHeight(ofRowAt: indexPath, cell: cell) { heightsChanged = true }
                    continue
                }
                let cell = makeCell(at: indexPath)
                if resolveHeight(ofRowAt: indexPath, cell: cell) { heightsChanged = true }
                cell.frame = rectForRow(at: indexPath)
                tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
            }
            if !heightsChanged { break }
            updateContentSize()
            keepSteady(anchor)
        }
        for (indexPath, cell) in visibleCellsByPath {
            cell.frame = rectForRow(at: indexPath)
        }
    }

    /// Asks the data source for a row's cell and puts it on screen (the
    /// delegate hears `willDisplay` once the row's height is known).
    private func makeCell(at indexPath: IndexPath) -> UITableViewCell {
        let cell = dataSource!.tableView(self, cellForRowAt: indexPath)
        prepareForDisplay(cell, at: indexPath)
        if let lowestHeader = lowestSectionView {
            insertSubview(cell, belowSubview: lowestHeader)
        } else {
            addSubview(cell)
        }
        visibleCellsByPath[indexPath] = cell
        cell.frame = rectForRow(at: indexPath)
        return cell
    }

    private var lowestSectionView: UIView? {
        let sectionViews = Array(visibleHeaders.values) + Array(visibleFooters.values)
        guard !sectionViews.isEmpty else { return nil }
        return subviews.first { view in sectionViews.contains { $0 === view } }
    }

    /// Styles a cell for its place: background, separator, selection,
    /// editing controls, an inset grouped section's rounded ends.
    func prepareForDisplay(_ cell: UITableViewCell, at indexPath: IndexPath) {
        cell.styleBackgroundColor = style == .plain ? .systemBackground : .secondarySystemGroupedBackground
        let rows = geometry.sections[indexPath.section].rowCount
        let isLast = indexPath.row == rows - 1
        cell.separatorView.isHidden = separatorStyle == .none || (style != .plain && isLast)
        cell.separatorView.backgroundColor = separatorColor ?? .separator
        if separatorInsetWasSet { cell.separatorInset = separatorInset }
        cell.setSelected(selectedPaths.contains(indexPath), animated: false)
        cell.setHighlighted(false, animated: false)
        configureEditing(of: cell, at: indexPath, animated: false)
        cell.indentationLevel = tableDelegate?.tableView(self, indentationLevelForRowAt: indexPath) ?? 0
        cell.setNeedsUpdateConfiguration()
        if style == .insetGrouped {
            var corners: CACornerMask = []
            if indexPath.row == 0 { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
            if isLast { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
            cell.layer.cornerRadius = corners.isEmpty ? 0 : 10
            cell.layer.maskedCorners = corners
            cell.layer.masksToBounds = !corners.isEmpty
        }
    }

    func configureEditing(of cell: UITableViewCell, at indexPath: IndexPath, animated: Bool) {
        let editable = isEditing && (dataSource?.tableView(self, canEditRowAt: indexPath) ?? false)
        if editable {
            cell.editingStyle = tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
            cell.shouldIndentWhileEditing = tableDelegate?.tableView(self, shouldIndentWhileEditingRowAt: indexPath) ?? true
        } else {
            cell.editingStyle = .none
        }
        cell.showsReorderControl = isEditing && (dataSource?.tableView(self, canMoveRowAt: indexPath) ?? false)
        cell.setEditing(isEditing, animated: animated)
    }

    /// Replaces a row's estimated height with its real one: the delegate's
    /// or `rowHeight`, else the cell's content measured at the row's width.
    /// True when the height changed.
    @discardableResult
    func resolveHeight(ofRowAt indexPath: IndexPath, cell: UITableViewCell) -> Bool {
        guard let slot = geometry.slot(of: indexPath), !geometry.isResolved[slot] else { return false }
        let height: CGFloat
        if let asked = askedHeight(forRowAt: indexPath) {
            height = asked
        } else {
            height = cell.fittingHeight(forWidth: sectionContentWidth)
        }
        return geometry.setHeight(height, ofSlot: slot) != 0
    }

    /// A row on screen whose place should not move when rows above it
    /// change height (nil at the very top, where the content just grows).
    private func steadyAnchor() -> (indexPath: IndexPath, offset: CGFloat)? {
        guard contentOffset.y > -adjustedContentInset.top else { return nil }
        // A row that had a cell and is still on screen after the move.
        let wanted = Set(indexPaths(in: visibleContentRect))
        let shown = visibleCellsByPath.keys.filter { wanted.contains($0) }.min()
        guard let shown, let slot = geometry.slot(of: shown) else { return nil }
        return (shown, geometry.offset(ofSlot: slot))
    }

    private func keepSteady(_ anchor: (indexPath: IndexPath, offset: CGFloat)?) {
        guard let anchor, let slot = geometry.slot(of: anchor.indexPath) else { return }
        let moved = geometry.offset(ofSlot: slot) - anchor.offset
        if moved != 0 { bounds.origin.y += moved }
    }

    // MARK: Geometry queries

    /// A row's frame in the table's content.
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        reloadIfNeeded()
        guard let slot = geometry.slot(of: indexPath) else { return .zero }
        return CGRect(x: sectionSideInset, y: geometry.offset(ofSlot: slot), width: sectionContentWidth, height: geometry.height(ofSlot: slot))
    }

    /// A section's frame: header, rows and footer.
    public func rect(forSection section: Int) -> CGRect {
        reloadIfNeeded()
        guard geometry.sections.indices.contains(section) else { return .zero }
        let first = geometry.sections[section]
        let top = geometry.offset(ofSlot: first.headerSlot)
        let bottom = geometry.offset(ofSlot: first.endSlot)
        return CGRect(x: 0, y: top, width: bounds.width, height: bottom - top)
    }

    /// Where a section's header lies in the content (not where a pinned header shows).
    public func rectForHeader(inSection section: Int) -> CGRect {
        reloadIfNeeded()
        guard geometry.sections.indices.contains(section) else { return .zero }
        let slot = geometry.sections[section].headerSlot
        return CGRect(x: 0, y: geometry.offset(ofSlot: slot), width: bounds.width, height: geometry.height(ofSlot: slot))
    }

    public func rectForFooter(inSection section: Int) -> CGRect {
        reloadIfNeeded()
        guard geometry.sections.indices.contains(section) else { return .zero }
        let slot = geometry.sections[section].footerSlot
        return CGRect(x: 0, y: geometry.offset(ofSlot: slot), width: bounds.width, height: geometry.height(ofSlot: slot))
    }

    /// The row at a point of the content, if any.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        reloadIfNeeded()
        guard point.x >= 0, point.x < bounds.width, point.y >= geometry.headerHeight, geometry.slotCount > 0 else { return nil }
        let slot = geometry.slot(at: point.y)
        guard point.y < geometry.offset(ofSlot: slot) + geometry.height(ofSlot: slot),
              case .row(let indexPath) = geometry.kind(ofSlot: slot) else { return nil }
        return indexPath
    }

    /// The rows whose frames meet a rect of the content.
    public func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        reloadIfNeeded()
        return indexPaths(in: rect)
    }

    /// The row a cell on screen shows.
    public func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visibleCellsByPath.first { $0.value === cell }?.key
    }

    /// The cell on screen for a row; nil when the row is not on screen.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeeded()
        return visibleCellsByPath[indexPath]
    }

    /// The cells on screen, top to bottom.
    public var visibleCells: [UITableViewCell] {
        layoutIfNeeded()
        return visibleCellsByPath.sorted { $0.key < $1.key }.map(\.value)
    }

    public var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeeded()
        return visibleCellsByPath.keys.sorted()
    }

    public func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        visibleHeaders[section] as? UITableViewHeaderFooterView
    }

    public func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        visibleFooters[section] as? UITableViewHeaderFooterView
    }

    // MARK: Section headers and footers

    func tileHeadersAndFooters() {
        guard geometry.slotCount > 0 else { return }
        let visible = visibleContentRect
        let firstSection = geometry.section(ofSlot: geometry.slot(at: visible.minY))
        let lastSection = geometry.section(ofSlot: geometry.slot(at: visible.maxY))
        let shown = firstSection...max(firstSection, lastSection)
        for (section, view) in visibleHeaders where !shown.contains(section) {
            visibleHeaders[section] = nil
            recycleHeaderFooter(view, section: section, isHeader: true)
        }
        for (section, view) in visibleFooters where !shown.contains(section) {
            visibleFooters[section] = nil
            recycleHeaderFooter(view, section: section, isHeader: false)
        }
        for section in shown {
            let info = geometry.sections[section]
            placeSectionView(section: section, slot: info.headerSlot, isHeader: true)
            placeSectionView(section: section, slot: info.footerSlot, isHeader: false)
        }
    }

    private func placeSectionView(section: Int, slot: Int, isHeader: Bool) {
        let padding = isHeader ? topPadding : 0
        let height = geometry.height(ofSlot: slot) - padding
        var y = geometry.offset(ofSlot: slot) + padding
        let existing = isHeader ? visibleHeaders[section] : visibleFooters[section]
        guard height > 0, let view = existing ?? makeSectionView(section: section, isHeader: isHeader) else { return }
        if style == .plain && isHeader {
            // Pinned to the top of what shows, until the section's end pushes it up.
            let pinnedTop = bounds.minY + adjustedContentInset.top
            let sectionEnd = geometry.offset(ofSlot: geometry.sections[section].footerSlot)
            y = min(max(y, pinnedTop), sectionEnd - height)
            y = max(y, geometry.offset(ofSlot: slot) + padding)
        }
        view.frame = CGRect(x: sectionSideInset, y: y, width: sectionContentWidth, height: height)
    }

    private func makeSectionView(section: Int, isHeader: Bool) -> UIView? {
        var view: UIView?
        if isHeader {
            view = measuredHeaderViews.removeValue(forKey: section) ?? tableDelegate?.tableView(self, viewForHeaderInSection: section)
        } else {
            view = measuredFooterViews.removeValue(forKey: section) ?? tableDelegate?.tableView(self, viewForFooterInSection: section)
        }
        if view == nil {
            let title = isHeader ? dataSource?.tableView(self, titleForHeaderInSection: section)
                                 : dataSource?.tableView(self, titleForFooterInSection: section)
            guard let title else { return nil }
            let identifier = isHeader ? "UITableView.standardHeader" : "UITableView.standardFooter"
            let standard = dequeueStandardHeaderFooter(identifier)
            standard.configureStandard(title: title, tableStyle: style, isHeader: isHeader)
            view = standard
        }
        guard let view else { return nil }
        (view as? UITableViewHeaderFooterView)?.tableStyle = style
        (view as? UITableViewHeaderFooterView)?.isFooter = !isHeader
        addSubview(view)
        if isHeader {
            visibleHeaders[section] = view
            tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
        } else {
            visibleFooters[section] = view
            tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: section)
        }
        return view
    }

    private func dequeueStandardHeaderFooter(_ identifier: String) -> UITableViewHeaderFooterView {
        if var queue = reusableHeaderFooters[identifier], let view = queue.popLast() {
            reusableHeaderFooters[identifier] = queue
            return view
        }
        return UITableViewHeaderFooterView(reuseIdentifier: identifier)
    }

    // MARK: Table header and footer views

    func replaceAccessoryView(_ old: UIView?, with new: UIView?) {
        guard old !== new else { return }
        old?.removeFromSuperview()
        if let new { addSubview(new) }
        geometry.headerHeight = tableHeaderView?.frame.height ?? 0
        geometry.footerHeight = tableFooterView?.frame.height ?? 0
        setNeedsLayout()
    }

    private func layoutTableHeaderAndFooter() {
        let headerHeight = tableHeaderView?.frame.height ?? 0
        let footerHeight = tableFooterView?.frame.height ?? 0
        if headerHeight != geometry.headerHeight || footerHeight != geometry.footerHeight {
            geometry.headerHeight = headerHeight
            geometry.footerHeight = footerHeight
            updateContentSize()
        }
        tableHeaderView?.frame = CGRect(x: 0, y: 0, width: bounds.width, height: headerHeight)
        tableFooterView?.frame = CGRect(x: 0, y: geometry.contentHeight - footerHeight, width: bounds.width, height: footerHeight)
    }
}
