import StrataProtocol

// The frame of an animation, or of windows that drew new contents: when
// since the last frame only properties of layers that were drawn changed
// and only images those layers show were damaged (no sublayer added,
// removed or moved), only those layers' subtrees are built again and put
// into last frame's tree in place of the old ones, and only their layers
// are compared for damage. What a frame costs then follows what changed,
// not the size of the whole tree.

extension SceneRenderer {
    /// Rebuilds the subtrees of the `changed` layers, and of the layers
    /// showing `damagedImages`, in `tree` and returns the damage, or nil
    /// (with nothing touched) when the frame needs a full build: a changed
    /// layer was not drawn, is the root, or is hidden now, or a damaged
    /// image is shown by no layer that was drawn (it may be under a hidden
    /// layer, whose pending damage the full build takes and drops).
    func patch(_ tree: DrawNode, changed: Set<ObjectIdentifier>, damagedImages: Set<ObjectIdentifier>,
               output: PixelRect, sharedDamage: SharedImageDamage?) -> Region? {
        var changed = changed
        if !damagedImages.isEmpty {
            var shown = Set<ObjectIdentifier>()
            func redraw(_ id: ObjectIdentifier, ifShowing image: LayerImage?) {
                guard let image, damagedImages.contains(ObjectIdentifier(image)) else { return }
                changed.insert(id)
                shown.insert(ObjectIdentifier(image))
            }
            for (id, state) in drawn {
                // What it showed last frame, and what it shows now (new contents are a property change).
                redraw(id, ifShowing: state.contents)
                redraw(id, ifShowing: state.layer.contents)
            }
            guard shown.count == damagedImages.count else { return nil }
        }
        // Each changed layer's node; one under another changed layer is rebuilt with it.
        var nodes: [DrawNode] = []
        for id in changed {
            guard let state = drawn[id], state.node.inherited?.parent != nil else { return nil }
            // Hidden now: its parent may stop being an offscreen group (that
            // depends on having visible sublayers), so build the whole frame.
            let layer = state.layer
            if layer.isHidden || !(layer.opacity > 0) { return nil }
            // A replicator's copies are not tracked layer by layer: build the whole frame.
            if layer.replicator != nil { return nil }
            // In 3-D the layer's place depends on its superlayer's sublayer transform: build the whole frame.
            if layer.depth != nil || layer.superlayer?.depth != nil || state.node.inherited?.parent?.layer.depth != nil { return nil }
            var ancestor = state.node.inherited?.parent
            var covered = false
            while let node = ancestor {
                if changed.contains(ObjectIdentifier(node.layer)) { covered = true; break }
                ancestor = node.inherited?.parent
            }
            if !covered { nodes.append(state.node) }
        }

        var states = drawn
        drawn = [:]
        defer { drawn = states }
        let damage = Region()
        // One builder for every rebuilt subtree: an image that several of
        // them show has its damage taken once, and each of them sees it.
        let frame = FrameBuilder(scale: scale, output: output, previous: [:], assumesNoRestacking: true,
                                 sharedDamage: sharedDamage, cache: decorationCache)
        for old in nodes {
            guard var context = old.inherited, let parent = context.parent,
                  let index = parent.children.firstIndex(where: { $0 === old }) else { continue }
            // The layer's own geometry may be what changed: place it afresh in its parent.
            context.toPixel = old.layer.transformToSuperlayer.concatenating(parent.toPixel)
            context.restacked = false
            let rebuilt = frame.build(old.layer, context)
            if let rebuilt { parent.children[index] = rebuilt } else { parent.children.remove(at: index) }

            // Compare each layer of the old subtree with what it draws now.
            var stack = [old]
            while let node = stack.popLast() {
                stack += node.children
                if node.backdrop != nil { drawnBackdrops[ObjectIdentifier(node)] = nil }
                let id = ObjectIdentifier(node.layer)
                guard let before = states[id] else { continue }
                if let now = frame.states[id] {
                    if before.key != now.key || before.contents !== now.contents {
                        damage.formUnion(before.footprint)
                        damage.formUnion(now.footprint)
                    }
                } else {
                    damage.formUnion(before.footprint)
                    states[id] = nil
                }
            }

            // The ancestors' subtree rects cover the new subtree too (a rect
            // that stays larger than needed only costs culling).
            var grown = rebuilt?.subtreeRect ?? .empty
            var ancestor: DrawNode? = parent
            while let node = ancestor {
                let rect = node.subtreeRect.union(grown)
                if rect == node.subtreeRect { break }
                node.subtreeRect = rect
                grown = rect
                ancestor = node.inherited?.parent
            }
        }
        for (id, now) in frame.states {
            if states[id] == nil { damage.formUnion(now.footprint) }
            states[id] = now
        }
        for node in frame.backdropNodes { drawnBackdrops[ObjectIdentifier(node)] = node }
        damage.formUnion(frame.contentsDamage)
        prescaleCache.invalidate(imagesDamagedIn: frame)
        damage.formIntersection(output)
        return damage
    }
}
