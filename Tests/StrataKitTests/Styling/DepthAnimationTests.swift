import XCTest
import StrataProtocol
@testable import StrataKit

/// 3-D transforms animate as Core Animation animates them: a
/// CABasicAnimation of "transform" between CATransform3D values, and a
/// view's transform3D changed in an animation block, interpolate through
/// the matrices' decomposition (translation, scale, rotation as a
/// quaternion, perspective), so a card flipping about y passes through
/// edge-on instead of shrinking to nothing; a compositor without depth
/// plays the affine part.
final class DepthAnimationTests: StylingTestCase {
    private final class Clock: @unchecked Sendable { var time = 1000.0 }
    private let clock = Clock()

    override func setUp() {
        super.setUp()
        let clock = self.clock
        MediaClock.current = MediaClock { clock.time }
    }

    override func tearDown() {
        MediaClock.current = .monotonic
        super.tearDown()
    }

    /// UIKit code's idiom: perspective first, then the turn (CATransform3DRotate
    /// puts the rotation before it, so the perspective is applied after it).
    private func flip(_ angle: CGFloat) -> CATransform3D {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        return CATransform3DRotate(perspective, angle, 0, 1, 0)
    }

    private func assertEqual(_ a: CATransform3D, _ b: CATransform3D, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip(a.wireValue, b.wireValue) { XCTAssertEqual(x, y, accuracy: 1e-6, "\(a) ≠ \(b)", file: file, line: line) }
    }

    func testABasicAnimationOfATransform3DPlaysAllSixteenTerms() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "transform")
        animation.fromValue = flip(0)
        animation.toValue = flip(.pi * 0.8)
        animation.duration = 1
        layer.add(animation, forKey: "flip")
        let wire = try XCTUnwrap(layer.animationEntries.first?.wire.first)
        XCTAssertEqual(wire.property, .transform3D)
        XCTAssertEqual(wire.property.keyPath, "transform", "the wire and Core Animation both name it transform")
        XCTAssertEqual(wire.values, [flip(0).wireValue, flip(.pi * 0.8).wireValue])
        // Half way the card is turned 72° (slerp of the rotation), not a blend of matrices.
        clock.time = 1000.5
        assertEqual(try XCTUnwrap(layer.presentation()).transform, flip(.pi * 0.4))
    }

    /// Edge-on half way through a half turn, with its depth and perspective
    /// terms whole: a blend of the two matrices' terms would have made the
    /// card a line with no depth at all (m13 = 0) at that point.
    func testAHalfTurnPassesThroughEdgeOn() throws {
        let layer = CALayer()
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "transform")
        animation.fromValue = flip(0)
        animation.toValue = flip(.pi * 0.99)
        animation.duration = 1
        layer.add(animation, forKey: nil)
        clock.time = 1000.5
        let shown = try XCTUnwrap(layer.presentation()).transform
        XCTAssertEqual(Double(shown.m11), cos(Double.pi * 0.495), accuracy: 1e-6)
        XCTAssertEqual(Double(shown.m13), -sin(Double.pi * 0.495), accuracy: 1e-6, "the turn keeps its depth term")
        assertEqual(shown, flip(.pi * 0.495))
        let blend = zip(flip(0).wireValue, flip(.pi * 0.99).wireValue).map { ($0 + $1) / 2 }
        XCTAssertEqual(blend[2], -sin(Double.pi * 0.99) / 2, accuracy: 1e-9, "a blend of terms has almost no depth term")
    }

    func testAViewBlockAnimatesTransform3D() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        CATransaction.flush()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.transform3D = self.flip(.pi / 2)
        })
        XCTAssertEqual(view.transform3D, flip(.pi / 2), "the model value changes at once")
        let animation = try XCTUnwrap(view.layer.animation(forKey: "transform") as? CABasicAnimation,
                                      "animated under the key path transform")
        XCTAssertEqual(animation.keyPath, "transform", "Core Animation's name, not the sixteen-value property's")
        let wire = try XCTUnwrap(view.layer.animationEntries.last?.wire.first)
        XCTAssertEqual(wire.property, .transform3D)
        clock.time = 1000.5
        // From the identity: half the turn, and half the perspective (the decomposition's parts blend).
        let shown = try XCTUnwrap(view.layer.presentation()).transform
        XCTAssertEqual(Double(shown.m11), cos(Double.pi / 4), accuracy: 1e-6)
        XCTAssertEqual(Double(shown.m13), -sin(Double.pi / 4), accuracy: 1e-6)
    }

    func testA2DTransformStillAnimatesItsAffinePart() throws {
        let layer = CALayer()
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "transform")
        animation.toValue = CATransform3DMakeRotation(0.5, 0, 0, 1)
        layer.add(animation, forKey: nil)
        XCTAssertEqual(layer.animationEntries.first?.wire.first?.property, .transform)
        XCTAssertEqual(layer.animationEntries.first?.wire.first?.values.first?.count, 6)
    }

    /// A version 3 compositor draws 2-D: it gets the animation of the affine part.
    func testAnOlderCompositorGetsTheAffinePartsAnimation() {
        transport.hasDepth = false
        let layer = CALayer()
        let remote = node(of: layer)
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "transform")
        animation.fromValue = flip(0)
        animation.toValue = flip(1)
        layer.add(animation, forKey: nil)
        encodeChanges()
        XCTAssertTrue(remote.requests.contains(.other("animation transform")), "\(remote.requests)")
        XCTAssertFalse(remote.requests.contains(.other("animation \(AnimatableProperty.transform3D.rawValue)")))
    }

    func testZPositionAndSublayerTransformAnimate() throws {
        let layer = CALayer()
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "zPosition")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = 1
        layer.add(animation, forKey: nil)
        let perspective = CABasicAnimation(keyPath: "sublayerTransform")
        perspective.toValue = flip(0)
        perspective.duration = 1
        layer.add(perspective, forKey: nil)
        clock.time = 1000.25
        let shown = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(Double(shown.zPosition), 25, accuracy: 1e-9)
        XCTAssertNotEqual(shown.sublayerTransform, CATransform3DIdentity)
    }
}
