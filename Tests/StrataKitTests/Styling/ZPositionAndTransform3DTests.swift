import XCTest
import StrataProtocol
@testable import StrataKit

/// zPosition stacks siblings (CALayer reference: "The layer's position on
/// the z axis"; siblings with a larger value are composited in front), and
/// the 3-D transform functions' algebra.
final class ZPositionAndTransform3DTests: StylingTestCase {
    func testSublayersAreSentInZPositionOrder() {
        let parent = CALayer()
        let (a, b, c) = (CALayer(), CALayer(), CALayer())
        [a, b, c].forEach(parent.addSublayer)
        a.zPosition = 5
        c.zPosition = -1
        XCTAssertTrue(parent.sublayersInDrawingOrder.elementsEqual([c, b, a], by: ===))
        XCTAssertTrue((parent.sublayers ?? []).elementsEqual([a, b, c], by: ===), "sublayers keep their own order")
        let remote = node(of: parent)
        XCTAssertEqual(remote.nodeSublayers.map { ObjectIdentifier($0) },
                       [c, b, a].map { ObjectIdentifier(encoder.entry(for: $0).remote) })
        // Changing a zPosition restacks at the next commit.
        b.zPosition = 10
        encodeChanges()
        XCTAssertEqual(remote.nodeSublayers.last.map { ObjectIdentifier($0) }, ObjectIdentifier(encoder.entry(for: b).remote))
    }

    func testHitTestingFollowsZPosition() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let (front, back) = (CALayer(), CALayer())
        for layer in [front, back] { layer.frame = CGRect(x: 0, y: 0, width: 50, height: 50) }
        parent.addSublayer(front)
        parent.addSublayer(back)
        XCTAssertTrue(parent.hitTest(CGPoint(x: 10, y: 10)) === back, "the later sublayer is in front")
        front.zPosition = 1
        XCTAssertTrue(parent.hitTest(CGPoint(x: 10, y: 10)) === front, "a larger zPosition is in front")
    }

    /// CATransform3DInvert: the inverse, or the transform itself when it has none.
    func testInvert() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(10, -4, 3), 0.7, 0.3, 1, 0.2)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let m = CATransform3DConcat(t, perspective)
        let product = CATransform3DConcat(m, CATransform3DInvert(m))
        for (i, row) in product.rows.enumerated() {
            for (j, value) in row.enumerated() { XCTAssertEqual(Double(value), i == j ? 1 : 0, accuracy: 1e-9) }
        }
        let singular = CATransform3DMakeScale(0, 1, 1)
        XCTAssertEqual(CATransform3DInvert(singular), singular)
    }

    /// transform3D is the layer's transform; a 2-D one round-trips through UIView.transform.
    func testTransform3DIsTheLayersTransform() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.transform3D = CATransform3DMakeScale(2, 3, 1)
        XCTAssertEqual(view.transform, CGAffineTransform(scaleX: 2, y: 3))
        XCTAssertTrue(CATransform3DIsAffine(view.transform3D))
    }
}

/// Layout code sets a shape layer's path on every pass: an equal path is not sent again.
final class EqualPathTests: StylingTestCase {
    func testAnEqualPathIsNotSentAgain() {
        let layer = CAShapeLayer()
        layer.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let remote = node(of: layer)
        remote.requests = []
        layer.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        layer.shadowPath = nil
        encodeChanges()
        XCTAssertTrue(remote.styling.isEmpty, "\(remote.styling)")
        layer.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
        encodeChanges()
        XCTAssertEqual(remote.styling.count, 1, "a different path goes")
    }
}
