import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// Two outputs side by side drawing one tree, each with its own renderer
/// whose origin is the output's place in the layout: each shows its part,
/// and contents damage taken in a frame reaches both.
final class SharedTreeOutputsTests: XCTestCase {
    /// A 64×32 layout: the left output at x 0, the right one at x 32.
    private func makeOutputs() -> (left: SceneRenderer, right: SceneRenderer) {
        let left = SceneRenderer(width: 32, height: 32, scale: 1)
        let right = SceneRenderer(width: 32, height: 32, scale: 1)
        right.origin = Point(x: 32, y: 0)
        return (left, right)
    }

    private func renderBoth(_ root: RenderLayer, _ left: SceneRenderer, _ right: SceneRenderer) -> (FrameStats, FrameStats) {
        let shared = SharedImageDamage()
        return (left.render(root, sharedDamage: shared), right.render(root, sharedDamage: shared))
    }

    func testEachOutputDrawsItsPartOfTheLayout() {
        let root = makeRoot(width: 64, height: 32)
        root.addSublayer(RenderLayer(frame: Rect(x: 8, y: 8, width: 8, height: 8), color: .green))
        root.addSublayer(RenderLayer(frame: Rect(x: 40, y: 8, width: 8, height: 8), color: .blue))
        // Straddles the seam: half on each output.
        root.addSublayer(RenderLayer(frame: Rect(x: 28, y: 20, width: 8, height: 8), color: .red))
        let (left, right) = makeOutputs()
        _ = renderBoth(root, left, right)
        assertPixel(left.framebuffer, 10, 10, green)
        assertPixel(left.framebuffer, 30, 22, red)
        assertPixel(left.framebuffer, 20, 10, white)
        assertPixel(right.framebuffer, 10, 10, blue)
        assertPixel(right.framebuffer, 1, 22, red)
        assertPixel(right.framebuffer, 20, 10, white)
    }

    func testContentsDamageReachesEveryOutput() {
        let root = makeRoot(width: 64, height: 32)
        let image = LayerImage.solid(width: 48, height: 8, 0xff00_ff00, hasAlpha: false)
        let wide = RenderLayer(frame: Rect(x: 8, y: 8, width: 48, height: 8))
        wide.contents = image
        root.addSublayer(wide)
        let (left, right) = makeOutputs()
        _ = renderBoth(root, left, right)
        // Repaint the whole image blue: both outputs show the change.
        for y in 0..<8 {
            for x in 0..<48 { image.data.storeBytes(of: 0xff00_00ff, toByteOffset: y * image.stride + x * 4, as: UInt32.self) }
        }
        image.addDamage(PixelRect(x: 0, y: 0, width: 48, height: 8))
        let (leftStats, rightStats) = renderBoth(root, left, right)
        XCTAssertEqual(leftStats.damage, [PixelRect(x: 8, y: 8, width: 24, height: 8)])
        XCTAssertEqual(rightStats.damage, [PixelRect(x: 0, y: 8, width: 24, height: 8)])
        assertPixel(left.framebuffer, 20, 10, blue)
        assertPixel(right.framebuffer, 10, 10, blue)
        RenderConformance.assertMatchesFreshRender(left, root, name: "shared-left")
        RenderConformance.assertMatchesFreshRender(right, root, name: "shared-right")
    }

    func testMovingTheOriginRedrawsTheOutput() {
        let root = makeRoot(width: 64, height: 32)
        root.addSublayer(RenderLayer(frame: Rect(x: 40, y: 8, width: 8, height: 8), color: .blue))
        let renderer = SceneRenderer(width: 32, height: 32, scale: 1)
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 10, 10, white)
        renderer.origin = Point(x: 32, y: 0)
        let stats = renderer.render(root)
        XCTAssertEqual(stats.damage, [PixelRect(x: 0, y: 0, width: 32, height: 32)])
        assertPixel(renderer.framebuffer, 10, 10, blue)
    }
}
