import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// Damage tracking and occlusion: the compositor redraws only what changed
/// (as Core Animation's render server and weston do), and never draws
/// pixels an opaque layer hides.
final class DamageTests: XCTestCase {
    func area(_ rects: [PixelRect]) -> Int { rects.reduce(0) { $0 + $1.area } }

    /// The first frame draws everything; a frame where nothing changed composites nothing.
    func testUnchangedFrameCompositesNothing() {
        let root = makeRoot(width: 64, height: 64)
        root.addSublayer(RenderLayer(frame: Rect(x: 10, y: 10, width: 20, height: 20), color: .red))
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        let first = renderer.render(root)
        XCTAssertEqual(first.damage, [PixelRect(x: 0, y: 0, width: 64, height: 64)])
        XCTAssertGreaterThan(first.pixelsComposited, 0)
        let second = renderer.render(root)
        XCTAssertEqual(second.pixelsComposited, 0)
        XCTAssertEqual(second.compositeOperations, 0)
        XCTAssertEqual(second.damage, [])
    }

    /// Writing the value a property already has (a compositor sets a
    /// window's geometry at every commit) is no change: nothing is redrawn,
    /// and writing a new value still is one.
    func testWritingTheSameValueChangesNothing() {
        let root = makeRoot(width: 64, height: 64)
        let layer = RenderLayer(frame: Rect(x: 10, y: 10, width: 20, height: 20), color: .red)
        layer.contents = LayerImage.solid(width: 20, height: 20, blue, hasAlpha: false)
        root.addSublayer(layer)
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        _ = renderer.render(root)
        let generation = SceneGeneration.current
        layer.position = layer.position
        layer.bounds = layer.bounds
        layer.contents = layer.contents
        layer.backgroundColor = .red
        layer.isHidden = false
        layer.opacity = 1
        XCTAssertEqual(SceneGeneration.current, generation)
        XCTAssertEqual(renderer.render(root).damage, [])
        layer.position.x += 2
        XCTAssertEqual(renderer.render(root).damage, [PixelRect(x: 10, y: 10, width: 22, height: 20)])
    }

    /// Invalidating 10×10 pixels of contents (setNeedsDisplay(_:)) recomposites
    /// exactly those pixels, and shows the new pixels.
    func testContentsDamageCompositesOnlyThatRect() {
        let root = makeRoot(width: 64, height: 64)
        let layer = RenderLayer(frame: Rect(x: 8, y: 8, width: 32, height: 32))
        let image = LayerImage.solid(width: 32, height: 32, red, hasAlpha: false)
        layer.contents = image
        root.addSublayer(layer)
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        _ = renderer.render(root)
        for y in 4..<14 {
            for x in 4..<14 {
                image.data.storeBytes(of: blue, toByteOffset: y * image.stride + x * 4, as: UInt32.self)
            }
        }
        image.addDamage(PixelRect(x: 4, y: 4, width: 10, height: 10))
        let stats = renderer.render(root)
        XCTAssertEqual(stats.damage, [PixelRect(x: 12, y: 12, width: 10, height: 10)])
        XCTAssertEqual(stats.pixelsComposited, 100)
        XCTAssertEqual(stats.compositeOperations, 1)
        assertPixel(renderer.framebuffer, 12, 12, blue)
        assertPixel(renderer.framebuffer, 21, 21, blue)
        assertPixel(renderer.framebuffer, 22, 22, red)
    }

    /// Moving a layer damages where it was and where it is now.
    func testMoveDamagesOldAndNewFootprints() {
        let root = makeRoot(width: 64, height: 64)
        let layer = RenderLayer(frame: Rect(x: 0, y: 0, width: 10, height: 10), color: .red)
        root.addSublayer(layer)
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        _ = renderer.render(root)
        layer.position.x += 20
        let stats = renderer.render(root)
        XCTAssertEqual(Set(stats.damage), [PixelRect(x: 0, y: 0, width: 10, height: 10),
                                           PixelRect(x: 20, y: 0, width: 10, height: 10)])
        // Old place: the root's background (SRC); new place: the layer (SRC over the occluded root).
        XCTAssertEqual(stats.pixelsComposited, 200)
        assertPixel(renderer.framebuffer, 5, 5, white)
        assertPixel(renderer.framebuffer, 25, 5, red)
    }

    /// Removing a layer damages its old footprint, which shows what is behind.
    func testRemovalDamagesOldFootprint() {
        let root = makeRoot(width: 64, height: 64)
        let layer = RenderLayer(frame: Rect(x: 30, y: 20, width: 12, height: 8), color: .blue)
        root.addSublayer(layer)
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        _ = renderer.render(root)
        layer.removeFromSuperlayer()
        let stats = renderer.render(root)
        XCTAssertEqual(stats.damage, [PixelRect(x: 30, y: 20, width: 12, height: 8)])
        XCTAssertEqual(stats.pixelsComposited, 96)
        assertPixel(renderer.framebuffer, 35, 25, white)
    }

    /// A layer entirely under an opaque layer is never drawn: the first frame
    /// writes each of the 64×64 pixels exactly once (root background outside
    /// the opaque layer, the opaque layer inside it).
    func testOccludedLayerIsNotDrawn() {
        let root = makeRoot(width: 64, height: 64)
        let hidden = RenderLayer(frame: Rect(x: 20, y: 20, width: 20, height: 20), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        hidden.contents = .solid(width: 20, height: 20, 0x8000_8000)
        root.addSublayer(hidden)
        root.addSublayer(RenderLayer(frame: Rect(x: 10, y: 10, width: 40, height: 40), color: .blue))
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        let stats = renderer.render(root)
        XCTAssertEqual(stats.pixelsComposited, 64 * 64)
        XCTAssertEqual(stats.compositeOperations, 2)
        assertPixel(renderer.framebuffer, 30, 30, blue)
        // Changing the hidden layer damages its footprint, but draws nothing of it.
        hidden.backgroundColor = .green
        let again = renderer.render(root)
        XCTAssertEqual(area(again.damage), 400)
        XCTAssertEqual(again.pixelsComposited, 400)
        XCTAssertEqual(again.compositeOperations, 1)
    }

    /// invalidateAll() makes the next frame recomposite the whole output.
    func testInvalidateAll() {
        let root = makeRoot(width: 32, height: 16)
        let renderer = SceneRenderer(width: 32, height: 16, scale: 1)
        _ = renderer.render(root)
        renderer.invalidateAll()
        let stats = renderer.render(root)
        XCTAssertEqual(stats.damage, [PixelRect(x: 0, y: 0, width: 32, height: 16)])
        XCTAssertEqual(stats.pixelsComposited, 32 * 16)
    }

    /// A change inside a faded group damages the group's members, and the
    /// result equals a fresh render of the same tree.
    func testIncrementalFramesMatchFullRender() {
        let root = makeRoot(width: 64, height: 64)
        let group = RenderLayer(frame: Rect(x: 4, y: 4, width: 40, height: 40), color: .gray)
        group.opacity = 0.6
        let child = RenderLayer(frame: Rect(x: 5, y: 5, width: 20, height: 20), color: .red)
        group.addSublayer(child)
        let spinner = RenderLayer(frame: Rect(x: 30, y: 30, width: 24, height: 24), color: .blue)
        root.addSublayer(group)
        root.addSublayer(spinner)
        let renderer = SceneRenderer(width: 64, height: 64, scale: 1)
        _ = renderer.render(root)
        child.position.x += 7
        spinner.transform = AffineTransform(rotationAngle: 0.3)
        group.opacity = 0.8
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }
}

/// Damage cases where the right region is less obvious.
final class DamageEdgeCaseTests: XCTestCase {
    /// Reordering siblings (as bringSubviewToFront) changes which one shows
    /// where they overlap, though neither layer's own properties changed.
    func testSiblingReorderDamagesOverlap() {
        let root = makeRoot(width: 48, height: 48)
        let a = RenderLayer(frame: Rect(x: 4, y: 4, width: 24, height: 24), color: .red)
        let b = RenderLayer(frame: Rect(x: 16, y: 16, width: 24, height: 24), color: .blue)
        root.addSublayer(a)
        root.addSublayer(b)
        let renderer = SceneRenderer(width: 48, height: 48, scale: 1)
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 20, 20, blue)
        root.addSublayer(a)  // to the front
        let stats = renderer.render(root)
        XCTAssertGreaterThan(stats.pixelsComposited, 0)
        assertPixel(renderer.framebuffer, 20, 20, red)
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }

    /// Moving two adjacent layers together past two others changes what
    /// covers what, though the overlapping pair each keep their parent and
    /// their previous sibling: [a, b, d, c] → [d, c, a, b] puts b over c.
    func testBlockMovePastSiblingsDamagesOverlap() {
        let root = makeRoot(width: 48, height: 48)
        let a = RenderLayer(frame: Rect(x: 0, y: 0, width: 4, height: 4), color: .green)
        let b = RenderLayer(frame: Rect(x: 4, y: 4, width: 24, height: 24), color: .red)
        let d = RenderLayer(frame: Rect(x: 44, y: 0, width: 4, height: 4), color: .yellow)
        let c = RenderLayer(frame: Rect(x: 16, y: 16, width: 24, height: 24), color: .blue)
        root.setSublayers([a, b, d, c])
        let renderer = SceneRenderer(width: 48, height: 48, scale: 1)
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 20, 20, blue)
        root.setSublayers([d, c, a, b])
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 20, 20, red)
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }

    /// Contents damage under scaling covers the filtered neighbourhood of the
    /// changed pixels and no more than a pixel or two around it.
    func testScaledContentsDamageIncludesFilterMargin() {
        let root = makeRoot(width: 32, height: 32)
        let layer = RenderLayer(frame: Rect(x: 8, y: 8, width: 16, height: 16))
        let image = LayerImage.solid(width: 16, height: 16, red, hasAlpha: false)
        layer.contents = image
        root.addSublayer(layer)
        let renderer = SceneRenderer(width: 64, height: 64, scale: 2)
        _ = renderer.render(root)
        for y in 2..<6 { for x in 2..<6 { image.data.storeBytes(of: blue, toByteOffset: y * image.stride + x * 4, as: UInt32.self) } }
        image.addDamage(PixelRect(x: 2, y: 2, width: 4, height: 4))
        let stats = renderer.render(root)
        // 4×4 image pixels at scale 2 are 8×8 output pixels at (20, 20); filtering adds a margin.
        XCTAssertEqual(stats.damage.count, 1)
        let damage = stats.damage[0]
        XCTAssertEqual(damage.intersection(PixelRect(x: 20, y: 20, width: 8, height: 8)).area, 64)
        XCTAssertLessThanOrEqual(damage.area, 12 * 12)
        assertPixel(renderer.framebuffer, 23, 23, blue)
        RenderConformance.assertMatchesFreshRender(renderer, root)
    }

    /// Hiding a layer (isHidden) damages what it covered; showing it again redraws it.
    func testHideAndShow() {
        let root = makeRoot(width: 32, height: 32)
        let layer = RenderLayer(frame: Rect(x: 4, y: 4, width: 10, height: 10), color: .green)
        root.addSublayer(layer)
        let renderer = SceneRenderer(width: 32, height: 32, scale: 1)
        _ = renderer.render(root)
        layer.isHidden = true
        XCTAssertEqual(renderer.render(root).damage, [PixelRect(x: 4, y: 4, width: 10, height: 10)])
        assertPixel(renderer.framebuffer, 8, 8, white)
        layer.isHidden = false
        XCTAssertEqual(renderer.render(root).damage, [PixelRect(x: 4, y: 4, width: 10, height: 10)])
        assertPixel(renderer.framebuffer, 8, 8, green)
    }
}
