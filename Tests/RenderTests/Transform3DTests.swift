import StrataProtocol
import StrataRender
import XCTest

/// Transform3D: Core Animation's layout and conventions, inversion, and
/// interpolation through the decomposition.
final class Transform3DTests: XCTestCase {
    func assertEqual(_ a: Transform3D, _ b: Transform3D, accuracy: Double = 1e-9, _ message: String = "",
                     file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.values, b.values) {
            XCTAssertEqual(x, y, accuracy: accuracy, "\(message)\n\(a.values)\n\(b.values)", file: file, line: line)
        }
    }

    func testLayoutMatchesCoreAnimation() {
        // About z, the affine rotation; about y, x goes to −z (CATransform3DMakeRotation).
        let z = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        assertEqual(z, Transform3D(AffineTransform(rotationAngle: 0.3)))
        XCTAssertTrue(z.isAffine)
        let y = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        let p = y.apply(x: 1, y: 0, z: 0)
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.z, -1, accuracy: 1e-12)
        XCTAssertFalse(y.isAffine)
        // Row vectors: translation is m41 m42 m43; concatenating applies self first.
        let moved = Transform3D(scaleX: 2, y: 2, z: 2).concatenating(Transform3D(translationX: 10, y: 20, z: 30))
        let q = moved.apply(x: 1, y: 1, z: 1)
        XCTAssertEqual([q.x, q.y, q.z, q.w], [12, 22, 32, 1])
        XCTAssertEqual(Transform3D(values: moved.values), moved)
        XCTAssertNil(Transform3D(values: [1, 2, 3]))
        // Perspective: w = 1 − z/d.
        let w = Transform3D(perspectiveDistance: 500).apply(x: 0, y: 0, z: 100).w
        XCTAssertEqual(w, 0.8, accuracy: 1e-12)
        XCTAssertEqual(Transform3D(AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)).affine,
                       AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
    }

    func testInverse() {
        let m = Transform3D(rotationAngle: 0.7, x: 1, y: 2, z: 3)
            .concatenating(Transform3D(translationX: 4, y: -5, z: 6))
            .concatenating(Transform3D(perspectiveDistance: 300))
        assertEqual(m.concatenating(m.inverted()!), .identity, accuracy: 1e-12)
        XCTAssertNil(Transform3D(scaleX: 1, y: 0, z: 1).inverted(), "singular")
        var huge = Transform3D.identity
        huge.m11 = .greatestFiniteMagnitude
        huge.m22 = .greatestFiniteMagnitude
        XCTAssertNil(huge.inverted(), "not finite")
    }

    func testDecompositionRecomposes() {
        let matrices = [
            Transform3D(rotationAngle: 0.7, x: 1, y: 2, z: 3).concatenating(Transform3D(translationX: 4, y: -5, z: 6)),
            Transform3D(scaleX: 2, y: -3, z: 0.5).concatenating(Transform3D(rotationAngle: 2.5, x: 0, y: 1, z: 0))
                .concatenating(Transform3D(perspectiveDistance: 400)),
            Transform3D(values: [1, 0.2, 0, 0, 0.3, 1, 0, 0, 0, 0, 1, -0.002, 10, 20, 30, 1])!,
        ]
        for m in matrices {
            guard let parts = m.decomposed else { return XCTFail("\(m) does not decompose") }
            assertEqual(parts.recomposed, m, accuracy: 1e-9)
        }
        XCTAssertNil(Transform3D(scaleX: 0, y: 1, z: 1).decomposed, "singular")
    }

    /// A card turning half round in perspective passes edge-on at half way:
    /// the rotation is interpolated, not the matrix (which would shrink it
    /// to a line through its centre and back).
    func testInterpolatedFlipPassesEdgeOn() {
        let perspective = Transform3D(perspectiveDistance: 500)
        let from = perspective
        let to = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0).concatenating(perspective)
        let half = from.interpolated(to: to, 0.5)
        assertEqual(half, Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0).concatenating(perspective), accuracy: 1e-9)
        // Edge-on: x goes entirely into z, and the far edge is smaller than the near one.
        let right = half.apply(x: 100, y: 0, z: 0)
        XCTAssertEqual(right.x / right.w, 0, accuracy: 1e-9)
        let quarter = from.interpolated(to: to, 0.25)
        assertEqual(quarter, Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0).concatenating(perspective), accuracy: 1e-9)
        // A plain matrix blend would have passed through a point.
        let naive = zip(from.values, to.values).map { ($0 + $1) / 2 }
        XCTAssertEqual(naive[0], 0, accuracy: 1e-12)
    }

    /// Two affine transforms blend exactly as the 2-D decomposition has them blend.
    func testAffineInterpolationIsUnchanged() {
        let a = AffineTransform(rotationAngle: 0.2).concatenating(AffineTransform(translationX: 10, y: 5))
        let b = AffineTransform(scaleX: 2, y: -1).concatenating(AffineTransform(rotationAngle: 2))
        for t in [0.0, 0.3, 0.5, 1.0, 1.2] {
            let expected = AffineTransform(a.decomposed.interpolated(to: b.decomposed, t))
            let blended = Transform3D(a).interpolated(to: Transform3D(b), t)
            XCTAssertTrue(blended.isAffine)
            XCTAssertEqual(blended.affine, expected)
            XCTAssertEqual(AnimatableProperty.transform.interpolate(a.components, b.components, t), expected.components)
        }
    }
}

/// Animating the 3-D properties, as the compositor and StrataKit both do.
final class DepthAnimationTests: XCTestCase {
    func testTransformOfSixteenValuesPassesEdgeOn() {
        let from = Transform3D(perspectiveDistance: 500)
        let to = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0).concatenating(from)
        let half = AnimatableProperty.transform3D.interpolate(from.values, to.values, 0.5)
        let expected = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0).concatenating(from)
        for (a, b) in zip(half, expected.values) { XCTAssertEqual(a, b, accuracy: 1e-9) }
        var values = AnimatableValues()
        values.apply(.transform3D, half)
        XCTAssertEqual(values.depth.transform?.m34 ?? 0, expected.m34, accuracy: 1e-12)
        XCTAssertEqual(values.transform.a, 0, accuracy: 1e-9, "the affine part follows")
        // An affine matrix keeps the layer 2-D.
        values.apply(.transform3D, Transform3D(AffineTransform(rotationAngle: 1)).values)
        XCTAssertNil(values.depth.transform)
        XCTAssertEqual(values.transform.b, sin(1), accuracy: 1e-12)
    }

    func testSubPathsSetOnePartOfTheDecomposition() {
        var values = AnimatableValues()
        values.transform3D = Transform3D(perspectiveDistance: 400)
        values.apply(.rotationY, [0.8])
        XCTAssertEqual(values.value(of: .rotationY)[0], 0.8, accuracy: 1e-9)
        let expected = Transform3D(rotationAngle: 0.8, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: 400))
        for (a, b) in zip(values.transform3D.values, expected.values) { XCTAssertEqual(a, b, accuracy: 1e-9) }
        values.apply(.rotationX, [0.3])
        XCTAssertEqual(values.value(of: .rotationX)[0], 0.3, accuracy: 1e-9)
        XCTAssertEqual(values.value(of: .rotationY)[0], 0.8, accuracy: 1e-9, "the other angle stays")
        values.apply(.translationZ, [25])
        values.apply(.scaleZ, [2])
        XCTAssertEqual(values.value(of: .scaleZ)[0], 2, accuracy: 1e-9)
        XCTAssertEqual(values.value(of: .rotationX)[0], 0.3, accuracy: 1e-9)
        // The 2-D paths still turn about z, in 3-D too.
        values.apply(.rotationZ, [0.5])
        XCTAssertEqual(Transform3D(rotation: values.transform3D.decomposed!.rotation).eulerAngles.z, 0.5, accuracy: 1e-9)
        values.apply(.zPosition, [-30])
        values.apply(.anchorPointZ, [7])
        XCTAssertEqual([values.depth.zPosition, values.depth.anchorPointZ], [-30, 7])
        // On a 2-D layer, transform.rotation.y makes it 3-D.
        var flat = AnimatableValues()
        flat.apply(.rotationY, [.pi / 3])
        XCTAssertNotNil(flat.depth.transform)
        XCTAssertEqual(flat.depth.transform!.m13, -sin(Double.pi / 3), accuracy: 1e-12)
    }

    func testPresentationCarriesDepth() {
        var properties = RenderLayer.Properties()
        var values = properties.animatable
        values.apply(.sublayerTransform, Transform3D(perspectiveDistance: 300).values)
        properties.animatable = values
        XCTAssertEqual(properties.depth?.sublayerTransform, Transform3D(perspectiveDistance: 300))
        values.apply(.sublayerTransform, Transform3D.identity.values)
        properties.animatable = values
        XCTAssertNil(properties.depth, "back to 2-D")
    }
}
