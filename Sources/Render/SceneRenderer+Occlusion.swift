// Occlusion, as weston's pixman renderer does it: walk the paint items front
// to back accumulating the region that opaque items cover, so each item is
// painted only where nothing opaque lies in front of it.

/// One unit of back-to-front painting at the top level: a layer's shadow,
/// its own drawing (background, gradient, contents, shape), a whole
/// offscreen group, or its border (drawn above its sublayers).
enum PaintItem {
    case shadow(DrawNode)
    /// A material: what is below blurred (outside groups), then its tint.
    case backdrop(DrawNode)
    case own(DrawNode)
    case group(DrawNode)
    case border(DrawNode)
    /// A layer drawn in its own plane and projected (3-D).
    case projected(DrawNode)

    /// Items of `node`'s subtree in paint order; groups stay whole. (A
    /// loop, not recursion: trees may be 100,000 levels deep.) With
    /// `bounds`, a subtree whose rect lies outside them is left out whole:
    /// nothing in it could paint there, and a small change in a large tree
    /// then walks only the branches over it.
    static func items(of node: DrawNode, touching bounds: PixelRect? = nil, into items: inout [PaintItem]) {
        // A border is drawn once the layer's sublayers are: it waits on the stack below them.
        var stack: [(node: DrawNode, isBorder: Bool)] = [(node, false)]
        while let (next, isBorder) = stack.popLast() {
            if isBorder { items.append(.border(next)); continue }
            if let bounds, next.subtreeRect.intersection(bounds).isEmpty { continue }
            if next.projection != nil { items.append(.projected(next)); continue }
            // A mask layer masks the shadow too: it is drawn inside the group then.
            if next.decorations?.shadow != nil, next.group?.hasMaskLayer != true { items.append(.shadow(next)) }
            if next.group != nil {
                items.append(.group(next))
            } else {
                if next.backdrop != nil { items.append(.backdrop(next)) }
                items.append(.own(next))
                if next.decorations?.border != nil { stack.append((next, true)) }
                for child in next.children.reversed() { stack.append((child, false)) }
            }
        }
    }

    /// Items inside a group's offscreen: the group layer's own drawing, its
    /// sublayers, its border. (Its shadow is drawn outside, under the group,
    /// unless a mask layer masks it too.)
    static func contents(ofGroup node: DrawNode) -> [PaintItem] {
        var items: [PaintItem] = []
        if node.decorations?.shadow != nil, node.group?.hasMaskLayer == true { items.append(.shadow(node)) }
        if node.backdrop != nil { items.append(.backdrop(node)) }
        items.append(.own(node))
        for child in node.children { Self.items(of: child, into: &items) }
        if node.decorations?.border != nil { items.append(.border(node)) }
        return items
    }

    /// The pixels this item may touch.
    var extent: PixelRect {
        switch self {
        case .own(let node): return node.ownRect
        case .group(let node), .projected(let node): return node.subtreeRect
        case .backdrop(let node): return node.backdrop?.rect ?? .empty
        case .shadow(let node): return node.decorations?.shadow?.raster.rect.intersection(node.clip) ?? .empty
        case .border(let node): return node.decorations?.border?.raster.rect.intersection(node.clip) ?? .empty
        }
    }

    /// Pixels this item paints fully opaque: an unfaded, pixel-aligned opaque
    /// background, opaque contents, or the part of its contents promised
    /// opaque. Groups count as not opaque.
    var opaqueRegion: Region? {
        guard case .own(let node) = self else { return nil }
        var region: Region? = nil
        if node.backgroundIsOpaque {
            region = Region(node.backgroundRect.intersection(node.clip))
        }
        if !node.opaqueInterior.isEmpty {
            let r = region ?? Region()
            r.formUnion(node.opaqueInterior)
            region = r
        }
        if node.contentsAreOpaque {
            let r = region ?? Region()
            for draw in node.contentsDraws { r.formUnion(draw.rect.intersection(node.clip)) }
            region = r
        }
        if node.contentsClip != nil, node.contentsOpaquePixels, let corners = node.cornerRegion {
            // Opaque contents clipped to rounded corners: opaque but at the corners.
            let r = region ?? Region()
            for draw in node.contentsDraws where draw.rectilinear { r.formUnion(Region(draw.rect.intersection(node.clip)).subtracting(corners)) }
            region = r
        }
        if !node.promisedOpaque.isEmpty {
            let r = region ?? Region()
            for rect in node.promisedOpaque { r.formUnion(rect) }
            region = r
        }
        return region
    }
}

extension SceneRenderer {
    /// For each item, back to front, the region it should paint: the damage
    /// minus everything opaque in front of it. Also returns the total opaque
    /// region, whose complement in the damage gets cleared.
    func occlusionClips(_ items: [PaintItem], damage: Region) -> (clips: [Region?], opaque: Region) {
        var clips = [Region?](repeating: nil, count: items.count)
        let opaque = Region()
        // A rect test first: most items of a small change lie far from it.
        let bounds = damage.extents
        for index in items.indices.reversed() {
            let item = items[index]
            let extent = item.extent
            guard !extent.intersection(bounds).isEmpty, damage.intersects(extent), !opaque.contains(extent) else { continue }
            let clip = damage.intersection(extent)
            clip.subtract(opaque)
            if clip.isEmpty { continue }
            clips[index] = clip
            // What a material blurs must be painted below it, whatever hides it from in front.
            if case .backdrop(let node) = item, let plan = node.backdrop, plan.readsBelow {
                opaque.subtract(Region(plan.source))
            }
            if let covered = item.opaqueRegion {
                covered.formIntersection(damage)
                opaque.formUnion(covered)
            }
        }
        return (clips, opaque)
    }
}
