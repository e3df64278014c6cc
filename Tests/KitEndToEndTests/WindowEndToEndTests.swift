import CPixman
import Foundation
@testable import StrataKit
import StrataRender
import TestSupport
import XCTest

/// UIWindow on the compositor: a view tree becomes the window's layer tree
/// with UIKit's geometry, and its pixels reach the screen.
final class WindowEndToEndTests: KitTestCase {
    /// A window with a few views (View Programming Guide: a view's frame is
    /// in its superview's coordinates, and subviews draw over their
    /// superview) appears in `strata tree` with CALayer geometry derived
    /// from the frames (position = frame center, bounds at the origin) and
    /// on screen with exactly those colors.
    func testWindowWithViewsAppearsWithTheirGeometryAndPixels() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        window.title = "views"
        window.backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        let red = UIView(frame: CGRect(x: 10, y: 20, width: 80, height: 60))
        red.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = UIView(frame: CGRect(x: 40, y: 30, width: 30, height: 20))
        blue.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let green = UIView(frame: CGRect(x: 120, y: 90, width: 50, height: 40))
        green.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        window.addSubview(red)
        red.addSubview(blue)
        window.addSubview(green)
        show(window)

        let serverWindow = try serverWindow(titled: "views")
        XCTAssertEqual(serverWindow["mapped"] as? Bool, true)
        XCTAssertEqual(serverWindow.rect("geometry"), CGRect(x: 0, y: 0, width: 200, height: 150))
        let root = try appRootLayer(of: serverWindow)
        XCTAssertEqual(root.rect("bounds"), CGRect(x: 0, y: 0, width: 200, height: 150))
        XCTAssertEqual(root.point("position"), CGPoint(x: 100, y: 75))
        XCTAssertEqual(root.backgroundRGBA, [1, 1, 1, 1])
        XCTAssertEqual(root.sublayers.count, 2, "the window's subviews, back to front")
        let redLayer = root.sublayers[0], greenLayer = root.sublayers[1]
        XCTAssertEqual(redLayer.point("position"), CGPoint(x: 50, y: 50))
        XCTAssertEqual(redLayer.rect("bounds"), CGRect(x: 0, y: 0, width: 80, height: 60))
        XCTAssertEqual(redLayer.backgroundRGBA, [1, 0, 0, 1])
        XCTAssertEqual(greenLayer.point("position"), CGPoint(x: 145, y: 110))
        XCTAssertEqual(redLayer.sublayers.count, 1)
        XCTAssertEqual(redLayer.sublayers.first?.point("position"), CGPoint(x: 55, y: 40))
        XCTAssertEqual(redLayer.sublayers.first?.backgroundRGBA, [0, 0, 1, 1])

        let path = strata.runtimeDirectory + "/views.png"
        let shot = try strata.screenshot(to: path)
        let (x, y) = try origin(of: serverWindow)
        XCTAssertEqual(shot[x + 5, y + 5], .init(red: 255, green: 255, blue: 255))
        XCTAssertEqual(shot[x + 10, y + 20], .init(red: 255, green: 0, blue: 0), "the red view's top-left pixel")
        XCTAssertEqual(shot[x + 89, y + 79], .init(red: 255, green: 0, blue: 0), "the red view's bottom-right pixel")
        XCTAssertEqual(shot[x + 90, y + 80], .init(red: 255, green: 255, blue: 255), "just past the red view")
        XCTAssertEqual(shot[x + 50, y + 50], .init(red: 0, green: 0, blue: 255), "blue, at red's origin + (40, 30)")
        XCTAssertEqual(shot[x + 79, y + 69], .init(red: 0, green: 0, blue: 255))
        XCTAssertEqual(shot[x + 120, y + 90], .init(red: 0, green: 255, blue: 0))
        XCTAssertEqual(shot[x + 199, y + 149], .init(red: 255, green: 255, blue: 255))

        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: "kit-window-views", in: .module,
                                      referencesDirectory: references, tolerance: 0)
    }

    /// A view that draws (overrides draw(_:)) sends its backing store as
    /// the layer's contents; the pixels drawn reach the screen.
    func testDrawnViewContentsReachTheScreen() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
        window.title = "drawn"
        let view = SplitView(frame: CGRect(x: 10, y: 10, width: 60, height: 40))
        window.addSubview(view)
        show(window)

        let root = try appRootLayer(of: serverWindow(titled: "drawn"))
        let contents = try XCTUnwrap(root.sublayers.first?["contents"] as? [String: Any])
        XCTAssertEqual(contents["width"] as? Int, 60)
        XCTAssertEqual(contents["height"] as? Int, 40)
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/drawn.png")
        let (x, y) = try origin(of: serverWindow(titled: "drawn"))
        XCTAssertEqual(shot[x + 10, y + 10], .init(red: 255, green: 0, blue: 0), "left half: red")
        XCTAssertEqual(shot[x + 39, y + 49], .init(red: 255, green: 0, blue: 0))
        XCTAssertEqual(shot[x + 40, y + 10], .init(red: 0, green: 0, blue: 255), "right half: blue")
        XCTAssertEqual(shot[x + 69, y + 49], .init(red: 0, green: 0, blue: 255))
    }

    /// Several windows per app, each its own toplevel; hiding one unmaps it
    /// (UIKit: a hidden window is not displayed) and showing it again maps it.
    func testSeveralWindowsAndHidingUnmaps() throws {
        try startCompositor()
        let first = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        first.title = "first"
        first.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 70, height: 50))
        second.title = "second"
        second.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        XCTAssertTrue(first.isHidden, "UIKit: windows are hidden until shown")
        show(first)
        show(second)
        XCTAssertTrue(second.isKeyWindow)
        XCTAssertFalse(first.isKeyWindow)
        XCTAssertEqual(try strata.windows().compactMap { $0["title"] as? String }.sorted(), ["first", "second"])

        first.isHidden = true
        XCTAssertTrue(runMainLoop(until: { (try? self.strata.windows().map { $0["title"] as? String }) == ["second"] }),
                      "hiding the window did not unmap it: \(String(describing: try? strata.windows()))")
        first.isHidden = false
        XCTAssertTrue(runMainLoop(until: { ((try? self.strata.windows()) ?? []).count == 2 }))
        waitUntilPresented()
        let root = try appRootLayer(of: serverWindow(titled: "first"))
        XCTAssertEqual(root.backgroundRGBA, [1, 0, 0, 1], "the same tree is shown again")
    }

    /// rootViewController: UIKit adds the controller's view sized to the
    /// window with flexible width and height, so when the compositor
    /// configures a new size the window's bounds change and autoresizing
    /// and layoutSubviews follow it.
    func testRootViewControllerFollowsTheConfiguredSize() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 90))
        window.title = "resize"
        let controller = UIViewController()
        let root = LayoutCountingView(frame: .zero)
        controller.view = root
        window.rootViewController = controller
        XCTAssertEqual(root.frame, window.bounds)
        XCTAssertEqual(root.autoresizingMask, [.flexibleWidth, .flexibleHeight])
        show(window)

        // The compositor never sends a size of its own yet; take the path
        // its acknowledged xdg_toplevel.configure takes.
        let surface = try XCTUnwrap(window.surface)
        surface.configured(width: 300, height: 200)
        waitForNextCommit()
        XCTAssertEqual(window.bounds.size, CGSize(width: 300, height: 200))
        XCTAssertEqual(root.frame, CGRect(x: 0, y: 0, width: 300, height: 200))
        XCTAssertGreaterThan(root.layoutCount, 0)
        XCTAssertEqual(root.lastLayoutSize, CGSize(width: 300, height: 200))
        XCTAssertTrue(runMainLoop(until: {
            (try? self.serverWindow(titled: "resize").rect("geometry")) == CGRect(x: 0, y: 0, width: 300, height: 200)
        }))
    }

    /// On a scale-2 output (wl_output.scale 2) the window's screenScale is
    /// 2 and a drawing view's contentScaleFactor follows it (UIKit: the
    /// default is the scale of the screen the view is on), so its backing
    /// store has twice the pixels per side and is sent with contentsScale 2.
    func testScaleTwoOutputDrawsContentsAtTwoPixelsPerPoint() throws {
        try startCompositor(width: 320, height: 240, scale: 2)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 40))
        window.title = "scale"
        let view = FillView(frame: CGRect(x: 5, y: 5, width: 20, height: 10))
        window.addSubview(view)
        show(window)
        XCTAssertEqual(window.screenScale, 2)
        XCTAssertEqual(view.contentScaleFactor, 2)

        let layer = try assertFirstViewContents(ofWindowTitled: "scale", width: 40, height: 20, scale: 2)
        XCTAssertEqual(layer.rect("bounds"), CGRect(x: 0, y: 0, width: 20, height: 10))
    }

    /// UIKit's window coordinates: converting between windows goes through
    /// screen coordinates, where a window's frame is its place.
    func testConvertBetweenWindows() {
        let a = UIWindow(frame: CGRect(x: 100, y: 50, width: 200, height: 200))
        let b = UIWindow(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
        XCTAssertEqual(a.convert(CGPoint(x: 5, y: 5), to: b), CGPoint(x: 95, y: 35))
        XCTAssertEqual(b.convert(CGPoint(x: 95, y: 35), to: a), CGPoint(x: 5, y: 5))
        XCTAssertEqual(a.convert(CGPoint(x: 5, y: 5), to: nil as UIWindow?), CGPoint(x: 105, y: 55))
        XCTAssertEqual(a.convert(CGRect(x: 0, y: 0, width: 10, height: 10), from: b),
                       CGRect(x: -90, y: -30, width: 10, height: 10))
    }
}

/// Draws its left half red and its right half blue.
final class SplitView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor(red: 1, green: 0, blue: 0, alpha: 1).setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height))
        UIColor(red: 0, green: 0, blue: 1, alpha: 1).setFill()
        UIRectFill(CGRect(x: bounds.width / 2, y: 0, width: bounds.width / 2, height: bounds.height))
    }
}

/// Counts layoutSubviews calls and remembers the size it laid out at.
final class LayoutCountingView: UIView {
    var layoutCount = 0
    var lastLayoutSize: CGSize?
    override func layoutSubviews() {
        super.layoutSubviews()
        layoutCount += 1
        lastLayoutSize = bounds.size
    }
}
