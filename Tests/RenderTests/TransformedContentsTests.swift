import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// Contents and clipping under rotation and fractional placement.
final class TransformedContentsTests: XCTestCase {
    static func ninePatch() -> LayerImage {
        // 12×12: red 4×4 corners, green edges, blue 4×4 center.
        .filled(width: 12, height: 12, hasAlpha: false) { x, y in
            let edgeX = x < 4 || x >= 8, edgeY = y < 4 || y >= 8
            return edgeX && edgeY ? red : (edgeX || edgeY ? green : blue)
        }
    }

    /// contentsCenter stretching composes with the layer's transform: the
    /// nine-patch is laid out in the layer's own space, then rotated whole
    /// (no seams or bleeding between slices).
    func testRotatedNinePatch() {
        let root = makeRoot(width: 112, height: 64)
        let quarter = RenderLayer(frame: Rect(x: 8, y: 16, width: 48, height: 32))
        quarter.transform = AffineTransform(rotationAngle: .pi / 2)
        let tilted = RenderLayer(frame: Rect(x: 60, y: 16, width: 48, height: 32))
        tilted.transform = AffineTransform(rotationAngle: .pi / 6)
        for layer in [quarter, tilted] {
            layer.contents = Self.ninePatch()
            layer.contentsCenter = Rect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)
            root.addSublayer(layer)
        }
        let r = renderFrame(root, width: 112, height: 64)
        // A quarter turn about (32, 32) maps layer (x, y) to (48 - y, 8 + x):
        // the layer's top-left corner patch lands at x 44..48, y 8..12.
        assertPixel(r.framebuffer, 47, 8, red, tolerance: 2)
        assertPixel(r.framebuffer, 44, 11, red, tolerance: 2)
        assertPixel(r.framebuffer, 46, 30, green, tolerance: 2)   // top edge strip
        assertPixel(r.framebuffer, 30, 10, green, tolerance: 2)   // left edge strip
        assertPixel(r.framebuffer, 18, 9, red, tolerance: 2)      // bottom-left corner
        assertPixel(r.framebuffer, 30, 30, blue, tolerance: 2)    // stretched center
        assertPixel(r.framebuffer, 84, 32, blue, tolerance: 2)    // the 30° one's center
        assertPixel(r.framebuffer, 15, 30, white)
        assertReference(r, "nine-patch-rotated", tolerance: 2)
    }

    /// A faded layer masking to rotated bounds: clip and group opacity together.
    func testRotatedMaskWithGroupOpacity() {
        let root = makeRoot(width: 64, height: 64)
        let clip = RenderLayer(frame: Rect(x: 17, y: 17, width: 30, height: 30))
        clip.transform = AffineTransform(rotationAngle: .pi / 4)
        clip.masksToBounds = true
        clip.opacity = 0.5
        clip.addSublayer(RenderLayer(frame: Rect(x: -20, y: -20, width: 70, height: 70), color: .red))
        clip.addSublayer(RenderLayer(frame: Rect(x: 10, y: 10, width: 10, height: 10), color: .blue))
        root.addSublayer(clip)
        let r = renderFrame(root, width: 64, height: 64)
        assertPixel(r.framebuffer, 32, 32, 0xff80_80ff, tolerance: 1)  // blue at half, no red beneath
        assertPixel(r.framebuffer, 32, 16, 0xffff_8080, tolerance: 1)  // red at half
        assertPixel(r.framebuffer, 18, 18, white)                      // outside the diamond
        assertReference(r, "masks-to-bounds-rotated-faded", tolerance: 2)
    }

    /// Edges off the pixel grid are antialiased (half-covered pixels blend half).
    func testFractionalEdgesBlend() {
        let root = makeRoot(width: 32, height: 16)
        root.addSublayer(RenderLayer(frame: Rect(x: 10.5, y: 4, width: 10, height: 8), color: .red))
        let r = renderFrame(root, width: 32, height: 16)
        assertPixel(r.framebuffer, 9, 8, white)
        assertPixel(r.framebuffer, 10, 8, 0xffff_8080, tolerance: 2)
        assertPixel(r.framebuffer, 11, 8, red)
        assertPixel(r.framebuffer, 19, 8, red)
        assertPixel(r.framebuffer, 20, 8, 0xffff_8080, tolerance: 2)
        assertPixel(r.framebuffer, 21, 8, white)
    }
}

/// Edges of rotated, masked contents.
final class RotatedMaskEdgeTests: XCTestCase {
    /// A rotated layer whose contents fill its bounds, masked to them, has
    /// the same antialiased edge as a plain rotated rect: the edge is
    /// antialiased once (by the mask), not once more by the contents draw.
    func testContentsFillingMaskedBoundsAreAntialiasedOnce() {
        func render(masked: Bool) -> SceneRenderer {
            let root = makeRoot(width: 48, height: 48)
            let layer = RenderLayer(frame: Rect(x: 9, y: 9, width: 30, height: 30))
            layer.transform = AffineTransform(rotationAngle: 0.4)
            if masked {
                layer.contents = .solid(width: 30, height: 30, red, hasAlpha: false)
                layer.masksToBounds = true
            } else {
                layer.backgroundColor = .red
            }
            root.addSublayer(layer)
            return renderFrame(root, width: 48, height: 48)
        }
        let masked = render(masked: true), plain = render(masked: false)
        let a = Pixels(masked.framebuffer), b = Pixels(plain.framebuffer)
        var worst = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let g1 = Int((a[x, y] >> 8) & 0xff), g2 = Int((b[x, y] >> 8) & 0xff)
                worst = max(worst, abs(g1 - g2))
            }
        }
        XCTAssertLessThanOrEqual(worst, 3, "edge pixels differ by up to \(worst) levels")
        assertPixel(masked.framebuffer, 24, 24, red)
    }
}
