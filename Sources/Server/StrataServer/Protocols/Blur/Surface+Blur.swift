import StrataProtocol
import StrataRender

/// What a strata_blur_v1 asks of its surface, as committed.
struct SurfaceBlur: Equatable {
    /// In surface points; nil is the whole surface.
    var region: RegionShape?
    var radius: Double = 20
    var saturation: Double = 1
}

/// strata_blur_v1's effect on a surface: backdrop layers below its
/// contents, one per rectangle of the region (clipped to the surface), so
/// the renderer blurs what is below them before the surface's pixels go on.
extension Surface {
    /// More rectangles than this: the largest ones are blurred.
    static let maximumBlurRects = 16

    /// Makes the backdrop layers match the committed blur and the surface's size.
    func placeBlur() {
        var rects: [PixelRect] = []
        if let blur {
            // The size is the client's (a viewport's destination, a layer tree's bounds), and
            // nothing is drawn past 2^24 pixels anyway.
            func side(_ length: Double) -> Int { min(ClientValue.length(ClientValue.int(length.rounded(.up))), 1 << 24) }
            let whole = PixelRect(x: 0, y: 0, width: side(size.width), height: side(size.height))
            rects = (blur.region.map(\.rects) ?? [whole]).map { $0.intersection(whole) }.filter { !$0.isEmpty }
            if rects.count > Self.maximumBlurRects {
                rects = Array(rects.sorted { $0.area > $1.area }.prefix(Self.maximumBlurRects))
            }
        }
        while blurLayers.count > rects.count { blurLayers.removeLast().removeFromSuperlayer() }
        while blurLayers.count < rects.count {
            let backdrop = RenderLayer()
            backdrop.anchorPoint = .zero
            backdrop.name = "blur"
            layer.insertSublayer(backdrop, at: 0)
            blurLayers.append(backdrop)
        }
        guard let blur else { return }
        for (backdrop, rect) in zip(blurLayers, rects) {
            backdrop.position = Point(x: Double(rect.x), y: Double(rect.y))
            backdrop.bounds = Rect(x: 0, y: 0, width: Double(rect.width), height: Double(rect.height))
            backdrop.backdrop = BackdropStyle(radius: blur.radius, saturation: blur.saturation)
        }
    }
}
