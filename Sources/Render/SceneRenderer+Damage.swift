// Damage: what changed on screen since the last frame, found by comparing
// what each layer draws now with what it drew then.

/// What one layer drew in a frame.
struct DrawnState {
    /// Weak, so a freed layer whose address is reused reads as a different one.
    weak var layer: RenderLayer?
    /// Pixels its own drawing covered (clipped).
    var footprint: PixelRect
    var key: DrawKey
    /// Held strongly so the object cannot be freed and its address reused
    /// by new contents while we compare identities.
    var contents: LayerImage?
}

extension SceneRenderer {
    /// The region to recomposite: layers whose drawn state changed (old and
    /// new footprints), layers no longer drawn (old footprints), and pending
    /// contents damage. Everything after invalidateAll() or on the first frame.
    func damageRegion(previous: [ObjectIdentifier: DrawnState], frame: FrameBuilder, output: PixelRect) -> Region {
        if needsFullDamage { return Region(output) }
        let damage = frame.contentsDamage.copy()
        for (id, now) in frame.states {
            if let before = previous[id], before.layer != nil, before.layer === now.layer {
                if before.key != now.key || before.contents !== now.contents {
                    damage.formUnion(before.footprint)
                    damage.formUnion(now.footprint)
                }
            } else {
                if let before = previous[id] { damage.formUnion(before.footprint) }
                damage.formUnion(now.footprint)
            }
        }
        for (id, before) in previous {
            if let now = frame.states[id], now.layer === before.layer, before.layer != nil { continue }
            damage.formUnion(before.footprint)
        }
        damage.formIntersection(output)
        return damage
    }
}
