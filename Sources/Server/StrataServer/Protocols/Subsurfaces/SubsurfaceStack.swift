/// A parent surface and its subsurfaces, bottom to top. The parent is in
/// the stack too, as wl_subsurface.place_above/place_below may name it.
struct SubsurfaceStack {
    enum Entry {
        /// The parent surface's own contents.
        case parent
        case child(Subsurface)

        var subsurface: Subsurface? {
            if case .child(let subsurface) = self { return subsurface }
            return nil
        }
    }

    private(set) var entries: [Entry] = [.parent]

    var subsurfaces: [Subsurface] { entries.compactMap(\.subsurface) }

    func contains(_ subsurface: Subsurface) -> Bool { index(of: subsurface) != nil }

    /// A new subsurface goes on top of its siblings and the parent.
    mutating func push(_ subsurface: Subsurface) {
        entries.append(.child(subsurface))
    }

    mutating func remove(_ subsurface: Subsurface) {
        entries.removeAll { $0.subsurface === subsurface }
    }

    /// Moves `subsurface` just above (or below) `reference`: nil for the
    /// parent. False when `reference` is not in the stack.
    mutating func place(_ subsurface: Subsurface, relativeTo reference: Subsurface?, above: Bool) -> Bool {
        guard subsurface !== reference, contains(subsurface), reference.map(contains) ?? true else { return false }
        remove(subsurface)
        let found = reference.flatMap(index(of:)) ?? entries.firstIndex { $0.subsurface == nil }!
        entries.insert(.child(subsurface), at: above ? found + 1 : found)
        return true
    }

    /// The same surfaces in the same order.
    func hasSameOrder(as other: SubsurfaceStack) -> Bool {
        entries.count == other.entries.count && zip(entries, other.entries).allSatisfy { $0.subsurface === $1.subsurface }
    }

    private func index(of subsurface: Subsurface) -> Int? {
        entries.firstIndex { $0.subsurface === subsurface }
    }
}
