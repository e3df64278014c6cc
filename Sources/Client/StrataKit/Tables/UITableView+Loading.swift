import Foundation

/// Loading the table's shape from the data source: the counts, and the
/// heights of headers, footers and rows (final or estimated).
extension UITableView {
    /// Reloads now if a reload is pending.
    func reloadIfNeeded() {
        // Not while rows are being placed: the next pass reloads.
        guard needsReload, !isReloading, !isTiling else { return }
        isReloading = true
        defer { isReloading = false }
        needsReload = false
        prefetchedPaths = []
        endSwipe(animated: false)
        for (indexPath, cell) in visibleCellsByPath { recycle(cell, displayedAt: indexPath) }
        visibleCellsByPath = [:]
        for (section, view) in visibleHeaders { recycleHeaderFooter(view, section: section, isHeader: true) }
        for (section, view) in visibleFooters { recycleHeaderFooter(view, section: section, isHeader: false) }
        visibleHeaders = [:]
        visibleFooters = [:]
        measuredHeaderViews = [:]
        measuredFooterViews = [:]
        geometry = loadGeometry()
        // A reload deselects every row, as UIKit's does.
        selectedPaths = []
        touchedPath = nil
        updateContentSize()
        // "It adjusts offsets if the table shrinks as a result of the reload."
        if !isDragging && !isDecelerating {
            let clamped = clampedContentOffset(contentOffset)
            if clamped != contentOffset { contentOffset = clamped }
        }
    }

    /// The counts and heights, as the data source and delegate give them.
    func loadGeometry() -> TableGeometry {
        guard let dataSource else { return TableGeometry() }
        let sectionCount = max(0, dataSource.numberOfSections(in: self))
        var counts: [Int] = []
        counts.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            counts.append(max(0, dataSource.tableView(self, numberOfRowsInSection: section)))
        }
        let estimating = estimatedRowHeight != 0
        var layout: [(header: CGFloat, rows: [CGFloat], footer: CGFloat)] = []
        layout.reserveCapacity(sectionCount)
        for (section, count) in counts.enumerated() {
            var rows = [CGFloat]()
            rows.reserveCapacity(count)
            for row in 0..<count {
                let indexPath = IndexPath(row: row, section: section)
                rows.append(estimating ? estimatedHeight(forRowAt: indexPath) : askedHeight(forRowAt: indexPath) ?? Self.defaultRowHeight)
            }
            layout.append((headerHeight(forSection: section), rows, footerHeight(forSection: section)))
        }
        // Without estimates every height was asked for; rows that size themselves are measured when shown.
        var geometry = TableGeometry(sections: layout, resolvedRows: !estimating && rowHeight >= 0)
        geometry.headerHeight = tableHeaderView?.frame.height ?? 0
        geometry.footerHeight = tableFooterView?.frame.height ?? 0
        return geometry
    }

    /// A row's height before it shows: the delegate's estimate, the
    /// table's, a fixed row height, or the standard 44 points.
    func estimatedHeight(forRowAt indexPath: IndexPath) -> CGFloat {
        let estimate = tableDelegate?.tableView(self, estimatedHeightForRowAt: indexPath) ?? estimatedRowHeight
        if estimate > 0, estimate.isFinite { return estimate }
        if rowHeight >= 0, rowHeight.isFinite { return rowHeight }
        return Self.defaultRowHeight
    }

    /// The height the delegate or `rowHeight` gives a row; nil when the row
    /// sizes itself (`automaticDimension`).
    func askedHeight(forRowAt indexPath: IndexPath) -> CGFloat? {
        let height = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        return height >= 0 && height.isFinite ? height : nil
    }

    func updateContentSize() {
        contentSize = CGSize(width: bounds.width, height: geometry.contentHeight)
    }

    // MARK: Counts

    public var numberOfSections: Int {
        reloadIfNeeded()
        return geometry.sections.count
    }

    public func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        guard geometry.sections.indices.contains(section) else { return 0 }
        return geometry.sections[section].rowCount
    }

    // MARK: Headers and footers

    /// Space above a grouped table's first section and between its sections.
    static let groupedFirstHeaderHeight: CGFloat = 35
    static let groupedSpacing: CGFloat = 18

    var topPadding: CGFloat {
        sectionHeaderTopPadding >= 0 && sectionHeaderTopPadding.isFinite ? sectionHeaderTopPadding : 0
    }

    func headerHeight(forSection section: Int) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
        if asked >= 0, asked.isFinite { return asked + (asked > 0 ? topPadding : 0) }
        let fitted = fittedHeaderFooterHeight(section: section, isHeader: true)
        if fitted > 0 { return fitted + topPadding }
        return style == .plain ? 0 : (section == 0 ? Self.groupedFirstHeaderHeight : Self.groupedSpacing)
    }

    func footerHeight(forSection section: Int) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
        if asked >= 0, asked.isFinite { return asked }
        let fitted = fittedHeaderFooterHeight(section: section, isHeader: false)
        if fitted > 0 { return fitted }
        return style == .plain ? 0 : Self.groupedSpacing
    }

    /// The height of a section's header or footer view (the delegate's, or
    /// the standard one for a title), at the table's width.
    private func fittedHeaderFooterHeight(section: Int, isHeader: Bool) -> CGFloat {
        let view = isHeader ? tableDelegate?.tableView(self, viewForHeaderInSection: section)
                            : tableDelegate?.tableView(self, viewForFooterInSection: section)
        if let view {
            if isHeader { measuredHeaderViews[section] = view } else { measuredFooterViews[section] = view }
            return fittingHeight(of: view)
        }
        let title = isHeader ? dataSource?.tableView(self, titleForHeaderInSection: section)
                             : dataSource?.tableView(self, titleForFooterInSection: section)
        guard let title else { return 0 }
        let prototype = UITableViewHeaderFooterView(reuseIdentifier: nil)
        prototype.configureStandard(title: title, tableStyle: style, isHeader: isHeader)
        return prototype.fittingHeight(forWidth: sectionContentWidth)
    }

    /// A header or footer view's height: what its constraints or
    /// `sizeThatFits` ask for at the table's width, else its frame's.
    func fittingHeight(of view: UIView) -> CGFloat {
        if let headerFooter = view as? UITableViewHeaderFooterView {
            return headerFooter.fittingHeight(forWidth: sectionContentWidth)
        }
        if !view.heldConstraints.isEmpty || view.subviews.contains(where: { !$0.heldConstraints.isEmpty }) {
            return view.systemLayoutSizeFitting(CGSize(width: sectionContentWidth, height: 0),
                                                withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel).height
        }
        return view.frame.height
    }

    /// The width rows and headers take: the table's, less the side insets of
    /// an inset grouped table.
    var sectionContentWidth: CGFloat {
        max(0, bounds.width - 2 * sectionSideInset)
    }

    var sectionSideInset: CGFloat { style == .insetGrouped ? 20 : 0 }
}
