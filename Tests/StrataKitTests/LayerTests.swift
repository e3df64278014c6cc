import XCTest
@testable import StrataKit

/// CALayer's model, as the Core Animation Programming Guide and CALayer's
/// reference describe it.
final class LayerTests: XCTestCase {
    /// The hooks the app installed, put back after each test.
    private var savedHooks: (scheduler: (() -> Void)?, handler: (() -> Void)?)

    override func setUp() {
        savedHooks = (CATransaction.updateScheduler, CATransaction.updateHandler)
        CATransaction.changedLayers = []
        CATransaction.updateScheduler = nil
        CATransaction.updateHandler = nil
    }

    override func tearDown() {
        (CATransaction.updateScheduler, CATransaction.updateHandler) = savedHooks
        CATransaction.changedLayers = []
    }

    /// CALayer reference: the documented default values.
    func testDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertTrue(layer.affineTransform().isIdentity)
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertFalse(layer.isHidden)
        XCTAssertFalse(layer.masksToBounds)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertNil(layer.contents)
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertEqual(layer.contentsGravity, .resize)
        XCTAssertEqual(layer.contentsCenter, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertFalse(layer.isOpaque)
        XCTAssertNil(layer.sublayers, "sublayers is nil when there are none")
        XCTAssertNil(layer.superlayer)
        XCTAssertFalse(layer.needsDisplay())
    }

    /// Core Animation Programming Guide, "Layers Have Their Own Geometry": the
    /// frame is derived from position, bounds and anchorPoint.
    func testFrameFollowsPositionBoundsAndAnchorPoint() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 100, y: 100)
        XCTAssertEqual(layer.frame, CGRect(x: 50, y: 75, width: 100, height: 50))
        layer.anchorPoint = .zero
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 100, width: 100, height: 50))
    }

    /// The frame of a transformed layer encloses its transformed bounds,
    /// about the anchor point.
    func testFrameOfScaledLayerIsAboutTheAnchorPoint() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 100, y: 100)
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(layer.frame, CGRect(x: 0, y: 50, width: 200, height: 100))
        XCTAssertEqual(layer.bounds.size, CGSize(width: 100, height: 50), "the transform leaves the bounds alone")
    }

    /// Setting the frame sets the bounds' size and the position from the anchor point.
    func testSettingFrameSetsPositionAndBoundsSize() {
        let layer = CALayer()
        layer.bounds.origin = CGPoint(x: 5, y: 5)
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(layer.position, CGPoint(x: 25, y: 40))
        XCTAssertEqual(layer.bounds, CGRect(x: 5, y: 5, width: 30, height: 40), "the bounds origin is kept")
    }

    /// addSublayer appends; insertSublayer(_:at:/above:/below:) place; adding a
    /// layer that has a superlayer moves it.
    func testSublayerOrdering() {
        let parent = CALayer(), a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.insertSublayer(c, at: 0)
        XCTAssertEqual(parent.sublayers?.map(ObjectIdentifier.init), [c, a, b].map(ObjectIdentifier.init))
        parent.insertSublayer(d, above: c)
        XCTAssertEqual(parent.sublayers?.map(ObjectIdentifier.init), [c, d, a, b].map(ObjectIdentifier.init))
        parent.insertSublayer(b, below: c)
        XCTAssertEqual(parent.sublayers?.map(ObjectIdentifier.init), [b, c, d, a].map(ObjectIdentifier.init))
        let other = CALayer()
        other.addSublayer(d)
        XCTAssertTrue(d.superlayer === other)
        XCTAssertEqual(parent.sublayers?.count, 3)
    }

    /// replaceSublayer puts the new layer at the old one's index; removeFromSuperlayer detaches.
    func testReplaceAndRemove() {
        let parent = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.replaceSublayer(a, with: c)
        XCTAssertEqual(parent.sublayers?.map(ObjectIdentifier.init), [c, b].map(ObjectIdentifier.init))
        XCTAssertNil(a.superlayer)
        c.removeFromSuperlayer()
        b.removeFromSuperlayer()
        XCTAssertNil(parent.sublayers)
    }

    /// convert(_:to:) goes through positions, bounds origins and transforms
    /// of both layers up to their common ancestor; from is the inverse.
    func testConvertBetweenLayers() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        let a = CALayer()
        a.frame = CGRect(x: 10, y: 20, width: 50, height: 50)
        a.bounds.origin = CGPoint(x: 5, y: 5)
        let b = CALayer()
        b.frame = CGRect(x: 100, y: 100, width: 40, height: 40)
        root.addSublayer(a)
        root.addSublayer(b)
        // A point at a's (5, 5) is its top-left corner, root's (10, 20), b's (-90, -80).
        XCTAssertEqual(a.convert(CGPoint(x: 5, y: 5), to: b), CGPoint(x: -90, y: -80))
        XCTAssertEqual(b.convert(CGPoint(x: -90, y: -80), to: a), CGPoint(x: 5, y: 5))
        XCTAssertEqual(b.convert(CGPoint(x: 5, y: 5), from: a), CGPoint(x: -90, y: -80))
        XCTAssertEqual(a.convert(CGRect(x: 5, y: 5, width: 10, height: 10), to: root),
                       CGRect(x: 10, y: 20, width: 10, height: 10))
        XCTAssertEqual(root.convert(CGRect(x: 10, y: 20, width: 10, height: 10), to: a),
                       CGRect(x: 5, y: 5, width: 10, height: 10))
    }

    /// layoutIfNeeded runs layoutSublayers, which asks the delegate's
    /// layoutSublayers(of:); a layer that does not need layout is left alone.
    func testLayoutIfNeededCallsTheDelegateOnce() {
        final class Delegate: CALayerDelegate {
            var count = 0
            func layoutSublayers(of layer: CALayer) { count += 1 }
        }
        let delegate = Delegate()
        let layer = CALayer()
        layer.delegate = delegate
        layer.setNeedsLayout()
        layer.setNeedsLayout()
        XCTAssertTrue(layer.needsLayout())
        layer.layoutIfNeeded()
        XCTAssertEqual(delegate.count, 1, "invalidations coalesce")
        XCTAssertFalse(layer.needsLayout())
        layer.layoutIfNeeded()
        XCTAssertEqual(delegate.count, 1)
    }

    /// CALayer layoutIfNeeded: superlayers that need layout are laid out
    /// first, then the tree below them, top-down.
    func testLayoutIfNeededGoesTopDownFromTheSuperlayers() {
        final class Recording: CALayer {
            static var order: [String] = []
            override func layoutSublayers() { Recording.order.append(name ?? "?") }
        }
        Recording.order = []
        let top = Recording(), middle = Recording(), bottom = Recording()
        top.name = "top"; middle.name = "middle"; bottom.name = "bottom"
        top.addSublayer(middle)
        middle.addSublayer(bottom)
        bottom.setNeedsLayout()
        top.setNeedsLayout()
        middle.setNeedsLayout()
        bottom.layoutIfNeeded()
        XCTAssertEqual(Recording.order, ["top", "middle", "bottom"])
    }

    /// A size change marks the layer for layout, as CA does.
    func testResizingNeedsLayout() {
        let layer = CALayer()
        layer.layoutIfNeeded()
        layer.bounds.size = CGSize(width: 10, height: 10)
        XCTAssertTrue(layer.needsLayout())
    }

    /// setNeedsDisplay(_:) accumulates the invalid rect; displayIfNeeded calls
    /// the delegate's display(_:) and clears it.
    func testDisplayInvalidationUnionsAndDisplayClears() {
        final class Displayer: CALayerDelegate {
            var displayed: [CGRect] = []
            func display(_ layer: CALayer) { displayed.append(layer.needsDisplayRect) }
        }
        let displayer = Displayer()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.delegate = displayer
        layer.displayIfNeeded()
        XCTAssertEqual(displayer.displayed, [], "display() runs only when needed")
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.setNeedsDisplay(CGRect(x: 20, y: 20, width: 10, height: 10))
        XCTAssertTrue(layer.needsDisplay())
        layer.displayIfNeeded()
        XCTAssertEqual(displayer.displayed, [CGRect(x: 0, y: 0, width: 30, height: 30)])
        XCTAssertFalse(layer.needsDisplay())
        XCTAssertTrue(layer.needsDisplayRect.isNull)
    }

    /// needsDisplayOnBoundsChange: a resize invalidates the whole layer.
    func testNeedsDisplayOnBoundsChange() {
        let layer = CALayer()
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(layer.needsDisplayRect, CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(layer.protocolGravity, .redraw)
    }

    /// The display pass reaches every layer of the tree that needs it.
    func testDisplayLayersIfNeededWalksTheTree() {
        final class Displayer: CALayerDelegate {
            var names: [String] = []
            func display(_ layer: CALayer) { names.append(layer.name ?? "?") }
        }
        let displayer = Displayer()
        let root = CALayer(), child = CALayer(), clean = CALayer()
        root.name = "root"; child.name = "child"; clean.name = "clean"
        for layer in [root, child, clean] { layer.delegate = displayer; layer.bounds.size = CGSize(width: 1, height: 1) }
        root.addSublayer(clean)
        clean.addSublayer(child)
        root.setNeedsDisplay()
        child.setNeedsDisplay()
        root.displayLayersIfNeeded()
        XCTAssertEqual(displayer.names, ["root", "child"])
    }

    /// A change records its member and the layer once; an unchanged value records nothing.
    func testChangeTracking() {
        let layer = CALayer()
        _ = layer.takeChanges()
        CATransaction.changedLayers = []
        layer.opacity = 1
        XCTAssertEqual(layer.changes, [], "setting the same value is no change")
        XCTAssertTrue(CATransaction.changedLayers.isEmpty)
        layer.opacity = 0.5
        layer.position = CGPoint(x: 1, y: 2)
        layer.isHidden = true
        XCTAssertEqual(layer.changes, [.opacity, .position, .hidden])
        XCTAssertEqual(CATransaction.changedLayers.count, 1)
        XCTAssertTrue(CATransaction.changedLayers.first === layer)
        XCTAssertEqual(layer.takeChanges(), [.opacity, .position, .hidden])
        XCTAssertEqual(layer.changes, [])
    }

    /// Each tracked property maps to its own member.
    func testEveryPropertyHasItsChange() {
        let layer = CALayer()
        let cases: [(CALayer.Changes, (CALayer) -> Void)] = [
            (.position, { $0.position = CGPoint(x: 3, y: 3) }),
            (.bounds, { $0.bounds = CGRect(x: 0, y: 0, width: 3, height: 3) }),
            (.anchorPoint, { $0.anchorPoint = .zero }),
            (.transform, { $0.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2)) }),
            (.opacity, { $0.opacity = 0.2 }),
            (.hidden, { $0.isHidden = true }),
            (.masksToBounds, { $0.masksToBounds = true }),
            (.contents, { $0.contents = nil }),
            (.contentsScale, { $0.contentsScale = 2 }),
            (.contentsGravity, { $0.contentsGravity = .center }),
            (.contentsCenter, { $0.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5) }),
            (.opaque, { $0.isOpaque = true }),
            (.sublayers, { $0.addSublayer(CALayer()) }),
        ]
        for (change, mutate) in cases {
            _ = layer.takeChanges()
            mutate(layer)
            XCTAssertTrue(layer.takeChanges().contains(change), "\(change)")
        }
    }

    /// CALayerContentsGravity maps one to one onto the wire's gravities.
    func testGravityMapsToTheProtocol() {
        let pairs: [(CALayerContentsGravity, String)] = [
            (.resize, "resize"), (.resizeAspect, "resizeAspect"), (.resizeAspectFill, "resizeAspectFill"),
            (.center, "center"), (.top, "top"), (.bottom, "bottom"), (.left, "left"), (.right, "right"),
            (.topLeft, "topLeft"), (.topRight, "topRight"), (.bottomLeft, "bottomLeft"), (.bottomRight, "bottomRight"),
        ]
        for (gravity, wire) in pairs {
            let layer = CALayer()
            layer.contentsGravity = gravity
            XCTAssertEqual("\(layer.protocolGravity)", wire)
        }
    }

    /// A plain layer has nothing to draw; a layer whose class overrides
    /// draw(in:) does.
    func testDrawsContent() {
        final class Drawing: CALayer {
            override func draw(in ctx: CGContext) {}
        }
        XCTAssertFalse(CALayer().drawsContent)
        XCTAssertTrue(Drawing().drawsContent)
    }

    /// The delegate is weak (CALayer reference: delegate is weak/assign).
    func testDelegateIsWeak() {
        final class Delegate: CALayerDelegate {}
        let layer = CALayer()
        do {
            let delegate = Delegate()
            layer.delegate = delegate
            XCTAssertNotNil(layer.delegate)
        }
        XCTAssertNil(layer.delegate)
    }

    /// CALayer.hitTest(_:): the point is in the superlayer's coordinates; the
    /// frontmost descendant containing it answers; hidden layers do not.
    func testHitTest() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let back = CALayer(), front = CALayer()
        back.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        front.frame = CGRect(x: 40, y: 40, width: 60, height: 60)
        root.addSublayer(back)
        root.addSublayer(front)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === front)
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === back)
        XCTAssertTrue(root.hitTest(CGPoint(x: 90, y: 10)) === root)
        XCTAssertNil(root.hitTest(CGPoint(x: 150, y: 10)))
        front.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === back)
        XCTAssertTrue(front.contains(CGPoint(x: 1, y: 1)))
    }
}
