import XCTest
import StrataProtocol
import StrataRender
@testable import StrataKit

/// CALayer.mask and UIView.mask: the mask has no superlayer, yet it is
/// laid out, displayed and sent with the layer it masks.
final class MaskTests: StylingTestCase {
    /// CALayer reference: "the layer you assign to this property must not
    /// have a superlayer": a mask is in no sublayer list.
    func testMaskHasNoSuperlayer() {
        let layer = CALayer(), mask = CALayer(), parent = CALayer()
        parent.addSublayer(mask)
        layer.mask = mask
        XCTAssertNil(mask.superlayer)
        XCTAssertNil(parent.sublayers)
        XCTAssertNil(layer.sublayers)
        XCTAssertTrue(mask.maskedLayer === layer)
        layer.mask = nil
        XCTAssertNil(mask.maskedLayer)
    }

    /// A layer masks one layer at a time; adding it as a sublayer ends its masking.
    func testMaskMovesOrLeaves() {
        let first = CALayer(), second = CALayer(), mask = CALayer()
        first.mask = mask
        second.mask = mask
        XCTAssertNil(first.mask)
        XCTAssertTrue(second.mask === mask)
        first.addSublayer(mask)
        XCTAssertNil(second.mask)
    }

    /// The encoder makes the mask's node with its own sublayers and sends
    /// set_mask; the mask's node has no superlayer.
    func testEncoderSendsTheMaskAndItsTree() throws {
        let layer = CALayer(), mask = CALayer(), maskChild = CALayer()
        mask.addSublayer(maskChild)
        mask.opacity = 0.5
        layer.mask = mask
        let remote = node(of: layer)
        let maskNode = try XCTUnwrap(encoder.remoteLayer(of: mask) as? RecordingNode)
        XCTAssertEqual(remote.styling, [.mask(ObjectIdentifier(maskNode))])
        XCTAssertNil(maskNode.nodeSuperlayer)
        XCTAssertTrue(maskNode.nodeSublayers.first === encoder.remoteLayer(of: maskChild))
        XCTAssertTrue(maskNode.requests.contains(.other("opacity")))

        remote.requests = []
        layer.mask = nil
        encodeChanges()
        XCTAssertEqual(remote.requests, [.mask(nil)])
    }

    /// A mask's pending layout and display reach the passes that start at the root.
    func testMaskIsLaidOutAndDisplayedWithItsLayer() {
        final class Counting: CALayer {
            var layouts = 0
            override func layoutSublayers() { layouts += 1 }
        }
        let root = CALayer(), masked = CALayer(), mask = Counting()
        root.addSublayer(masked)
        masked.mask = mask
        mask.setNeedsLayout()
        XCTAssertTrue(root.descendantNeedsLayout)
        root.layoutIfNeeded()
        XCTAssertEqual(mask.layouts, 1)
        mask.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertTrue(root.descendantNeedsDisplay)
    }

    /// UIView.mask: "the view's alpha channel determines how much of the
    /// view's content and background shows through": its layer becomes the layer's mask.
    func testViewMask() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let maskView = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        view.mask = maskView
        XCTAssertTrue(view.layer.mask === maskView.layer)
        XCTAssertNil(maskView.superview)
        XCTAssertTrue(view.mask === maskView)
        view.mask = nil
        XCTAssertNil(view.layer.mask)
    }

    /// A mask view is in no window, yet draws at the scale of its view's window.
    func testMaskViewDrawsAtItsWindowsScale() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.screenScale = 2
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(view)
        let maskView = UIView(frame: view.bounds)
        let maskChild = UIView(frame: maskView.bounds)
        maskView.addSubview(maskChild)
        view.mask = maskView
        XCTAssertNil(maskView.window)
        XCTAssertEqual(maskView.contentScaleFactor, 2)
        XCTAssertEqual(maskChild.contentScaleFactor, 2)
        window.screenScale = 3
        XCTAssertEqual(maskChild.contentScaleFactor, 3)
        view.mask = nil
        XCTAssertEqual(maskView.contentScaleFactor, 1)
    }

    /// `clipsToBounds` is the layer's masksToBounds, with cornerRadius the usual rounded view.
    func testClipsToBoundsWithCornerRadius() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.clipsToBounds = true
        view.layer.cornerRadius = 16
        XCTAssertTrue(view.layer.masksToBounds)
        XCTAssertEqual(node(of: view.layer).styling, [.cornerRadius(16, .all, .circular)])
    }
}

/// The app's own compositing writes what the compositor would: the same
/// RenderLayer.Properties and the render layer's mask.
final class LocalStylingTests: StylingTestCase {
    func testLocalLayersTakeTheStyling() throws {
        let compositor = LocalCompositor()
        let encoder = LayerTransactionEncoder(transport: compositor)
        let layer = CAShapeLayer(), mask = CALayer(), gradient = CAGradientLayer()
        layer.cornerRadius = 6.3
        layer.borderWidth = 1
        layer.shadowOpacity = 0.25
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
        layer.strokeColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.strokeEnd = 0.75
        layer.mask = mask
        layer.addSublayer(gradient)
        gradient.colors = [CGColor.white, CGColor.black]
        let node = try XCTUnwrap(encoder.materialize(layer) as? LocalLayer)
        compositor.commit()

        let properties = node.renderLayer.properties
        XCTAssertEqual(properties.style.cornerRadius, 6.30078125, "rounded to 1/256 as wl_fixed carries it")
        XCTAssertEqual(properties.style.borderWidth, 1)
        XCTAssertEqual(properties.style.shadowOpacity, 0.25)
        XCTAssertEqual(properties.shape?.path.elements.count, 5)
        XCTAssertEqual(properties.shape?.strokeColor, Color(red: 0, green: 1, blue: 0))
        XCTAssertEqual(properties.shape?.fillColor, .black)
        XCTAssertEqual(properties.shape?.strokeEnd, 0.75)
        let maskNode = try XCTUnwrap(encoder.remoteLayer(of: mask) as? LocalLayer)
        XCTAssertTrue(node.renderLayer.mask === maskNode.renderLayer)
        let gradientNode = try XCTUnwrap(encoder.remoteLayer(of: gradient) as? LocalLayer)
        XCTAssertEqual(gradientNode.renderLayer.properties.gradient?.colors, [.white, .black])

        layer.path = nil
        layer.mask = nil
        let changed = CATransaction.changedLayers
        CATransaction.changedLayers = []
        encoder.encode(changed, isShown: { _ in true })
        compositor.commit()
        XCTAssertEqual(node.renderLayer.properties.shape?.path, LayerPath(), "the shape stays, as the compositor keeps it")
        XCTAssertEqual(node.renderLayer.properties.shape?.strokeEnd, 0.75)
        XCTAssertNil(node.renderLayer.mask)
    }
}
