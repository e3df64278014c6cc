/// A small list of weak references: the back-pointers of the pending tree,
/// which must not keep a destroyed superlayer or context alive.
struct WeakList<Object: AnyObject> {
    private struct Entry { weak var object: Object? }
    private var entries: [Entry] = []

    var objects: [Object] { entries.compactMap(\.object) }

    mutating func insert(_ object: Object) {
        entries.removeAll { $0.object == nil }
        if !entries.contains(where: { $0.object === object }) { entries.append(Entry(object: object)) }
    }

    mutating func remove(_ object: Object) {
        entries.removeAll { $0.object == nil || $0.object === object }
    }

    mutating func removeAll() { entries = [] }
}
