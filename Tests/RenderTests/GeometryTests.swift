import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// CALayer geometry: bounds placed so anchorPoint sits at position,
/// transform applied about the anchor, sublayers in bounds coordinates.
final class GeometryTests: XCTestCase {
    /// A translation transform moves the layer's frame by whole points.
    func testTranslation() {
        let root = makeRoot(width: 64, height: 64)
        let layer = RenderLayer(frame: Rect(x: 10, y: 20, width: 20, height: 10), color: .red)
        layer.transform = AffineTransform(translationX: 5, y: 3)
        root.addSublayer(layer)
        let r = renderFrame(root, width: 64, height: 64)
        // Frame 10..30 × 20..30, moved by (5, 3): 15..35 × 23..33.
        assertPixel(r.framebuffer, 15, 23, red)
        assertPixel(r.framebuffer, 34, 32, red)
        assertPixel(r.framebuffer, 14, 23, white)
        assertPixel(r.framebuffer, 35, 23, white)
        assertPixel(r.framebuffer, 15, 33, white)
        assertReference(r, "translation")
    }

    /// Rotation turns the layer about its anchor point (default: the center).
    func testRotationAboutCenter() {
        let root = makeRoot(width: 64, height: 64)
        let bar = RenderLayer(frame: Rect(x: 12, y: 27, width: 40, height: 10), color: .red)
        bar.transform = AffineTransform(rotationAngle: .pi / 2)
        root.addSublayer(bar)
        let tilted = RenderLayer(frame: Rect(x: 4, y: 4, width: 16, height: 16))
        tilted.contents = .orientation(width: 16, height: 16)
        tilted.transform = AffineTransform(rotationAngle: .pi / 6)
        root.addSublayer(tilted)
        let r = renderFrame(root, width: 64, height: 64)
        // 40×10 centered on (32, 32), turned a quarter: 10×40, x 27..37, y 12..52.
        assertPixel(r.framebuffer, 27, 12, red)
        assertPixel(r.framebuffer, 36, 51, red)
        assertPixel(r.framebuffer, 26, 32, white)
        assertPixel(r.framebuffer, 37, 32, white)
        assertPixel(r.framebuffer, 32, 11, white)
        // The 30° turned image keeps its center (12, 12) in place; its left half is red.
        assertPixel(r.framebuffer, 9, 11, red, tolerance: 2)
        assertPixel(r.framebuffer, 15, 13, blue, tolerance: 2)
        assertReference(r, "rotation")
    }

    /// A scale transform scales about the anchor point.
    func testScale() {
        let root = makeRoot(width: 64, height: 64)
        let layer = RenderLayer(frame: Rect(x: 27, y: 27, width: 10, height: 10), color: .blue)
        layer.transform = AffineTransform(scaleX: 2, y: 3)
        root.addSublayer(layer)
        let r = renderFrame(root, width: 64, height: 64)
        // 10×10 centered on (32, 32) → 20×30: x 22..42, y 17..47.
        assertPixel(r.framebuffer, 22, 17, blue)
        assertPixel(r.framebuffer, 41, 46, blue)
        assertPixel(r.framebuffer, 21, 30, white)
        assertPixel(r.framebuffer, 42, 30, white)
        assertPixel(r.framebuffer, 30, 47, white)
        assertReference(r, "scale")
    }

    /// anchorPoint (0, 0): position is the top-left corner and the rotation
    /// turns the layer about that corner.
    func testAnchorPoint() {
        let root = makeRoot(width: 64, height: 64)
        let layer = RenderLayer()
        layer.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        layer.anchorPoint = .zero
        layer.position = Point(x: 30, y: 10)
        layer.transform = AffineTransform(rotationAngle: .pi / 2)
        layer.backgroundColor = .red
        root.addSublayer(layer)
        let r = renderFrame(root, width: 64, height: 64)
        // (x, y) → (30 - y, 10 + x): x 10..30, y 10..30.
        assertPixel(r.framebuffer, 10, 10, red)
        assertPixel(r.framebuffer, 29, 29, red)
        assertPixel(r.framebuffer, 30, 20, white)
        assertPixel(r.framebuffer, 9, 20, white)
        assertReference(r, "anchor-point")
    }

    /// Transforms compose down the tree, and bounds.origin scrolls sublayers.
    func testNestedTransformsAndBoundsOrigin() {
        let root = makeRoot(width: 64, height: 64)
        let parent = RenderLayer(frame: Rect(x: 16, y: 16, width: 32, height: 32), color: .gray)
        parent.bounds.origin = Point(x: 4, y: 0)
        parent.transform = AffineTransform(rotationAngle: .pi / 2)
        let child = RenderLayer(frame: Rect(x: 4, y: 0, width: 8, height: 8), color: .blue)
        parent.addSublayer(child)
        root.addSublayer(parent)
        let r = renderFrame(root, width: 64, height: 64)
        // The child sits at the parent's visible top left (x 4..12 in bounds
        // scrolled by 4); a quarter turn about (20, 16) puts it at x 40..48, y 16..24.
        assertPixel(r.framebuffer, 40, 16, blue)
        assertPixel(r.framebuffer, 47, 23, blue)
        assertPixel(r.framebuffer, 39, 20, gray)
        assertPixel(r.framebuffer, 44, 24, gray)
        assertPixel(r.framebuffer, 48, 20, white)
        assertReference(r, "nested-transforms")
    }

    /// Output scale 2: one point is two pixels, so a 1-point line is 2 pixels wide.
    func testOutputScale2() {
        let root = makeRoot(width: 32, height: 32)
        root.addSublayer(RenderLayer(frame: Rect(x: 10, y: 4, width: 1, height: 20), color: .red))
        root.addSublayer(RenderLayer(frame: Rect(x: 14, y: 4, width: 10, height: 0.5), color: .blue))
        let r = renderFrame(root, width: 64, height: 64, scale: 2)
        assertPixel(r.framebuffer, 19, 30, white)
        assertPixel(r.framebuffer, 20, 30, red)
        assertPixel(r.framebuffer, 21, 30, red)
        assertPixel(r.framebuffer, 22, 30, white)
        assertPixel(r.framebuffer, 20, 8, red)
        assertPixel(r.framebuffer, 20, 47, red)
        assertPixel(r.framebuffer, 20, 48, white)
        // Half a point is one pixel.
        assertPixel(r.framebuffer, 30, 8, blue)
        assertPixel(r.framebuffer, 30, 9, white)
        assertReference(r, "output-scale-2")
    }

    /// contentsScale 2: 20×20 pixels of contents are 10×10 points.
    func testContentsScale2() {
        let root = makeRoot(width: 48, height: 48)
        let layer = RenderLayer(frame: Rect(x: 5, y: 5, width: 30, height: 30), color: .gray)
        layer.contents = .orientation(width: 20, height: 20)
        layer.contentsScale = 2
        layer.contentsGravity = .center
        root.addSublayer(layer)
        let r = renderFrame(root, width: 48, height: 48)
        // Contents 10×10 points centered in 5..35: 15..25, drawn at half size.
        assertPixel(r.framebuffer, 15, 15, white, tolerance: 2)
        assertPixel(r.framebuffer, 16, 20, red, tolerance: 2)
        assertPixel(r.framebuffer, 24, 24, blue, tolerance: 2)
        assertPixel(r.framebuffer, 14, 20, gray)
        assertPixel(r.framebuffer, 25, 20, gray)
        assertReference(r, "contents-scale-2")
    }

    /// Two rectangles a wl_region may hold whose union spans more than
    /// Int32: its width is computed wide, not trapped on.
    func testARegionWiderThanInt32() {
        let rects = PixelRect.disjointRects([(PixelRect(x: Int(Int32.min), y: 0, width: Int(Int32.max), height: 10), true),
                                             (PixelRect(x: -1, y: 0, width: Int(Int32.max), height: 10), true)])
        XCTAssertEqual(rects, [PixelRect(x: Int(Int32.min), y: 0, width: Int(Int32.max) * 2, height: 10)])
    }
}
