import CPixman
import StrataProtocol

// Painting: every composite goes through `composite`, which clips to a
// region, counts the pixels and operations, and is the one place pixman's
// composite is called.

/// A destination: the framebuffer or an offscreen, placed in output pixels.
struct PaintTarget {
    var image: OpaquePointer
    var originX = 0, originY = 0
}

extension SceneRenderer {
    /// Composites `source` (through `mask`) into `target` over `rect`
    /// (output pixels), clipped to `clip` (output pixels). Source and mask
    /// coordinates are output pixels, offset by `sourceOrigin`, or mapped
    /// from output pixels by `sourceTransform` / `maskTransform`.
    ///
    /// Transforms go to pixman relative to an anchor: the top-left of
    /// `anchor` (default `rect`) moved onto the output if it lies left of or
    /// above it. Their translation is then the source coordinate there,
    /// bounded by the image, where one relative to the output's origin
    /// leaves 16.16 fixed point's range for contents shrunk 100 times 400
    /// pixels from it. The anchor must not depend on the damage, or the
    /// rounding of that translation would differ between partial redraws.
    func composite(_ op: pixman_op_t, source: OpaquePointer, mask: OpaquePointer? = nil, into target: PaintTarget,
                   rect: PixelRect, clip: Region, sourceOriginX: Int = 0, sourceOriginY: Int = 0,
                   sourceTransform: AffineTransform? = nil, maskTransform: AffineTransform? = nil,
                   anchor: PixelRect? = nil) {
        let region = clip.intersection(rect)
        guard !region.isEmpty else { return }
        let area = region.area
        let bounds = region.extents
        region.translate(x: -target.originX, y: -target.originY)
        let anchorX = max(0, (anchor ?? rect).x), anchorY = max(0, (anchor ?? rect).y)
        let shift = AffineTransform(translationX: Double(anchorX), y: Double(anchorY))
        var sourceX = clampedInt32(bounds.x - sourceOriginX), sourceY = clampedInt32(bounds.y - sourceOriginY)
        var maskX = clampedInt32(bounds.x), maskY = clampedInt32(bounds.y)
        if let sourceTransform {
            var t = shift.concatenating(sourceTransform).pixmanTransform
            pixman_image_set_transform(source, &t)
            (sourceX, sourceY) = (clampedInt32(bounds.x - anchorX), clampedInt32(bounds.y - anchorY))
        }
        if let mask, let maskTransform {
            var t = shift.concatenating(maskTransform).pixmanTransform
            pixman_image_set_transform(mask, &t)
            (maskX, maskY) = (clampedInt32(bounds.x - anchorX), clampedInt32(bounds.y - anchorY))
        }
        pixman_image_set_clip_region32(target.image, region.pointer)
        pixman_image_composite32(op, source, mask, target.image, sourceX, sourceY, maskX, maskY,
                                 clampedInt32(bounds.x - target.originX), clampedInt32(bounds.y - target.originY),
                                 clampedInt32(bounds.width), clampedInt32(bounds.height))
        pixman_image_set_clip_region32(target.image, nil)
        if sourceTransform != nil { pixman_image_set_transform(source, nil) }
        if let mask, maskTransform != nil { pixman_image_set_transform(mask, nil) }
        stats.pixelsComposited += area
        stats.compositeOperations += 1
    }

    /// Paints one top-level or in-group item.
    func paint(_ item: PaintItem, into target: PaintTarget, clip: Region) {
        switch item {
        case .own(let node): paintOwn(node, into: target, clip: clip)
        case .group(let node): paintGroup(node, into: target, clip: clip)
        case .projected(let node): paintProjected(node, into: target, clip: clip)
        case .backdrop(let node): paintBackdrop(node, into: target, clip: clip)
        case .shadow(let node):
            // Outside the layer's own group: the group's opacity fades it here.
            guard let shadow = node.decorations?.shadow else { return }
            paintCoverage(shadow.raster, color: shadow.color, alpha: node.group?.opacity ?? node.alpha, into: target,
                          clip: clip.intersection(node.clip))
        case .border(let node):
            guard let border = node.decorations?.border else { return }
            paintCoverage(border.raster, color: border.color, alpha: node.alpha, into: target, clip: clip.intersection(node.clip))
        }
    }

    /// Background, then contents, clipped to `clip` and the layer's own clip.
    func paintOwn(_ node: DrawNode, into target: PaintTarget, clip: Region) {
        guard clip.intersects(node.ownRect) else { return }
        let clip = clip.intersection(node.clip)
        if let fill = node.decorations?.fill {
            // Rounded: the background and a gradient fill the rounded bounds;
            // on the grid, only the corners go through the coverage.
            if let color = node.background {
                if let corners = node.cornerRegion {
                    let source = makeSolidImage(color, alpha: node.alpha)
                    let op = color.alpha * node.alpha >= 1 ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
                    composite(op, source: source, into: target, rect: node.backgroundRect,
                              clip: clip.intersection(node.backgroundRect).subtracting(corners))
                    pixman_image_unref(source)
                    paintCoverage(fill, color: color, alpha: node.alpha, into: target, clip: clip.intersection(corners))
                } else {
                    paintCoverage(fill, color: color, alpha: node.alpha, into: target, clip: clip)
                }
            }
            if let gradient = node.decorations?.gradient { paintGradient(gradient, alpha: node.alpha, into: target, clip: clip) }
        } else if let color = node.background {
            let source = makeSolidImage(color, alpha: node.alpha)
            defer { pixman_image_unref(source) }
            if node.pixelAlignedBounds || node.group?.masksToRotatedBounds == true {
                // On the grid, or inside its own rotated-mask group, whose
                // mask gives the edges (antialiasing them here too would
                // attenuate edge pixels twice).
                composite(node.backgroundIsOpaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, source: source, into: target,
                          rect: node.backgroundRect, clip: clip)
            } else if let mask = makeCoverageMask(bounds: node.layer.bounds, toPixel: node.toPixel, alpha: 1) {
                composite(PIXMAN_OP_OVER, source: source, mask: mask.image, into: target, rect: node.backgroundRect,
                          clip: clip, maskTransform: mask.pixelToMask)
                pixman_image_unref(mask.image)
            }
        }
        paintContents(node, into: target, clip: clip)
        if let fill = node.decorations?.shapeFill {
            paintCoverage(fill.raster, color: fill.color, alpha: node.alpha, into: target, clip: clip)
        }
        if let stroke = node.decorations?.shapeStroke {
            paintCoverage(stroke.raster, color: stroke.color, alpha: node.alpha, into: target, clip: clip)
        }
    }

    private func paintContents(_ node: DrawNode, into target: PaintTarget, clip: Region) {
        guard let contents = node.contents else { return }
        if let rounded = node.contentsClip, let pixelToRaster = rounded.toPixel.inverted() {
            // Clipped to rounded corners without a group: on the grid, the
            // inside is drawn as ever and only the corners through the coverage.
            var masked = clip
            if let corners = node.cornerRegion {
                let op = node.contentsOpaquePixels ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
                for draw in node.contentsDraws {
                    composite(contents, draw, op: op, mask: nil, into: target, clip: clip.subtracting(corners))
                }
                masked = clip.intersection(corners)
            }
            prepareSampling(of: rounded)
            for draw in node.contentsDraws {
                composite(contents, draw, op: PIXMAN_OP_OVER, mask: rounded.raster.image, maskTransform: pixelToRaster,
                          into: target, clip: masked)
            }
            return
        }
        let fade = node.alpha < 1 ? makeAlphaMask(node.alpha) : nil
        defer { if let fade { pixman_image_unref(fade) } }
        let op = node.contentsAreOpaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
        for draw in node.contentsDraws {
            composite(contents, draw, op: op, mask: fade, into: target, clip: clip)
        }
        if let composed = node.composed {
            guard let staging = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(composed.width), Int32(composed.height), nil, 0)
            else { return }
            defer { pixman_image_unref(staging) }
            let all = Region(PixelRect(x: 0, y: 0, width: composed.width, height: composed.height))
            for draw in composed.slices {
                composite(contents, draw, op: PIXMAN_OP_SRC, mask: nil, into: PaintTarget(image: staging), clip: all)
            }
            composite(staging, owner: nil, composed.draw, op: PIXMAN_OP_OVER, mask: fade, into: target, clip: clip)
        }
    }

    /// Draws `contents` (or its `draw.source` part) through `draw`'s transform.
    private func composite(_ contents: LayerImage, _ draw: ContentsDraw, op: pixman_op_t, mask: OpaquePointer?,
                           maskTransform: AffineTransform? = nil, into target: PaintTarget, clip: Region) {
        // A client's borrowed pixels are read inside its access bracket (shrinking included).
        contents.withPixels {
            composite(contents.image, owner: contents, draw, op: op, mask: mask, maskTransform: maskTransform, into: target, clip: clip)
        }
    }

    /// Draws `image` (or its `draw.source` part) through `draw`'s transform.
    private func composite(_ image: OpaquePointer, owner: LayerImage?, _ draw: ContentsDraw, op: pixman_op_t,
                           mask: OpaquePointer?, maskTransform: AffineTransform? = nil, into target: PaintTarget, clip: Region) {
        // A slice is drawn from a view of just its pixels (sharing memory),
        // so edge padding and filtering never reach a neighbouring slice.
        let width = Int(pixman_image_get_width(image)), height = Int(pixman_image_get_height(image))
        var part = PixelRect(rounding: draw.source)
        // A crop thinner than half a pixel (a wp_viewport source can be
        // 1/256 of one) still shows the pixel it lies in.
        if part.isEmpty { part = PixelRect(enclosing: draw.source) }
        guard !part.isEmpty, part.x >= 0, part.y >= 0, part.x + part.width <= width, part.y + part.height <= height
        else { return }
        var source = image
        var view: OpaquePointer? = nil
        if part != PixelRect(x: 0, y: 0, width: width, height: height) {
            let stride = Int(pixman_image_get_stride(image))
            let bits = UnsafeMutableRawPointer(pixman_image_get_data(image)!) + part.y * stride + part.x * 4
            view = pixman_image_create_bits(pixman_image_get_format(image), Int32(part.width), Int32(part.height),
                                            bits.assumingMemoryBound(to: UInt32.self), Int32(stride))
            guard let view else { return }
            source = view
        }
        defer { if let view { pixman_image_unref(view) } }
        // Part pixels → destination pixels.
        var partToPixel = AffineTransform(translationX: Double(part.x), y: Double(part.y)).concatenating(draw.imageToPixel)
        if draw.nearest {
            // Whole-pixel placement: a plain offset, no transform, so pixman
            // takes its straight copy and blend paths.
            composite(op, source: source, mask: mask, into: target, rect: draw.rect, clip: clip,
                      sourceOriginX: clampedInt(partToPixel.tx.rounded()), sourceOriginY: clampedInt(partToPixel.ty.rounded()),
                      maskTransform: maskTransform)
            return
        }
        if draw.exact {
            // Turned or mirrored by a buffer transform, each pixel onto one
            // pixel: nearest sampling copies them exactly, and pixman has
            // straight paths for quarter turns.
            guard let pixelToSource = partToPixel.inverted() else { return }
            pixman_image_set_filter(source, PIXMAN_FILTER_NEAREST, nil, 0)
            pixman_image_set_repeat(source, PIXMAN_REPEAT_NONE)
            composite(op, source: source, mask: mask, into: target, rect: draw.rect, clip: clip, sourceTransform: pixelToSource,
                      maskTransform: maskTransform)
            return
        }
        // Shrunk to half or less: scale down first with a box filter, so
        // every source pixel counts (bilinear alone would skip most of them)
        // and the final transform's terms stay near 1.
        var scaled: OpaquePointer? = nil
        if let size = Prescaled.size(width: part.width, height: part.height, toPixel: partToPixel) {
            if let owner {
                scaled = prescaleCache.shrunk(owner, source: source, part: part, to: size.width, size.height)
            }
            if let scaled {
                source = scaled
                partToPixel = Prescaled.toSource(width: part.width, height: part.height, scaledWidth: size.width,
                                                 scaledHeight: size.height).concatenating(partToPixel)
            }
        }
        guard let pixelToSource = partToPixel.inverted() else { return }
        pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(source, draw.rectilinear || draw.padEdges ? PIXMAN_REPEAT_PAD : PIXMAN_REPEAT_NONE)
        composite(op, source: source, mask: mask, into: target, rect: draw.rect, clip: clip, sourceTransform: pixelToSource,
                  maskTransform: maskTransform)
        if view == nil && scaled == nil {
            pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
            pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE)
        }
    }

    /// Renders a group's subtree into an offscreen covering just the part of
    /// `clip` it touches, then composites it faded and/or through the mask of
    /// its rotated bounds.
    func paintGroup(_ node: DrawNode, into target: PaintTarget, clip: Region) {
        let clip = clip.intersection(node.subtreeRect)
        guard !clip.isEmpty else { return }
        let area = clip.extents
        guard let offscreen = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(area.width), Int32(area.height), nil, 0)
        else { return }
        defer { pixman_image_unref(offscreen) }
        let inner = PaintTarget(image: offscreen, originX: area.x, originY: area.y)
        for item in PaintItem.contents(ofGroup: node) {
            paint(item, into: inner, clip: clip)
        }
        guard let group = node.group else { return }
        if let maskTree = node.maskTree { applyMaskLayer(maskTree, to: inner, area: area, clip: clip) }
        var mask: OpaquePointer? = nil
        var maskTransform: AffineTransform? = nil
        if group.masksToRoundedBounds, let fill = node.decorations?.fill {
            // The rounded bounds' coverage is the mask; opacity fades the offscreen first.
            if group.opacity < 1 {
                let fade = makeAlphaMask(group.opacity)
                composite(PIXMAN_OP_IN_REVERSE, source: fade, into: inner, rect: area, clip: clip)
                pixman_image_unref(fade)
            }
            prepareSampling(of: fill)
            mask = pixman_image_ref(fill.raster.image)
            maskTransform = fill.toPixel.inverted()
        } else if group.masksToRotatedBounds {
            let coverage = makeCoverageMask(bounds: node.layer.bounds, toPixel: node.toPixel, alpha: group.opacity)
            (mask, maskTransform) = (coverage?.image, coverage?.pixelToMask)
        } else {
            mask = group.opacity < 1 ? makeAlphaMask(group.opacity) : nil
        }
        defer { if let mask { pixman_image_unref(mask) } }
        composite(PIXMAN_OP_OVER, source: offscreen, mask: mask, into: target, rect: area, clip: clip,
                  sourceOriginX: area.x, sourceOriginY: area.y, maskTransform: maskTransform, anchor: node.subtreeRect)
    }

    /// Multiplies the offscreen by the alpha of the mask layer's drawing.
    private func applyMaskLayer(_ maskTree: DrawNode, to offscreen: PaintTarget, area: PixelRect, clip: Region) {
        guard let maskImage = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(area.width), Int32(area.height), nil, 0) else { return }
        defer { pixman_image_unref(maskImage) }
        let target = PaintTarget(image: maskImage, originX: area.x, originY: area.y)
        var items: [PaintItem] = []
        PaintItem.items(of: maskTree, into: &items)
        for item in items { paint(item, into: target, clip: clip) }
        composite(PIXMAN_OP_IN_REVERSE, source: maskImage, into: offscreen, rect: area, clip: clip,
                  sourceOriginX: area.x, sourceOriginY: area.y)
    }
}
