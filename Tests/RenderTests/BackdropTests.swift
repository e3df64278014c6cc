import Foundation
import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// Materials: a backdrop layer replaces what is drawn below it, within its
/// (rounded) bounds, by a Gaussian blur of it, saturated and tinted; damage
/// near it grows to what the blur reads, what is in front does not cull
/// what it reads, and a frame that changes nothing it reads blurs nothing.
final class BackdropTests: XCTestCase {
    /// Black and white squares of `cell` points over the whole root.
    private func checkerboard(_ root: RenderLayer, width: Int, height: Int, cell: Int) {
        for y in stride(from: 0, to: height, by: cell) {
            for x in stride(from: 0, to: width, by: cell) where (x / cell + y / cell) % 2 == 0 {
                root.addSublayer(RenderLayer(frame: Rect(x: Double(x), y: Double(y), width: Double(cell), height: Double(cell)),
                                             color: .black))
            }
        }
    }

    /// Channel `shift` (16 red, 8 green, 0 blue) of every pixel, as doubles.
    private func channel(_ image: OpaquePointer, _ shift: UInt32) -> [[Double]] {
        let pixels = Pixels(image)
        return (0..<pixels.height).map { y in (0..<pixels.width).map { x in Double((pixels[x, y] >> shift) & 0xff) } }
    }

    /// A direct convolution with a sampled Gaussian of σ (normalised, 4σ wide),
    /// samples past the image's edges clamped to the edge: the reference.
    private func gaussian(_ image: [[Double]], sigma: Double) -> [[Double]] {
        let r = Int((4 * sigma).rounded(.up))
        var kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let h = image.count, w = image[0].count
        var rows = image
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in -r...r { sum += kernel[k + r] * image[y][min(max(x + k, 0), w - 1)] }
                rows[y][x] = sum
            }
        }
        var out = rows
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in -r...r { sum += kernel[k + r] * rows[min(max(y + k, 0), h - 1)][x] }
                out[y][x] = sum
            }
        }
        return out
    }

    /// Compares the backdrop's rect with the reference blur of the scene without it.
    private func assertBlurMatchesReference(width: Int, height: Int, scale: Double, backdrop frame: Rect, radius: Double,
                                            file: StaticString = #filePath, line: UInt = #line) {
        let root = makeRoot(width: Double(width), height: Double(height))
        checkerboard(root, width: width, height: height, cell: 6)
        let plain = renderFrame(root, width: Int(Double(width) * scale), height: Int(Double(height) * scale), scale: scale)
        let material = RenderLayer(frame: frame)
        material.backdrop = BackdropStyle(radius: radius)
        root.addSublayer(material)
        let blurred = renderFrame(root, width: Int(Double(width) * scale), height: Int(Double(height) * scale), scale: scale)
        let expected = gaussian(channel(plain.framebuffer, 8), sigma: radius / 2 * scale)
        let actual = channel(blurred.framebuffer, 8)
        let rect = PixelRect(x: Int(frame.minX * scale), y: Int(frame.minY * scale), width: Int(frame.width * scale),
                             height: Int(frame.height * scale))
        var worst = 0.0, total = 0.0, worstAt = (0, 0)
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let difference = abs(actual[y][x] - expected[y][x])
                if difference > worst { (worst, worstAt) = (difference, (x, y)) }
                total += difference
            }
        }
        let mean = total / Double(rect.area)
        // Three box blurs approximate the Gaussian: within 4 of 255 at worst, 1 on average.
        XCTAssertLessThanOrEqual(worst, 4, "largest difference from the reference Gaussian, at \(worstAt)", file: file, line: line)
        XCTAssertLessThanOrEqual(mean, 1, "mean difference from the reference Gaussian", file: file, line: line)
        // Outside the backdrop the scene is untouched.
        XCTAssertEqual(Pixels(blurred.framebuffer)[rect.x - 1 < 0 ? rect.x + rect.width : rect.x - 1, rect.y],
                       Pixels(plain.framebuffer)[rect.x - 1 < 0 ? rect.x + rect.width : rect.x - 1, rect.y], file: file, line: line)
    }

    func testBlurMatchesAReferenceGaussian() {
        assertBlurMatchesReference(width: 120, height: 90, scale: 1, backdrop: Rect(x: 30, y: 20, width: 60, height: 40), radius: 8)
        assertBlurMatchesReference(width: 120, height: 90, scale: 1, backdrop: Rect(x: 30, y: 20, width: 60, height: 40), radius: 3)
    }

    /// Wide blurs run on halved pixels: still the Gaussian, within the same bounds.
    func testAWideBlurMatchesTheReferenceGaussian() {
        assertBlurMatchesReference(width: 200, height: 140, scale: 1, backdrop: Rect(x: 40, y: 30, width: 120, height: 80), radius: 24)
        assertBlurMatchesReference(width: 160, height: 120, scale: 1, backdrop: Rect(x: 0, y: 0, width: 90, height: 120), radius: 40)
    }

    /// σ is in points: twice the pixels at scale 2.
    func testBlurRadiusIsInPoints() {
        assertBlurMatchesReference(width: 60, height: 45, scale: 2, backdrop: Rect(x: 15, y: 10, width: 30, height: 25), radius: 6)
    }

    /// A backdrop against the output's edges reads the edge pixels past them.
    func testSamplesPastTheOutputEdgeClampToTheEdge() {
        assertBlurMatchesReference(width: 100, height: 80, scale: 1, backdrop: Rect(x: 0, y: 0, width: 50, height: 80), radius: 10)
    }

    /// Saturation 0 is grey of the Rec. 709 luminance; the tint goes over.
    func testSaturationAndTint() {
        let root = makeRoot(width: 40, height: 40, color: Color(red: 200 / 255, green: 40 / 255, blue: 100 / 255))
        let material = RenderLayer(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        material.backdrop = BackdropStyle(radius: 4, saturation: 0, tintColor: .clear)
        root.addSublayer(material)
        let renderer = renderFrame(root, width: 40, height: 40)
        let weighted: Double = 0.2126 * 200.0 + 0.7152 * 40.0 + 0.0722 * 100.0
        let luma = Int(weighted.rounded())
        let grey = Pixels(renderer.framebuffer)[20, 20]
        for shift: UInt32 in [16, 8, 0] { XCTAssertEqual(Double((grey >> shift) & 0xff), Double(luma), accuracy: 1) }
        XCTAssertEqual(Pixels(renderer.framebuffer)[5, 5], 0xffc8_2864, "outside, untouched")

        material.backdrop = BackdropStyle(radius: 4, saturation: 2, tintColor: Color(red: 1, green: 1, blue: 1, alpha: 0.5))
        _ = renderer.render(root)
        let p = Pixels(renderer.framebuffer)[20, 20]
        // Saturation 2: luma + 2 (c − luma), clamped; then half white over.
        func expected(_ c: Double) -> Double { (min(max(Double(luma) + 2 * (c - Double(luma)), 0), 255) + 255) / 2 }
        XCTAssertEqual(Double((p >> 16) & 0xff), expected(200), accuracy: 1.5)
        XCTAssertEqual(Double((p >> 8) & 0xff), expected(40), accuracy: 1.5)
        XCTAssertEqual(Double(p & 0xff), expected(100), accuracy: 1.5)
    }

    /// Rounded corners clip the blur and the tint as the corner radius says.
    func testRoundedCornersClipTheBlur() {
        let root = makeRoot(width: 120, height: 90)
        checkerboard(root, width: 120, height: 90, cell: 10)
        let material = RenderLayer(frame: Rect(x: 20, y: 15, width: 80, height: 60))
        material.style.cornerRadius = 20
        material.backdrop = BackdropStyle(radius: 12, saturation: 1, tintColor: Color(red: 0.9, green: 0.95, blue: 1, alpha: 0.3))
        root.addSublayer(material)
        let renderer = renderFrame(root, width: 120, height: 90)
        let pixels = Pixels(renderer.framebuffer)
        // Inside the bounds' corner square but outside the arc: the checkerboard as it was.
        XCTAssertEqual(pixels[21, 16], 0xffff_ffff, "(20, 10) is a white square: unblurred outside the arc")
        XCTAssertEqual(pixels[98, 16], 0xff00_0000, "(90, 10) is a black square")
        // The middle is blurred to a mid grey, tinted.
        let middle = pixels[60, 45]
        XCTAssert((90...200).contains(Int((middle >> 8) & 0xff)), String(middle, radix: 16))
        assertReference(renderer, "backdrop-rounded")
    }

    /// A backdrop inside an offscreen group (group opacity) blurs nothing and draws its tint.
    func testInsideAGroupOnlyTheTintIsDrawn() {
        let root = makeRoot(width: 60, height: 40)
        checkerboard(root, width: 60, height: 40, cell: 4)
        let group = RenderLayer(frame: Rect(x: 10, y: 10, width: 40, height: 20))
        group.opacity = 0.5
        let material = RenderLayer(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        material.backdrop = BackdropStyle(radius: 10, saturation: 1, tintColor: Color(red: 1, green: 0, blue: 0, alpha: 1))
        group.addSublayer(material)
        group.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 2, height: 2), color: .blue))
        root.addSublayer(group)
        let renderer = SceneRenderer(width: 60, height: 40, scale: 1)
        let stats = renderer.render(root)
        XCTAssertEqual(stats.backdropBlurs, 0)
        // Opaque red, faded by the group to half, over the checkerboard, unblurred.
        let pixels = Pixels(renderer.framebuffer)
        func rgb(_ p: UInt32) -> [Int] { [Int((p >> 16) & 0xff), Int((p >> 8) & 0xff), Int(p & 0xff)] }
        for (value, expected) in zip(rgb(pixels[21, 21]), [128, 0, 0]) { XCTAssertEqual(value, expected, accuracy: 1, "black square") }
        for (value, expected) in zip(rgb(pixels[25, 21]), [255, 128, 128]) { XCTAssertEqual(value, expected, accuracy: 1, "white square") }
    }

    /// A frame that changes nothing the blur reads blurs nothing; a change below it blurs again.
    func testAFrameWithNothingChangedBelowDoesNoBlurWork() {
        let root = makeRoot(width: 200, height: 150)
        checkerboard(root, width: 200, height: 150, cell: 10)
        let material = RenderLayer(frame: Rect(x: 20, y: 20, width: 80, height: 40))
        material.backdrop = BackdropStyle(radius: 10, saturation: 1.5, tintColor: Color(red: 1, green: 1, blue: 1, alpha: 0.2))
        root.addSublayer(material)
        let far = RenderLayer(frame: Rect(x: 150, y: 110, width: 20, height: 20), color: .red)
        root.addSublayer(far)
        let renderer = SceneRenderer(width: 200, height: 150, scale: 1)
        XCTAssertEqual(renderer.render(root).backdropBlurs, 1)
        XCTAssertEqual(renderer.render(root).backdropBlurs, 0, "nothing changed")
        far.position = Point(x: 170, y: 130)
        let moved = renderer.render(root)
        XCTAssertFalse(moved.damage.isEmpty)
        XCTAssertEqual(moved.backdropBlurs, 0, "a change beyond the blur's reach")
        XCTAssertEqual(moved.pixelsBlurred, 0)
        // Within reach (15 pixels) but outside the bounds: blurred again, whole.
        far.position = Point(x: 110 + 5, y: 40)
        let near = renderer.render(root)
        XCTAssertEqual(near.backdropBlurs, 1)
        RenderConformance.assertMatchesFreshRender(renderer, root, name: "backdrop-near")
    }

    /// Things moving under and over a material, the material moving and
    /// changing, opaque layers in front of it: every frame equals a fresh render.
    func testRandomChangesUnderAndOverMatchFreshRenders() {
        var generator = SplitMix(seed: 21)
        let root = makeRoot(width: 160, height: 120)
        checkerboard(root, width: 160, height: 120, cell: 16)
        let under = (0..<3).map { i -> RenderLayer in
            let layer = RenderLayer(frame: Rect(x: Double(10 + 40 * i), y: Double(20 + 15 * i), width: 30, height: 24),
                                    color: [Color.red, .blue, .green][i])
            root.addSublayer(layer)
            return layer
        }
        let material = RenderLayer(frame: Rect(x: 40, y: 30, width: 80, height: 50))
        material.backdrop = BackdropStyle(radius: 8, saturation: 1.8, tintColor: Color(red: 1, green: 1, blue: 1, alpha: 0.3))
        material.addSublayer(RenderLayer(frame: Rect(x: 10, y: 10, width: 20, height: 10), color: .black))
        root.addSublayer(material)
        let over = (0..<2).map { i -> RenderLayer in
            let layer = RenderLayer(frame: Rect(x: Double(30 + 60 * i), y: 60, width: 24, height: 30), color: [Color.yellow, .white][i])
            layer.isOpaque = true
            root.addSublayer(layer)
            return layer
        }
        let renderer = SceneRenderer(width: 160, height: 120, scale: 1)
        _ = renderer.render(root)
        for step in 0..<80 {
            func coordinate(_ limit: UInt64) -> Double { Double(generator.next() % limit) - 20 }
            switch generator.next() % 8 {
            case 0, 1: under[Int(generator.next() % 3)].position = Point(x: coordinate(200), y: coordinate(160))
            case 2, 3: over[Int(generator.next() % 2)].position = Point(x: coordinate(200), y: coordinate(160))
            case 4: material.position = Point(x: coordinate(200), y: coordinate(160))
            case 5: material.backdrop?.radius = Double(generator.next() % 24)
            case 6: material.style.cornerRadius = Double(generator.next() % 20)
            default: under[Int(generator.next() % 3)].opacity = Double(generator.next() % 5) / 4
            }
            _ = renderer.render(root)
            guard RenderConformance.assertMatchesFreshRender(renderer, root, name: "backdrop-random", "step \(step)") else { return }
        }
    }

    /// Two outputs side by side, a material across the seam: each renderer
    /// blurs its own framebuffer, clamped at its own edges, and moves keep
    /// each equal to a fresh render of its part.
    func testEachOutputBlursItsOwnFramebuffer() {
        // A 64×32-point layout at scale 2: the left output at x 0, the right at x 32.
        let root = makeRoot(width: 64, height: 32)
        checkerboard(root, width: 64, height: 32, cell: 4)
        let mover = RenderLayer(frame: Rect(x: 4, y: 4, width: 6, height: 6), color: .red)
        root.addSublayer(mover)
        let material = RenderLayer(frame: Rect(x: 16, y: 6, width: 32, height: 20))
        material.style.cornerRadius = 5
        material.backdrop = BackdropStyle(radius: 4, saturation: 1.5, tintColor: Color(red: 0, green: 0, blue: 1, alpha: 0.2))
        root.addSublayer(material)
        let left = SceneRenderer(width: 64, height: 64, scale: 2), right = SceneRenderer(width: 64, height: 64, scale: 2)
        right.origin = Point(x: 32, y: 0)
        for step in 0..<12 {
            mover.position = Point(x: Double(4 + step * 5), y: Double(8 + step % 3 * 6))
            let shared = SharedImageDamage()
            let (l, r) = (left.render(root, sharedDamage: shared), right.render(root, sharedDamage: shared))
            if step == 0 { XCTAssertEqual(l.backdropBlurs + r.backdropBlurs, 2, "each output blurs its part") }
            RenderConformance.assertMatchesFreshRender(left, root, name: "backdrop-left", "step \(step)")
            RenderConformance.assertMatchesFreshRender(right, root, name: "backdrop-right", "step \(step)")
        }
    }

    /// Values no client can send (the protocol bounds them) still draw without trapping.
    func testHostileValuesNeverTrap() {
        let root = makeRoot(width: 64, height: 48)
        checkerboard(root, width: 64, height: 48, cell: 8)
        let material = RenderLayer(frame: Rect(x: -1e9, y: -5, width: 2e9, height: 1e7))
        root.addSublayer(material)
        let renderer = SceneRenderer(width: 64, height: 48, scale: 3)
        for style in [BackdropStyle(radius: .infinity), BackdropStyle(radius: .nan, saturation: .nan),
                      BackdropStyle(radius: 1e300, saturation: -4), BackdropStyle(radius: -3, saturation: 1e12)] {
            material.backdrop = style
            _ = renderer.render(root)
        }
    }
}
