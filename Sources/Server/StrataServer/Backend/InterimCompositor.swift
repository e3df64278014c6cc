import CPixman
import StrataProtocol
import StrataRender

// A stand-in for SceneRenderer.render until StrataRender's renderer lands:
// full-frame, translation-only, contents scaled to their bounds by the
// output scale only, opacity ignored. Delete this file when HeadlessBackend.useInterimCompositor goes.

func interimCompositeUntilSceneRendererLands(_ root: RenderLayer, into framebuffer: OpaquePointer,
                                             scale: Double) -> FrameStats {
    var stats = FrameStats()
    let width = Int(pixman_image_get_width(framebuffer)), height = Int(pixman_image_get_height(framebuffer))
    stats.damage = [PixelRect(x: 0, y: 0, width: width, height: height)]
    interimDraw(root, origin: .zero, scale: scale, into: framebuffer, stats: &stats)
    return stats
}

private func interimDraw(_ layer: RenderLayer, origin: Point, scale: Double, into target: OpaquePointer,
                         stats: inout FrameStats) {
    guard !layer.isHidden else { return }
    let toParent = layer.transformToSuperlayer
    let o = Point(x: origin.x + toParent.tx, y: origin.y + toParent.ty)
    let x = Int((o.x + layer.bounds.minX) * scale), y = Int((o.y + layer.bounds.minY) * scale)
    let w = Int(layer.bounds.width * scale), h = Int(layer.bounds.height * scale)
    if let color = layer.backgroundColor, color.alpha > 0, w > 0, h > 0 {
        var c = pixman_color_t(red: UInt16(color.red * color.alpha * 65535), green: UInt16(color.green * color.alpha * 65535),
                               blue: UInt16(color.blue * color.alpha * 65535), alpha: UInt16(color.alpha * 65535))
        var rect = pixman_rectangle16_t(x: Int16(clamping: x), y: Int16(clamping: y),
                                        width: UInt16(clamping: w), height: UInt16(clamping: h))
        pixman_image_fill_rectangles(color.isOpaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, target, &c, 1, &rect)
        stats.pixelsComposited += w * h
        stats.compositeOperations += 1
    }
    if let image = layer.contents {
        // Contents pixels per output pixel, so a scale-1 buffer fills its
        // bounds on a scale-2 output (nearest neighbour; no gravity).
        let factor = layer.contentsScale > 0 ? 1 / (layer.contentsScale / scale) : 1
        let scaled = factor != 1
        if scaled {
            var t = pixman_transform()
            let f = pixman_fixed_t(1 / factor * 65536)
            pixman_transform_init_scale(&t, f, f)
            pixman_image_set_transform(image.image, &t)
        }
        let cw = min(Int(Double(image.width) * factor), w), ch = min(Int(Double(image.height) * factor), h)
        pixman_image_composite32(image.hasAlpha ? PIXMAN_OP_OVER : PIXMAN_OP_SRC, image.image, nil, target,
                                 0, 0, 0, 0, Int32(x), Int32(y), Int32(cw), Int32(ch))
        if scaled { pixman_image_set_transform(image.image, nil) }
        _ = image.takeDamage()
        stats.pixelsComposited += cw * ch
        stats.compositeOperations += 1
    }
    let inner = Point(x: o.x, y: o.y)
    for sublayer in layer.sublayers { interimDraw(sublayer, origin: inner, scale: scale, into: target, stats: &stats) }
}
