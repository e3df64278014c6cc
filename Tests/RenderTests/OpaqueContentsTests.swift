import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// `opaqueContentsRects`: contents with alpha that promise part of
/// themselves opaque (a Wayland surface's opaque region) hide what lies
/// under that part, as fully opaque contents do, and nowhere else.
final class OpaqueContentsTests: XCTestCase {
    /// A red layer under a 40×40 window of opaque blue pixels in an image
    /// with alpha, at (10, 10) of a 64×64 white root.
    private func scene() -> (root: RenderLayer, hidden: RenderLayer, window: RenderLayer) {
        let root = makeRoot(width: 64, height: 64)
        let hidden = RenderLayer(frame: Rect(x: 10, y: 10, width: 40, height: 40), color: .red)
        let window = RenderLayer(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        window.contents = .solid(width: 40, height: 40, blue, hasAlpha: true)
        root.addSublayer(hidden)
        root.addSublayer(window)
        return (root, hidden, window)
    }

    func testThePromisedPartHidesWhatIsUnderIt() {
        let (root, _, window) = scene()
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        let blended = renderer.render(root).pixelsComposited
        XCTAssertEqual(blended, (64 * 64 - 40 * 40) + 40 * 40 + 40 * 40,
                       "no promise: the root around the (opaque) red layer, the red layer, and the window over it")

        window.opaqueContentsRects = [PixelRect(x: 0, y: 0, width: 40, height: 20)]
        let promised = SceneRenderer(width: 64, height: 64, scale: 1)
        let stats = promised.render(root)
        XCTAssertEqual(stats.pixelsComposited, (64 * 64 - 40 * 40) + (40 * 40 - 40 * 20) + 40 * 40,
                       "the top half of the window hides the red layer under it")
        assertPixel(promised.framebuffer, 30, 15, blue)
        assertPixel(promised.framebuffer, 30, 40, blue)
        RenderConformance.assertMatchesFreshRender(promised, root)
    }

    /// The promise is read each frame: taken back, what lies under the
    /// window is drawn again where it changes.
    func testAChangedPromiseCountsFromTheNextFrame() {
        let (root, hidden, window) = scene()
        window.opaqueContentsRects = [PixelRect(x: 0, y: 0, width: 40, height: 40)]
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        _ = renderer.render(root)
        hidden.backgroundColor = .green
        XCTAssertEqual(renderer.render(root).pixelsComposited, 40 * 40, "only the window: all it covers is promised opaque")
        window.opaqueContentsRects = []
        hidden.backgroundColor = .red
        XCTAssertEqual(renderer.render(root).pixelsComposited, 2 * 40 * 40, "the red layer and the window")
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }

    /// Under a fractional scale the promise is rounded inwards, and kept 2
    /// pixels clear of its edges, where the scaling filter blends in the
    /// translucent pixels outside it: those are drawn over what is under them.
    func testAScaledPromiseKeepsClearOfItsEdges() {
        let (root, _, window) = scene()
        window.opaqueContentsRects = [PixelRect(x: 0, y: 0, width: 40, height: 21)]
        let renderer = SceneRenderer(width: 96, height: 96, scale: 1.5)
        let stats = renderer.render(root)
        // The window covers pixels 15..<75; the promise ends at 1.5 × 31 = 46.5, so rows 15..<46,
        // then 2 pixels in from each edge: columns 17..<73, rows 17..<44.
        XCTAssertEqual(stats.pixelsComposited, (96 * 96 - 60 * 60) + (60 * 60 - 56 * 27) + 60 * 60)
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }

    /// Faded contents promise nothing: they blend with whatever is under them.
    func testFadedContentsHideNothing() {
        let (root, _, window) = scene()
        window.opaqueContentsRects = [PixelRect(x: 0, y: 0, width: 40, height: 40)]
        window.opacity = 0.5
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        XCTAssertEqual(renderer.render(root).pixelsComposited, (64 * 64 - 40 * 40) + 40 * 40 + 40 * 40)
    }
}
