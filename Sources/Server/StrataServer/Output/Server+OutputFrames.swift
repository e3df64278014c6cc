import CPixman
import StrataRender

// One frame on every output: each renderer draws its part of the scene
// and its backend output presents it. The frame's stats are the outputs'
// together, their damage in layout pixels (with one output, its own).
extension Server {
    func renderOutputs() -> FrameStats {
        // Contents damage is taken once per frame and seen by every output.
        let sharedDamage = outputs.count > 1 ? SharedImageDamage() : nil
        var total = FrameStats()
        for output in outputs where output.isPoweredOn {
            let stats = output.renderer.render(scene, sharedDamage: sharedDamage)
            output.device.present(stats)
            let offset = output.pixelRect
            total.damage += stats.damage.map { PixelRect(x: $0.x + offset.x, y: $0.y + offset.y, width: $0.width, height: $0.height) }
            total.pixelsComposited += stats.pixelsComposited
            total.compositeOperations += stats.compositeOperations
        }
        return total
    }

    /// The whole layout in pixels.
    var layoutPixelRect: PixelRect {
        let rects = outputs.map(\.pixelRect)
        return PixelRect(x: 0, y: 0, width: rects.map { $0.x + $0.width }.max() ?? 0,
                         height: rects.map { $0.y + $0.height }.max() ?? 0)
    }

    /// A new image (`pixman_image_t *`, x8r8g8b8; the caller unrefs it) of
    /// `rect` in layout pixels as the outputs show it; black where no output is.
    func layoutImage(of rect: PixelRect) -> OpaquePointer? {
        guard !rect.isEmpty, let image = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(rect.width), Int32(rect.height), nil, 0)
        else { return nil }
        for output in outputs {
            let part = output.pixelRect.intersection(rect)
            guard !part.isEmpty else { continue }
            let offset = output.pixelRect
            pixman_image_composite32(PIXMAN_OP_SRC, output.renderer.framebuffer, nil, image,
                                     Int32(part.x - offset.x), Int32(part.y - offset.y), 0, 0,
                                     Int32(part.x - rect.x), Int32(part.y - rect.y), Int32(part.width), Int32(part.height))
        }
        return image
    }
}
