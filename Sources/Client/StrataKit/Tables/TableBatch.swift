import Foundation

/// The changes of one batch update, in UIKit's index spaces: deletions,
/// reloads and the sources of moves name rows as they were before the
/// update; insertions and the destinations of moves name rows as they
/// are after it.
struct TableBatch {
    var insertedSections = IndexSet()
    var deletedSections = IndexSet()
    var reloadedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
    var insertedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var deletedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var reloadedRows: Set<IndexPath> = []
    var movedRows: [(from: IndexPath, to: IndexPath)] = []
    var animation: UITableView.RowAnimation = .automatic

    var isEmpty: Bool {
        insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && insertedRows.isEmpty && deletedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
    }

    /// For each new section, the old section it continues (nil: inserted or reloaded).
    func sectionMapping(oldCount: Int, newCount: Int) -> [Int?] {
        var mapping = [Int?](repeating: nil, count: newCount)
        var taken = [Bool](repeating: false, count: newCount)
        for index in insertedSections where index < newCount { taken[index] = true }
        var movedSources = IndexSet()
        for move in movedSections where move.to < newCount {
            mapping[move.to] = move.from
            taken[move.to] = true
            movedSources.insert(move.from)
        }
        var next = 0
        for old in 0..<oldCount where !deletedSections.contains(old) && !movedSources.contains(old) {
            while next < newCount && taken[next] { next += 1 }
            guard next < newCount else { break }
            mapping[next] = reloadedSections.contains(old) ? nil : old
            taken[next] = true
            next += 1
        }
        return mapping
    }

    /// Rows of one section, as index sets (no hashing of index paths per row).
    private func rows(in section: Int, of paths: some Sequence<IndexPath>) -> IndexSet {
        IndexSet(paths.lazy.filter { $0.section == section }.map(\.row))
    }

    /// For each row of a new section that continues `oldSection`, the old
    /// row it continues, moved rows included (nil: inserted or reloaded).
    /// Linear in the rows, with the changes looked up in index sets.
    func rowMapping(newSection: Int, newCount: Int, oldSection: Int?, oldCount: Int) -> [IndexPath?] {
        var mapping = [IndexPath?](repeating: nil, count: newCount)
        var taken = [Bool](repeating: false, count: newCount)
        for row in rows(in: newSection, of: insertedRows.keys) where row < newCount { taken[row] = true }
        for move in movedRows where move.to.section == newSection && move.to.row < newCount {
            mapping[move.to.row] = move.from
            taken[move.to.row] = true
        }
        guard let oldSection else { return mapping }
        let leaving = rows(in: oldSection, of: deletedRows.keys).union(rows(in: oldSection, of: movedRows.map(\.from)))
        let reloaded = rows(in: oldSection, of: reloadedRows)
        var next = 0
        for row in 0..<oldCount where !leaving.contains(row) {
            while next < newCount && taken[next] { next += 1 }
            guard next < newCount else { break }
            mapping[next] = reloaded.contains(row) ? nil : IndexPath(row: row, section: oldSection)
            taken[next] = true
            next += 1
        }
        return mapping
    }

    /// UIKit's check that the data source's counts after the update agree
    /// with the counts before it and the changes; the message when not.
    func inconsistency(oldCounts: [Int], newCounts: [Int]) -> String? {
        let expectedSections = oldCounts.count + insertedSections.count - deletedSections.count
        if newCounts.count != expectedSections {
            return "Invalid update: invalid number of sections. The number of sections contained in the table view after the update "
                + "(\(newCounts.count)) must be equal to the number of sections contained in the table view before the update "
                + "(\(oldCounts.count)), plus or minus the number of sections inserted or deleted "
                + "(\(insertedSections.count) inserted, \(deletedSections.count) deleted)."
        }
        let mapping = sectionMapping(oldCount: oldCounts.count, newCount: newCounts.count)
        for (section, old) in mapping.enumerated() {
            guard let old, !insertedSections.contains(section) else { continue }
            let inserted = insertedRows.keys.filter { $0.section == section }.count
            let deleted = deletedRows.keys.filter { $0.section == old }.count
            let movedIn = movedRows.filter { $0.to.section == section && $0.from.section != old }.count
            let movedOut = movedRows.filter { $0.from.section == old && $0.to.section != section }.count
            let expected = oldCounts[old] + inserted - deleted + movedIn - movedOut
            if newCounts[section] != expected {
                return "Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing "
                    + "section after the update (\(newCounts[section])) must be equal to the number of rows contained in that section "
                    + "before the update (\(oldCounts[old])), plus or minus the number of rows inserted or deleted from that section "
                    + "(\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or out of that "
                    + "section (\(movedIn) moved in, \(movedOut) moved out)."
            }
        }
        for path in deletedRows.keys where !oldCounts.indices.contains(path.section) || path.row >= oldCounts[path.section] {
            return "attempt to delete row \(path.row) from section \(path.section) which only contains "
                + "\(oldCounts.indices.contains(path.section) ? oldCounts[path.section] : 0) rows before the update"
        }
        for path in insertedRows.keys where !newCounts.indices.contains(path.section) || path.row >= newCounts[path.section] {
            return "attempt to insert row \(path.row) into section \(path.section), but there are only "
                + "\(newCounts.indices.contains(path.section) ? newCounts[path.section] : 0) rows in section \(path.section) after the update"
        }
        return nil
    }
}
