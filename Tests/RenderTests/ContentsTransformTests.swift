import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// contentsTransform: an image whose pixels were turned or mirrored (a
/// Wayland buffer transform) is drawn upright, pixel for pixel, and its
/// damage lands on the pixels it changed.
final class ContentsTransformTests: XCTestCase {
    /// An image whose every pixel differs: x in red, y in green.
    static func gradient(width: Int = 6, height: Int = 4) -> LayerImage {
        .filled(width: width, height: height, hasAlpha: false) { x, y in 0xff00_0000 | UInt32(x * 20) << 16 | UInt32(y * 20) << 8 | 0x80 }
    }

    /// Upright coordinates → image coordinates, written out as weston's
    /// `weston_transformed_coord` has them (`width`×`height` is the upright size).
    static func imagePoint(of transform: ContentsTransform, x: Double, y: Double, width: Double, height: Double) -> (Double, Double) {
        switch transform {
        case .normal: return (x, y)
        case .flipped: return (width - x, y)
        case .rotated90: return (y, width - x)
        case .flipped90: return (y, x)
        case .rotated180: return (width - x, height - y)
        case .flipped180: return (x, height - y)
        case .rotated270: return (height - y, x)
        case .flipped270: return (height - y, width - x)
        }
    }

    /// Each transform, at output scales 1 and 2: every pixel of the layer is
    /// the image pixel weston would show there, exactly.
    func testEachTransformDrawsTheImageUprightPixelForPixel() {
        for scale in [1, 2] {
            for transform in ContentsTransform.allCases {
                let image = Self.gradient(width: 6 * scale, height: 4 * scale)
                let upright = transform.swapsAxes ? (width: 4, height: 6) : (width: 6, height: 4)
                let root = makeRoot(width: 10, height: 10)
                let layer = RenderLayer(frame: Rect(x: 2, y: 3, width: Double(upright.width), height: Double(upright.height)))
                layer.contents = image
                layer.contentsScale = Double(scale)
                layer.contentsTransform = transform
                root.addSublayer(layer)
                let r = renderFrame(root, width: 10 * scale, height: 10 * scale, scale: Double(scale))
                let pixels = Pixels(image.image)
                for py in 0..<(upright.height * scale) {
                    for px in 0..<(upright.width * scale) {
                        let (bx, by) = Self.imagePoint(of: transform, x: Double(px) + 0.5, y: Double(py) + 0.5,
                                                       width: Double(upright.width * scale), height: Double(upright.height * scale))
                        assertPixel(r.framebuffer, 2 * scale + px, 3 * scale + py, pixels[Int(bx), Int(by)], tolerance: 0,
                                    "\(transform) at scale \(scale)")
                    }
                }
                // Nothing outside the upright rect.
                assertPixel(r.framebuffer, 2 * scale - 1, 3 * scale, white, tolerance: 0)
                assertPixel(r.framebuffer, (2 + upright.width) * scale, 3 * scale, white, tolerance: 0)
                assertPixel(r.framebuffer, 2 * scale, (3 + upright.height) * scale, white, tolerance: 0)
            }
        }
    }

    /// Off the pixel grid (output scale 1.5, and a layer of its own turned
    /// by 30°) the turned contents are filtered as any contents are: each
    /// quadrant's middle shows its colour, and damage leaves the same
    /// pixels as a fresh render.
    func testTurnedContentsOffTheGrid() {
        let quadrants = LayerImage.filled(width: 40, height: 20, hasAlpha: false) { x, y in
            y < 10 ? (x < 20 ? red : green) : (x < 20 ? blue : yellow)
        }
        for tilt in [0, Double.pi / 6] {
            let root = makeRoot(width: 100, height: 100)
            let layer = RenderLayer(frame: Rect(x: 30, y: 20, width: 20, height: 40))
            layer.transform = AffineTransform(rotationAngle: tilt)
            layer.contents = quadrants
            layer.contentsTransform = .rotated270
            root.addSublayer(layer)
            let renderer = renderFrame(root, width: 150, height: 150, scale: 1.5)
            if tilt == 0 {
                // rotated270: upright (x, y) = (image y, 40 - image x): red top left becomes bottom left.
                for (x, y, color) in [(35.0, 25.0, green), (45.0, 25.0, yellow), (35.0, 55.0, red), (45.0, 55.0, blue)] {
                    assertPixel(renderer.framebuffer, Int(x * 1.5), Int(y * 1.5), color, tolerance: 1, "at (\(x), \(y))")
                }
            }
            quadrants.data.storeBytes(of: white, toByteOffset: 5 * quadrants.stride + 5 * 4, as: UInt32.self)
            quadrants.addDamage(PixelRect(x: 5, y: 5, width: 1, height: 1))
            _ = renderer.render(root)
            RenderConformance.assertMatchesFreshRender(renderer, root, "tilted by \(tilt)")
        }
    }

    /// Damage to a turned image redraws the output pixels its changed
    /// pixels are shown at, and no others.
    func testDamageMapsThroughTheTransform() {
        let image = LayerImage.solid(width: 60, height: 40, 0xff00_00ff, hasAlpha: false)
        let root = makeRoot(width: 100, height: 100)
        let layer = RenderLayer(frame: Rect(x: 10, y: 20, width: 40, height: 60))
        layer.contents = image
        layer.contentsTransform = .rotated90
        root.addSublayer(layer)
        let renderer = renderFrame(root, width: 100, height: 100)
        // Image pixels x 50..<60, y 0..<10 (its top right corner): under
        // rotated90 upright (x, y) = (40 - image y, image x), so x 30..<40,
        // y 50..<60 of the layer, at (10, 20).
        for y in 0..<10 {
            for x in 50..<60 { image.data.storeBytes(of: UInt32(0xffff_0000), toByteOffset: y * image.stride + x * 4, as: UInt32.self) }
        }
        image.addDamage(PixelRect(x: 50, y: 0, width: 10, height: 10))
        let stats = renderer.render(root)
        XCTAssertEqual(stats.damage, [PixelRect(x: 40, y: 70, width: 10, height: 10)])
        XCTAssertEqual(stats.pixelsComposited, 100)
        assertPixel(renderer.framebuffer, 45, 75, red, tolerance: 0)
        assertPixel(renderer.framebuffer, 45, 65, blue, tolerance: 0)
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }

    /// Opaque turned contents are copied and hide what lies behind them.
    func testOpaqueTurnedContentsHideWhatIsBehind() {
        let root = makeRoot(width: 100, height: 100)
        let behind = RenderLayer(frame: Rect(x: 10, y: 20, width: 40, height: 60), color: .green)
        let layer = RenderLayer(frame: Rect(x: 10, y: 20, width: 40, height: 60))
        layer.contents = LayerImage.solid(width: 60, height: 40, 0xff00_00ff, hasAlpha: false)
        layer.contentsTransform = .flipped270
        root.addSublayer(behind)
        root.addSublayer(layer)
        let renderer = renderFrame(root, width: 100, height: 100)
        behind.backgroundColor = .red
        let stats = renderer.render(root)
        XCTAssertEqual(stats.pixelsComposited, 40 * 60, "only the turned contents are drawn, not what they hide")
        assertPixel(renderer.framebuffer, 30, 50, blue, tolerance: 0)
    }

    /// Changing only the transform redraws the layer.
    func testChangingTheTransformRedraws() {
        let root = makeRoot(width: 20, height: 20)
        let layer = RenderLayer(frame: Rect(x: 0, y: 0, width: 6, height: 6))
        layer.contents = .filled(width: 6, height: 6, hasAlpha: false) { x, _ in x < 3 ? red : blue }
        root.addSublayer(layer)
        let renderer = renderFrame(root, width: 20, height: 20)
        assertPixel(renderer.framebuffer, 0, 0, red, tolerance: 0)
        layer.contentsTransform = .rotated180
        let stats = renderer.render(root)
        XCTAssertEqual(stats.damage, [PixelRect(x: 0, y: 0, width: 6, height: 6)])
        assertPixel(renderer.framebuffer, 0, 0, blue, tolerance: 0)
        assertPixel(renderer.framebuffer, 5, 5, red, tolerance: 0)
    }
}
