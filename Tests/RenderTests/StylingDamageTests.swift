import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// Decorations and the damage contract: rasters are made once and reused
/// while a layer moves or fades, damage covers a shadow's whole extent,
/// and any sequence of style changes leaves the framebuffer equal to a
/// fresh render.
final class StylingDamageTests: XCTestCase {
    private func card() -> RenderLayer {
        let card = RenderLayer(frame: Rect(x: 40, y: 40, width: 100, height: 60), color: .white)
        card.style.cornerRadius = 12
        card.style.borderWidth = 2
        card.style.borderColor = .gray
        card.style.shadowOpacity = 0.4
        card.style.shadowRadius = 10
        card.style.shadowOffset = Size(width: 0, height: 6)
        return card
    }

    /// The rule: moving a layer with a shadow does not recompute it.
    func testMovingByWholePixelsReusesTheRasters() {
        let root = makeRoot(width: 240, height: 200, color: .gray)
        let card = card()
        root.addSublayer(card)
        let renderer = SceneRenderer(width: 240, height: 200, scale: 1)
        _ = renderer.render(root)
        let made = renderer.decorationRastersMade
        XCTAssertEqual(made, 3, "fill, border and shadow")
        for step in 1...10 {
            card.position = Point(x: 90 + Double(step * 7), y: 70)
            _ = renderer.render(root)
        }
        card.opacity = 0.5
        card.style.borderColor = .red
        card.style.shadowColor = .blue
        _ = renderer.render(root)
        XCTAssertEqual(renderer.decorationRastersMade, made, "moving, fading and recoloring draw no raster again")
        RenderConformance.assertMatchesFreshRender(renderer, root, name: "moved-card")

        card.style.shadowRadius = 4
        _ = renderer.render(root)
        XCTAssertEqual(renderer.decorationRastersMade, made + 1, "a new radius blurs the shadow again, once")
        RenderConformance.assertMatchesFreshRender(renderer, root, name: "new-radius")
    }

    /// Damage covers the shadow: the pixels it darkened are redrawn when the layer moves away.
    func testDamageCoversTheShadowsExtent() {
        let root = makeRoot(width: 240, height: 200, color: .white)
        let card = card()
        root.addSublayer(card)
        let renderer = SceneRenderer(width: 240, height: 200, scale: 1)
        _ = renderer.render(root)
        card.position = Point(x: 90, y: 150)
        let stats = renderer.render(root)
        let damage = stats.damage.dropFirst().reduce(stats.damage[0]) { $0.union($1) }
        // The shadow reaches 3σ = 15 points beyond the card, 6 lower.
        XCTAssertLessThanOrEqual(damage.x, 40 - 14)
        XCTAssertGreaterThanOrEqual(damage.y + damage.height, 180 + 6 + 14)
        RenderConformance.assertMatchesFreshRender(renderer, root, name: "shadow-damage")
    }

    /// Random changes to every styling property, each frame compared with a fresh render.
    func testRandomStyleChangesMatchFreshRenders() {
        var generator = SplitMix(seed: 20)
        let root = makeRoot(width: 160, height: 120, color: .white)
        let layers = (0..<4).map { i -> RenderLayer in
            let layer = RenderLayer(frame: Rect(x: Double(10 + 30 * i), y: Double(10 + 20 * i), width: 60, height: 40), color: .blue)
            root.addSublayer(layer)
            return layer
        }
        let child = RenderLayer(frame: Rect(x: -10, y: 10, width: 50, height: 20), color: .red)
        layers[1].addSublayer(child)
        let renderer = SceneRenderer(width: 160, height: 120, scale: 1)
        for step in 0..<120 {
            let layer = layers[Int(generator.next() % 4)]
            switch generator.next() % 10 {
            case 0: layer.style.cornerRadius = Double(generator.next() % 30)
            case 1: layer.style.borderWidth = Double(generator.next() % 6)
            case 2: layer.style.shadowOpacity = Double(generator.next() % 3) / 2
            case 3: layer.style.shadowRadius = Double(generator.next() % 12)
            case 4: layer.masksToBounds.toggle()
            case 5: layer.position.x += Double(Int(generator.next() % 21) - 10) * 0.5
            case 6: layer.opacity = [1, 0.5, 0.8][Int(generator.next() % 3)]
            case 7:
                var gradient = GradientStyle()
                gradient.colors = [.red, .yellow]
                gradient.type = GradientType(rawValue: UInt32(generator.next() % 3))!
                layer.gradient = generator.next() % 2 == 0 ? gradient : nil
            case 8:
                var shape = ShapeStyle()
                shape.path = StylingRenderTests.circle(center: Point(x: 20, y: 20), radius: 15)
                shape.strokeColor = .green
                shape.lineWidth = 4
                shape.strokeEnd = Double(generator.next() % 10) / 10
                layer.shape = shape
            default: layer.transform = AffineTransform(rotationAngle: Double(generator.next() % 8) * 0.2)
            }
            _ = renderer.render(root)
            if !RenderConformance.assertMatchesFreshRender(renderer, root, name: "styling-random", "step \(step)") { return }
        }
    }
}

/// Cases a review found: each change leaves the framebuffer as a fresh
/// render would draw it, and hostile values draw without trapping.
final class StylingEdgeCaseTests: XCTestCase {
    private func checkChange(_ name: String, setUp: (RenderLayer) -> RenderLayer, change: (RenderLayer) -> Void) {
        let root = makeRoot(width: 120, height: 120, color: .white)
        let layer = setUp(root)
        let renderer = SceneRenderer(width: 120, height: 120, scale: 1)
        _ = renderer.render(root)
        change(layer)
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root, name: name)
    }

    /// Setting and removing a mask redraws the whole masked subtree.
    func testAddingAndRemovingAMask() {
        var mask: RenderLayer?
        checkChange("mask-added", setUp: { root in
            let container = RenderLayer(frame: Rect(x: 10, y: 10, width: 100, height: 100))
            container.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 100, height: 100), color: .red))
            root.addSublayer(container)
            return container
        }, change: { container in
            mask = RenderLayer(frame: Rect(x: 0, y: 0, width: 30, height: 30), color: .black)
            container.mask = mask
        })
        checkChange("mask-removed", setUp: { root in
            let container = RenderLayer(frame: Rect(x: 10, y: 10, width: 100, height: 100))
            container.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 100, height: 100), color: .red))
            container.mask = RenderLayer(frame: Rect(x: 0, y: 0, width: 30, height: 30), color: .black)
            root.addSublayer(container)
            return container
        }, change: { $0.mask = nil })
    }

    /// Rounded contents clipped, then not: the corners come back.
    func testTogglingMasksToBoundsOnRoundedContents() {
        checkChange("rounded-unclipped", setUp: { root in
            let layer = RenderLayer(frame: Rect(x: 0, y: 0, width: 120, height: 120))
            layer.contents = LayerImage.solid(width: 120, height: 120, 0xff00_80ff, hasAlpha: false)
            layer.style.cornerRadius = 30
            layer.masksToBounds = true
            root.addSublayer(layer)
            return layer
        }, change: { $0.masksToBounds = false })
    }

    /// A shadow cast by the contents' alpha follows new pixels of the same image.
    func testShadowOfChangedContents() {
        let image = LayerImage.filled(width: 40, height: 40) { x, _ in x < 20 ? 0xff00_0000 : 0 }
        checkChange("contents-shadow", setUp: { root in
            let layer = RenderLayer(frame: Rect(x: 30, y: 20, width: 40, height: 40))
            layer.contents = image
            layer.style.shadowOpacity = 1
            layer.style.shadowOffset = Size(width: 0, height: 30)
            layer.style.shadowRadius = 6
            root.addSublayer(layer)
            return layer
        }, change: { _ in
            for y in 0..<40 { for x in 0..<40 {
                image.data.storeBytes(of: x >= 20 ? 0xff00_0000 : 0, toByteOffset: y * image.stride + x * 4, as: UInt32.self)
            } }
            image.addDamage(PixelRect(x: 0, y: 0, width: 40, height: 40))
        })
    }

    /// A drawn layer made a replicator without any change of structure: its copies appear.
    func testReplicatorSetOnADrawnLayer() {
        checkChange("replicator-set", setUp: { root in
            let layer = RenderLayer(frame: Rect(x: 0, y: 0, width: 120, height: 120))
            layer.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 10, height: 10), color: .blue))
            root.addSublayer(layer)
            return layer
        }, change: { layer in
            var rules = ReplicatorStyle()
            rules.count = 5
            rules.instanceTransform = AffineTransform(translationX: 20, y: 20)
            layer.replicator = rules
        })
    }

    /// A stroke range on a path cairo finds empty (a lone close), and a
    /// spring's overshoot to a shadow radius of 10^13: nothing traps.
    func testDegenerateAndHugeValuesDrawWithoutTrapping() {
        let root = makeRoot(width: 60, height: 60, color: .white)
        let layer = RenderLayer(frame: Rect(x: 10, y: 10, width: 40, height: 40), color: .red)
        var shape = ShapeStyle()
        shape.path = LayerPath([.close])
        shape.strokeColor = .blue
        shape.strokeEnd = 0.5
        layer.shape = shape
        var values = layer.properties.animatable
        values.apply(.shadowRadius, [1.7e13])
        values.apply(.shadowOpacity, [1])
        layer.properties.animatable = values
        XCTAssertEqual(layer.style.shadowRadius, 16_777_216, "clamped to the protocol's range")
        root.addSublayer(layer)
        let renderer = renderFrame(root, width: 60, height: 60)
        RenderConformance.assertMatchesFreshRender(renderer, root, name: "degenerate")
    }

    /// A layer far taller than a raster may be (a scroll view's content)
    /// still has crisp corners: the part near the output is made at full density.
    func testTallRoundedLayersKeepCrispCorners() {
        func corner(height: Double, shift: Double) -> SceneRenderer {
            let root = makeRoot(width: 60, height: 60, color: .white)
            let layer = RenderLayer(frame: Rect(x: 10, y: 10 - shift, width: 40, height: height), color: .blue)
            layer.style.cornerRadius = 16
            root.addSublayer(layer)
            return renderFrame(root, width: 120, height: 120, scale: 2)
        }
        // The bottom corners of a 10,000-point layer scrolled into view, and of an 80-point one, both ending at y = 50.
        let tall = corner(height: 10_000, shift: 10_000 - 40), short = corner(height: 80, shift: 40)
        let (differing, _) = ImageComparison.assertMatches(tall.framebuffer, expected: short.framebuffer, name: "tall-corner", tolerance: 1)
        XCTAssertEqual(differing, 0)
    }

    /// Replicators nested three deep (1024 × 1024 × 1024) draw within the copy budget.
    func testNestedReplicatorsStayWithinTheCopyBudget() {
        let root = makeRoot(width: 60, height: 60, color: .white)
        var rules = ReplicatorStyle()
        rules.count = 1024
        rules.instanceTransform = AffineTransform(translationX: 0.01, y: 0)
        var parent = root
        for _ in 0..<3 {
            let replicator = RenderLayer(frame: Rect(x: 0, y: 0, width: 60, height: 60))
            replicator.replicator = rules
            parent.addSublayer(replicator)
            parent = replicator
        }
        parent.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 4, height: 4), color: .blue))
        let renderer = renderFrame(root, width: 60, height: 60)
        assertPixel(renderer.framebuffer, 1, 1, blue)
    }
}

/// A shadow without a shadow path follows the sublayers too (Core
/// Animation: the shadow takes the layer's composited alpha): the usual
/// clear container with a shadow around a rounded, clipped content view.
final class SublayerShadowTests: XCTestCase {
    func testAClearContainerCastsItsContentsShadow() {
        func scene(wrapped: Bool) -> SceneRenderer {
            let root = makeRoot(width: 160, height: 120, color: .white)
            let frame = Rect(x: 30, y: 20, width: 100, height: 70)
            let card = RenderLayer(frame: frame, color: wrapped ? nil : .blue)
            card.style.shadowOpacity = 0.5
            card.style.shadowRadius = 8
            card.style.shadowOffset = Size(width: 0, height: 6)
            if wrapped {
                let content = RenderLayer(frame: Rect(x: 0, y: 0, width: 100, height: 70), color: .blue)
                content.style.cornerRadius = 14
                content.masksToBounds = true
                card.addSublayer(content)
            } else {
                card.style.cornerRadius = 14
            }
            root.addSublayer(card)
            return renderFrame(root, width: 160, height: 120)
        }
        let wrapped = scene(wrapped: true), direct = scene(wrapped: false)
        let (differing, _) = ImageComparison.assertMatches(wrapped.framebuffer, expected: direct.framebuffer, name: "sublayer-shadow",
                                                           tolerance: 2)
        XCTAssertEqual(differing, 0)
        // And there is a shadow at all: below the card the white is darkened.
        XCTAssertLessThan(Pixels(wrapped.framebuffer)[80, 96] & 0xff, 0xf0)
    }

    /// A change of a sublayer changes the shadow, redrawn as a fresh render draws it.
    func testTheShadowFollowsItsSublayers() {
        let root = makeRoot(width: 160, height: 120, color: .white)
        let card = RenderLayer(frame: Rect(x: 30, y: 20, width: 100, height: 70))
        card.style.shadowOpacity = 0.8
        card.style.shadowRadius = 4
        let content = RenderLayer(frame: Rect(x: 0, y: 0, width: 40, height: 40), color: .blue)
        card.addSublayer(content)
        root.addSublayer(card)
        let renderer = SceneRenderer(width: 160, height: 120, scale: 1)
        _ = renderer.render(root)
        content.bounds = Rect(x: 0, y: 0, width: 90, height: 60)
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root, name: "sublayer-shadow-grown")
        content.isHidden = true
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root, name: "sublayer-shadow-hidden")
        assertPixel(renderer.framebuffer, 80, 95, white, tolerance: 0)
    }
}

/// Animations apply on top of the whole model: a layer whose position
/// animates keeps its corners, border, shadow, shape and gradient, and an
/// animated path or gradient colors reach what is drawn.
final class StylingPresentationTests: XCTestCase {
    private func animated(_ model: RenderLayer.Properties, _ animation: LayerAnimation) -> AnimatedLayer {
        let layer = AnimatedLayer()
        layer.model = model
        layer.pendingAnimationChanges = [.add(RunningAnimation(key: "a", effect: .property(animation), delay: nil, keptOnCompletion: false))]
        layer.applyAnimationChanges()
        return layer
    }

    func testAnimatingPositionKeepsTheStyling() {
        var model = RenderLayer.Properties()
        model.style.cornerRadius = 12
        model.style.shadowOpacity = 0.5
        model.style.shadowPath = StylingRenderTests.circle(center: Point(x: 10, y: 10), radius: 10)
        var shape = ShapeStyle()
        shape.path = StylingRenderTests.circle(center: Point(x: 20, y: 20), radius: 15)
        shape.lineDashPattern = [4, 2]
        model.shape = shape
        var gradient = GradientStyle()
        gradient.colors = [.red, .blue]
        model.gradient = gradient
        model.replicator = ReplicatorStyle()
        let layer = animated(model, LayerAnimation(property: .position, values: [[0, 0], [10, 0]], timing: MediaTiming(duration: 1)))
        let shown = layer.presentation(at: 0.5)
        XCTAssertEqual(shown.position.x, 5, accuracy: 1e-9)
        XCTAssertEqual(shown.style, model.style)
        XCTAssertEqual(shown.shape, model.shape)
        XCTAssertEqual(shown.gradient, model.gradient)
        XCTAssertEqual(shown.replicator, model.replicator)
    }

    func testAnimatedPathAndColorsAreDrawn() {
        var model = RenderLayer.Properties()
        var shape = ShapeStyle()
        shape.path = LayerPath([.move(Point(x: 0, y: 0)), .line(Point(x: 10, y: 0))])
        model.shape = shape
        let to = LayerPath([.move(Point(x: 0, y: 0)), .line(Point(x: 30, y: 20))])
        let layer = animated(model, LayerAnimation(property: .path, values: [shape.path.wireValue, to.wireValue],
                                                   timing: MediaTiming(duration: 1)))
        XCTAssertEqual(layer.presentation(at: 0.5).shape?.path.elements.last, .line(Point(x: 20, y: 10)))

        var gradientModel = RenderLayer.Properties()
        var gradient = GradientStyle()
        gradient.colors = [.red, .blue]
        gradientModel.gradient = gradient
        let fading = animated(gradientModel, LayerAnimation(property: .colors, values: [[1, 0, 0, 1, 0, 0, 1, 1], [0, 1, 0, 1, 0, 0, 1, 1]],
                                                            timing: MediaTiming(duration: 1)))
        XCTAssertEqual(fading.presentation(at: 0.5).gradient?.colors.first, Color(red: 0.5, green: 0.5, blue: 0))
    }
}

/// CAReplicatorLayer's instanceDelay: copy k plays the sublayer's
/// animations k × delay later, to their end, after the original's ended.
final class ReplicatorDelayTests: XCTestCase {
    func testDelayedCopiesPlayToTheirOwnEnd() throws {
        let replicator = RenderLayer()
        var rules = ReplicatorStyle()
        (rules.count, rules.instanceDelay) = (4, 0.25)
        replicator.replicator = rules
        let bar = AnimatedLayer()
        replicator.addSublayer(bar.renderLayer)
        bar.pendingAnimationChanges = [.add(RunningAnimation(
            key: "fade", effect: .property(LayerAnimation(property: .opacity, values: [[1], [0]], timing: MediaTiming(duration: 1))),
            delay: nil, keptOnCompletion: false))]
        bar.applyAnimationChanges()
        XCTAssertNotNil(bar.advanceAnimations(to: 0.5, scale: 1))
        // The original has ended at 1.1; the last copy (0.75 s later) is a third of the way.
        let wakeAfterEnd = bar.advanceAnimations(to: 1.1, scale: 1)
        XCTAssertEqual(wakeAfterEnd, 1.1, "frames go on while a copy still moves")
        XCTAssertEqual(bar.renderLayer.opacity, 1, "the original shows its model value")
        let lastCopy = try XCTUnwrap(bar.renderLayer.presentationShifted?(0.75))
        XCTAssertEqual(lastCopy.opacity, 0.65, accuracy: 1e-9)
        // After the last copy's end, nothing is left to play.
        XCTAssertNil(bar.advanceAnimations(to: 1.8, scale: 1))
        XCTAssertTrue(bar.animations.isEmpty)
    }
}

/// A small deterministic generator (SplitMix64), so a failure repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
