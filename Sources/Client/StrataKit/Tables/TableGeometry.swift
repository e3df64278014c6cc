import Foundation

/// Where a table's sections, headers, rows and footers lie along its
/// content, as a list of "slots" (per section: header, rows, footer) whose
/// heights sit in a Fenwick tree: the offset of a slot, the slot at an
/// offset, and a new height for one slot each cost O(log n), so a table of
/// 100,000 rows scrolls and self-sizes as cheaply as one of 100.
struct TableGeometry {
    struct Section {
        /// The slot of the header; rows follow, then the footer.
        var firstSlot: Int
        var rowCount: Int
        var headerSlot: Int { firstSlot }
        func rowSlot(_ row: Int) -> Int { firstSlot + 1 + row }
        var footerSlot: Int { firstSlot + 1 + rowCount }
        var endSlot: Int { footerSlot + 1 }
    }

    private(set) var sections: [Section] = []
    private(set) var heights: [CGFloat] = []
    /// Whether a slot's height is final (asked or measured) rather than an estimate.
    private(set) var isResolved: [Bool] = []
    private var tree: [CGFloat] = [0]
    /// Space above the first section (the table header view).
    var headerHeight: CGFloat = 0
    /// Space below the last section (the table footer view).
    var footerHeight: CGFloat = 0

    init() {}

    /// A geometry for sections of these heights: per section the header,
    /// each row, the footer, and which are final.
    init(sections layout: [(header: CGFloat, rows: [CGFloat], footer: CGFloat)], resolvedRows: Bool) {
        self.init(sections: layout.map { ($0.header, $0.rows, Array(repeating: resolvedRows, count: $0.rows.count), $0.footer) })
    }

    /// As above, with each row's own resolved flag (rows kept by an update
    /// keep their measured heights).
    init(sections layout: [(header: CGFloat, rows: [CGFloat], resolved: [Bool], footer: CGFloat)]) {
        var slot = 0
        sections.reserveCapacity(layout.count)
        for section in layout {
            sections.append(Section(firstSlot: slot, rowCount: section.rows.count))
            heights.append(section.header)
            heights.append(contentsOf: section.rows)
            heights.append(section.footer)
            isResolved.append(true)
            isResolved.append(contentsOf: section.resolved)
            isResolved.append(true)
            slot += section.rows.count + 2
        }
        rebuildTree()
    }

    var slotCount: Int { heights.count }

    /// The height of all sections with the table header and footer.
    var contentHeight: CGFloat { headerHeight + prefix(slotCount) + footerHeight }

    /// The top of a slot.
    func offset(ofSlot slot: Int) -> CGFloat {
        headerHeight + prefix(slot)
    }

    func height(ofSlot slot: Int) -> CGFloat { heights[slot] }

    /// Sets one slot's height (marking it final); returns the change.
    @discardableResult
    mutating func setHeight(_ height: CGFloat, ofSlot slot: Int) -> CGFloat {
        isResolved[slot] = true
        let delta = height - heights[slot]
        guard delta != 0 else { return 0 }
        heights[slot] = height
        var index = slot + 1
        while index < tree.count {
            tree[index] += delta
            index += index & -index
        }
        return delta
    }

    /// Makes a slot's height an estimate again, to be asked or measured anew.
    mutating func markUnresolved(_ slot: Int) {
        isResolved[slot] = false
    }

    /// Every row's height an estimate again (the width they were measured at changed).
    mutating func markRowsUnresolved() {
        for section in sections {
            for row in 0..<section.rowCount { isResolved[section.rowSlot(row)] = false }
        }
    }

    /// The slot that covers the content offset `y` (the last slot when past the end).
    func slot(at y: CGFloat) -> Int {
        guard slotCount > 0 else { return 0 }
        var remaining = y - headerHeight
        if remaining <= 0 { return 0 }
        // Binary lifting: the largest index whose prefix sum is ≤ remaining.
        var index = 0
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = index + step
            if next < tree.count, tree[next] <= remaining {
                index = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return min(index, slotCount - 1)
    }

    /// The section a slot belongs to.
    func section(ofSlot slot: Int) -> Int {
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sections[mid].firstSlot <= slot { low = mid } else { high = mid - 1 }
        }
        return low
    }

    enum SlotKind: Equatable {
        case header(Int), row(IndexPath), footer(Int)
    }

    func kind(ofSlot slot: Int) -> SlotKind {
        let index = section(ofSlot: slot)
        let section = sections[index]
        if slot == section.headerSlot { return .header(index) }
        if slot == section.footerSlot { return .footer(index) }
        return .row(IndexPath(row: slot - section.firstSlot - 1, section: index))
    }

    func slot(of indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
              (0..<sections[indexPath.section].rowCount).contains(indexPath.row) else { return nil }
        return sections[indexPath.section].rowSlot(indexPath.row)
    }

    // MARK: The tree

    private func prefix(_ count: Int) -> CGFloat {
        var sum: CGFloat = 0
        var index = min(count, slotCount)
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }

    /// Builds the tree in linear time.
    private mutating func rebuildTree() {
        tree = [0] + heights
        for index in 1..<max(1, tree.count) {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }
}
