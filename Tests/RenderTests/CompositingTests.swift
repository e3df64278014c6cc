import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// Opacity and clipping as UIKit composites them.
final class CompositingTests: XCTestCase {
    /// Group opacity (UIKit's allowsGroupOpacity default): a faded layer's
    /// sublayers are flattened first and faded as one, so where they overlap
    /// the upper child hides the lower; a leaf layer's opacity just multiplies.
    func testGroupOpacity() {
        let root = makeRoot(width: 64, height: 48)
        let group = RenderLayer(frame: Rect(x: 4, y: 4, width: 44, height: 20))
        group.opacity = 0.5
        group.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 30, height: 20), color: .red))
        group.addSublayer(RenderLayer(frame: Rect(x: 14, y: 0, width: 30, height: 20), color: .blue))
        root.addSublayer(group)
        let leaf = RenderLayer(frame: Rect(x: 4, y: 28, width: 30, height: 16), color: .red)
        leaf.opacity = 0.5
        root.addSublayer(leaf)
        let r = renderFrame(root, width: 64, height: 48)
        // Red alone at half over white: (255, 128, 128).
        assertPixel(r.framebuffer, 8, 10, 0xffff_8080, tolerance: 1)
        // The overlap: blue at half over white, no red showing through.
        assertPixel(r.framebuffer, 25, 10, 0xff80_80ff, tolerance: 1)
        assertPixel(r.framebuffer, 40, 10, 0xff80_80ff, tolerance: 1)
        assertPixel(r.framebuffer, 10, 30, 0xffff_8080, tolerance: 1)
        assertPixel(r.framebuffer, 50, 30, white)
        assertReference(r, "group-opacity")
    }

    /// masksToBounds under rotation clips contents and sublayers to the
    /// rotated bounds (with antialiased edges), not to their bounding box.
    func testMasksToBoundsUnderRotation() {
        let root = makeRoot(width: 64, height: 64)
        let clip = RenderLayer(frame: Rect(x: 17, y: 17, width: 30, height: 30), color: .gray)
        clip.transform = AffineTransform(rotationAngle: .pi / 4)
        clip.masksToBounds = true
        clip.addSublayer(RenderLayer(frame: Rect(x: -20, y: -20, width: 70, height: 45), color: .red))
        root.addSublayer(clip)
        let r = renderFrame(root, width: 64, height: 64)
        // The mask is a diamond with half-diagonal 15√2 ≈ 21.2 about (32, 32).
        // Its upper part shows the red sublayer, its lower part the gray background.
        assertPixel(r.framebuffer, 32, 32 - 19, red)
        assertPixel(r.framebuffer, 32, 32 + 19, gray)
        // Inside the red sublayer's rect and the diamond's bounding box, but outside the diamond.
        assertPixel(r.framebuffer, 18, 18, white)
        assertPixel(r.framebuffer, 45, 18, white)
        assertReference(r, "masks-to-bounds-rotated", tolerance: 2)
    }

    /// masksToBounds with a rectilinear transform clips to the bounds rect.
    func testMasksToBoundsRectilinear() {
        let root = makeRoot(width: 48, height: 48)
        let clip = RenderLayer(frame: Rect(x: 8, y: 8, width: 20, height: 20), color: .gray)
        clip.masksToBounds = true
        clip.addSublayer(RenderLayer(frame: Rect(x: 10, y: 10, width: 30, height: 30), color: .blue))
        root.addSublayer(clip)
        let r = renderFrame(root, width: 48, height: 48)
        assertPixel(r.framebuffer, 18, 18, blue)
        assertPixel(r.framebuffer, 27, 27, blue)
        assertPixel(r.framebuffer, 28, 27, white)
        assertPixel(r.framebuffer, 17, 17, gray)
        assertReference(r, "masks-to-bounds")
    }

    /// Hidden layers draw nothing, nor does their subtree.
    func testHiddenSubtree() {
        let root = makeRoot(width: 32, height: 32)
        let hidden = RenderLayer(frame: Rect(x: 0, y: 0, width: 16, height: 16), color: .red)
        hidden.isHidden = true
        hidden.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 8, height: 8), color: .blue))
        root.addSublayer(hidden)
        let r = renderFrame(root, width: 32, height: 32)
        assertPixel(r.framebuffer, 4, 4, white)
        assertPixel(r.framebuffer, 12, 12, white)
    }
}
