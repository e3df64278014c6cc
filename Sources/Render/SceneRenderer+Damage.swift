// Damage: what changed on screen since the last frame, found by comparing
// what each layer draws now with what it drew then.

/// What one layer drew in a frame. A class, so the per-frame table moves
/// pointers rather than copying keys.
final class DrawnState {
    /// Held strongly until the next frame replaces the table, so a freed
    /// layer's address cannot be reused by a new layer while we compare.
    let layer: RenderLayer
    /// Its node in that frame's tree.
    let node: DrawNode
    /// Pixels its own drawing covered (clipped).
    let footprint: PixelRect
    let key: DrawKey
    /// Held strongly for the same reason: new contents never alias old ones.
    let contents: LayerImage?
    /// Where it sat in the tree, to find reorders next frame.
    let parent: ObjectIdentifier?
    let siblingIndex: Int
    /// It, or an ancestor, changed places with siblings this frame, so what
    /// it covers or is covered by may have changed.
    let restacked: Bool

    init(layer: RenderLayer, node: DrawNode, footprint: PixelRect, key: DrawKey, contents: LayerImage?,
         parent: ObjectIdentifier?, siblingIndex: Int, restacked: Bool) {
        self.layer = layer
        self.node = node
        self.footprint = footprint
        self.key = key
        self.contents = contents
        self.parent = parent
        self.siblingIndex = siblingIndex
        self.restacked = restacked
    }
}

extension SceneRenderer {
    /// The region to recomposite: layers whose drawn state or stacking
    /// changed (old and new footprints), layers no longer drawn (old
    /// footprints), and pending contents damage. Everything after invalidateAll() or on the first frame.
    func damageRegion(previous: [ObjectIdentifier: DrawnState], frame: FrameBuilder, output: PixelRect) -> Region {
        if needsFullDamage { return Region(output) }
        let damage = frame.contentsDamage.copy()
        // A change within a replicator redraws every copy, and one within a
        // projected plane the whole projection: its whole subtree, before and now.
        let replicators = frame.wholeSubtreeNodes, lastReplicators = drawnReplicators
        let watchesReplicators = !replicators.isEmpty || !lastReplicators.isEmpty
        // Ancestors already walked, so a deep chain is walked once, not once per changed layer.
        var walked = Set<ObjectIdentifier>()
        func damageReplicators(enclosing id: ObjectIdentifier, _ states: [ObjectIdentifier: DrawnState]) {
            var current: ObjectIdentifier? = id
            while let next = current, walked.insert(next).inserted {
                if let node = replicators[next] { damage.formUnion(node.subtreeRect) }
                if let node = lastReplicators[next] { damage.formUnion(node.subtreeRect) }
                current = states[next]?.parent
            }
        }
        for (id, now) in frame.states {
            if let before = previous[id] {
                if now.restacked || before.key != now.key || before.contents !== now.contents {
                    damage.formUnion(before.footprint)
                    damage.formUnion(now.footprint)
                    if watchesReplicators { damageReplicators(enclosing: id, frame.states) }
                    // A mask added or taken away changes the whole subtree's pixels.
                    if before.key.group?.hasMaskLayer != now.key.group?.hasMaskLayer {
                        damage.formUnion(before.node.subtreeRect)
                        damage.formUnion(now.node.subtreeRect)
                    }
                }
            } else {
                damage.formUnion(now.footprint)
                if watchesReplicators { damageReplicators(enclosing: id, frame.states) }
            }
        }
        for (id, before) in previous where frame.states[id] == nil {
            damage.formUnion(before.footprint)
            if watchesReplicators { damageReplicators(enclosing: id, previous) }
        }
        damage.formIntersection(output)
        return damage
    }
}
