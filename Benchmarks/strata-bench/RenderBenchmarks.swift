import CPixman
import Foundation
import Glibc
import StrataProtocol
import StrataRender

// Renderer figures as ratios against this machine's own limit, measured in
// the same run: one full-screen pixman SRC copy (a8r8g8b8 → x8r8g8b8).
// Times vary between machines and runs; the ratios are what to compare.

private let screenWidth = 1920, screenHeight = 1080

private func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Median wall time of `body` over `iterations` runs, after one warm-up run.
private func median(iterations: Int, _ body: () -> Void) -> Double {
    body()
    var times: [Double] = []
    for _ in 0..<iterations {
        let start = now()
        body()
        times.append(now() - start)
    }
    times.sort()
    return times[times.count / 2]
}

/// A deterministic pseudo-random sequence, so every run draws the same scene.
private struct SceneRandom {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(_ range: ClosedRange<Int>) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
    mutating func unit() -> Double { Double(next(0...1000)) / 1000 }
}

private func gradientImage(width: Int, height: Int, hasAlpha: Bool, seed: Int) -> LayerImage {
    let image = LayerImage(width: width, height: height, hasAlpha: hasAlpha)
    for y in 0..<height {
        let row = image.data + y * image.stride
        for x in 0..<width {
            let alpha: UInt32 = hasAlpha ? UInt32(128 + (x * 127) / width) : 255
            let r = UInt32((x + seed * 40) & 0xff) * alpha / 255
            let g = UInt32((y + seed * 70) & 0xff) * alpha / 255
            let b = UInt32(((x ^ y) + seed) & 0xff) * alpha / 255
            row.storeBytes(of: alpha << 24 | r << 16 | g << 8 | b, toByteOffset: x * 4, as: UInt32.self)
        }
    }
    _ = image.takeDamage()
    return image
}

private func layer(x: Int, y: Int, width: Int, height: Int) -> RenderLayer {
    let layer = RenderLayer()
    layer.bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    layer.position = Point(x: Double(x) + Double(width) / 2, y: Double(y) + Double(height) / 2)
    return layer
}

private func screenRoot() -> RenderLayer {
    let root = layer(x: 0, y: 0, width: screenWidth, height: screenHeight)
    root.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.25)
    root.name = "output"
    return root
}

/// 100 layers: opaque and translucent rects, opaque and translucent
/// contents, rotated contents, and a few faded groups. Returns the root and
/// an unrotated contents layer near the middle of the stack to invalidate.
private func mixedScene() -> (root: RenderLayer, invalidated: RenderLayer) {
    var random = SceneRandom()
    let root = screenRoot()
    var images: [LayerImage] = []
    for i in 0..<8 { images.append(gradientImage(width: 256, height: 256, hasAlpha: i % 2 == 1, seed: i)) }
    var invalidated: RenderLayer? = nil
    var count = 0
    while count < 100 {
        let w = random.next(120...520), h = random.next(90...400)
        let l = layer(x: random.next(-40...(screenWidth - w + 40)), y: random.next(-40...(screenHeight - h + 40)),
                      width: w, height: h)
        l.name = "layer \(count)"
        switch count % 10 {
        case 0, 1, 2: // opaque rect
            l.backgroundColor = Color(red: random.unit(), green: random.unit(), blue: random.unit())
        case 3, 4: // translucent rect
            l.backgroundColor = Color(red: random.unit(), green: random.unit(), blue: random.unit(), alpha: 0.6)
        case 5, 6: // contents, scaled to the bounds
            l.contents = images[count % images.count]
            if invalidated == nil && count >= 40 {
                // The layer to invalidate owns its image, shown unscaled, so
                // 64×64 image pixels are 64×64 screen pixels.
                l.contents = gradientImage(width: 256, height: 256, hasAlpha: false, seed: 11)
                l.contentsGravity = .topLeft
                invalidated = l
            }
        case 7: // rotated contents
            l.contents = images[count % images.count]
            l.transform = AffineTransform(rotationAngle: Double(random.next(5...80)) * .pi / 180)
        case 8: // faded group of two overlapping children
            l.opacity = 0.7
            let a = layer(x: 0, y: 0, width: w * 2 / 3, height: h)
            a.backgroundColor = .white
            let b = layer(x: w / 3, y: h / 4, width: w * 2 / 3, height: h / 2)
            b.contents = images[(count / 10) % images.count]
            l.addSublayer(a)
            l.addSublayer(b)
            count += 2
        default: // translucent contents at natural size
            l.contents = images[count % images.count]
            l.contentsGravity = .center
            l.opacity = 0.8
        }
        root.addSublayer(l)
        count += 1
    }
    return (root, invalidated!)
}

/// 100 opaque full-screen layers stacked; only the top one is visible.
private func stackedScene() -> RenderLayer {
    let root = screenRoot()
    let image = gradientImage(width: screenWidth, height: screenHeight, hasAlpha: false, seed: 3)
    for i in 0..<100 {
        let l = layer(x: 0, y: 0, width: screenWidth, height: screenHeight)
        if i % 2 == 0 {
            l.backgroundColor = Color(red: Double(i) / 100, green: 0.5, blue: 0.5)
        } else {
            l.contents = image
        }
        root.addSublayer(l)
    }
    return root
}

private struct Row {
    var name: String
    var seconds: Double
    var ratio: Double?
    var against: String
    var baseline: Double = 0
    var target: Double?
}

/// Medians of `a` and `b`, measured in alternating rounds so both see the
/// same machine (other builds sharing the cores come and go), and the
/// median over rounds of b's round median divided by a's. Each round runs
/// one warm-up, then `perRound` timed runs, so neither is timed with caches
/// the other just evicted.
private func pairedMedians(rounds: Int, perRound: Int = 5, _ a: () -> Void,
                           _ b: () -> Void) -> (a: Double, b: Double, ratio: Double) {
    func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func round(_ body: () -> Void) -> [Double] {
        body()
        return (0..<perRound).map { _ in
            let start = now()
            body()
            return now() - start
        }
    }
    var ta: [Double] = [], tb: [Double] = [], ratios: [Double] = []
    for _ in 0..<rounds {
        let ra = round(a), rb = round(b)
        ta += ra
        tb += rb
        ratios.append(middle(rb) / middle(ra))
    }
    return (middle(ta), middle(tb), middle(ratios))
}

/// Prints the render figures. Never fails: a MISS is a figure to look at.
func runRenderBenchmarks() {
    // The limit: one full-screen SRC copy, timed alongside each scene.
    let source = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(screenWidth), Int32(screenHeight), nil, 0)!
    let destination = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(screenWidth), Int32(screenHeight), nil, 0)!
    defer {
        pixman_image_unref(source)
        pixman_image_unref(destination)
    }
    memset(pixman_image_get_data(source), 0x7f, Int(pixman_image_get_stride(source)) * screenHeight)
    let copyOnce = {
        pixman_image_composite32(PIXMAN_OP_SRC, source, nil, destination, 0, 0, 0, 0, 0, 0,
                                 Int32(screenWidth), Int32(screenHeight))
    }

    let renderer = SceneRenderer(width: screenWidth, height: screenHeight, scale: 1)
    let (mixed, invalidated) = mixedScene()
    _ = renderer.render(mixed)
    var fullStats = FrameStats()
    let (copyForFull, full, fullRatio) = pairedMedians(rounds: 7, perRound: 3, copyOnce) {
        renderer.invalidateAll()
        fullStats = renderer.render(mixed)
    }
    var smallStats = FrameStats()
    let small = median(iterations: 101) {
        invalidated.contents!.addDamage(PixelRect(x: 64, y: 64, width: 64, height: 64))
        smallStats = renderer.render(mixed)
    }
    var unchangedStats = FrameStats()
    let unchanged = median(iterations: 101) { unchangedStats = renderer.render(mixed) }

    let stackedRenderer = SceneRenderer(width: screenWidth, height: screenHeight, scale: 1)
    let stacked = stackedScene()
    var stackedStats = FrameStats()
    let (copyForStacked, stackedTime, stackedRatio) = pairedMedians(rounds: 15, copyOnce) {
        stackedRenderer.invalidateAll()
        stackedStats = stackedRenderer.render(stacked)
    }

    let rows = [
        Row(name: "full-screen SRC copy (the limit)", seconds: copyForStacked, ratio: nil, against: "", target: nil),
        Row(name: "100-layer scene, full recomposite", seconds: full, ratio: fullRatio, against: "copy",
            baseline: copyForFull, target: nil),
        Row(name: "100-layer scene, one 64×64 invalidation", seconds: small, ratio: small / full,
            against: "full", target: 0.02),
        Row(name: "100-layer scene, unchanged frame", seconds: unchanged, ratio: unchanged / full,
            against: "full", target: nil),
        Row(name: "100 stacked opaque full-size layers", seconds: stackedTime, ratio: stackedRatio,
            against: "copy", baseline: copyForStacked, target: 1.5),
    ]
    print("strata-bench: renderer, \(screenWidth)×\(screenHeight) at scale 1 (medians; ratios against the same run)")
    print(pad("", 42) + pad("time", 12) + pad("ratio", 28) + pad("target", 10) + "result")
    for row in rows {
        var ratio = row.ratio.map { String(format: "%.4f × %@", $0, row.against) } ?? "1"
        if row.baseline > 0 { ratio += String(format: " (%.3f ms)", row.baseline * 1000) }
        let target = row.target.map { String(format: "≤ %.3g", $0) } ?? "-"
        let verdict = row.target.map { row.ratio! <= $0 ? "PASS" : "MISS" } ?? ""
        print(pad(row.name, 42) + pad(String(format: "%.3f ms", row.seconds * 1000), 12) + pad(ratio, 28)
              + pad(target, 10) + verdict)
    }
    print("  full recomposite: \(fullStats.compositeOperations) composites, \(fullStats.pixelsComposited) pixels")
    print("  64×64 invalidation: \(smallStats.compositeOperations) composites, \(smallStats.pixelsComposited) pixels, "
          + "damage \(smallStats.damage)")
    print("  unchanged frame: \(unchangedStats.compositeOperations) composites")
    print("  stacked: \(stackedStats.compositeOperations) composites, \(stackedStats.pixelsComposited) pixels")
}

private func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
}
