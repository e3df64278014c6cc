import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// What Core Animation's render server draws for a layer besides its
/// contents (CALayer's cornerRadius, border and shadow properties;
/// CAShapeLayer; CAGradientLayer), pinned by reference images at scale 1
/// and 2. The geometry of each is checked against cairo in
/// StylingCairoComparisonTests.
final class StylingRenderTests: XCTestCase {
    private let canvas = Color(red: 0.94, green: 0.94, blue: 0.96)

    /// A card: white, corner radius 12, a soft shadow below it.
    static func card(in root: RenderLayer) {
        let card = RenderLayer(frame: Rect(x: 24, y: 20, width: 112, height: 72), color: .white)
        card.style.cornerRadius = 12
        card.style.shadowOpacity = 0.3
        card.style.shadowRadius = 8
        card.style.shadowOffset = Size(width: 0, height: 4)
        root.addSublayer(card)
    }

    func testCardWithCornerRadiusAndShadow() {
        for scale in [1.0, 2.0] {
            let root = makeRoot(width: 160, height: 112, color: canvas)
            Self.card(in: root)
            let r = renderFrame(root, width: Int(160 * scale), height: Int(112 * scale), scale: scale)
            // The card's middle is white; its corner pixel is not; below it is shadowed.
            assertPixel(r.framebuffer, Int(80 * scale), Int(56 * scale), white)
            assertPixel(r.framebuffer, Int(24 * scale), Int(20 * scale), 0xfff0_f0f5, tolerance: 12)
            let below = Pixels(r.framebuffer)[Int(80 * scale), Int(96 * scale)]
            XCTAssertLessThan(below & 0xff, 0xf0, "the shadow darkens the canvas below the card")
            assertReference(r, "styling-card@\(Int(scale))x")
        }
    }

    /// A circular avatar: an image clipped by cornerRadius = half its side with masksToBounds.
    func testCircularAvatarClipsItsImage() {
        for scale in [1.0, 2.0] {
            let root = makeRoot(width: 80, height: 80, color: canvas)
            let avatar = RenderLayer(frame: Rect(x: 8, y: 8, width: 64, height: 64))
            avatar.contents = LayerImage.filled(width: 64, height: 64, hasAlpha: false) { x, y in
                (x / 8 + y / 8) % 2 == 0 ? 0xffd0_4030 : 0xff30_60c0
            }
            avatar.style.cornerRadius = 32
            avatar.masksToBounds = true
            root.addSublayer(avatar)
            let r = renderFrame(root, width: Int(80 * scale), height: Int(80 * scale), scale: scale)
            // The square's corner is clipped away; its middle shows the image.
            assertPixel(r.framebuffer, Int(10 * scale), Int(10 * scale), 0xfff0_f0f5, tolerance: 1)
            assertPixel(r.framebuffer, Int(50 * scale), Int(12 * scale), 0xff30_60c0, tolerance: 1)
            assertReference(r, "styling-avatar@\(Int(scale))x")
        }
    }

    /// A border follows the rounded corners and is drawn above the sublayers, which the rounded bounds clip.
    func testBorderOnRoundedViewWithRotatedSublayer() {
        for scale in [1.0, 2.0] {
            let root = makeRoot(width: 120, height: 96, color: canvas)
            let view = RenderLayer(frame: Rect(x: 16, y: 12, width: 88, height: 72), color: .white)
            view.style.cornerRadius = 16
            view.style.borderWidth = 4
            view.style.borderColor = .blue
            view.masksToBounds = true
            let bar = RenderLayer(frame: Rect(x: -10, y: 26, width: 108, height: 20), color: .red)
            bar.transform = AffineTransform(rotationAngle: .pi / 6)
            view.addSublayer(bar)
            root.addSublayer(view)
            let r = renderFrame(root, width: Int(120 * scale), height: Int(96 * scale), scale: scale)
            // The border is on top of the red bar where they cross at the left edge.
            assertPixel(r.framebuffer, Int(17 * scale), Int(36 * scale), blue, tolerance: 2)
            assertReference(r, "styling-border-rotated-sublayer@\(Int(scale))x")
        }
    }

    /// A dashed stroke with round caps along a path of lines and a curve.
    static func dashedShape() -> ShapeStyle {
        var shape = ShapeStyle()
        shape.path = LayerPath([.move(Point(x: 10, y: 50)), .line(Point(x: 40, y: 12)),
                                .cubic(Point(x: 60, y: -8), Point(x: 90, y: 70), Point(x: 110, y: 30)),
                                .line(Point(x: 120, y: 60))])
        shape.fillColor = nil
        shape.strokeColor = Color(red: 0.1, green: 0.5, blue: 0.2)
        shape.lineWidth = 5
        shape.lineCap = .round
        shape.lineJoin = .round
        shape.lineDashPattern = [10, 8]
        shape.lineDashPhase = 3
        return shape
    }

    func testDashedStrokedPath() {
        for scale in [1.0, 2.0] {
            let root = makeRoot(width: 130, height: 72, color: .white)
            // A shape layer of zero size draws its path all the same (CAShapeLayer draws outside its bounds).
            let shape = RenderLayer(frame: Rect(x: 0, y: 0, width: 0, height: 0))
            shape.shape = Self.dashedShape()
            root.addSublayer(shape)
            let r = renderFrame(root, width: Int(130 * scale), height: Int(72 * scale), scale: scale)
            assertReference(r, "styling-dashed-path@\(Int(scale))x")
        }
    }

    func testGradientTypes() {
        for type in [GradientType.axial, .radial, .conic] {
            for scale in [1.0, 2.0] {
                let root = makeRoot(width: 96, height: 72, color: .white)
                let layer = RenderLayer(frame: Rect(x: 8, y: 8, width: 80, height: 56))
                var gradient = GradientStyle()
                gradient.type = type
                gradient.colors = [.red, .yellow, .blue]
                gradient.locations = [0, 0.3, 1]
                if type == .axial {
                    (gradient.startPoint, gradient.endPoint) = (Point(x: 0, y: 0), Point(x: 1, y: 1))
                } else {
                    (gradient.startPoint, gradient.endPoint) = (Point(x: 0.5, y: 0.5), Point(x: 1, y: 1))
                }
                layer.gradient = gradient
                layer.style.cornerRadius = 10
                root.addSublayer(layer)
                let r = renderFrame(root, width: Int(96 * scale), height: Int(72 * scale), scale: scale)
                assertReference(r, "styling-gradient-\(type)@\(Int(scale))x")
            }
        }
    }

    /// An axial gradient's ends: red at the start point, blue at the end, colors held beyond.
    func testAxialGradientEndsHoldTheirColors() {
        let root = makeRoot(width: 100, height: 20, color: .white)
        let layer = RenderLayer(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        var gradient = GradientStyle()
        gradient.colors = [.red, .blue]
        (gradient.startPoint, gradient.endPoint) = (Point(x: 0.2, y: 0.5), Point(x: 0.8, y: 0.5))
        layer.gradient = gradient
        root.addSublayer(layer)
        let r = renderFrame(root, width: 100, height: 20)
        assertPixel(r.framebuffer, 5, 10, red, tolerance: 1)
        assertPixel(r.framebuffer, 95, 10, blue, tolerance: 1)
        let middle = Pixels(r.framebuffer)[50, 10]
        XCTAssertEqual(Double((middle >> 16) & 0xff), 127.5, accuracy: 3)
        XCTAssertEqual(Double(middle & 0xff), 127.5, accuracy: 3)
    }

    /// A progress ring: a circle stroked from strokeStart 0 to strokeEnd 0.7 with round caps.
    func testProgressRingStrokeEnd() {
        let root = makeRoot(width: 80, height: 80, color: .white)
        let ring = RenderLayer(frame: Rect(x: 0, y: 0, width: 80, height: 80))
        var shape = ShapeStyle()
        shape.path = Self.circle(center: Point(x: 40, y: 40), radius: 30)
        shape.fillColor = nil
        shape.strokeColor = .blue
        shape.lineWidth = 8
        shape.lineCap = .round
        shape.strokeEnd = 0.7
        ring.shape = shape
        root.addSublayer(ring)
        let r = renderFrame(root, width: 80, height: 80)
        // The circle starts at 3 o'clock and runs clockwise (y down): 70% covers the bottom and the left.
        assertPixel(r.framebuffer, 40, 70, blue, tolerance: 2)
        assertPixel(r.framebuffer, 10, 40, blue, tolerance: 2)
        assertPixel(r.framebuffer, 19, 19, blue, tolerance: 2)
        // The last 30% (from before 12 to 3 o'clock) is not stroked.
        assertPixel(r.framebuffer, 62, 18, white, tolerance: 2)
        assertReference(r, "styling-progress-ring")
    }

    /// A circle as four cubic curves, clockwise from 3 o'clock (as UIBezierPath(arcCenter:…, clockwise: true) in y-down space).
    static func circle(center c: Point, radius r: Double) -> LayerPath {
        let k = 0.5522847498 * r
        return LayerPath([
            .move(Point(x: c.x + r, y: c.y)),
            .cubic(Point(x: c.x + r, y: c.y + k), Point(x: c.x + k, y: c.y + r), Point(x: c.x, y: c.y + r)),
            .cubic(Point(x: c.x - k, y: c.y + r), Point(x: c.x - r, y: c.y + k), Point(x: c.x - r, y: c.y)),
            .cubic(Point(x: c.x - r, y: c.y - k), Point(x: c.x - k, y: c.y - r), Point(x: c.x, y: c.y - r)),
            .cubic(Point(x: c.x + k, y: c.y - r), Point(x: c.x + r, y: c.y - k), Point(x: c.x + r, y: c.y)),
            .close,
        ])
    }

    /// A mask layer's alpha masks the layer and its sublayers: an image
    /// seen through a star-like shape layer, and a gradient that fades a
    /// second image out towards its bottom (a reflection).
    func testMaskedImage() {
        for scale in [1.0, 2.0] {
            let root = makeRoot(width: 150, height: 80, color: canvas)
            let checker = LayerImage.filled(width: 64, height: 64, hasAlpha: false) { x, y in
                (x / 8 + y / 8) % 2 == 0 ? 0xffd0_4030 : 0xff30_60c0
            }
            let star = RenderLayer(frame: Rect(x: 8, y: 8, width: 64, height: 64))
            star.contents = checker
            let maskShape = RenderLayer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
            var shape = ShapeStyle()
            shape.path = LayerPath([.move(Point(x: 32, y: 2)), .line(Point(x: 42, y: 24)), .line(Point(x: 62, y: 26)),
                                    .line(Point(x: 46, y: 40)), .line(Point(x: 52, y: 62)), .line(Point(x: 32, y: 50)),
                                    .line(Point(x: 12, y: 62)), .line(Point(x: 18, y: 40)), .line(Point(x: 2, y: 26)),
                                    .line(Point(x: 22, y: 24)), .close])
            maskShape.shape = shape
            star.mask = maskShape
            root.addSublayer(star)

            let reflection = RenderLayer(frame: Rect(x: 80, y: 8, width: 64, height: 64))
            reflection.contents = checker
            let fade = RenderLayer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
            var gradient = GradientStyle()
            gradient.colors = [.black, Color(red: 0, green: 0, blue: 0, alpha: 0)]
            fade.gradient = gradient
            reflection.mask = fade
            root.addSublayer(reflection)

            let r = renderFrame(root, width: Int(150 * scale), height: Int(80 * scale), scale: scale)
            // Outside the star the canvas shows; inside, the image.
            assertPixel(r.framebuffer, Int(10 * scale), Int(10 * scale), 0xfff0_f0f5, tolerance: 1)
            assertPixel(r.framebuffer, Int(36 * scale), Int(36 * scale), 0xffd0_4030, tolerance: 1)
            // The reflection is nearly opaque at its top and gone at its bottom.
            assertPixel(r.framebuffer, Int(82 * scale), Int(9 * scale), 0xffd0_4030, tolerance: 8)
            assertPixel(r.framebuffer, Int(82 * scale), Int(71.5 * scale), 0xfff0_f0f5, tolerance: 8)
            assertReference(r, "styling-masked-image@\(Int(scale))x")
        }
    }

    /// Group opacity and a rounded clip together: the sublayers are
    /// flattened, clipped to the rounded bounds, then faded as one.
    func testFadedRoundedClip() {
        let root = makeRoot(width: 64, height: 48, color: .white)
        let group = RenderLayer(frame: Rect(x: 4, y: 4, width: 56, height: 40), color: .blue)
        group.style.cornerRadius = 12
        group.masksToBounds = true
        group.opacity = 0.5
        group.addSublayer(RenderLayer(frame: Rect(x: -8, y: -8, width: 40, height: 60), color: .red))
        root.addSublayer(group)
        let r = renderFrame(root, width: 64, height: 48)
        assertPixel(r.framebuffer, 4, 4, white, tolerance: 1)   // clipped corner
        assertPixel(r.framebuffer, 20, 24, 0xffff_8080, tolerance: 2)   // red at half
        assertPixel(r.framebuffer, 50, 24, 0xff80_80ff, tolerance: 2)   // blue at half
    }
}

/// CAReplicatorLayer: the compositor draws the copies the app described once.
final class ReplicatorRenderTests: XCTestCase {
    /// The activity spinner drawn this way: 12 bars, each turned 30° about
    /// the replicator's center from the one before, fading by instance.
    static func spinner(in root: RenderLayer, at center: Point) -> (replicator: RenderLayer, bar: RenderLayer) {
        let replicator = RenderLayer(frame: Rect(x: center.x - 20, y: center.y - 20, width: 40, height: 40))
        var rules = ReplicatorStyle()
        rules.count = 12
        rules.instanceTransform = AffineTransform(rotationAngle: .pi / 6)
        rules.instanceColorOffsets = [0, 0, 0, -1.0 / 12]
        replicator.replicator = rules
        let bar = RenderLayer(frame: Rect(x: 18, y: 2, width: 4, height: 11), color: Color(red: 0.25, green: 0.25, blue: 0.3))
        bar.style.cornerRadius = 2
        replicator.addSublayer(bar)
        root.addSublayer(replicator)
        return (replicator, bar)
    }

    func testSpinnerOfTwelveBars() {
        for scale in [1.0, 2.0] {
            let root = makeRoot(width: 48, height: 48, color: .white)
            _ = Self.spinner(in: root, at: Point(x: 24, y: 24))
            let r = renderFrame(root, width: Int(48 * scale), height: Int(48 * scale), scale: scale)
            // The first bar (12 o'clock) is dark; the one at 3 o'clock (instance 3) lighter; 11 o'clock (instance 11) faintest.
            let top = Pixels(r.framebuffer)[Int(24 * scale), Int(8 * scale)] & 0xff
            let right = Pixels(r.framebuffer)[Int(40 * scale), Int(24 * scale)] & 0xff
            XCTAssertLessThan(top, right)
            XCTAssertLessThan(right, 0xf0)
            assertReference(r, "styling-replicator-spinner@\(Int(scale))x")
        }
    }

    /// A change to the replicated sublayer redraws every copy (incrementally, as a fresh render would).
    func testChangingTheSublayerRedrawsEveryCopy() {
        let root = makeRoot(width: 48, height: 48, color: .white)
        let (replicator, bar) = Self.spinner(in: root, at: Point(x: 24, y: 24))
        let renderer = SceneRenderer(width: 48, height: 48, scale: 1)
        _ = renderer.render(root)
        bar.backgroundColor = .red
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root, name: "replicator-recolored")
        assertPixel(renderer.framebuffer, 40, 24, 0xffff_4040, tolerance: 24)   // a copy (instance 3, alpha 0.75) turned red too
        replicator.replicator?.count = 4
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root, name: "replicator-fewer")
        assertPixel(renderer.framebuffer, 8, 24, white, tolerance: 1)   // instance 9 is gone
        bar.removeFromSuperlayer()
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root, name: "replicator-emptied")
    }
}
