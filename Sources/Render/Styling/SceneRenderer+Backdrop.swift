import CPixman
import StrataProtocol

// Materials (a layer's backdrop): at its place in the paint order, what is
// already drawn below it within its bounds is replaced by its blur, then
// the tint goes over. The blur reads what is below as far as it reaches,
// so damage near a material grows to everything it reads, and occlusion
// keeps what is in front from culling what is below there (see
// occlusionClips): those pixels are all painted afresh before it.

extension SceneRenderer {
    /// Grows `damage` to the whole reach of every material it meets (a
    /// material grown into may meet another's reach in turn).
    func growDamageForBackdrops(_ damage: Region) {
        guard !drawnBackdrops.isEmpty, !damage.isEmpty else { return }
        var waiting = Array(drawnBackdrops.values)
        var grew = true
        while grew {
            grew = false
            waiting.removeAll { node in
                guard let source = node.backdrop?.source, damage.intersects(source) else { return false }
                damage.formUnion(source)
                grew = true
                return true
            }
        }
    }

    /// The blur of what is below (on the output only; inside a group or a
    /// snapshot there is nothing below to read), then the tint, within the
    /// layer's rounded bounds.
    func paintBackdrop(_ node: DrawNode, into target: PaintTarget, clip: Region) {
        guard let plan = node.backdrop else { return }
        let clip = clip.intersection(plan.rect)
        guard !clip.isEmpty else { return }
        // The bounds' coverage: rounded, rotated, or none (the rect itself).
        var mask: OpaquePointer? = nil
        var maskTransform: AffineTransform? = nil
        if let fill = node.decorations?.fill {
            prepareSampling(of: fill)
            mask = pixman_image_ref(fill.raster.image)
            maskTransform = fill.toPixel.inverted()
        } else if !node.pixelAlignedBounds, let coverage = makeCoverageMask(bounds: node.layer.bounds, toPixel: node.toPixel, alpha: 1) {
            (mask, maskTransform) = (coverage.image, coverage.pixelToMask)
        }
        defer { if let mask { pixman_image_unref(mask) } }

        if plan.readsBelow, target.image == framebuffer, target.originX == 0, target.originY == 0 {
            blurBelow(plan, alpha: node.alpha, into: target, clip: clip, mask: mask, maskTransform: maskTransform)
        }
        let tint = plan.style.tintColor
        if tint.alpha > 0, node.alpha > 0 {
            let source = makeSolidImage(tint, alpha: node.alpha)
            composite(PIXMAN_OP_OVER, source: source, mask: mask, into: target, rect: plan.rect, clip: clip, maskTransform: maskTransform)
            pixman_image_unref(source)
        }
    }

    private func blurBelow(_ plan: BackdropPlan, alpha: Double, into target: PaintTarget, clip: Region,
                           mask: OpaquePointer?, maskTransform: AffineTransform?) {
        let area = clip.extents
        let reach = BackdropBlur.reach(sigma: plan.sigma)
        let halved = plan.sigma >= BackdropBlur.halvedFrom
        // The pixels it reads, padded past the output's edges with copies of
        // the edge; halved, on the output's even grid (so a pixel's blur does
        // not depend on which part is redrawn).
        var source = area.insetBy(-reach)
        if halved {
            func even(_ v: Int) -> Int { v - ((v % 2) + 2) % 2 }
            let x0 = even(source.x), y0 = even(source.y)
            let x1 = even(source.x + source.width + 1), y1 = even(source.y + source.height + 1)
            source = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        guard !area.isEmpty, width > 0, height > 0, let bits = pixman_image_get_data(framebuffer) else { return }
        let stride = Int(pixman_image_get_stride(framebuffer)) / 4
        let count = source.width * source.height
        let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { pixels.deallocate() }
        let left = min(max(0, -source.x), source.width)
        let inside = max(0, min(width, source.x + source.width) - max(0, source.x))
        for row in 0..<source.height {
            let from = bits + min(max(source.y + row, 0), height - 1) * stride, to = pixels + row * source.width
            // The framebuffer's x8 byte is undefined: opaque.
            let first = from[0] | 0xFF00_0000, last = from[width - 1] | 0xFF00_0000
            for x in 0..<left { to[x] = first }
            for x in 0..<inside { to[left + x] = from[max(0, source.x) + x] | 0xFF00_0000 }
            for x in (left + inside)..<source.width { to[x] = last }
        }
        let op = mask == nil && alpha >= 1 ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
        if halved {
            let (w, h) = (source.width / 2, source.height / 2)
            let half = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
            defer { half.deallocate() }
            BackdropBlur.halve(pixels, width: source.width, height: source.height, into: half)
            BackdropBlur.blur(half, width: w, height: h, sigma: plan.sigma / 2)
            BackdropBlur.adjust(half, width: w, rect: PixelRect(x: 0, y: 0, width: w, height: h),
                                saturation: plan.style.saturation, alpha: alpha)
            guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(w), Int32(h), half, Int32(w * 4)) else { return }
            defer { pixman_image_unref(image) }
            pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_set_repeat(image, PIXMAN_REPEAT_PAD)
            let toHalf = AffineTransform(translationX: -Double(source.x), y: -Double(source.y))
                .concatenating(AffineTransform(scaleX: 0.5, y: 0.5))
            composite(op, source: image, mask: mask, into: target, rect: plan.rect, clip: clip,
                      sourceTransform: toHalf, maskTransform: maskTransform)
        } else {
            BackdropBlur.blur(pixels, width: source.width, height: source.height, sigma: plan.sigma)
            // Only what is put back: the area, within the padded pixels.
            BackdropBlur.adjust(pixels, width: source.width,
                                rect: PixelRect(x: area.x - source.x, y: area.y - source.y, width: area.width, height: area.height),
                                saturation: plan.style.saturation, alpha: alpha)
            guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(source.width), Int32(source.height), pixels,
                                                       Int32(source.width * 4)) else { return }
            defer { pixman_image_unref(image) }
            composite(op, source: image, mask: mask, into: target, rect: plan.rect, clip: clip,
                      sourceOriginX: source.x, sourceOriginY: source.y, maskTransform: maskTransform)
        }
        stats.backdropBlurs += 1
        stats.pixelsBlurred += count
    }
}
