import CPixman
import StrataProtocol

// A shadow without a shadow path takes the layer's composited alpha, its
// sublayers' included, as Core Animation does: a clear container with a
// shadow around a rounded, clipped content view (the usual way to have both
// corners and a shadow) casts the content's shape. The sublayers are drawn
// into the raster when it is made; a hash of what they draw says when it
// must be made again.

/// What a layer's sublayers add to its shadow: where they lie (one level
/// down), what they draw, and whether an image among them changed.
struct SublayerShadowSource {
    var area: Rect
    var signature: Int
    var stale: Bool
}

extension FrameBuilder {
    /// Sublayers beyond this many are left out of a shadow (it is then the layer's own).
    static let maximumShadowSublayers = 512

    /// The source of `layer`'s sublayers, or nil when they add nothing:
    /// none visible, too many, or all inside an opaque rounded background.
    func sublayerShadowSource(of layer: RenderLayer, _ m: RenderLayer.Properties, backgroundAlpha: Double) -> SublayerShadowSource? {
        let visible = layer.sublayers.filter { !$0.isHidden && $0.opacity > 0 }
        guard !visible.isEmpty else { return nil }
        var area = Rect.zero
        for sublayer in visible { area = area.union(sublayer.transformToSuperlayer.boundingBox(of: sublayer.bounds)) }
        // Inside an opaque background, clear of its corners: they change nothing.
        let inset = min(m.style.cornerRadius, min(m.bounds.width, m.bounds.height) / 2)
        let inside = Rect(x: m.bounds.minX + inset, y: m.bounds.minY + inset,
                          width: m.bounds.width - 2 * inset, height: m.bounds.height - 2 * inset)
        if backgroundAlpha >= 1, area.intersection(inside) == area, !area.isEmpty { return nil }
        var hasher = Hasher()
        var stale = false
        var count = 0
        var stack: [RenderLayer] = visible.reversed()
        while let next = stack.popLast() {
            count += 1
            guard count <= Self.maximumShadowSublayers else { return nil }
            let p = next.properties
            guard !p.isHidden, p.opacity > 0 else { hasher.combine(0); continue }
            hasher.combine(p.position); hasher.combine(p.bounds); hasher.combine(p.anchorPoint); hasher.combine(p.transform)
            hasher.combine(p.opacity); hasher.combine(p.masksToBounds); hasher.combine(p.backgroundColor); hasher.combine(p.isOpaque)
            hasher.combine(p.style); hasher.combine(p.shape); hasher.combine(p.gradient); hasher.combine(p.replicator)
            if let image = p.contents {
                hasher.combine(ObjectIdentifier(image))
                hasher.combine(p.contentsScale); hasher.combine(p.contentsGravity); hasher.combine(p.contentsRect)
                hasher.combine(p.contentsCenter); hasher.combine(p.contentsTransform)
                if !damage(of: image).isEmpty { stale = true }
            }
            hasher.combine(next.sublayers.count)
            stack += next.sublayers.reversed()
        }
        return SublayerShadowSource(area: area, signature: hasher.finalize(), stale: stale)
    }

    /// The sublayers' composited alpha, drawn over `raster` as the layer shows them.
    func drawSublayersAlpha(of layer: RenderLayer, into raster: CoverageRaster) {
        let placement = raster.placement
        let output = PixelRect(x: 0, y: 0, width: placement.width, height: placement.height)
        // Its own builder and rasters: the frame's are placed on the output, these in the shadow's raster.
        let builder = FrameBuilder(scale: scale, output: output, previous: [:], takesDamage: false)
        var items: [PaintItem] = []
        for (index, sublayer) in layer.sublayers.enumerated() {
            let context = Inherited(toPixel: sublayer.transformToSuperlayer.concatenating(placement.layerToRaster), outerClip: output,
                                    inheritedOpacity: 1, masks: [], parent: nil, siblingIndex: index, restacked: false, fade: 1,
                                    groupDepth: 0)
            if let node = builder.build(sublayer, context) { PaintItem.items(of: node, into: &items) }
        }
        guard !items.isEmpty,
              let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(output.width), Int32(output.height), nil, 0) else { return }
        defer { pixman_image_unref(image) }
        let painter = SceneRenderer(width: 1, height: 1, scale: scale)
        let clip = Region(output)
        for item in items { painter.paint(item, into: PaintTarget(image: image), clip: clip) }
        pixman_image_composite32(PIXMAN_OP_OVER, image, nil, raster.image, 0, 0, 0, 0, 0, 0, Int32(output.width), Int32(output.height))
    }
}
