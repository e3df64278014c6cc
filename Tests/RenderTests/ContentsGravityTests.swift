import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// contentsGravity with UIView.ContentMode's meaning, contentsCenter stretching.
final class ContentsGravityTests: XCTestCase {
    /// Expected frame of a 20×10 image in bounds x 12..52, y 17..47 (40×30).
    static let expectedFrames: [ContentsGravity: (x: Int, y: Int, width: Int, height: Int)] = [
        .resize: (12, 17, 40, 30),            // scaleToFill
        .resizeAspect: (12, 22, 40, 20),      // fit: ×2, centered vertically
        .resizeAspectFill: (2, 17, 60, 30),   // fill: ×3, overflows left and right
        .redraw: (12, 17, 40, 30),            // scaled like scaleToFill
        .center: (22, 27, 20, 10),
        .top: (22, 17, 20, 10),
        .bottom: (22, 37, 20, 10),
        .left: (12, 27, 20, 10),
        .right: (32, 27, 20, 10),
        .topLeft: (12, 17, 20, 10),
        .topRight: (32, 17, 20, 10),
        .bottomLeft: (12, 37, 20, 10),
        .bottomRight: (32, 37, 20, 10),
    ]

    /// Each of the 13 content modes places the image where UIKit would:
    /// scaled to fill, aspect fit/fill centered, or unscaled at a side or
    /// corner. Without masksToBounds, aspect fill overflows the bounds (as in
    /// Core Animation). The image shows its orientation: white top-left
    /// marker, red left half, blue right half.
    func testEveryContentMode() {
        XCTAssertEqual(ContentsGravity.allCases.count, 13)
        for gravity in ContentsGravity.allCases {
            let root = makeRoot(width: 64, height: 64)
            let layer = RenderLayer(frame: Rect(x: 12, y: 17, width: 40, height: 30), color: .gray)
            layer.contents = .orientation(width: 20, height: 10)
            layer.contentsGravity = gravity
            root.addSublayer(layer)
            let r = renderFrame(root, width: 64, height: 64)
            let f = Self.expectedFrames[gravity]!
            let mode = "\(gravity)"
            assertPixel(r.framebuffer, f.x, f.y, white, tolerance: 2, mode)
            assertPixel(r.framebuffer, f.x + f.width - 1, f.y + f.height - 1, blue, tolerance: 2, mode)
            assertPixel(r.framebuffer, f.x + 2 * f.width / 20, f.y + f.height - 1, red, tolerance: 2, mode)
            if f.x > 12 { assertPixel(r.framebuffer, f.x - 1, f.y + f.height / 2, gray, tolerance: 0, mode) }
            if f.y + f.height < 47 { assertPixel(r.framebuffer, f.x + 4, f.y + f.height, gray, tolerance: 0, mode) }
            assertReference(r, "gravity-\(gravity)")
        }
    }

    /// Aspect fill with masksToBounds is clipped to the bounds.
    func testAspectFillClippedByMasksToBounds() {
        let root = makeRoot(width: 64, height: 64)
        let layer = RenderLayer(frame: Rect(x: 12, y: 17, width: 40, height: 30), color: .gray)
        layer.contents = .orientation(width: 20, height: 10)
        layer.contentsGravity = .resizeAspectFill
        layer.masksToBounds = true
        root.addSublayer(layer)
        let r = renderFrame(root, width: 64, height: 64)
        assertPixel(r.framebuffer, 11, 30, white)
        assertPixel(r.framebuffer, 12, 30, red)
        assertPixel(r.framebuffer, 51, 30, blue)
        assertPixel(r.framebuffer, 52, 30, white)
    }

    /// contentsCenter: a nine-patch. Corners keep their size, edge strips
    /// stretch along one axis, the center stretches both ways.
    func testContentsCenterStretching() {
        let root = makeRoot(width: 64, height: 48)
        let layer = RenderLayer(frame: Rect(x: 8, y: 8, width: 48, height: 32))
        // 12×12: red 4×4 corners, green edges, blue 4×4 center.
        layer.contents = .filled(width: 12, height: 12, hasAlpha: false) { x, y in
            let edgeX = x < 4 || x >= 8, edgeY = y < 4 || y >= 8
            return edgeX && edgeY ? red : (edgeX || edgeY ? green : blue)
        }
        layer.contentsCenter = Rect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)
        root.addSublayer(layer)
        let r = renderFrame(root, width: 64, height: 48)
        // Corners: 4×4 at each corner of 8..56 × 8..40, exactly.
        assertPixel(r.framebuffer, 8, 8, red)
        assertPixel(r.framebuffer, 11, 11, red)
        assertPixel(r.framebuffer, 55, 39, red)
        assertPixel(r.framebuffer, 52, 36, red)
        // Edges: 4 points thick, stretched along their length.
        assertPixel(r.framebuffer, 12, 8, green)
        assertPixel(r.framebuffer, 51, 11, green)
        assertPixel(r.framebuffer, 8, 20, green)
        assertPixel(r.framebuffer, 55, 35, green)
        // Center: everything in between.
        assertPixel(r.framebuffer, 12, 12, blue)
        assertPixel(r.framebuffer, 51, 35, blue)
        assertPixel(r.framebuffer, 7, 8, white)
        assertReference(r, "contents-center")
    }
}

/// contentsCenter edge cases.
final class ContentsCenterEdgeCaseTests: XCTestCase {
    /// When the layer is smaller than the two fixed edges together, the edges
    /// shrink proportionally and the center gets nothing (no crash, no gaps).
    func testEdgesShrinkWhenLargerThanTheLayer() {
        let root = makeRoot(width: 16, height: 16)
        let layer = RenderLayer(frame: Rect(x: 4, y: 4, width: 6, height: 6))
        layer.contents = TransformedContentsTests.ninePatch()  // 4-pixel red corners
        layer.contentsCenter = Rect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)
        root.addSublayer(layer)
        let r = renderFrame(root, width: 16, height: 16)
        // Corners of 4 + 4 squeezed into 6: each 3×3, all red.
        for (x, y) in [(4, 4), (6, 6), (7, 7), (9, 9), (4, 9), (9, 4)] {
            assertPixel(r.framebuffer, x, y, red, tolerance: 2)
        }
        assertPixel(r.framebuffer, 10, 10, white)
    }
}
