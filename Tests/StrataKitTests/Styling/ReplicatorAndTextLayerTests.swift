import XCTest
import StrataProtocol
@testable import StrataKit

/// CAReplicatorLayer, sent as one set_replicator for the compositor to
/// copy, and CATextLayer, drawn by the app into its contents.
final class ReplicatorAndTextLayerTests: StylingTestCase {
    /// CAReplicatorLayer reference: instanceCount "defaults to 1",
    /// instanceDelay 0, instanceTransform the identity, instanceColor
    /// "defaults to opaque white", offsets 0.
    func testReplicatorDefaults() {
        let layer = CAReplicatorLayer()
        XCTAssertEqual(layer.instanceCount, 1)
        XCTAssertEqual(layer.instanceDelay, 0)
        XCTAssertTrue(CATransform3DIsIdentity(layer.instanceTransform))
        XCTAssertEqual(layer.instanceColor.map(Color.init), Color(red: 1, green: 1, blue: 1))
        XCTAssertEqual([layer.instanceRedOffset, layer.instanceGreenOffset, layer.instanceBlueOffset, layer.instanceAlphaOffset],
                       [0, 0, 0, 0])
        XCTAssertEqual(layer.replicatorStyle, ReplicatorStyle())
    }

    /// The activity spinner's recipe, as the compositor receives it.
    func testSendsTheRules() {
        let layer = CAReplicatorLayer()
        layer.instanceCount = 12
        layer.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        layer.instanceDelay = 1.0 / 12
        layer.instanceAlphaOffset = -1.0 / 12
        let remote = node(of: layer)
        guard case .replicator(let rules)? = remote.requests.first(where: { if case .replicator = $0 { true } else { false } }),
              let rules else { return XCTFail("\(remote.requests)") }
        XCTAssertEqual(rules.count, 12)
        XCTAssertEqual(rules.instanceTransform.a, cos(.pi / 6), accuracy: 1e-9)
        XCTAssertEqual(rules.instanceTransform.b, sin(.pi / 6), accuracy: 1e-9)
        XCTAssertEqual(rules.instanceDelay, 1.0 / 12, accuracy: 1e-12)
        XCTAssertEqual(rules.instanceColorOffsets[3], -1.0 / 12, accuracy: 1e-7)
        remote.requests = []
        layer.instanceCount = 5000
        encodeChanges()
        XCTAssertEqual(remote.requests, [.replicator(layer.replicatorStyle)])
        XCTAssertEqual(layer.replicatorStyle.count, ReplicatorStyle.maxInstances, "brought into the protocol's range")
    }

    /// instanceTransform is animatable (CAReplicatorLayer reference).
    func testInstanceTransformAnimates() {
        let layer = CAReplicatorLayer()
        CATransaction.flush()
        layer.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        let animation = layer.animationEntries.first { $0.key == "instanceTransform" }
        XCTAssertEqual(animation?.wire.first?.values.last, [1, 0, 0, 1, 10, 0])
    }

    /// CATextLayer reference: fontSize "Defaults to 36.0", foregroundColor
    /// "Defaults to opaque white", isWrapped false, truncation and alignment
    /// modes none and natural.
    func testTextLayerDefaults() {
        let layer = CATextLayer()
        XCTAssertNil(layer.string)
        XCTAssertEqual(layer.fontSize, 36)
        XCTAssertEqual(layer.foregroundColor.map(Color.init), Color(red: 1, green: 1, blue: 1))
        XCTAssertFalse(layer.isWrapped)
        XCTAssertEqual(layer.truncationMode, .none)
        XCTAssertEqual(layer.alignmentMode, .natural)
        XCTAssertEqual([CATextLayerAlignmentMode.center, .justified].map(\.rawValue), ["center", "justified"])
    }

    /// The string is drawn in the foreground color into the layer's
    /// contents, centered when asked; setting it asks for display.
    func testTextLayerDrawsItsString() throws {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 120, height: 40)
        layer.string = "Hi"
        layer.fontSize = 24
        layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.alignmentMode = .center
        XCTAssertFalse(layer.needsDisplayRect.isNull, "setting the string asks for display")
        layer.displayIfNeeded()
        let image = try XCTUnwrap(layer.contents as? CGImage)
        // Red ink lies in the middle third only: centered.
        var columns: [Int] = []
        for x in 0..<image.width {
            for y in 0..<image.height where (DrawingFixtures.pixel(image, x, y) >> 16) & 0xff > 128 {
                columns.append(x)
                break
            }
        }
        let ink = try XCTUnwrap(columns.first.flatMap { first in columns.last.map { (first, $0) } })
        XCTAssertGreaterThan(ink.0, 30)
        XCTAssertLessThan(ink.1, 90)
    }
}

/// UIColor(patternImage:) and transparency layers in drawing.
final class PatternAndTransparencyLayerTests: XCTestCase {
    /// A 2×2 checker tile of red and blue.
    private func tile() -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: {
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            return format
        }()).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            UIColor.blue.setFill()
            context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
            context.fill(CGRect(x: 0, y: 1, width: 1, height: 1))
        }
    }

    /// UIKit: "You can use pattern colors to set the fill or stroke color just as you would a solid color."
    func testAPatternColorFillsWithTheTileRepeated() {
        let pattern = UIColor(patternImage: tile())
        let image = DrawingFixtures.render(CGSize(width: 6, height: 4)) { _ in
            pattern.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 6, height: 4))
        }
        XCTAssertEqual(DrawingFixtures.pixel(image, 0, 0), 0xffff_0000)
        XCTAssertEqual(DrawingFixtures.pixel(image, 1, 0), 0xff00_00ff)
        XCTAssertEqual(DrawingFixtures.pixel(image, 4, 2), 0xffff_0000, "repeated")
        XCTAssertEqual(DrawingFixtures.pixel(image, 5, 3), 0xffff_0000)
    }

    /// A pattern background is painted by the app into the layer's contents; the compositor gets no color of it.
    func testAPatternBackgroundIsPaintedIntoTheContents() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        view.backgroundColor = UIColor(patternImage: tile())
        view.layer.displayIfNeeded()
        let contents = try XCTUnwrap(view.layer.contents as? CGImage)
        XCTAssertEqual(DrawingFixtures.pixel(contents, 1, 0), 0xff00_00ff)
        XCTAssertEqual(Color(view.layer.backgroundColor!), .clear)
    }

    /// Inside a transparency layer, overlapping fills do not show through
    /// each other; the layer is composited once with the outer alpha.
    func testTransparencyLayerCompositesAsOne() {
        let image = DrawingFixtures.render(CGSize(width: 4, height: 1)) { context in
            context.setAlpha(0.5)
            context.beginTransparencyLayer(auxiliaryInfo: nil)
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
            context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            context.fill(CGRect(x: 1, y: 0, width: 3, height: 1))
            context.endTransparencyLayer()
        }
        // Half-transparent red, then half-transparent blue where they overlap (not purple).
        XCTAssertEqual(DrawingFixtures.pixel(image, 0, 0), 0x8080_0000)
        XCTAssertEqual(DrawingFixtures.pixel(image, 2, 0), 0x8000_0080)
    }
}

/// What a review found in pattern backgrounds, transparency layers and block animations.
final class StylingKitEdgeCaseTests: XCTestCase {
    private func tile() -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
    }

    /// A pattern background replaced by a plain color leaves no tiles behind.
    func testAPatternBackgroundTakenAwayTakesItsTiles() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        view.backgroundColor = UIColor(patternImage: tile())
        view.layer.displayIfNeeded()
        XCTAssertNotNil(view.layer.contents)
        view.backgroundColor = .white
        view.layer.displayIfNeeded()
        XCTAssertNil(view.layer.contents)
    }

    /// A shadow set before a transparency layer is cast by the layer as a whole.
    func testATransparencyLayerCastsTheShadow() {
        let image = DrawingFixtures.render(CGSize(width: 20, height: 20)) { context in
            context.setShadow(offset: CGSize(width: 6, height: 6), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            context.beginTransparencyLayer(auxiliaryInfo: nil)
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.fill(CGRect(x: 2, y: 2, width: 8, height: 8))
            context.endTransparencyLayer()
        }
        XCTAssertEqual(DrawingFixtures.pixel(image, 5, 5), 0xffff_0000)
        XCTAssertEqual(DrawingFixtures.pixel(image, 14, 14) >> 24, 0xff, "the shadow, 6 points down and right")
    }

    /// A path changed inside a view's animation block changes at once (UIKit's blocks do not animate paths).
    func testPathsAreNotAnimatedByViewBlocks() {
        let shape = CAShapeLayer()
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        CATransaction.flush()
        UIView.animate(withDuration: 0.5) {
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        }
        let animation = shape.animationEntries.first { $0.key == "path" }?.wire.first
        XCTAssertFalse(animation?.isAdditive ?? false, "a path is never added to")
    }
}

/// replacePathWithStrokedPath: filling the outline paints what stroking the path would.
final class StrokedPathTests: XCTestCase {
    func testFillingTheStrokedPathPaintsTheStroke() {
        func draw(_ body: (CGContext) -> Void) -> CGImage {
            DrawingFixtures.render(CGSize(width: 40, height: 40)) { context in
                context.setLineWidth(6)
                context.setLineCap(.round)
                context.setLineJoin(.round)
                context.move(to: CGPoint(x: 8, y: 8))
                context.addLine(to: CGPoint(x: 30, y: 12))
                context.addQuadCurve(to: CGPoint(x: 12, y: 32), control: CGPoint(x: 34, y: 34))
                body(context)
            }
        }
        let stroked = draw { $0.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1); $0.strokePath() }
        let filled = draw { context in
            context.replacePathWithStrokedPath()
            context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            context.fillPath()
        }
        // Same coverage, but for antialiasing where the pieces of the outline meet.
        var differing = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let a = Int(DrawingFixtures.pixel(stroked, x, y) >> 24), b = Int(DrawingFixtures.pixel(filled, x, y) >> 24)
                if abs(a - b) > 48 { differing += 1 }
            }
        }
        XCTAssertLessThanOrEqual(differing, 8, "\(differing) pixels differ")
        XCTAssertEqual(DrawingFixtures.pixel(filled, 20, 10) >> 24, 0xff, "inside the stroke")
        XCTAssertEqual(DrawingFixtures.pixel(filled, 20, 20) >> 24, 0, "outside it")
    }

    /// Miter joins keep their points, and a closed rectangle's outline has no cap at its start.
    func testMiterJoinsAndClosedPaths() {
        func draw(_ body: (CGContext) -> Void) -> CGImage {
            DrawingFixtures.render(CGSize(width: 40, height: 40)) { context in
                context.setLineWidth(8)
                context.setLineCap(.square)
                context.addRect(CGRect(x: 10, y: 10, width: 20, height: 20))
                body(context)
            }
        }
        let stroked = draw { $0.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1); $0.strokePath() }
        let filled = draw { context in
            context.replacePathWithStrokedPath()
            context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            context.fillPath()
        }
        for (x, y) in [(6, 6), (33, 6), (6, 33), (33, 33), (20, 20), (3, 10)] {
            XCTAssertEqual(DrawingFixtures.pixel(filled, x, y) >> 24, DrawingFixtures.pixel(stroked, x, y) >> 24, "(\(x), \(y))")
        }
    }
}
