import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// A chain of 100,000 nested layers: built, drawn, redrawn in part,
/// described and released without recursion per level.
final class DeepTreeRenderTests: XCTestCase {
    static let depth = 100_000

    /// root → chain; every layer 20×20 at (1, 1) in its parent, so the
    /// chain creeps right and down and clips nothing; the deepest is green.
    private func makeChain(groupEvery: Int? = nil) -> (root: RenderLayer, deepest: RenderLayer) {
        let root = makeRoot(width: 64, height: 64)
        var parent = root
        for index in 0..<Self.depth {
            let layer = RenderLayer(frame: Rect(x: index == 0 ? 10 : 0.0003, y: index == 0 ? 10 : 0.0003, width: 20, height: 20))
            if let groupEvery, index % groupEvery == 0 { layer.opacity = 0.999 }
            parent.addSublayer(layer)
            parent = layer
        }
        parent.backgroundColor = .green
        return (root, parent)
    }

    func testDeepChainRendersAndReleases() {
        var (root, deepest) = makeChain()
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        _ = renderer.render(root)
        // 100,000 × 0.0003 = 30 points further: the green square sits at (40, 40).
        assertPixel(renderer.framebuffer, 50, 50, green)
        assertPixel(renderer.framebuffer, 35, 35, white)
        deepest.backgroundColor = .blue
        let stats = renderer.render(root)
        XCTAssertFalse(stats.damage.isEmpty)
        assertPixel(renderer.framebuffer, 50, 50, blue)
        XCTAssertEqual(root.treeDescription.split(separator: "\n").count, Self.depth + 1)
        weak var weakDeepest = deepest
        (root, deepest) = (RenderLayer(), RenderLayer())
        _ = renderer.render(root)  // drops what the last frame kept
        XCTAssertNil(weakDeepest)
    }

    /// Group opacity on every tenth level: offscreen groups nest at most
    /// 16 deep; deeper ones fade their layers' own drawing instead.
    func testDeeplyNestedGroupsRender() {
        let (root, _) = makeChain(groupEvery: 10)
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        _ = renderer.render(root)
        // 0.999^10,000 of green over white: all but white.
        assertPixel(renderer.framebuffer, 50, 50, white, tolerance: 1)
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }
}
