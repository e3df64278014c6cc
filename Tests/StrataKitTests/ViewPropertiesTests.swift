import XCTest
@testable import StrataKit

/// UIView's documented defaults and the properties it forwards to its layer.
final class ViewPropertiesTests: XCTestCase {
    /// UIView reference defaults: visible, alpha 1.0, opaque YES, no background
    /// color, no clipping, clearsContextBeforeDrawing YES, user interaction
    /// enabled, autoresizesSubviews YES, no autoresizing, tag 0, scale 1.
    func testDefaults() {
        let view = UIView()
        XCTAssertFalse(view.isHidden)
        XCTAssertEqual(view.alpha, 1)
        XCTAssertTrue(view.isOpaque)
        XCTAssertNil(view.backgroundColor)
        XCTAssertFalse(view.clipsToBounds)
        XCTAssertTrue(view.clearsContextBeforeDrawing)
        XCTAssertTrue(view.isUserInteractionEnabled)
        XCTAssertTrue(view.autoresizesSubviews)
        XCTAssertEqual(view.autoresizingMask, [])
        XCTAssertEqual(view.tag, 0)
        XCTAssertEqual(view.contentScaleFactor, 1)
        XCTAssertTrue(view.transform.isIdentity)
        XCTAssertTrue(view.subviews.isEmpty)
    }

    /// The view's visual properties are its layer's.
    func testPropertiesForwardToTheLayer() {
        let view = UIView()
        view.isHidden = true
        view.alpha = 0.5
        view.clipsToBounds = true
        view.isOpaque = false
        view.clearsContextBeforeDrawing = false
        XCTAssertTrue(view.layer.isHidden)
        XCTAssertEqual(view.layer.opacity, 0.5)
        XCTAssertTrue(view.layer.masksToBounds)
        XCTAssertFalse(view.layer.isOpaque)
        XCTAssertFalse(view.layer.clearsContextBeforeDrawing)
    }

    /// backgroundColor sets the layer's backgroundColor to its cgColor.
    func testBackgroundColorSetsTheLayersColor() {
        let view = UIView()
        let color = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        view.backgroundColor = color
        XCTAssertTrue(view.layer.backgroundColor === color.cgColor)
        view.backgroundColor = nil
        XCTAssertNil(view.layer.backgroundColor)
    }

    /// layerClass: "the class used to create the view's Core Animation layer".
    func testLayerClassChoosesTheLayer() {
        final class TiledLayer: CALayer {}
        final class TiledView: UIView {
            override class var layerClass: AnyClass { TiledLayer.self }
        }
        XCTAssertTrue(TiledView().layer is TiledLayer)
        XCTAssertTrue(type(of: UIView().layer) == CALayer.self)
    }

    /// contentScaleFactor: 1 outside a window, the window's screen scale
    /// inside one, unless set.
    func testContentScaleFollowsTheWindow() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.screenScale = 2
        window.windowScreenScaleDidChange()
        XCTAssertEqual(window.contentScaleFactor, 2)
        let view = UIView(), child = UIView()
        view.addSubview(child)
        window.addSubview(view)
        XCTAssertEqual(child.contentScaleFactor, 2)
        XCTAssertEqual(child.layer.contentsScale, 2)
        view.removeFromSuperview()
        XCTAssertEqual(child.contentScaleFactor, 1)
        child.contentScaleFactor = 3
        window.addSubview(view)
        XCTAssertEqual(child.contentScaleFactor, 3, "an explicit scale stays")
    }

    /// UIResponder: a view controller's root view answers next with the controller.
    func testResponderChain() {
        let parent = UIView()
        let controller = UIViewController()
        parent.addSubview(controller.view)
        XCTAssertTrue(controller.view.next === controller)
        XCTAssertTrue(controller.next === parent)
        XCTAssertNil(UIView().next)
    }
}
