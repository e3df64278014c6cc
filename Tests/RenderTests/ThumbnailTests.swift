import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// Large contents shown small: a 1000×1000 image in a 10×10-point layer.
/// Far from the output's origin the inverse transform's translation used to
/// leave pixman's 16.16 fixed point (100 source pixels per destination
/// pixel × 400 pixels is past 32768) and the frame trapped.
final class ThumbnailTests: XCTestCase {
    /// Four 500×500 quadrants (red, green / blue, yellow), so each quadrant
    /// of the thumbnail must be its color averaged over 2,500 pixels.
    static let image = LayerImage.filled(width: 1000, height: 1000, hasAlpha: false) { x, y in
        switch (x < 500, y < 500) {
        case (true, true): return red
        case (false, true): return green
        case (true, false): return blue
        default: return yellow
        }
    }

    /// One thumbnail per x offset (points), 10×10 points each, on white.
    private func render(scale: Double, offsets: [Double], width: Double) -> SceneRenderer {
        let root = makeRoot(width: width, height: 16)
        for x in offsets {
            let layer = RenderLayer(frame: Rect(x: x, y: 3, width: 10, height: 10))
            layer.contents = Self.image
            layer.contentsGravity = .resize
            root.addSublayer(layer)
        }
        return renderFrame(root, width: Int(width * scale), height: Int(16 * scale), scale: scale)
    }

    /// Each quadrant of the thumbnail at `x` pixels (top-left, on the pixel
    /// grid) is its plain color, and the outside is untouched.
    private func assertQuadrants(_ r: SceneRenderer, x: Int, y: Int, size: Int, file: StaticString = #filePath, line: UInt = #line) {
        let q = size / 4, far = size - 1 - size / 4
        assertPixel(r.framebuffer, x + q, y + q, red, tolerance: 2, file: file, line: line)
        assertPixel(r.framebuffer, x + far, y + q, green, tolerance: 2, file: file, line: line)
        assertPixel(r.framebuffer, x + q, y + far, blue, tolerance: 2, file: file, line: line)
        assertPixel(r.framebuffer, x + far, y + far, yellow, tolerance: 2, file: file, line: line)
        assertPixel(r.framebuffer, x - 1, y + q, white, file: file, line: line)
        assertPixel(r.framebuffer, x + size, y + far, white, file: file, line: line)
    }

    func testThumbnailsAtScaleOne() {
        let r = render(scale: 1, offsets: [2, 100, 400, 497], width: 512)
        for x in [2, 100, 400, 497] { assertQuadrants(r, x: x, y: 3, size: 10) }
        assertReference(r, "thumbnail-scale-1", tolerance: 2)
    }

    func testThumbnailsAtScaleTwo() {
        let r = render(scale: 2, offsets: [2, 100, 200, 245], width: 256)
        for x in [2, 100, 200, 245] { assertQuadrants(r, x: x * 2, y: 6, size: 20) }
        assertReference(r, "thumbnail-scale-2", tolerance: 2)
    }

    /// Off the pixel grid the thumbnail is filtered, not garbage: the
    /// quadrant centers keep their colors.
    func testThumbnailAtAFractionalOffset() {
        let r = render(scale: 1, offsets: [450.5], width: 512)
        assertPixel(r.framebuffer, 453, 6, red, tolerance: 2)
        assertPixel(r.framebuffer, 458, 6, green, tolerance: 2)
        assertPixel(r.framebuffer, 453, 11, blue, tolerance: 2)
        assertPixel(r.framebuffer, 458, 11, yellow, tolerance: 2)
        assertReference(r, "thumbnail-fractional", tolerance: 2)
    }

    /// A shrunk image is kept between frames (scaling it down costs a pass
    /// over it) and redone when its pixels change.
    func testDamagedImageIsShrunkAgain() {
        let image = LayerImage.solid(width: 1000, height: 1000, red, hasAlpha: false)
        let root = makeRoot(width: 512, height: 16)
        let layer = RenderLayer(frame: Rect(x: 450, y: 3, width: 10, height: 10))
        layer.contents = image
        root.addSublayer(layer)
        let renderer = SceneRenderer(width: 512, height: 16, scale: 1)
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 455, 8, red)
        for y in 0..<1000 {
            for x in 0..<1000 { image.data.storeBytes(of: blue, toByteOffset: y * image.stride + x * 4, as: UInt32.self) }
        }
        image.addDamage(PixelRect(x: 0, y: 0, width: 1000, height: 1000))
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 455, 8, blue)
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }

    /// The same thumbnail drawn whole and redrawn in part (damage from a
    /// layer moving over it) gives the same pixels.
    func testPartialRedrawMatchesFreshRender() {
        let root = makeRoot(width: 512, height: 16)
        let thumbnail = RenderLayer(frame: Rect(x: 450, y: 3, width: 10, height: 10))
        thumbnail.contents = Self.image
        root.addSublayer(thumbnail)
        let cover = RenderLayer(frame: Rect(x: 440, y: 0, width: 12, height: 16), color: .gray)
        root.addSublayer(cover)
        let renderer = SceneRenderer(width: 512, height: 16, scale: 1)
        _ = renderer.render(root)
        cover.position.x += 7
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }
}

/// Finite but enormous transforms: mapped bounds beyond any Int or Int32
/// used to trap when converted to pixels. Such a layer draws nothing.
final class HugeTransformTests: XCTestCase {
    private func assertDrawsNothing(_ transform: StrataProtocol.AffineTransform, file: StaticString = #filePath, line: UInt = #line) {
        let root = makeRoot(width: 32, height: 32)
        let huge = RenderLayer(frame: Rect(x: 4, y: 4, width: 8, height: 8), color: .red)
        huge.transform = transform
        huge.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 4, height: 4), color: .green))
        huge.contents = .solid(width: 4, height: 4, blue)
        root.addSublayer(huge)
        root.addSublayer(RenderLayer(frame: Rect(x: 20, y: 20, width: 8, height: 8), color: .blue))
        let renderer = SceneRenderer(width: 32, height: 32, scale: 1)
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 8, 8, white, file: file, line: line)
        assertPixel(renderer.framebuffer, 24, 24, blue, file: file, line: line)
        // And back to normal, the layer draws again.
        huge.transform = .identity
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 8, 8, blue, file: file, line: line)
        assertPixel(renderer.framebuffer, 5, 5, green, file: file, line: line)
    }

    func testScaleOf1e300() { assertDrawsNothing(StrataProtocol.AffineTransform(scaleX: 1e300, y: 1e300)) }
    func testTranslationOf1e300() { assertDrawsNothing(StrataProtocol.AffineTransform(translationX: 1e300, y: -1e300)) }
    func testSkewOf1e300() { assertDrawsNothing(StrataProtocol.AffineTransform(a: 1, b: 1e300, c: -1e300, d: 1, tx: 0, ty: 0)) }
    func testScaleJustPastThePixelRange() { assertDrawsNothing(StrataProtocol.AffineTransform(scaleX: 5e6, y: 5e6)) }

    /// Sublayers of a huge layer whose own transform undoes it: the product
    /// overflows to infinity and NaN on the way, and draws nothing either.
    func testOverflowToInfinityInTheProduct() {
        let root = makeRoot(width: 32, height: 32)
        let outer = RenderLayer(frame: Rect(x: 0, y: 0, width: 0, height: 0))
        outer.transform = StrataProtocol.AffineTransform(scaleX: 1e300, y: 1e300)
        let inner = RenderLayer(frame: Rect(x: 0, y: 0, width: 8, height: 8), color: .red)
        inner.transform = StrataProtocol.AffineTransform(scaleX: 1e300, y: 1e300)
        outer.addSublayer(inner)
        root.addSublayer(outer)
        let renderer = renderFrame(root, width: 32, height: 32)
        assertPixel(renderer.framebuffer, 16, 16, white)
    }

    /// A masking, rotated, faded layer far away but partly on screen keeps
    /// its coverage mask's transform inside 16.16 fixed point.
    func testLargeRotatedMaskedLayerPartlyOnScreen() {
        let root = makeRoot(width: 32, height: 32)
        let big = RenderLayer(frame: Rect(x: -100_000, y: -100_000, width: 200_016, height: 200_016), color: .red)
        big.transform = StrataProtocol.AffineTransform(rotationAngle: 0.0001)
        big.masksToBounds = true
        big.opacity = 0.5
        big.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 400_000, height: 400_000), color: .blue))
        root.addSublayer(big)
        let renderer = renderFrame(root, width: 32, height: 32)
        assertPixel(renderer.framebuffer, 16, 16, 0xff80_80ff, tolerance: 3)
    }
}
