import Foundation

/// The state of a list's data at one moment: its sections and their items,
/// each known by a unique, hashable identifier. A diffable data source
/// (collection or table) compares the snapshot it is given with the one it
/// shows and applies the difference.
///
/// It depends on no view: UICollectionViewDiffableDataSource and
/// UITableViewDiffableDataSource share it. Identifiers must be unique
/// across the whole snapshot, as UIKit requires (UIKit raises on a
/// duplicate; so does this, with a fatal error naming it).
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    public typealias SectionIdentifier = SectionIdentifierType
    public typealias ItemIdentifier = ItemIdentifierType

    /// Sections in order, each with its items in order.
    private var sections: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []
    /// Where each section is, and which section holds each item.
    private var sectionIndexes: [SectionIdentifierType: Int] = [:]
    private var itemSections: [ItemIdentifierType: SectionIdentifierType] = [:]

    /// Items and sections marked to reload or reconfigure when the snapshot is applied.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []

    public init() {}

    // MARK: Reading

    public var numberOfItems: Int { itemSections.count }
    public var numberOfSections: Int { sections.count }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        items[requiredIndex(of: identifier)].count
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        items[requiredIndex(of: identifier)]
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        itemSections[identifier]
    }

    /// The item's index among all items (sections one after another).
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let position = position(of: identifier) else { return nil }
        return items[..<position.section].reduce(0) { $0 + $1.count } + position.item
    }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sectionIndexes[identifier]
    }

    /// The section index and the index within it, or nil.
    func position(of identifier: ItemIdentifierType) -> (section: Int, item: Int)? {
        guard let section = itemSections[identifier], let sectionIndex = sectionIndexes[section],
              let item = items[sectionIndex].firstIndex(of: identifier) else { return nil }
        return (sectionIndex, item)
    }

    /// The items of the section at `index`, for data sources.
    func items(inSectionAt index: Int) -> [ItemIdentifierType] { items[index] }

    // MARK: Items

    /// Appends to `section`, or to the last section when nil.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        guard let section = sectionIdentifier ?? sections.last else {
            fatalError("There are currently no sections in the data source. Please add a section first.")
        }
        let index = requiredIndex(of: section)
        claim(identifiers, for: section)
        items[index].append(contentsOf: identifiers)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insert(identifiers, at: beforeIdentifier, after: false)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insert(identifiers, at: afterIdentifier, after: true)
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], at anchor: ItemIdentifierType, after: Bool) {
        guard let position = position(of: anchor) else {
            fatalError("Invalid parameter not satisfying: the item \(anchor) to insert \(after ? "after" : "before") is not in the snapshot")
        }
        claim(identifiers, for: sections[position.section])
        items[position.section].insert(contentsOf: identifiers, at: position.item + (after ? 1 : 0))
    }

    /// Removes the items (identifiers not in the snapshot are ignored).
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        var bySection: [Int: Set<ItemIdentifierType>] = [:]
        for identifier in identifiers {
            guard let section = itemSections.removeValue(forKey: identifier), let index = sectionIndexes[section] else { continue }
            bySection[index, default: []].insert(identifier)
        }
        for (index, removed) in bySection {
            items[index].removeAll { removed.contains($0) }
        }
    }

    /// Removes every item and section.
    public mutating func deleteAllItems() {
        self = NSDiffableDataSourceSnapshot()
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        move(identifier, to: toIdentifier, after: false)
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        move(identifier, to: toIdentifier, after: true)
    }

    private mutating func move(_ identifier: ItemIdentifierType, to anchor: ItemIdentifierType, after: Bool) {
        guard identifier != anchor, let from = position(of: identifier) else {
            if identifier == anchor { return }
            fatalError("Invalid parameter not satisfying: the item \(identifier) to move is not in the snapshot")
        }
        items[from.section].remove(at: from.item)
        itemSections[identifier] = nil
        insert([identifier], at: anchor, after: after)
    }

    /// Marks items whose cells must be made again when the snapshot is applied.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        requireItems(identifiers)
        reloadedItemIdentifiers.append(contentsOf: identifiers)
    }

    /// Marks items whose cells are configured again, in place, when the snapshot is applied.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        requireItems(identifiers)
        reconfiguredItemIdentifiers.append(contentsOf: identifiers)
    }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            guard sectionIndexes[identifier] == nil else { duplicate(section: identifier) }
            sectionIndexes[identifier] = sections.count
            sections.append(identifier)
            items.append([])
        }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, at: requiredIndex(of: toIdentifier))
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        insertSections(identifiers, at: requiredIndex(of: toIdentifier) + 1)
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
        for identifier in identifiers where sectionIndexes[identifier] != nil { duplicate(section: identifier) }
        sections.insert(contentsOf: identifiers, at: index)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: index)
        reindexSections()
    }

    /// Removes the sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let removed = Set(identifiers)
        for index in sections.indices where removed.contains(sections[index]) {
            for item in items[index] { itemSections[item] = nil }
        }
        let kept = sections.indices.filter { !removed.contains(sections[$0]) }
        items = kept.map { items[$0] }
        sections = kept.map { sections[$0] }
        reindexSections()
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, to: toIdentifier, after: false)
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, to: toIdentifier, after: true)
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, to anchor: SectionIdentifierType, after: Bool) {
        guard identifier != anchor else { return }
        let from = requiredIndex(of: identifier)
        let moved = items.remove(at: from)
        sections.remove(at: from)
        reindexSections()
        let to = requiredIndex(of: anchor) + (after ? 1 : 0)
        sections.insert(identifier, at: to)
        items.insert(moved, at: to)
        reindexSections()
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers { _ = requiredIndex(of: identifier) }
        reloadedSectionIdentifiers.append(contentsOf: identifiers)
    }

    /// Forgets the reload and reconfigure marks (once they were applied).
    mutating func clearMarks() {
        reloadedItemIdentifiers = []
        reconfiguredItemIdentifiers = []
        reloadedSectionIdentifiers = []
    }

    // MARK: Bookkeeping

    private mutating func reindexSections() {
        sectionIndexes = [:]
        for (index, section) in sections.enumerated() { sectionIndexes[section] = index }
    }

    /// Records the items as the section's; a duplicate is fatal, as in UIKit.
    private mutating func claim(_ identifiers: [ItemIdentifierType], for section: SectionIdentifierType) {
        for identifier in identifiers {
            guard itemSections.updateValue(section, forKey: identifier) == nil else {
                fatalError("Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(identifier))}")
            }
        }
    }

    private func requiredIndex(of section: SectionIdentifierType) -> Int {
        guard let index = sectionIndexes[section] else {
            fatalError("Invalid parameter not satisfying: section identifier \(section) is not in the snapshot")
        }
        return index
    }

    private func requireItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers where itemSections[identifier] == nil {
            fatalError("Invalid item identifier specified for reload or reconfigure: \(identifier)")
        }
    }

    private func duplicate(section: SectionIdentifierType) -> Never {
        fatalError("Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\(section))}")
    }
}
