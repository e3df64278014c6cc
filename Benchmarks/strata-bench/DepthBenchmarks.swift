import Foundation
import Glibc
import StrataProtocol
import StrataRender

// What 3-D layers cost the render server, as ratios in one run:
// - a 400×300 view (contents and sublayers) flipping about y in
//   perspective, a step a frame, against the same view turning about z
//   (goal ≤ 2×: the flip draws the view into its plane, then projects it);
// - 20 covers turned in perspective, cover-flow style, scrolled 7 points a
//   frame, against the same covers flat.

private func pattern(width: Int, height: Int, seed: Int) -> LayerImage {
    let image = LayerImage(width: width, height: height, hasAlpha: false)
    for y in 0..<height {
        let row = image.data + y * image.stride
        for x in 0..<width {
            let r = UInt32((x + seed * 40) & 0xff), g = UInt32((y + seed * 70) & 0xff), b = UInt32(((x ^ y) + seed) & 0xff)
            row.storeBytes(of: 0xff00_0000 | r << 16 | g << 8 | b, toByteOffset: x * 4, as: UInt32.self)
        }
    }
    _ = image.takeDamage()
    return image
}

func runDepthBenchmarks() {
    print("")
    print("strata-bench: 3-D layers drawn by the render server (StrataRender, medians)")
    runFlipBenchmark()
    runCoverFlowBenchmark()
}

/// A 400×300 view at scale 2 in a 600×450 output: contents, a title bar and two buttons.
private func runFlipBenchmark() {
    func scene() -> (RenderLayer, RenderLayer) {
        let root = solidLayer(0, 0, 600, 450, Color(red: 0.9, green: 0.9, blue: 0.92))
        let view = solidLayer(100, 75, 400, 300, .white)
        view.contents = pattern(width: 800, height: 600, seed: 1)
        view.contentsScale = 2
        view.addSublayer(solidLayer(0, 0, 400, 44, Color(red: 0.97, green: 0.97, blue: 0.97)))
        view.addSublayer(solidLayer(20, 240, 160, 40, Color(red: 0, green: 0.48, blue: 1)))
        view.addSublayer(solidLayer(220, 240, 160, 40, Color(red: 0.2, green: 0.8, blue: 0.3)))
        root.addSublayer(view)
        return (root, view)
    }
    let frames = 120
    // Turning a step a frame, away from edge-on and the quarter turns (where a 2-D turn is a plain copy).
    func angle(_ frame: Int) -> Double { 0.2 + Double(frame % 40) * 0.02 }
    let (flatRoot, flatView) = scene()
    let flatRenderer = SceneRenderer(width: 1200, height: 900, scale: 2)
    _ = flatRenderer.render(flatRoot)
    let flat = timeFrames(flatRenderer, flatRoot, frames: frames) { flatView.transform = AffineTransform(rotationAngle: angle($0)) }
    let (flipRoot, flipView) = scene()
    let flipRenderer = SceneRenderer(width: 1200, height: 900, scale: 2)
    _ = flipRenderer.render(flipRoot)
    let perspective = Transform3D(perspectiveDistance: 1000)
    let flip = timeFrames(flipRenderer, flipRoot, frames: frames) {
        flipView.properties.transform3D = Transform3D(rotationAngle: angle($0), x: 0, y: 1, z: 0).concatenating(perspective)
    }
    print("  a 400×300 view turning a step a frame, 1200×900 px (scale 2):")
    print(String(format: "    2-D rotation about z:   %7.3f ms per frame  %8ld pixels composited", flat.seconds * 1000, flat.pixels))
    print(String(format: "    3-D flip about y:       %7.3f ms per frame  %8ld pixels composited   %.2f× the 2-D rotation (goal ≤ 2×)",
                 flip.seconds * 1000, flip.pixels, flip.seconds / flat.seconds))
}

/// 20 covers of 200×200 points, 120 apart, in a 1000×400 output at scale
/// 1: turned ±55° about y outside the centre, in perspective from the
/// scroller's centre; the scroller's bounds move 7 points a frame.
private func runCoverFlowBenchmark() {
    func scene(inDepth: Bool) -> (RenderLayer, RenderLayer, [RenderLayer]) {
        let root = solidLayer(0, 0, 1000, 400, .black)
        let scroller = solidLayer(0, 0, 1000, 400, nil)
        if inDepth { scroller.properties.updateDepth { $0.sublayerTransform = Transform3D(perspectiveDistance: 600) } }
        root.addSublayer(scroller)
        var covers: [RenderLayer] = []
        for index in 0..<20 {
            let cover = solidLayer(Double(index) * 120, 100, 200, 200, nil)
            cover.contents = pattern(width: 200, height: 200, seed: index)
            scroller.addSublayer(cover)
            covers.append(cover)
        }
        return (root, scroller, covers)
    }
    /// Cover flow's turn: covers left of the centre face right, those right of it face left.
    func turn(_ covers: [RenderLayer], scrolledTo x: Double) {
        for cover in covers {
            let offset = cover.position.x - (x + 500)
            let angle = abs(offset) < 60 ? -offset / 60 * 0.96 : (offset < 0 ? 0.96 : -0.96)
            cover.properties.transform3D = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
        }
    }
    let frames = 120
    let (flatRoot, flatScroller, _) = scene(inDepth: false)
    let flatRenderer = SceneRenderer(width: 1000, height: 400, scale: 1)
    _ = flatRenderer.render(flatRoot)
    let flat = timeFrames(flatRenderer, flatRoot, frames: frames) { flatScroller.bounds.origin.x = Double(($0 + 1) * 7) }
    let (deepRoot, deepScroller, covers) = scene(inDepth: true)
    turn(covers, scrolledTo: 0)
    let deepRenderer = SceneRenderer(width: 1000, height: 400, scale: 1)
    _ = deepRenderer.render(deepRoot)
    let deep = timeFrames(deepRenderer, deepRoot, frames: frames) {
        let x = Double(($0 + 1) * 7)
        deepScroller.bounds.origin.x = x
        turn(covers, scrolledTo: x)
    }
    print("  20 covers of 200×200 scrolled 7 pt a frame, 1000×400 px:")
    print(String(format: "    flat:                   %7.3f ms per frame  %8ld pixels composited", flat.seconds * 1000, flat.pixels))
    print(String(format: "    turned in perspective:  %7.3f ms per frame  %8ld pixels composited   %.2f× flat",
                 deep.seconds * 1000, deep.pixels, deep.seconds / flat.seconds))
}
