import Foundation

/// One section's items as a tree (iOS 14): items with children, each
/// parent expanded or collapsed. The visible items (a parent's children
/// show while it and all its ancestors are expanded) are what the section
/// shows. Like `NSDiffableDataSourceSnapshot` it is a value with no view
/// in it; identifiers must be unique.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
    /// The children of each item (the roots under nil), in order.
    private var children: [ItemIdentifierType?: [ItemIdentifierType]] = [:]
    private var parents: [ItemIdentifierType: ItemIdentifierType] = [:]
    private var members: Set<ItemIdentifierType> = []
    private var expanded: Set<ItemIdentifierType> = []

    public init() {}

    // MARK: Reading

    /// Every item, depth first.
    public var items: [ItemIdentifierType] { flatten(under: nil, visibleOnly: false) }

    /// The items that show: roots, and the children of expanded items whose ancestors are expanded too.
    public var visibleItems: [ItemIdentifierType] { flatten(under: nil, visibleOnly: true) }

    public var rootItems: [ItemIdentifierType] { children[nil] ?? [] }

    public func contains(_ item: ItemIdentifierType) -> Bool { members.contains(item) }

    /// The item's position among all items, depth first.
    public func index(of item: ItemIdentifierType) -> Int? { items.firstIndex(of: item) }

    public func level(of item: ItemIdentifierType) -> Int {
        var level = 0
        var current = parents[item]
        while let parent = current {
            level += 1
            current = parents[parent]
        }
        return level
    }

    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { parents[child] }

    public func isExpanded(_ item: ItemIdentifierType) -> Bool { expanded.contains(item) }

    /// Whether the item shows: all its ancestors are expanded.
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard members.contains(item) else { return false }
        var current = parents[item]
        while let parent = current {
            if !expanded.contains(parent) { return false }
            current = parents[parent]
        }
        return true
    }

    /// The item's subtree as a snapshot of its own (with the item as its root, or its children as roots).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        var result = NSDiffableDataSourceSectionSnapshot()
        if includingParent {
            result.append([parent])
            copySubtree(of: parent, to: parent, into: &result)
        } else {
            for child in children[parent] ?? [] {
                result.append([child])
                copySubtree(of: child, to: child, into: &result)
            }
        }
        return result
    }

    private func copySubtree(of item: ItemIdentifierType, to target: ItemIdentifierType,
                             into result: inout NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
        if expanded.contains(item) { result.expanded.insert(target) }
        let kids = children[item] ?? []
        guard !kids.isEmpty else { return }
        result.append(kids, to: target)
        for kid in kids { copySubtree(of: kid, to: kid, into: &result) }
    }

    private func flatten(under parent: ItemIdentifierType?, visibleOnly: Bool) -> [ItemIdentifierType] {
        var result: [ItemIdentifierType] = []
        func visit(_ item: ItemIdentifierType) {
            result.append(item)
            if visibleOnly && !expanded.contains(item) { return }
            for child in children[item] ?? [] { visit(child) }
        }
        for root in children[parent] ?? [] { visit(root) }
        return result
    }

    // MARK: Changing

    /// Appends items as the last children of `parent` (as roots when nil).
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        if let parent, !members.contains(parent) {
            fatalError("Invalid parent item \(parent): it is not in the section snapshot")
        }
        claim(items, parent: parent)
        children[parent, default: []].append(contentsOf: items)
    }

    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        insert(items, at: item, after: false)
    }

    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        insert(items, at: item, after: true)
    }

    private mutating func insert(_ items: [ItemIdentifierType], at anchor: ItemIdentifierType, after: Bool) {
        guard members.contains(anchor) else { fatalError("Invalid item \(anchor): it is not in the section snapshot") }
        let parent = parents[anchor]
        claim(items, parent: parent)
        let siblings = children[parent] ?? []
        let index = siblings.firstIndex(of: anchor)! + (after ? 1 : 0)
        children[parent, default: []].insert(contentsOf: items, at: index)
    }

    /// Removes the items and everything under them.
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items where members.contains(item) {
            let parent = parents[item]
            children[parent]?.removeAll { $0 == item }
            forget(item)
        }
    }

    public mutating func deleteAll() {
        self = NSDiffableDataSourceSectionSnapshot()
    }

    public mutating func expand(_ items: [ItemIdentifierType]) {
        for item in items where members.contains(item) { expanded.insert(item) }
    }

    public mutating func collapse(_ items: [ItemIdentifierType]) {
        for item in items { expanded.remove(item) }
    }

    /// Replaces the children of `parent` with the roots of `snapshot` (and their subtrees).
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
        for child in children[parent] ?? [] { forget(child) }
        children[parent] = []
        for root in snapshot.rootItems {
            append([root], to: parent)
            copy(root, from: snapshot)
        }
    }

    private mutating func copy(_ item: ItemIdentifierType, from snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>) {
        if snapshot.isExpanded(item) { expanded.insert(item) }
        let kids = snapshot.children[item] ?? []
        guard !kids.isEmpty else { return }
        append(kids, to: item)
        for kid in kids { copy(kid, from: snapshot) }
    }

    private mutating func forget(_ item: ItemIdentifierType) {
        for child in children[item] ?? [] { forget(child) }
        children[item] = nil
        parents[item] = nil
        members.remove(item)
        expanded.remove(item)
    }

    private mutating func claim(_ items: [ItemIdentifierType], parent: ItemIdentifierType?) {
        for item in items {
            guard members.insert(item).inserted else {
                fatalError("Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(item))}")
            }
            if let parent { parents[item] = parent }
        }
    }
}
