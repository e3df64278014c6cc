import Foundation

/// What turns one snapshot into another, as index-path changes a batch
/// update takes: sections deleted (old indexes), inserted (new), moved;
/// items deleted (old paths), inserted (new), moved (old → new),
/// reloaded (old). Items that move to another section, and items whose
/// order among the items staying in their section changed, are moves;
/// the reordering within a section comes from Swift's `CollectionDifference`
/// (Myers' algorithm, O((n + m) · d)) with moves inferred, and only for
/// sections whose staying items changed order, so 10,000 items with a
/// hundred changes cost a few passes over the items.
struct SnapshotDifference<S: Hashable, I: Hashable> {
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
    var deletedItems: [IndexPath] = []
    var insertedItems: [IndexPath] = []
    var movedItems: [(from: IndexPath, to: IndexPath)] = []
    var reloadedItems: [IndexPath] = []
    var reloadedSections = IndexSet()

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && movedItems.isEmpty && reloadedItems.isEmpty && reloadedSections.isEmpty
    }

    init(from old: NSDiffableDataSourceSnapshot<S, I>, to new: NSDiffableDataSourceSnapshot<S, I>) {
        let oldSections = old.sectionIdentifiers, newSections = new.sectionIdentifiers
        var oldSectionIndex: [S: Int] = [:], newSectionIndex: [S: Int] = [:]
        for (index, section) in oldSections.enumerated() { oldSectionIndex[section] = index }
        for (index, section) in newSections.enumerated() { newSectionIndex[section] = index }
        for (index, section) in oldSections.enumerated() where newSectionIndex[section] == nil { deletedSections.insert(index) }
        for (index, section) in newSections.enumerated() where oldSectionIndex[section] == nil { insertedSections.insert(index) }

        // Sections that stay but changed order.
        let oldStaying = oldSections.filter { newSectionIndex[$0] != nil }
        let newStaying = newSections.filter { oldSectionIndex[$0] != nil }
        if oldStaying != newStaying {
            for change in newStaying.difference(from: oldStaying).inferringMoves() {
                if case let .remove(_, section, associated) = change, associated != nil {
                    movedSections.append((oldSectionIndex[section]!, newSectionIndex[section]!))
                }
            }
        }

        // Where every item was and is.
        var oldPaths: [I: IndexPath] = [:], newPaths: [I: IndexPath] = [:]
        oldPaths.reserveCapacity(old.numberOfItems)
        newPaths.reserveCapacity(new.numberOfItems)
        for section in oldSections.indices {
            for (item, identifier) in old.items(inSectionAt: section).enumerated() {
                oldPaths[identifier] = IndexPath(item: item, section: section)
            }
        }
        for section in newSections.indices {
            for (item, identifier) in new.items(inSectionAt: section).enumerated() {
                newPaths[identifier] = IndexPath(item: item, section: section)
            }
        }

        for section in oldSections.indices where !deletedSections.contains(section) {
            for (item, identifier) in old.items(inSectionAt: section).enumerated() where newPaths[identifier] == nil {
                deletedItems.append(IndexPath(item: item, section: section))
            }
        }
        for section in newSections.indices where !insertedSections.contains(section) {
            let oldSection = oldSectionIndex[newSections[section]]!
            var staying: [I] = []
            for (item, identifier) in new.items(inSectionAt: section).enumerated() {
                guard let was = oldPaths[identifier], !deletedSections.contains(was.section) else {
                    // New, or out of a deleted section: inserted here.
                    insertedItems.append(IndexPath(item: item, section: section))
                    continue
                }
                if was.section != oldSection {
                    movedItems.append((was, IndexPath(item: item, section: section)))
                } else {
                    staying.append(identifier)
                }
            }
            // The order of the items that stay in this section.
            let before = old.items(inSectionAt: oldSection).filter { newPaths[$0]?.section == section }
            if before != staying {
                for change in staying.difference(from: before).inferringMoves() {
                    if case let .remove(_, identifier, associated) = change, associated != nil {
                        movedItems.append((oldPaths[identifier]!, newPaths[identifier]!))
                    }
                }
            }
        }
        // Items leaving for an inserted section leave their old one: deletions there.
        for section in newSections.indices where insertedSections.contains(section) {
            for identifier in new.items(inSectionAt: section) {
                if let was = oldPaths[identifier], !deletedSections.contains(was.section) { deletedItems.append(was) }
            }
        }

        let moved = Set(movedItems.map(\.from))
        for identifier in Set(new.reloadedItemIdentifiers) {
            if let was = oldPaths[identifier], newPaths[identifier] != nil, !deletedSections.contains(was.section), !moved.contains(was) {
                reloadedItems.append(was)
            }
        }
        for identifier in Set(new.reloadedSectionIdentifiers) {
            if let was = oldSectionIndex[identifier], newSectionIndex[identifier] != nil { reloadedSections.insert(was) }
        }
    }
}
