import XCTest
import StrataProtocol
@testable import StrataKit

/// Layers in 3-D on the app's side: conversion, frame and hit testing
/// follow the projected shape, and the encoder sends depth only to a
/// compositor that draws it. Core Animation reference: CALayer.transform
/// ("the transform applied to the layer's contents", about the anchor
/// point), sublayerTransform, anchorPointZ, isDoubleSided ("when false,
/// the layer is not drawn when facing away from the viewer"), and
/// CATransformLayer ("its sublayers are not flattened into its plane").
final class DepthGeometryTests: StylingTestCase {
    /// A 200×100 card at (200, 150) in a 400×300 container whose
    /// sublayerTransform has m34 = −1/500, turned 60° about y.
    private func perspectiveCard() -> (container: CALayer, card: CALayer) {
        let container = CALayer()
        container.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        container.sublayerTransform = perspective
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        card.position = CGPoint(x: 200, y: 150)
        card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        container.addSublayer(card)
        return (container, card)
    }

    /// Where a corner of the card lands, computed from the matrix math by hand:
    /// x' = x·cos θ about the centre, z' = −x·sin θ, then divided by 1 − z'/500.
    private func expectedProjection(of corner: CGPoint) -> CGPoint {
        let (u, v) = (Double(corner.x) - 100, Double(corner.y) - 50)   // about the anchor point
        let theta = Double.pi / 3
        let (x, z) = (u * cos(theta), -u * sin(theta))
        let w = 1 - z / 500
        return CGPoint(x: 200 + x / w, y: 150 + v / w)
    }

    func testCornersProjectAsTheMatrixSays() {
        let (container, card) = perspectiveCard()
        for corner in [CGPoint(x: 0, y: 0), CGPoint(x: 200, y: 0), CGPoint(x: 200, y: 100), CGPoint(x: 0, y: 100)] {
            let projected = card.convert(corner, to: container)
            let expected = expectedProjection(of: corner)
            XCTAssertEqual(Double(projected.x), Double(expected.x), accuracy: 1e-9, "\(corner)")
            XCTAssertEqual(Double(projected.y), Double(expected.y), accuracy: 1e-9, "\(corner)")
            // And back: the inverse homography finds the point on the card's plane.
            let back = card.convert(projected, from: container)
            XCTAssertEqual(Double(back.x), Double(corner.x), accuracy: 1e-6)
            XCTAssertEqual(Double(back.y), Double(corner.y), accuracy: 1e-6)
        }
        // The near edge (x = 0 turns towards the eye) grows, the far edge shrinks.
        let near = expectedProjection(of: CGPoint(x: 0, y: 100)).y - expectedProjection(of: CGPoint(x: 0, y: 0)).y
        let far = expectedProjection(of: CGPoint(x: 200, y: 100)).y - expectedProjection(of: CGPoint(x: 200, y: 0)).y
        XCTAssertGreaterThan(near, 100)
        XCTAssertLessThan(far, 100)
    }

    func testFrameEnclosesTheProjectedBounds() {
        let (_, card) = perspectiveCard()
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: 200, y: 0), CGPoint(x: 200, y: 100), CGPoint(x: 0, y: 100)]
            .map(expectedProjection)
        let frame = card.frame
        XCTAssertEqual(Double(frame.minX), Double(corners.map(\.x).min()!), accuracy: 1e-9)
        XCTAssertEqual(Double(frame.maxX), Double(corners.map(\.x).max()!), accuracy: 1e-9)
        XCTAssertEqual(Double(frame.minY), Double(corners.map(\.y).min()!), accuracy: 1e-9)
        XCTAssertEqual(Double(frame.maxY), Double(corners.map(\.y).max()!), accuracy: 1e-9)
    }

    /// A tapped turned card gets the touch where it is drawn: inside the
    /// projected quad, not inside its flat frame's corners.
    func testHitTestingFollowsTheProjectedQuad() {
        let (container, card) = perspectiveCard()
        // The card's centre stays put.
        XCTAssertTrue(container.hitTest(CGPoint(x: 200, y: 150)) === card)
        // Near the far edge's corner, inside the enclosing frame but outside the quad.
        let farTop = expectedProjection(of: CGPoint(x: 200, y: 0))
        XCTAssertNil(container.hitTest(CGPoint(x: farTop.x - 1, y: farTop.y - 3)).flatMap { $0 === card ? $0 : nil })
        // Just inside the near edge, below where the flat card would end.
        let nearBottom = expectedProjection(of: CGPoint(x: 0, y: 100))
        XCTAssertTrue(container.hitTest(CGPoint(x: nearBottom.x + 2, y: nearBottom.y - 2)) === card)
        XCTAssertGreaterThan(nearBottom.y - 2, 200, "the point is below the flat card's edge")
        // Left of the projected near edge: a miss.
        XCTAssertFalse(container.hitTest(CGPoint(x: nearBottom.x - 3, y: 150)) === card)
    }

    func testUIViewHitTestFollowsTheProjection() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.layer.sublayerTransform = perspective
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 100))
        card.transform3D = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        root.addSubview(card)
        let nearBottom = expectedProjection(of: CGPoint(x: 0, y: 100))
        XCTAssertTrue(root.hitTest(CGPoint(x: nearBottom.x + 2, y: nearBottom.y - 2), with: nil) === card)
        XCTAssertTrue(root.hitTest(CGPoint(x: nearBottom.x - 3, y: 150), with: nil) === root)
        let inCard = card.convert(CGPoint(x: nearBottom.x + 2, y: nearBottom.y - 2), from: root)
        XCTAssertLessThan(Double(inCard.x), 5)
        XCTAssertGreaterThan(Double(inCard.y), 95)
    }

    /// isDoubleSided = false: a layer turned to show its back is neither drawn nor hit.
    func testABackFacingSingleSidedLayerIsNotHit() {
        let (container, card) = perspectiveCard()
        card.transform = CATransform3DMakeRotation(.pi * 0.9, 0, 1, 0)
        XCTAssertTrue(container.hitTest(CGPoint(x: 200, y: 150)) === card, "double sided by default")
        card.isDoubleSided = false
        XCTAssertFalse(container.hitTest(CGPoint(x: 200, y: 150)) === card)
        card.transform = CATransform3DMakeRotation(.pi * 0.1, 0, 1, 0)
        XCTAssertTrue(container.hitTest(CGPoint(x: 200, y: 150)) === card, "its front faces the viewer again")
    }

    /// Below a CATransformLayer the faces keep their 3-D places: the face
    /// turned to the right of a cube sits at the cube's right edge, seen
    /// edge-on without perspective and as a trapezoid with it.
    func testTransformLayerKeepsSublayersInThreeD() {
        let container = CALayer()
        container.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        container.sublayerTransform = perspective
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        cube.position = CGPoint(x: 200, y: 200)
        container.addSublayer(cube)
        let right = CALayer()
        right.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        right.position = CGPoint(x: 50, y: 50)
        // Turned to face +x, pushed out by half the cube.
        right.transform = CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0)
        cube.addSublayer(right)
        cube.transform = CATransform3DMakeRotation(-.pi / 6, 0, 1, 0)
        // The face's centre is at (50, 0, 0) about the cube's centre, turned
        // −30° about y: x = 50·cos 30°, z = 50·sin 30°, then projected.
        let centre = right.convert(CGPoint(x: 50, y: 50), to: container)
        let (x, z) = (50 * cos(Double.pi / 6), 50 * sin(Double.pi / 6))
        let w = 1 - z / 500
        XCTAssertEqual(Double(centre.x), 200 + x / w, accuracy: 1e-6)
        XCTAssertEqual(Double(centre.y), 200, accuracy: 1e-6)
        // Flattened into an ordinary layer instead, the face would be edge-on in
        // that layer's plane: its corners collapse onto one vertical line.
        let flat = CALayer()
        flat.bounds = cube.bounds
        flat.position = cube.position
        container.addSublayer(flat)
        let edgeOn = CALayer()
        edgeOn.bounds = right.bounds
        edgeOn.position = right.position
        edgeOn.transform = right.transform
        flat.addSublayer(edgeOn)
        let a = edgeOn.convert(CGPoint(x: 0, y: 0), to: flat), b = edgeOn.convert(CGPoint(x: 100, y: 0), to: flat)
        XCTAssertEqual(Double(a.x), Double(b.x), accuracy: 1e-9)
        XCTAssertTrue(cube.hitTest(CGPoint(x: 200, y: 200)).map { $0 !== cube } ?? true, "a transform layer is never the layer hit")
    }

    /// A transform layer's sublayers are hit front to back by depth, as drawn:
    /// through the middle of a cube the front face is hit, not the back one
    /// added later.
    func testTransformLayerSublayersAreHitNearestFirst() {
        let container = CALayer()
        container.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        let cube = CATransformLayer()
        cube.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        cube.position = CGPoint(x: 100, y: 100)
        container.addSublayer(cube)
        func face(_ transform: CATransform3D) -> CALayer {
            let face = CALayer()
            face.bounds = cube.bounds
            face.position = CGPoint(x: 50, y: 50)
            face.transform = transform
            cube.addSublayer(face)
            return face
        }
        let front = face(CATransform3DMakeTranslation(0, 0, 50))
        let back = face(CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0))
        XCTAssertTrue(container.hitTest(CGPoint(x: 100, y: 100)) === front)
        // Turned half round, the other face is in front.
        cube.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        XCTAssertTrue(container.hitTest(CGPoint(x: 100, y: 100)) === back)
    }

    /// A point whose ray meets the layer's plane behind the eye is nowhere on it.
    func testPointsBehindTheEyeHitNothing() {
        let (container, card) = perspectiveCard()
        card.transform = CATransform3DMakeTranslation(0, 0, 600)   // past the eye at z = 500
        XCTAssertFalse(container.hitTest(CGPoint(x: 200, y: 150)) === card)
    }

    // MARK: What the encoder sends

    func testAnAffineTransformGoesAsSixDoublesAndA3DOneAsSixteen() {
        let layer = CALayer()
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        let remote = node(of: layer)
        XCTAssertTrue(remote.requests.contains(.other("transform")))
        XCTAssertTrue(remote.depth.isEmpty)
        remote.requests = []
        var turned = CATransform3DMakeRotation(0.5, 0, 1, 0)
        turned.m34 = -0.002
        layer.transform = turned
        encodeChanges()
        XCTAssertEqual(remote.depth, [.depth("transform3D", turned.rows.joined().map(Double.init))])
    }

    func testDepthPropertiesAreSentWhenTheyDifferFromDefaults() {
        let layer = CATransformLayer()
        layer.zPosition = 4
        layer.anchorPointZ = -2
        layer.isDoubleSided = false
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 800
        layer.sublayerTransform = perspective
        let remote = node(of: layer)
        XCTAssertEqual(remote.depth, [.depth("sublayerTransform", perspective.rows.joined().map(Double.init)),
                                      .depth("zPosition", [4]), .depth("anchorPointZ", [-2]),
                                      .depth("doubleSided", [0]), .depth("transformLayer", [1])])
        XCTAssertTrue(node(of: CALayer()).depth.isEmpty, "a plain layer sends none")
    }

    /// A compositor of version 3 draws 2-D only: it gets the affine part.
    func testAnOlderCompositorGetsTheAffinePart() {
        transport.hasDepth = false
        let layer = CALayer()
        var t = CATransform3DMakeTranslation(5, 6, 7)
        t.m34 = -0.002
        layer.transform = t
        layer.zPosition = 3
        let remote = node(of: layer)
        XCTAssertTrue(remote.requests.contains(.other("transform")))
        XCTAssertTrue(remote.depth.isEmpty)
    }
}
