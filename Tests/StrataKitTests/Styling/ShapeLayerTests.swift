import XCTest
import StrataProtocol
@testable import StrataKit

/// CAShapeLayer, with the CAShapeLayer reference's names and defaults, and
/// what it sends: its path (CGPath's elements), fill, stroke and dashes.
final class ShapeLayerTests: StylingTestCase {
    /// CAShapeLayer reference: path nil; fillColor "defaults to opaque
    /// black"; fillRule "defaults to nonZero"; strokeColor "defaults to
    /// nil"; lineWidth "defaults to 1"; lineCap "defaults to butt";
    /// lineJoin "defaults to miter"; miterLimit "defaults to 10";
    /// lineDashPattern "defaults to nil"; lineDashPhase "defaults to 0";
    /// strokeStart "defaults to 0"; strokeEnd "defaults to 1".
    func testDefaults() {
        let layer = CAShapeLayer()
        XCTAssertNil(layer.path)
        XCTAssertEqual(layer.fillColor.map(Color.init), .black)
        XCTAssertEqual(layer.fillRule, .nonZero)
        XCTAssertNil(layer.strokeColor)
        XCTAssertEqual(layer.lineWidth, 1)
        XCTAssertEqual(layer.lineCap, .butt)
        XCTAssertEqual(layer.lineJoin, .miter)
        XCTAssertEqual(layer.miterLimit, 10)
        XCTAssertNil(layer.lineDashPattern)
        XCTAssertEqual(layer.lineDashPhase, 0)
        XCTAssertEqual(layer.strokeStart, 0)
        XCTAssertEqual(layer.strokeEnd, 1)
    }

    /// The SDK's string constants (kCAFillRuleNonZero is "non-zero", …).
    func testRawValues() {
        XCTAssertEqual(CAShapeLayerFillRule.nonZero.rawValue, "non-zero")
        XCTAssertEqual(CAShapeLayerFillRule.evenOdd.rawValue, "even-odd")
        XCTAssertEqual([CAShapeLayerLineCap.butt, .round, .square].map(\.rawValue), ["butt", "round", "square"])
        XCTAssertEqual([CAShapeLayerLineJoin.miter, .round, .bevel].map(\.rawValue), ["miter", "round", "bevel"])
    }

    /// A shape layer without a path sends nothing of a shape; with one, the
    /// path and what differs from the defaults.
    func testSendsPathFillAndStroke() {
        XCTAssertEqual(node(of: CAShapeLayer()).styling, [])
        let layer = CAShapeLayer()
        layer.path = UIBezierPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgPath
        layer.fillRule = .evenOdd
        layer.fillColor = nil
        layer.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.lineWidth = 4
        layer.lineCap = .round
        layer.lineJoin = .bevel
        layer.lineDashPattern = [4, 2]
        layer.strokeEnd = 0.5
        let rect = LayerPath([.move(Point(x: 1, y: 2)), .line(Point(x: 4, y: 2)), .line(Point(x: 4, y: 6)),
                              .line(Point(x: 1, y: 6)), .close])
        XCTAssertEqual(node(of: layer).styling, [
            .shape(rect, .evenOdd),
            .fillColor(nil),
            .stroke(Color(red: 0, green: 0, blue: 1), 4, .round, .bevel, 10),
            .lineDash([4, 2], 0),
            .strokeRange(0, 0.5),
        ])
    }

    /// Each change sends its own request only; removing the path sends an empty shape.
    func testChangesSendTheirRequestOnly() {
        let layer = CAShapeLayer()
        layer.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let remote = node(of: layer)
        remote.requests = []
        layer.strokeEnd = 0.25
        encodeChanges()
        XCTAssertEqual(remote.requests, [.strokeRange(0, 0.25)])
        remote.requests = []
        layer.lineDashPhase = 3
        encodeChanges()
        XCTAssertEqual(remote.requests, [.lineDash([], 3)])
        remote.requests = []
        layer.path = nil
        encodeChanges()
        XCTAssertEqual(remote.requests, [.shape(nil, .nonZero)])
    }

    /// A dash pattern of zeros is a solid line (the protocol refuses it).
    func testAllZeroDashesAreSolid() {
        let layer = CAShapeLayer()
        layer.lineDashPattern = [0, 0]
        layer.lineDashPhase = 1
        XCTAssertEqual(node(of: layer).styling, [.lineDash([], 1)])
    }

    /// strokeEnd animates implicitly (the classic "draw the path" effect).
    func testStrokeEndAnimatesImplicitly() {
        let layer = CAShapeLayer()
        CATransaction.flush()
        layer.strokeEnd = 0
        layer.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let strokeEnd = layer.animationEntries.first { $0.key == "strokeEnd" }?.wire.first
        XCTAssertEqual(strokeEnd?.property, .strokeEnd)
        XCTAssertEqual(strokeEnd?.values, [[1], [0]])
        let fill = layer.animationEntries.first { $0.key == "fillColor" }?.wire.first
        XCTAssertEqual(fill?.values, [[0, 0, 0, 1], [1, 0, 0, 1]])
        XCTAssertNil(layer.animation(forKey: "fillRule"), "fillRule is not animatable")
        layer.lineCap = .round
        XCTAssertNil(layer.animation(forKey: "lineCap"))
    }

    /// A shape layer's presentation shows the animated stroke and keeps the path.
    func testPresentationShowsStrokeEnd() {
        final class Clock: @unchecked Sendable { var time = 100.0 }
        let clock = Clock()
        MediaClock.current = MediaClock { clock.time }
        defer { MediaClock.current = .monotonic }
        let layer = CAShapeLayer()
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil)
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        (animation.fromValue, animation.toValue, animation.duration, animation.beginTime) = (0, 1, 2, 100)
        layer.add(animation, forKey: "draw")
        clock.time = 101
        let presentation = layer.presentation()
        XCTAssertEqual(presentation?.strokeEnd ?? -1, 0.5, accuracy: 1e-6)
        XCTAssertTrue(presentation?.path === layer.path)
    }
}
