import Foundation
import Glibc
import StrataProtocol
import StrataRender

// What the render server's styling costs, as ratios in one run:
// - a list of 200 cards with rounded corners and shadows scrolled 7 points
//   a frame, against the same list without shadows (goal ≤ 1.3×: shadows
//   are rasterised once and reused), with pixels composited per frame;
// - a progress ring whose strokeEnd changes every frame, against an
//   opacity animation of the same layer (what the compositor does per
//   frame for each; the app's side is in the styling-kit figures);
// - a 400×400 image view clipped to rounded corners, moving, against the
//   same view unclipped (goal ≤ 1.5×).

func runStylingBenchmarks() {
    print("")
    print("strata-bench: styling drawn by the render server (StrataRender, medians)")
    runCardListBenchmark()
    runProgressRingFrameBenchmark()
    runRoundedClipBenchmark()
}

/// 390×844 points at scale 2, as a phone: a scroll view of 200 cards.
private func runCardListBenchmark() {
    func list(shadows: Bool) -> (root: RenderLayer, scroller: RenderLayer) {
        let root = solidLayer(0, 0, 390, 844, Color(red: 0.95, green: 0.95, blue: 0.97))
        let scroller = solidLayer(0, 0, 390, 844, nil)
        root.addSublayer(scroller)
        for index in 0..<200 {
            let card = solidLayer(16, 16 + Double(index) * 100, 358, 88, .white)
            card.style.cornerRadius = 12
            if shadows {
                card.style.shadowOpacity = 0.15
                card.style.shadowRadius = 8
                card.style.shadowOffset = Size(width: 0, height: 4)
            }
            let avatar = solidLayer(12, 12, 64, 64, Color(red: Double(index % 5) / 5, green: 0.5, blue: 0.8))
            avatar.style.cornerRadius = 32
            card.addSublayer(avatar)
            card.addSublayer(solidLayer(88, 20, 200, 14, Color(red: 0.2, green: 0.2, blue: 0.2)))
            card.addSublayer(solidLayer(88, 46, 240, 10, Color(red: 0.6, green: 0.6, blue: 0.6)))
            scroller.addSublayer(card)
        }
        return (root, scroller)
    }
    func scroll(shadows: Bool) -> (seconds: Double, pixels: Int, rasters: Int) {
        let (root, scroller) = list(shadows: shadows)
        let renderer = SceneRenderer(width: 780, height: 1688, scale: 2)
        _ = renderer.render(root)
        // Warm: scroll through once, so each card's rasters exist.
        for frame in 0..<300 { scroller.bounds.origin.y = Double(frame * 7 % 19_000); _ = renderer.render(root) }
        let made = renderer.decorationRastersMade
        let result = timeFrames(renderer, root, frames: 240) { scroller.bounds.origin.y = Double(($0 + 1) * 7) }
        return (result.seconds, result.pixels, renderer.decorationRastersMade - made)
    }
    let plain = scroll(shadows: false), shadowed = scroll(shadows: true)
    print("  200 cards scrolled 7 pt a frame, 780×1688 px:")
    print(String(format: "    rounded corners, no shadows:  %7.3f ms per frame  %8ld pixels composited", plain.seconds * 1000, plain.pixels))
    print(String(format: "    rounded corners and shadows:  %7.3f ms per frame  %8ld pixels composited   %.2f× without (goal ≤ 1.3×)",
                 shadowed.seconds * 1000, shadowed.pixels, shadowed.seconds / plain.seconds))
    print(String(format: "    rasters made while scrolling back over cached cards: %ld", shadowed.rasters))
}

/// A 120-point ring at scale 2: strokeEnd set every frame (as the
/// compositor's animation does), against opacity set every frame.
private func runProgressRingFrameBenchmark() {
    func ring() -> (RenderLayer, RenderLayer) {
        let root = solidLayer(0, 0, 400, 300, .white)
        let ring = solidLayer(140, 90, 120, 120, nil)
        var shape = ShapeStyle()
        let (c, r, k) = (Point(x: 60, y: 60), 50.0, 0.5522847498 * 50)
        shape.path = LayerPath([.move(Point(x: c.x + r, y: c.y)),
                                .cubic(Point(x: c.x + r, y: c.y + k), Point(x: c.x + k, y: c.y + r), Point(x: c.x, y: c.y + r)),
                                .cubic(Point(x: c.x - k, y: c.y + r), Point(x: c.x - r, y: c.y + k), Point(x: c.x - r, y: c.y)),
                                .cubic(Point(x: c.x - r, y: c.y - k), Point(x: c.x - k, y: c.y - r), Point(x: c.x, y: c.y - r)),
                                .cubic(Point(x: c.x + k, y: c.y - r), Point(x: c.x + r, y: c.y - k), Point(x: c.x + r, y: c.y))])
        (shape.fillColor, shape.strokeColor, shape.lineWidth, shape.lineCap) = (nil, .init(red: 0, green: 0.5, blue: 1), 10, .round)
        ring.shape = shape
        root.addSublayer(ring)
        return (root, ring)
    }
    let frames = 120  // 2 s at 60 Hz
    let (strokeRoot, strokeRing) = ring()
    let strokeRenderer = SceneRenderer(width: 800, height: 600, scale: 2)
    _ = strokeRenderer.render(strokeRoot)
    let stroke = timeFrames(strokeRenderer, strokeRoot, frames: frames) { strokeRing.shape?.strokeEnd = Double($0 + 1) / Double(frames) }
    let (fadeRoot, fadeRing) = ring()
    let fadeRenderer = SceneRenderer(width: 800, height: 600, scale: 2)
    _ = fadeRenderer.render(fadeRoot)
    let fade = timeFrames(fadeRenderer, fadeRoot, frames: frames) { fadeRing.opacity = 1 - Double($0 + 1) / Double(frames) * 0.9 }
    print("  a progress ring (120 pt, line width 10, scale 2), one frame of its animation:")
    print(String(format: "    opacity animation:    %7.3f ms per frame  %7ld pixels composited", fade.seconds * 1000, fade.pixels))
    print(String(format: "    strokeEnd animation:  %7.3f ms per frame  %7ld pixels composited   %.2f× the opacity animation",
                 stroke.seconds * 1000, stroke.pixels, stroke.seconds / fade.seconds))
}

/// A 400×400 image view at scale 2 moved by a point each frame, clipped to
/// rounded corners (radius 24) or not.
private func runRoundedClipBenchmark() {
    let image = LayerImage(width: 800, height: 800, hasAlpha: false)
    for y in 0..<800 {
        for x in 0..<800 {
            image.data.storeBytes(of: 0xff00_0000 | UInt32(x & 0xff) << 16 | UInt32(y & 0xff) << 8 | UInt32((x ^ y) & 0xff),
                                  toByteOffset: y * image.stride + x * 4, as: UInt32.self)
        }
    }
    _ = image.takeDamage()
    func run(clipped: Bool) -> Double {
        let root = solidLayer(0, 0, 600, 500, .white)
        let view = solidLayer(40, 40, 400, 400, nil)
        view.contents = image
        view.contentsScale = 2
        if clipped {
            view.style.cornerRadius = 24
            view.masksToBounds = true
        }
        root.addSublayer(view)
        let renderer = SceneRenderer(width: 1200, height: 1000, scale: 2)
        _ = renderer.render(root)
        return timeFrames(renderer, root, frames: 120) { view.position.x = 240 + Double($0 % 40) }.seconds
    }
    let plain = run(clipped: false), clipped = run(clipped: true)
    print("  a 400×400 image view moving a point a frame (scale 2):")
    print(String(format: "    unclipped:                %7.3f ms per frame", plain * 1000))
    print(String(format: "    rounded corners clipped:  %7.3f ms per frame   %.2f× unclipped (goal ≤ 1.5×)", clipped * 1000, clipped / plain))
}
