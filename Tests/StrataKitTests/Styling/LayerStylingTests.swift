import XCTest
import StrataProtocol
@testable import StrataKit

/// CALayer's corners, border and shadow: Core Animation's names and
/// defaults, what the transaction encoder sends for them, and their animations.
final class LayerStylingTests: StylingTestCase {
    /// CALayer reference: cornerRadius "defaults to 0"; maskedCorners
    /// "defaults to all four corners"; cornerCurve defaults to circular;
    /// borderWidth "defaults to 0"; borderColor "defaults to opaque black";
    /// shadowColor "defaults to opaque black"; shadowOpacity "defaults to
    /// 0"; shadowOffset "defaults to (0.0, -3.0)"; shadowRadius "defaults
    /// to 3"; shadowPath and mask default to nil.
    func testDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertEqual(layer.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        XCTAssertEqual(layer.cornerCurve, .circular)
        XCTAssertEqual(layer.borderWidth, 0)
        XCTAssertEqual(layer.borderColor.map(Color.init), .black)
        XCTAssertEqual(layer.shadowColor.map(Color.init), .black)
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertNil(layer.shadowPath)
        XCTAssertNil(layer.mask)
    }

    /// The SDK's raw values: CACornerMask bits 1, 2, 4, 8 and the corner curves' names.
    func testRawValues() {
        XCTAssertEqual(CACornerMask.layerMinXMinYCorner.rawValue, 1)
        XCTAssertEqual(CACornerMask.layerMaxXMinYCorner.rawValue, 2)
        XCTAssertEqual(CACornerMask.layerMinXMaxYCorner.rawValue, 4)
        XCTAssertEqual(CACornerMask.layerMaxXMaxYCorner.rawValue, 8)
        XCTAssertEqual(CALayerCornerCurve.circular.rawValue, "circular")
        XCTAssertEqual(CALayerCornerCurve.continuous.rawValue, "continuous")
        XCTAssertEqual(CALayerCornerCurve(rawValue: "continuous"), .continuous)
    }

    /// A new layer with the defaults sends no styling request at all.
    func testDefaultLayerSendsNoStyling() {
        XCTAssertEqual(node(of: CALayer()).styling, [])
    }

    /// A new layer sends each group that differs from the defaults, once.
    func testNewLayerSendsWhatDiffers() {
        let layer = CALayer()
        layer.cornerRadius = 8
        layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        layer.cornerCurve = .continuous
        layer.shadowOpacity = 0.5
        XCTAssertEqual(node(of: layer).styling, [
            .cornerRadius(8, [.minXMinY, .maxXMinY], .continuous),
            .shadow(.black, 0.5, Size(width: 0, height: -3), 3),
        ])
    }

    /// Later, only the groups that changed are sent.
    func testOnlyChangedGroupsAreSent() {
        let layer = CALayer()
        let remote = node(of: layer)
        remote.requests = []
        layer.borderWidth = 2
        layer.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        encodeChanges()
        XCTAssertEqual(remote.requests, [.border(2, Color(red: 1, green: 0, blue: 0))])

        remote.requests = []
        layer.shadowColor = nil
        layer.shadowOffset = CGSize(width: 2, height: 4)
        layer.shadowRadius = 6
        layer.shadowOpacity = 1
        encodeChanges()
        XCTAssertEqual(remote.requests, [.shadow(.clear, 1, Size(width: 2, height: 4), 6)])

        remote.requests = []
        layer.cornerRadius = 12
        encodeChanges()
        XCTAssertEqual(remote.requests, [.cornerRadius(12, .all, .circular)])
    }

    /// A compositor of an older version draws no styling: none is sent.
    func testNothingIsSentToANodeWithoutStyling() {
        transport.hasStyling = false
        let layer = CALayer()
        layer.cornerRadius = 8
        layer.mask = CALayer()
        let remote = node(of: layer)
        XCTAssertEqual(remote.styling, [])
        layer.borderWidth = 1
        encodeChanges()
        XCTAssertEqual(remote.styling, [])
        XCTAssertNil(encoder.remoteLayer(of: layer.mask!), "no node for a mask it would not use")
    }

    /// Nor an animation of one of version 3's key paths (it would refuse
    /// it): that one ends at once; the others are sent.
    func testStylingAnimationsAreNotSentToANodeWithoutStyling() {
        transport.hasStyling = false
        let layer = CALayer()
        let remote = node(of: layer)
        let corner = CABasicAnimation(keyPath: "cornerRadius")
        (corner.fromValue, corner.toValue) = (0, 10)
        let fade = CABasicAnimation(keyPath: "opacity")
        (fade.fromValue, fade.toValue) = (0, 1)
        layer.add(corner, forKey: "corner")
        layer.add(fade, forKey: "fade")
        encodeChanges()
        XCTAssertEqual(remote.requests.filter { if case .other(let name) = $0 { return name.hasPrefix("animation") } else { return false } },
                       [.other("animation opacity")])
        XCTAssertNil(layer.animation(forKey: "corner"), "it ended")
        XCTAssertNotNil(layer.animation(forKey: "fade"))
    }

    /// Values the protocol refuses are brought into range first, as for the other properties.
    func testOutOfRangeValuesAreClamped() {
        let layer = CALayer()
        layer.cornerRadius = 5
        layer.shadowOpacity = 3
        let remote = node(of: layer)
        XCTAssertEqual(remote.styling, [
            .cornerRadius(5, .all, .circular),
            .shadow(.black, 1, Size(width: 0, height: -3), 3),
        ])
        remote.requests = []
        layer.cornerRadius = -4
        layer.borderWidth = .infinity
        encodeChanges()
        XCTAssertEqual(remote.requests, [.cornerRadius(0, .all, .circular), .border(0, .black)])
    }

    /// The shadow path is a path of its own request; nil removes it.
    func testShadowPath() {
        let layer = CALayer()
        let remote = node(of: layer)
        remote.requests = []
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)
        encodeChanges()
        let rect = LayerPath([.move(Point(x: 0, y: 0)), .line(Point(x: 10, y: 0)), .line(Point(x: 10, y: 20)),
                              .line(Point(x: 0, y: 20)), .close])
        XCTAssertEqual(remote.requests, [.shadowPath(rect)])
        remote.requests = []
        layer.shadowPath = nil
        encodeChanges()
        XCTAssertEqual(remote.requests, [.shadowPath(nil)])
    }

    // MARK: Animations

    /// A committed layer no view owns animates a change implicitly, from
    /// the old value to the new one, under the property's key.
    func testImplicitAnimationsOfCornerRadiusAndShadowOpacity() {
        let layer = CALayer()
        CATransaction.flush()
        layer.cornerRadius = 10
        layer.shadowOpacity = 0.5
        XCTAssertEqual(wire(of: layer, forKey: "cornerRadius")?.values, [[0], [10]])
        XCTAssertEqual(wire(of: layer, forKey: "cornerRadius")?.property, .cornerRadius)
        XCTAssertEqual(wire(of: layer, forKey: "shadowOpacity")?.values, [[0], [0.5]])
        XCTAssertEqual(layer.animation(forKey: "cornerRadius")?.duration, 0.25)
    }

    /// Border and shadow colors and the shadow's offset and radius animate too.
    func testImplicitAnimationsOfBorderAndShadow() {
        let layer = CALayer()
        CATransaction.flush()
        layer.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.borderWidth = 3
        layer.shadowOffset = CGSize(width: 4, height: 5)
        layer.shadowRadius = 9
        layer.shadowColor = nil
        XCTAssertEqual(wire(of: layer, forKey: "borderColor")?.values, [[0, 0, 0, 1], [1, 0, 0, 1]])
        XCTAssertEqual(wire(of: layer, forKey: "borderWidth")?.values, [[0], [3]])
        XCTAssertEqual(wire(of: layer, forKey: "shadowOffset")?.values, [[0, -3], [4, 5]])
        XCTAssertEqual(wire(of: layer, forKey: "shadowRadius")?.values, [[3], [9]])
        XCTAssertEqual(wire(of: layer, forKey: "shadowColor")?.values, [[0, 0, 0, 1], [0, 0, 0, 0]])
    }

    /// UIKit animates a view's layer.cornerRadius inside an animation block
    /// (since iOS 11), with the block's duration, replacing rather than
    /// adding; a border or a shadow changes at once there (they animate
    /// with a CABasicAnimation), as in UIKit.
    func testViewAnimationBlockAnimatesTheCornerRadiusOnly() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        CATransaction.flush()
        UIView.animate(withDuration: 0.5) {
            view.layer.cornerRadius = 12
            view.layer.borderWidth = 2
            view.layer.shadowOpacity = 0.3
        }
        let animation = view.layer.animation(forKey: "cornerRadius") as? CABasicAnimation
        XCTAssertEqual(animation?.duration, 0.5)
        XCTAssertEqual(animation?.isAdditive, false)
        XCTAssertEqual(wire(of: view.layer, forKey: "cornerRadius")?.values, [[0], [12]])
        XCTAssertNil(wire(of: view.layer, forKey: "cornerRadius")?.problem)
        XCTAssertNil(view.layer.animation(forKey: "borderWidth"))
        XCTAssertNil(view.layer.animation(forKey: "shadowOpacity"))
    }

    /// Outside a block a view's layer changes at once, as UIKit's.
    func testViewLayerStylingOutsideABlockIsNotAnimated() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        CATransaction.flush()
        view.layer.cornerRadius = 12
        XCTAssertNil(view.layer.animationKeys())
    }

    /// CABasicAnimation's values for the new key paths: numbers of any
    /// kind, CGColor, CGSize; out-of-range values are clamped.
    func testBasicAnimationValuesForNewKeyPaths() {
        let layer = CALayer()
        func values(_ keyPath: String, _ from: Any, _ to: Any) -> [[Double]]? {
            let animation = CABasicAnimation(keyPath: keyPath)
            (animation.fromValue, animation.toValue) = (from, to)
            layer.add(animation, forKey: keyPath)
            return wire(of: layer, forKey: keyPath)?.values
        }
        XCTAssertEqual(values("cornerRadius", CGFloat(4), NSNumber(value: 20)), [[4], [20]])
        XCTAssertEqual(values("shadowOpacity", Float(0), 2.0), [[0], [1]])
        XCTAssertEqual(values("shadowOffset", CGSize(width: 1, height: 2), CGSize(width: 3, height: 4)), [[1, 2], [3, 4]])
        XCTAssertEqual(values("borderColor", CGColor(red: 0, green: 0, blue: 1, alpha: 1), UIColor.red),
                       [[0, 0, 1, 1], [1, 0, 0, 1]])
        XCTAssertEqual(values("borderWidth", -3, 2), [[0], [2]])
        XCTAssertEqual(values("strokeEnd", 0, NSNumber(value: 0.5)), [[0], [0.5]])
        XCTAssertEqual(values("startPoint", CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1)), [[0, 0], [1, 1]])
    }

    /// presentation() shows the animated corner radius on the way.
    func testPresentationShowsTheAnimatedCornerRadius() {
        final class Clock: @unchecked Sendable { var time = 500.0 }
        let clock = Clock()
        MediaClock.current = MediaClock { clock.time }
        defer { MediaClock.current = .monotonic }
        let layer = CALayer()
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "cornerRadius")
        (animation.fromValue, animation.toValue, animation.duration) = (0, 20, 1)
        animation.beginTime = 500
        layer.add(animation, forKey: "corner")
        layer.maskedCorners = [.layerMinXMinYCorner]
        clock.time = 500.5
        XCTAssertEqual(layer.presentation()?.cornerRadius ?? -1, 10, accuracy: 1e-6)
        XCTAssertEqual(layer.presentation()?.maskedCorners, [.layerMinXMinYCorner])
    }

    private func wire(of layer: CALayer, forKey key: String) -> LayerAnimation? {
        layer.animationEntries.first { $0.key == key }?.wire.first
    }
}
