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
    /// coordinates are output pixels, offset by `sourceOrigin`.
    func composite(_ op: pixman_op_t, source: OpaquePointer, mask: OpaquePointer? = nil, into target: PaintTarget,
                   rect: PixelRect, clip: Region, sourceOriginX: Int = 0, sourceOriginY: Int = 0) {
        let region = clip.intersection(rect)
        guard !region.isEmpty else { return }
        let area = region.area
        let bounds = region.extents
        region.translate(x: -target.originX, y: -target.originY)
        pixman_image_set_clip_region32(target.image, region.pointer)
        pixman_image_composite32(op, source, mask, target.image,
                                 Int32(bounds.x - sourceOriginX), Int32(bounds.y - sourceOriginY),
                                 Int32(bounds.x), Int32(bounds.y),
                                 Int32(bounds.x - target.originX), Int32(bounds.y - target.originY),
                                 Int32(bounds.width), Int32(bounds.height))
        pixman_image_set_clip_region32(target.image, nil)
        stats.pixelsComposited += area
        stats.compositeOperations += 1
    }

    /// Paints one top-level or in-group item.
    func paint(_ item: PaintItem, into target: PaintTarget, clip: Region) {
        switch item {
        case .own(let node): paintOwn(node, into: target, clip: clip)
        case .group(let node): paintGroup(node, into: target, clip: clip)
        }
    }

    /// Background, then contents, clipped to `clip` and the layer's own clip.
    func paintOwn(_ node: DrawNode, into target: PaintTarget, clip: Region) {
        guard clip.intersects(node.ownRect) else { return }
        let clip = clip.intersection(node.clip)
        if let color = node.background {
            let source = makeSolidImage(color, alpha: node.alpha)
            defer { pixman_image_unref(source) }
            if node.pixelAlignedBounds || node.group?.masksToRotatedBounds == true {
                // On the grid, or inside its own rotated-mask group, whose
                // mask gives the edges (antialiasing them here too would
                // attenuate edge pixels twice).
                composite(node.backgroundIsOpaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, source: source, into: target,
                          rect: node.backgroundRect, clip: clip)
            } else if let mask = makeCoverageMask(bounds: node.layer.bounds, toPixel: node.toPixel, alpha: 1) {
                composite(PIXMAN_OP_OVER, source: source, mask: mask, into: target, rect: node.backgroundRect, clip: clip)
                pixman_image_unref(mask)
            }
        }
        guard let contents = node.contents else { return }
        let fade = node.alpha < 1 ? makeAlphaMask(node.alpha) : nil
        defer { if let fade { pixman_image_unref(fade) } }
        let op = node.contentsAreOpaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
        for draw in node.contentsDraws {
            composite(contents.image, draw, op: op, mask: fade, into: target, clip: clip)
        }
        if let composed = node.composed {
            guard let staging = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(composed.width), Int32(composed.height), nil, 0)
            else { return }
            defer { pixman_image_unref(staging) }
            let all = Region(PixelRect(x: 0, y: 0, width: composed.width, height: composed.height))
            for draw in composed.slices {
                composite(contents.image, draw, op: PIXMAN_OP_SRC, mask: nil, into: PaintTarget(image: staging), clip: all)
            }
            composite(staging, composed.draw, op: PIXMAN_OP_OVER, mask: fade, into: target, clip: clip)
        }
    }

    /// Draws `image` (or its `draw.source` part) through `draw`'s transform.
    private func composite(_ image: OpaquePointer, _ draw: ContentsDraw, op: pixman_op_t, mask: OpaquePointer?,
                           into target: PaintTarget, clip: Region) {
        guard var pixelToSource = draw.imageToPixel.inverted() else { return }
        // A slice is drawn from a view of just its pixels (sharing memory),
        // so edge padding and filtering never reach a neighbouring slice.
        let width = Int(pixman_image_get_width(image)), height = Int(pixman_image_get_height(image))
        let part = PixelRect(rounding: draw.source)
        var source = image
        var view: OpaquePointer? = nil
        if part != PixelRect(x: 0, y: 0, width: width, height: height) {
            guard !part.isEmpty, part.x >= 0, part.y >= 0, part.x + part.width <= width, part.y + part.height <= height
            else { return }
            let stride = Int(pixman_image_get_stride(image))
            let bits = UnsafeMutableRawPointer(pixman_image_get_data(image)!) + part.y * stride + part.x * 4
            view = pixman_image_create_bits(pixman_image_get_format(image), Int32(part.width), Int32(part.height),
                                            bits.assumingMemoryBound(to: UInt32.self), Int32(stride))
            guard let view else { return }
            source = view
            pixelToSource = pixelToSource.concatenating(AffineTransform(translationX: Double(-part.x), y: Double(-part.y)))
        }
        if draw.nearest {
            // Whole-pixel placement: a plain offset, no transform, so pixman
            // takes its straight copy and blend paths.
            composite(op, source: source, mask: mask, into: target, rect: draw.rect, clip: clip,
                      sourceOriginX: -Int(pixelToSource.tx.rounded()), sourceOriginY: -Int(pixelToSource.ty.rounded()))
        } else {
            var transform = pixelToSource.pixmanTransform
            pixman_image_set_transform(source, &transform)
            pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_set_repeat(source, draw.rectilinear || draw.padEdges ? PIXMAN_REPEAT_PAD : PIXMAN_REPEAT_NONE)
            composite(op, source: source, mask: mask, into: target, rect: draw.rect, clip: clip)
        }
        if let view {
            pixman_image_unref(view)
        } else {
            pixman_image_set_transform(image, nil)
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
        let mask: OpaquePointer?
        if group.masksToRotatedBounds {
            mask = makeCoverageMask(bounds: node.layer.bounds, toPixel: node.toPixel, alpha: group.opacity)
        } else {
            mask = group.opacity < 1 ? makeAlphaMask(group.opacity) : nil
        }
        defer { if let mask { pixman_image_unref(mask) } }
        composite(PIXMAN_OP_OVER, source: offscreen, mask: mask, into: target, rect: area, clip: clip,
                  sourceOriginX: area.x, sourceOriginY: area.y)
    }
}
