import StrataProtocol
import StrataRender
import TestSupport
import XCTest

/// 3-D layers: perspective projection, double-sidedness, clipping at the
/// eye, transform layers, hit testing and damage.
final class DepthTests: XCTestCase {
    /// Perspective seen from 500 points, as the sublayer transform of a
    /// container the size of the output.
    static func perspectiveContainer(width: Double, height: Double, distance: Double = 500) -> RenderLayer {
        let container = RenderLayer(frame: Rect(x: 0, y: 0, width: width, height: height), name: "perspective")
        container.properties.updateDepth { $0.sublayerTransform = Transform3D(perspectiveDistance: distance) }
        return container
    }

    /// A 160×100 blue card with a red stripe down its left side and a green
    /// square in its top right, centred at (150, 100).
    static func card() -> RenderLayer {
        let card = RenderLayer(frame: Rect(x: 70, y: 50, width: 160, height: 100), color: Color(red: 0, green: 0, blue: 1, alpha: 1),
                               name: "card")
        card.addSublayer(RenderLayer(frame: Rect(x: 0, y: 0, width: 20, height: 100), color: Color(red: 1, green: 0, blue: 0, alpha: 1)))
        card.addSublayer(RenderLayer(frame: Rect(x: 120, y: 10, width: 30, height: 30), color: Color(red: 0, green: 1, blue: 0, alpha: 1)))
        return card
    }

    /// Where the card's point (x, y) lands when turned by `angle` about y
    /// with perspective from 500 around the output's centre (150, 100):
    /// the matrix math by hand.
    static func projected(_ x: Double, _ y: Double, angle: Double) -> (x: Double, y: Double) {
        // About the anchor (80, 50): (u, 0, 0) turns to (u·cos, 0, −u·sin).
        let u = x - 80, v = y - 50
        let (rx, rz) = (u * cos(angle), -u * sin(angle))
        // Position (150, 100) is the container's centre: perspective divides by w = 1 − z/500.
        let w = 1 - rz / 500
        return (150 + rx / w, 100 + v / w)
    }

    func testRotatedCardCornersMatchTheMatrixMath() {
        let root = makeRoot(width: 300, height: 200)
        let container = Self.perspectiveContainer(width: 300, height: 200)
        let card = Self.card()
        let angle = Double.pi / 3
        card.properties.transform3D = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
        container.addSublayer(card)
        root.addSublayer(container)
        let r = renderFrame(root, width: 300, height: 200)
        // Corners: a pixel 2 inside each is the card's, 2 outside is white.
        let corners = [(0.0, 0.0), (160.0, 0.0), (160.0, 100.0), (0.0, 100.0)].map { Self.projected($0.0, $0.1, angle: angle) }
        let centre = Self.projected(80, 50, angle: angle)
        XCTAssertEqual(corners[0].x, 103.57, accuracy: 0.01)
        XCTAssertEqual(corners[0].y, 41.96, accuracy: 0.01)
        XCTAssertEqual(corners[1].x, 185.13, accuracy: 0.01)
        for (index, corner) in corners.enumerated() {
            let dx = centre.x - corner.x, dy = centre.y - corner.y
            let length = (dx * dx + dy * dy).squareRoot()
            let inside = (Int((corner.x + 3 * dx / length).rounded(.down)), Int((corner.y + 3 * dy / length).rounded(.down)))
            let outside = (Int((corner.x - 3 * dx / length).rounded(.down)), Int((corner.y - 3 * dy / length).rounded(.down)))
            // Left corners are the red stripe's, right ones blue (or the green square, which is inset).
            assertPixel(r.framebuffer, inside.0, inside.1, index == 0 || index == 3 ? red : blue, tolerance: 40,
                        "inside corner \(index)")
            assertPixel(r.framebuffer, outside.0, outside.1, white, tolerance: 2, "outside corner \(index)")
        }
        // The stripe's right edge, 20 points in, lands by the same math.
        let stripe = Self.projected(20, 50, angle: angle)
        assertPixel(r.framebuffer, Int(stripe.x) - 2, Int(stripe.y), red, tolerance: 40)
        assertPixel(r.framebuffer, Int(stripe.x) + 2, Int(stripe.y), blue, tolerance: 40)
        // The green square's centre (135, 25).
        let square = Self.projected(135, 25, angle: angle)
        assertPixel(r.framebuffer, Int(square.x), Int(square.y), green, tolerance: 40)
    }

    func testPerspectiveCardReference() {
        for scale in [1.0, 2.0] {
            let root = makeRoot(width: 300, height: 200)
            let container = Self.perspectiveContainer(width: 300, height: 200)
            let card = Self.card()
            card.properties.transform3D = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
            container.addSublayer(card)
            root.addSublayer(container)
            let r = renderFrame(root, width: Int(300 * scale), height: Int(200 * scale), scale: scale)
            assertReference(r, "depth-card-60-\(Int(scale))x")
        }
    }
}

extension DepthTests {
    /// Input hits a turned card inside its projected quad only. (The
    /// perspective is the card's own here: about its anchor, which sits at
    /// the output's centre, it is the same as the container's.)
    func testHitTestingFollowsTheProjection() {
        let card = Self.card()
        let angle = Double.pi / 3
        card.properties.transform3D = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
            .concatenating(Transform3D(perspectiveDistance: 500))
        let probe = RenderLayer()
        probe.addSublayer(card)
        // The near left edge lies at x ≈ 103.6, the far right one at ≈ 185.1.
        let left = Self.projected(0, 50, angle: angle), right = Self.projected(160, 50, angle: angle)
        XCTAssertTrue(probe.containsInTree(Point(x: left.x + 1, y: 100)), "just inside the near edge")
        XCTAssertFalse(probe.containsInTree(Point(x: left.x - 1, y: 100)), "just outside it")
        XCTAssertTrue(probe.containsInTree(Point(x: right.x - 1, y: 100)))
        XCTAssertFalse(probe.containsInTree(Point(x: right.x + 1, y: 100)), "outside the far edge, inside the unturned card")
        // Near the far top corner the edge slopes.
        let farTop = Self.projected(160, 0, angle: angle)
        XCTAssertTrue(probe.containsInTree(Point(x: farTop.x - 1, y: farTop.y + 2)))
        XCTAssertFalse(probe.containsInTree(Point(x: farTop.x - 1, y: farTop.y - 2)))
        // Turned past edge-on the card shows its back, still hit; a
        // sublayer in perspective is hit through both mappings.
        card.properties.transform3D = Transform3D(rotationAngle: 2.5, x: 0, y: 1, z: 0)
            .concatenating(Transform3D(perspectiveDistance: 500))
        XCTAssertTrue(probe.containsInTree(Point(x: 150, y: 100)))
        XCTAssertFalse(probe.containsInTree(Point(x: 20, y: 100)))
        _ = left
    }

    /// The same card drawn through the card's own perspective and through
    /// its container's sublayer transform: the same pixels.
    func testOwnPerspectiveMatchesTheContainers() {
        let viaContainer = makeRoot(width: 300, height: 200)
        let container = Self.perspectiveContainer(width: 300, height: 200)
        let a = Self.card()
        a.properties.transform3D = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
        container.addSublayer(a)
        viaContainer.addSublayer(container)
        let own = makeRoot(width: 300, height: 200)
        let b = Self.card()
        b.properties.transform3D = Transform3D(rotationAngle: .pi / 3, x: 0, y: 1, z: 0)
            .concatenating(Transform3D(perspectiveDistance: 500))
        own.addSublayer(b)
        let r1 = renderFrame(viaContainer, width: 300, height: 200), r2 = renderFrame(own, width: 300, height: 200)
        ImageComparison.assertMatches(r2.framebuffer, expected: r1.framebuffer, name: "depth-own-perspective", tolerance: 2)
    }
}

extension DepthTests {
    /// Turned past edge-on, a card shows its back, mirrored; single-sided,
    /// neither it nor its sublayers are drawn.
    func testBackFacingSingleSidedLayerIsHidden() {
        for scale in [1.0, 2.0] {
            let root = makeRoot(width: 300, height: 200)
            let container = Self.perspectiveContainer(width: 300, height: 200)
            let card = Self.card()
            card.properties.transform3D = Transform3D(rotationAngle: .pi * 5 / 6, x: 0, y: 1, z: 0)
            container.addSublayer(card)
            root.addSublayer(container)
            let renderer = SceneRenderer(width: Int(300 * scale), height: Int(200 * scale), scale: scale)
            _ = renderer.render(root)
            assertReference(renderer, "depth-card-back-\(Int(scale))x")
            // The stripe, on the card's left, now shows on the right.
            let stripe = Self.projected(10, 50, angle: .pi * 5 / 6)
            XCTAssertGreaterThan(stripe.x, 150)
            assertPixel(renderer.framebuffer, Int(stripe.x * scale), Int(stripe.y * scale), red, tolerance: 40)

            card.properties.updateDepth { $0.isDoubleSided = false }
            _ = renderer.render(root)
            RenderConformance.assertMatchesFreshRender(renderer, root)
            assertPixel(renderer.framebuffer, Int(stripe.x * scale), Int(stripe.y * scale), white)
            assertPixel(renderer.framebuffer, Int(150 * scale), Int(100 * scale), white)
            // Facing the viewer again, it is drawn.
            card.properties.transform3D = Transform3D(rotationAngle: .pi / 6, x: 0, y: 1, z: 0)
            _ = renderer.render(root)
            RenderConformance.assertMatchesFreshRender(renderer, root)
            assertPixel(renderer.framebuffer, Int(150 * scale), Int(100 * scale), blue, tolerance: 2)
        }
    }

    /// A long plane tipped towards the eye until its near part passes
    /// behind it: the part in front is drawn up to the bottom of the output,
    /// and nothing of the part behind wraps round to the top.
    func testPlanePassingBehindTheEyeIsClipped() {
        for scale in [1.0, 2.0] {
            let root = makeRoot(width: 300, height: 200)
            let container = Self.perspectiveContainer(width: 300, height: 200, distance: 200)
            let floor = RenderLayer(frame: Rect(x: 50, y: -400, width: 200, height: 1000), color: Color(red: 0, green: 0, blue: 1, alpha: 1))
            // Stripes every 100 points show the perspective.
            for y in stride(from: 0.0, to: 1000, by: 100) {
                floor.addSublayer(RenderLayer(frame: Rect(x: 0, y: y, width: 200, height: 20), color: Color(red: 1, green: 0, blue: 0, alpha: 1)))
            }
            floor.properties.transform3D = Transform3D(rotationAngle: 70 * .pi / 180, x: 1, y: 0, z: 0)
            container.addSublayer(floor)
            root.addSublayer(container)
            let r = renderFrame(root, width: Int(300 * scale), height: Int(200 * scale), scale: scale)
            assertReference(r, "depth-behind-eye-\(Int(scale))x")
            // Far edge (v = −500 about the centre): y = 100 − 500·cos70 / (1 + 500·sin70/200) ≈ 49.
            let s = sin(70 * Double.pi / 180), c = cos(70 * Double.pi / 180)
            let farY = 100 - 500 * c / (1 + 500 * s / 200)
            XCTAssertEqual(farY, 48.9, accuracy: 0.1)
            for x in [60.0, 150, 240] {
                assertPixel(r.framebuffer, Int(x * scale), Int((farY - 3) * scale), white, tolerance: 2, "above the far edge")
                assertPixel(r.framebuffer, Int(x * scale), Int(10 * scale), white, tolerance: 2, "nothing wraps round")
            }
            // The bottom rows: the near part, close to the eye, fills the width.
            let bottom = Int(198 * scale)
            for x in [2.0, 150, 297] {
                let pixel = Pixels(r.framebuffer)[Int(x * scale), bottom]
                XCTAssertNotEqual(pixel, white, "covered at (\(x), 198)")
            }
        }
    }

    /// Moving, turning, recolouring and hiding layers in perspective, one
    /// within another: every frame equals a fresh render.
    func testIncrementalFramesMatchFreshRenders() {
        let root = makeRoot(width: 240, height: 160)
        let container = Self.perspectiveContainer(width: 240, height: 160, distance: 400)
        root.addSublayer(container)
        let flat = RenderLayer(frame: Rect(x: 10, y: 10, width: 60, height: 40), color: Color(red: 1, green: 1, blue: 0, alpha: 1))
        root.addSublayer(flat)
        let card = RenderLayer(frame: Rect(x: 60, y: 40, width: 120, height: 80), color: Color(red: 0, green: 0, blue: 1, alpha: 1))
        let inner = RenderLayer(frame: Rect(x: 10, y: 10, width: 40, height: 30), color: Color(red: 1, green: 0, blue: 0, alpha: 1))
        let nested = RenderLayer(frame: Rect(x: 60, y: 20, width: 40, height: 40), color: Color(red: 0, green: 1, blue: 0, alpha: 1))
        nested.properties.transform3D = Transform3D(rotationAngle: 0.6, x: 1, y: 0, z: 0).concatenating(Transform3D(perspectiveDistance: 200))
        card.addSublayer(inner)
        card.addSublayer(nested)
        container.addSublayer(card)
        let renderer = SceneRenderer(width: 240, height: 160, scale: 1)
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root, "first")
        var generator = SystemRandomNumberGenerator()
        for step in 0..<60 {
            switch Int.random(in: 0..<7, using: &generator) {
            case 0: card.properties.transform3D = Transform3D(rotationAngle: .random(in: -3...3), x: .random(in: -1...1), y: 1, z: 0)
            case 1: card.position = Point(x: .random(in: 40...200), y: .random(in: 30...130))
            case 2: inner.backgroundColor = Color(red: .random(in: 0...1), green: 0, blue: 0, alpha: 1)
            case 3: inner.position = Point(x: .random(in: 0...120), y: .random(in: 0...80))
            case 4: nested.properties.transform3D = Transform3D(rotationAngle: .random(in: -3...3), x: 1, y: 0, z: 0)
                .concatenating(Transform3D(perspectiveDistance: 200))
            case 5: flat.position = Point(x: .random(in: 0...240), y: .random(in: 0...160))
            default: card.properties.updateDepth { $0.zPosition = .random(in: -100...100) }
            }
            if step == 30 { card.properties.transform3D = Transform3D(AffineTransform(rotationAngle: 0.3)) }
            if step == 40 { container.properties.updateDepth { $0.sublayerTransform = .identity } }
            if step == 45 { container.properties.updateDepth { $0.sublayerTransform = Transform3D(perspectiveDistance: 300) } }
            _ = renderer.render(root)
            if !RenderConformance.assertMatchesFreshRender(renderer, root, "step \(step)") { break }
        }
    }
}

extension DepthTests {
    /// A CATransformLayer cube: six faces, each turned and pushed out by
    /// its own transform, kept in 3-D by the transform layer and drawn back
    /// to front, seen from a corner in perspective.
    static func cube(angleX: Double = -0.5, angleY: Double = 0.6) -> (root: RenderLayer, cube: RenderLayer, faces: [RenderLayer]) {
        let root = makeRoot(width: 300, height: 200)
        let container = perspectiveContainer(width: 300, height: 200)
        let cube = RenderLayer(frame: Rect(x: 100, y: 50, width: 100, height: 100), color: Color(red: 0, green: 0, blue: 0, alpha: 1),
                               name: "cube")
        cube.properties.updateDepth { $0.isTransformLayer = true }
        cube.properties.transform3D = Transform3D(rotationAngle: angleY, x: 0, y: 1, z: 0)
            .concatenating(Transform3D(rotationAngle: angleX, x: 1, y: 0, z: 0))
        let colors = [Color(red: 1, green: 0, blue: 0, alpha: 1), Color(red: 0, green: 0.6, blue: 0, alpha: 1),
                      Color(red: 0, green: 0, blue: 1, alpha: 1), Color(red: 1, green: 1, blue: 0, alpha: 1),
                      Color(red: 0, green: 1, blue: 1, alpha: 1), Color(red: 1, green: 0, blue: 1, alpha: 1)]
        // front, back, right, left, top, bottom: pushed out 50 towards the eye, then turned about the cube's centre.
        let turns: [Transform3D] = [
            .identity,
            Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0),
            Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0),
            Transform3D(rotationAngle: -.pi / 2, x: 0, y: 1, z: 0),
            Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0),
            Transform3D(rotationAngle: -.pi / 2, x: 1, y: 0, z: 0),
        ]
        var faces: [RenderLayer] = []
        for (color, turn) in zip(colors, turns) {
            let face = RenderLayer(frame: Rect(x: 0, y: 0, width: 100, height: 100), color: color)
            face.addSublayer(RenderLayer(frame: Rect(x: 10, y: 10, width: 30, height: 30), color: .white))
            face.properties.transform3D = Transform3D(translationX: 0, y: 0, z: 50).concatenating(turn)
            cube.addSublayer(face)
            faces.append(face)
        }
        container.addSublayer(cube)
        root.addSublayer(container)
        return (root, cube, faces)
    }

    func testTransformLayerCube() {
        for scale in [1.0, 2.0] {
            let (root, _, _) = Self.cube()
            let r = renderFrame(root, width: Int(300 * scale), height: Int(200 * scale), scale: scale)
            assertReference(r, "depth-cube-\(Int(scale))x")
        }
        // The transform layer draws nothing of its own (its black background), and the faces in front hide those behind.
        let (root, _, _) = Self.cube()
        let r = renderFrame(root, width: 300, height: 200)
        assertPixel(r.framebuffer, 150, 100, white, tolerance: 255 * 4, "something is drawn at the centre")
        XCTAssertNotEqual(Pixels(r.framebuffer)[150, 100], 0xff00_0000, "not the transform layer's background")
    }

    /// Turning the cube moves faces in front of others: every frame equals a fresh render.
    func testTurningCubeMatchesFreshRenders() {
        let (root, cube, faces) = Self.cube()
        let renderer = SceneRenderer(width: 300, height: 200, scale: 1)
        for step in 0..<12 {
            cube.properties.transform3D = Transform3D(rotationAngle: Double(step) * 0.5, x: 0, y: 1, z: 0)
                .concatenating(Transform3D(rotationAngle: -0.4, x: 1, y: 0, z: 0))
            if step == 6 { faces[0].backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1) }
            if step == 8 { cube.opacity = 0.5 }
            _ = renderer.render(root)
            if !RenderConformance.assertMatchesFreshRender(renderer, root, "step \(step)") { break }
        }
    }
}

extension DepthTests {
    /// Clients choose every term: singular matrices, huge terms, w at or
    /// near 0 everywhere, perspective from inside the layer. Nothing traps;
    /// what is drawn is drawn the same incrementally and afresh.
    func testHostileMatricesDrawNothingOrClipped() {
        let root = makeRoot(width: 200, height: 150)
        let container = Self.perspectiveContainer(width: 200, height: 150, distance: 100)
        let card = RenderLayer(frame: Rect(x: 50, y: 40, width: 100, height: 70), color: Color(red: 0, green: 0, blue: 1, alpha: 1))
        card.addSublayer(RenderLayer(frame: Rect(x: 5, y: 5, width: 20, height: 20), color: Color(red: 1, green: 0, blue: 0, alpha: 1)))
        let face = RenderLayer(frame: Rect(x: 0, y: 0, width: 30, height: 30), color: .white)
        let cube = RenderLayer(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        cube.properties.updateDepth { $0.isTransformLayer = true }
        cube.addSublayer(face)
        container.addSublayer(card)
        container.addSublayer(cube)
        root.addSublayer(container)
        let renderer = SceneRenderer(width: 200, height: 150, scale: 1)
        var matrices: [Transform3D] = [
            Transform3D(scaleX: 0, y: 1, z: 1),                                              // singular
            Transform3D(values: [1e300, 0, 0, 0, 0, 1e300, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])!,  // huge
            Transform3D(values: [1, 0, 0, 1e-300, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1e-300])!, // w ≈ 0
            Transform3D(values: [1, 0, 0, 0.02, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0])!,       // w crosses 0 inside the card
            Transform3D(values: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1])!,         // all behind the eye
            Transform3D(translationX: 0, y: 0, z: 99.9),                                     // at the eye
            Transform3D(translationX: 0, y: 0, z: 150),                                      // past it
            Transform3D(values: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 16_777_216, -16_777_216, 0, 1])!,
            Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0),                           // edge-on
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            matrices.append(Transform3D(values: (0..<16).map { _ in
                Double.random(in: -2...2, using: &generator) * pow(10, Double(Int.random(in: -8...8, using: &generator)))
            })!)
        }
        for (index, matrix) in matrices.enumerated() {
            card.properties.transform3D = matrix
            face.properties.transform3D = matrix
            card.sublayers[0].properties.transform3D = matrices[(index + 3) % matrices.count]
            _ = renderer.render(root)
            RenderConformance.assertMatchesFreshRender(renderer, root, "matrix \(index)")
            _ = root.containsInTree(Point(x: 100, y: 75))
            _ = matrix.inverted()
            _ = matrix.decomposed?.recomposed
            _ = matrix.interpolated(to: .identity, 0.5)
        }
        // w ≤ 0 everywhere: nothing of the card is drawn.
        card.properties.transform3D = matrices[4]
        face.properties.transform3D = matrices[4]
        card.sublayers[0].properties.transform3D = .identity
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 100, 75, white)
    }
}

extension DepthTests {
    /// Siblings are drawn in order of z position, then of their index.
    func testSiblingsAreDrawnInOrderOfZPosition() {
        let root = makeRoot(width: 100, height: 60)
        let a = RenderLayer(frame: Rect(x: 10, y: 10, width: 50, height: 40), color: Color(red: 1, green: 0, blue: 0, alpha: 1))
        let b = RenderLayer(frame: Rect(x: 40, y: 10, width: 50, height: 40), color: Color(red: 0, green: 0, blue: 1, alpha: 1))
        let c = RenderLayer(frame: Rect(x: 45, y: 0, width: 10, height: 60), color: Color(red: 0, green: 1, blue: 0, alpha: 1))
        root.addSublayer(a)
        root.addSublayer(b)
        root.addSublayer(c)
        let renderer = SceneRenderer(width: 100, height: 60, scale: 1)
        _ = renderer.render(root)
        assertPixel(renderer.framebuffer, 50, 30, green)
        assertPixel(renderer.framebuffer, 42, 30, blue)
        a.properties.updateDepth { $0.zPosition = 10 }
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root)
        assertPixel(renderer.framebuffer, 42, 30, red, tolerance: 0, "a is above b")
        assertPixel(renderer.framebuffer, 50, 30, red, tolerance: 0, "and above c")
        c.properties.updateDepth { $0.zPosition = 10 }
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root)
        assertPixel(renderer.framebuffer, 50, 30, green, tolerance: 0, "equal z: in sublayer order")
        a.properties.updateDepth { $0.zPosition = -5 }
        _ = renderer.render(root)
        RenderConformance.assertMatchesFreshRender(renderer, root)
        assertPixel(renderer.framebuffer, 42, 30, blue, tolerance: 0, "a below b again")
    }
}
