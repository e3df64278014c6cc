import Foundation

/// A batch update checked against the counts before and after, and the
/// map it implies from old index paths to new ones. Sections that stay
/// keep their order among themselves; inside a section that stays, items
/// that stay keep theirs and fill the places that inserted and moved-in
/// items leave free. Each lookup costs the number of changes in its
/// section (binary searches), not the number of items.
struct BatchPlan {
    struct Failure: Error {
        let message: String
    }

    /// Old section → new section, for sections that stay (moved ones included).
    var sectionMap: [Int: Int] = [:]
    var reloadedSections = IndexSet()
    var updateItems: [UICollectionViewUpdateItem] = []
    /// New index paths of inserted items (and items of inserted sections and reloads).
    var appearing: Set<IndexPath> = []

    /// Per old section that stays: the old indexes that leave (deleted or
    /// moved away), sorted, and the new indexes taken by insertions and
    /// moves in, sorted.
    private var removed: [Int: [Int]] = [:]
    private var fixed: [Int: [Int]] = [:]
    private var moves: [IndexPath: IndexPath] = [:]
    private var deleted: Set<IndexPath> = []
    private var reloaded: Set<IndexPath> = []

    func isReloaded(_ oldIndexPath: IndexPath) -> Bool {
        reloaded.contains(oldIndexPath) || reloadedSections.contains(oldIndexPath.section)
    }

    /// Where an item before the update is after it; nil when it is gone.
    func newIndexPath(forItem old: IndexPath) -> IndexPath? {
        if let moved = moves[old] { return moved }
        guard !deleted.contains(old), let section = sectionMap[old.section] else { return nil }
        let gone = removed[old.section] ?? []
        let rank = old.item - Self.countBelow(old.item, in: gone)
        var index = rank
        for taken in fixed[old.section] ?? [] {
            if taken <= index { index += 1 } else { break }
        }
        return IndexPath(item: index, section: section)
    }

    /// How many of the sorted `values` are less than `value`.
    private static func countBelow(_ value: Int, in values: [Int]) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    static func make(_ batch: BatchUpdate, oldCounts: [Int], newCounts: [Int]) -> Result<BatchPlan, Failure> {
        var plan = BatchPlan()
        plan.reloadedSections = batch.reloadedSections
        let oldSections = oldCounts.count, newSections = newCounts.count
        let sectionMovesOut = Set(batch.movedSections.map(\.from)), sectionMovesIn = Set(batch.movedSections.map(\.to))
        let expectedSections = oldSections + batch.insertedSections.count - batch.deletedSections.count
        guard newSections == expectedSections else {
            return .failure(Failure(message: "Invalid update: invalid number of sections. The number of sections contained in the "
                + "collection view after the update (\(newSections)) must be equal to the number of sections contained in the "
                + "collection view before the update (\(oldSections)), plus or minus the number of sections inserted or deleted "
                + "(\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted)."))
        }
        if let bad = batch.deletedSections.first(where: { $0 >= oldSections }) {
            return .failure(Failure(message: "attempt to delete section \(bad), but there are only \(oldSections) sections before the update"))
        }
        if let bad = batch.insertedSections.first(where: { $0 >= newSections }) {
            return .failure(Failure(message: "attempt to insert section \(bad) but there are only \(newSections) sections after the update"))
        }
        let staying = (0..<oldSections).filter { !batch.deletedSections.contains($0) && !sectionMovesOut.contains($0) }
        let free = (0..<newSections).filter { !batch.insertedSections.contains($0) && !sectionMovesIn.contains($0) }
        guard staying.count == free.count else {
            return .failure(Failure(message: "Invalid update: section moves do not add up"))
        }
        for (old, new) in zip(staying, free) { plan.sectionMap[old] = new }
        for move in batch.movedSections { plan.sectionMap[move.from] = move.to }
        var newToOld: [Int: Int] = [:]
        for (old, new) in plan.sectionMap { newToOld[new] = old }

        // Item changes by section.
        var insertedBy: [Int: [Int]] = [:], deletedBy: [Int: [Int]] = [:]
        for path in batch.insertedItems {
            guard path.section < newSections, path.item >= 0, path.item < newCounts[path.section] else {
                let count = path.section < newSections ? newCounts[path.section] : 0
                return .failure(Failure(message: "attempt to insert item \(path.item) into section \(path.section), "
                    + "but there are only \(count) items in section \(path.section) after the update"))
            }
            insertedBy[path.section, default: []].append(path.item)
        }
        for path in batch.deletedItems + batch.reloadedItems {
            guard path.section < oldSections, path.item >= 0, path.item < oldCounts[path.section] else {
                let count = path.section < oldSections ? oldCounts[path.section] : 0
                return .failure(Failure(message: "attempt to delete item \(path.item) from section \(path.section) "
                    + "which only contains \(count) items before the update"))
            }
        }
        for path in batch.deletedItems { deletedBy[path.section, default: []].append(path.item) }
        var movedOut: [Int: Int] = [:], movedIn: [Int: Int] = [:]
        for move in batch.movedItems {
            guard move.from.section < oldSections, move.from.item < oldCounts[move.from.section],
                  move.to.section < newSections, move.to.item < newCounts[move.to.section] else {
                return .failure(Failure(message: "attempt to move index path (\(move.from)) to index path (\(move.to)) "
                    + "outside the items before or after the update"))
            }
            plan.moves[move.from] = move.to
            plan.removed[move.from.section, default: []].append(move.from.item)
            if let oldOfDestination = newToOld[move.to.section] {
                plan.fixed[oldOfDestination, default: []].append(move.to.item)
            }
            if plan.sectionMap[move.from.section] != move.to.section {
                movedOut[move.from.section, default: 0] += 1
                movedIn[move.to.section, default: 0] += 1
            }
        }

        // Counts of the sections that stay.
        for new in 0..<newSections {
            guard let old = newToOld[new], !batch.reloadedSections.contains(old) else { continue }
            let inserted = insertedBy[new]?.count ?? 0, deleted = deletedBy[old]?.count ?? 0
            let into = movedIn[new] ?? 0, outOf = movedOut[old] ?? 0
            let expected = oldCounts[old] + inserted - deleted + into - outOf
            guard newCounts[new] == expected else {
                return .failure(Failure(message: "Invalid update: invalid number of items in section \(new). The number of items "
                    + "contained in an existing section after the update (\(newCounts[new])) must be equal to the number of items "
                    + "contained in that section before the update (\(oldCounts[old])), plus or minus the number of items inserted "
                    + "or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items "
                    + "moved into or out of that section (\(into) moved in, \(outOf) moved out)."))
            }
        }

        for (section, items) in deletedBy {
            plan.removed[section, default: []].append(contentsOf: items)
        }
        for (new, items) in insertedBy {
            guard let old = newToOld[new] else { continue }
            plan.fixed[old, default: []].append(contentsOf: items)
        }
        for key in plan.removed.keys { plan.removed[key] = Array(Set(plan.removed[key]!)).sorted() }
        for key in plan.fixed.keys { plan.fixed[key] = Array(Set(plan.fixed[key]!)).sorted() }
        plan.deleted = Set(batch.deletedItems)
        plan.reloaded = Set(batch.reloadedItems)

        // What appears, and what the layout hears.
        for path in batch.insertedItems { plan.appearing.insert(path) }
        for section in batch.insertedSections {
            for item in 0..<newCounts[section] { plan.appearing.insert(IndexPath(item: item, section: section)) }
        }
        for path in batch.reloadedItems {
            if let new = plan.newIndexPath(forItem: path) { plan.appearing.insert(new) }
        }
        for section in batch.reloadedSections {
            guard let new = plan.sectionMap[section] else { continue }
            for item in 0..<newCounts[new] { plan.appearing.insert(IndexPath(item: item, section: new)) }
        }
        var items: [UICollectionViewUpdateItem] = []
        for section in batch.deletedSections {
            items.append(.init(before: IndexPath(item: Int.max, section: section), after: nil, action: .delete))
        }
        for section in batch.insertedSections {
            items.append(.init(before: nil, after: IndexPath(item: Int.max, section: section), action: .insert))
        }
        for section in batch.reloadedSections {
            items.append(.init(before: IndexPath(item: Int.max, section: section),
                               after: IndexPath(item: Int.max, section: plan.sectionMap[section] ?? section), action: .reload))
        }
        for path in batch.deletedItems { items.append(.init(before: path, after: nil, action: .delete)) }
        for path in batch.insertedItems { items.append(.init(before: nil, after: path, action: .insert)) }
        for path in batch.reloadedItems { items.append(.init(before: path, after: plan.newIndexPath(forItem: path), action: .reload)) }
        for move in batch.movedItems { items.append(.init(before: move.from, after: move.to, action: .move)) }
        plan.updateItems = items
        return .success(plan)
    }
}
