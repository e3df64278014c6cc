import Foundation
import Glibc
import StrataProtocol
import StrataRender

// What hostile-but-legal trees cost, as ratios against a benign tree of the
// same size measured in the same run: a 100,000-deep chain against a flat
// tree of 100,000 layers, and a 1000×1000 image shown in 10×10 points
// (box-filtered down first) against a 10×10 image shown at its size.


/// Median of `rounds` timings of `a` and of `b`, run alternately.
private func alternating(rounds: Int, _ a: () -> Void, _ b: () -> Void) -> (a: Double, b: Double) {
    func time(_ body: () -> Void) -> Double {
        let start = monotonicSeconds()
        body()
        return monotonicSeconds() - start
    }
    a(); b()
    var ta: [Double] = [], tb: [Double] = []
    for _ in 0..<rounds {
        ta.append(time(a))
        tb.append(time(b))
    }
    return (ta.sorted()[rounds / 2], tb.sorted()[rounds / 2])
}

private let treeSize = 100_000

/// Builds a tree of `treeSize` small layers, draws it once, then drops it.
private func buildDrawAndDrop(deep: Bool) {
    let root = RenderLayer()
    root.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
    root.backgroundColor = Color(red: 1, green: 1, blue: 1)
    var parent = root
    for _ in 0..<treeSize {
        let layer = RenderLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
        layer.position = Point(x: deep ? 4.0001 : 30, y: deep ? 4.0001 : 30)
        parent.addSublayer(layer)
        if deep { parent = layer }
    }
    parent.backgroundColor = Color(red: 1, green: 0, blue: 0)
    let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
    _ = renderer.render(root)
}

private func thumbnailScene(imageSide: Int) -> RenderLayer {
    let root = RenderLayer()
    root.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
    root.backgroundColor = Color(red: 1, green: 1, blue: 1)
    let image = LayerImage(width: imageSide, height: imageSide, hasAlpha: false)
    memset(image.data, 0x7f, image.stride * imageSide)
    let layer = RenderLayer()
    layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
    layer.position = Point(x: 40, y: 40)
    layer.contents = image
    root.addSublayer(layer)
    return root
}

func runHardeningBenchmarks() {
    let tree = alternating(rounds: 5, { buildDrawAndDrop(deep: false) }, { buildDrawAndDrop(deep: true) })

    // One renderer per scene, as the compositor has one per output.
    let smallRenderer = SceneRenderer(width: 64, height: 64, scale: 1)
    let largeRenderer = SceneRenderer(width: 64, height: 64, scale: 1)
    let small = thumbnailScene(imageSide: 10), large = thumbnailScene(imageSide: 1000)
    let frame = alternating(rounds: 51, {
        smallRenderer.invalidateAll()
        _ = smallRenderer.render(small)
    }, {
        largeRenderer.invalidateAll()
        _ = largeRenderer.render(large)
    })
    // The image's pixels change every frame: shrunk again each time.
    let largeImage = large.sublayers[0].contents!
    let changing = alternating(rounds: 51, {
        smallRenderer.invalidateAll()
        _ = smallRenderer.render(small)
    }, {
        largeImage.addDamage(PixelRect(x: 0, y: 0, width: 1000, height: 1000))
        largeRenderer.invalidateAll()
        _ = largeRenderer.render(large)
    })

    print("strata-bench: hostile trees (medians; ratios against the benign tree in the same run)")
    print(String(format: "  100,000 layers built, drawn once, dropped: flat %.1f ms, 100,000-deep chain %.1f ms: %.2f × flat",
                 tree.a * 1000, tree.b * 1000, tree.b / tree.a))
    print(String(format: "  frame with one 10×10-point image: 10×10 pixels %.3f ms, 1000×1000 pixels %.3f ms: %.1f × unscaled",
                 frame.a * 1000, frame.b * 1000, frame.b / frame.a))
    print(String(format: "  the same, the 1000×1000 image changed every frame: %.3f ms against %.3f ms: %.1f × unscaled",
                 changing.b * 1000, changing.a * 1000, changing.b / changing.a))
}
