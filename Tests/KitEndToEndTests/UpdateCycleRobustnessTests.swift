import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// What ordinary UIKit code does must never cost an app its connection or
/// leave work undone.
final class UpdateCycleRobustnessTests: KitTestCase {
    /// UIKit accepts an alpha above 1, extended-range colors, and a scale of
    /// 0 (the usual start of a grow-from-nothing animation); the app stays
    /// connected and the view is drawn as Core Animation would.
    func testOutOfRangeUIKitValuesKeepTheConnection() throws {
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 80))
        window.title = "ranges"
        let view = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 30))
        view.backgroundColor = UIColor(red: 1.4, green: -0.2, blue: 0, alpha: 1)
        view.alpha = 1.2
        window.addSubview(view)
        show(window)
        view.transform = CGAffineTransform(scaleX: 0, y: 0)
        waitForNextCommit()
        XCTAssertNotNil(CompositorConnection.current, "the app lost its compositor connection")
        view.transform = .identity
        waitForNextCommit()
        let origin = try self.origin(of: serverWindow(titled: "ranges"))
        let shot = try strata.screenshot(to: strata.runtimeDirectory + "/ranges.png")
        XCTAssertEqual(shot[origin.x + 30, origin.y + 25], DecodedPNG.Pixel(red: 255, green: 0, blue: 0))
    }

    /// A view that sizes itself in layoutSubviews makes its superview need
    /// layout again; the superview is laid out again in the same update.
    func testLayoutRequestedDuringLayoutIsDoneInTheSameUpdate() throws {
        final class SelfSizingView: UIView {
            override func layoutSubviews() {
                super.layoutSubviews()
                if bounds.width != 30 { frame.size = CGSize(width: 30, height: 30) }
            }
        }
        final class Container: UIView {
            var layouts = 0
            override func layoutSubviews() {
                super.layoutSubviews()
                layouts += 1
                if let child = subviews.first { child.center = CGPoint(x: child.bounds.width, y: child.bounds.height) }
            }
        }
        try startCompositor()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 100))
        let container = Container(frame: window.bounds)
        let child = SelfSizingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        container.addSubview(child)
        window.addSubview(container)
        show(window)
        XCTAssertEqual(child.bounds.size, CGSize(width: 30, height: 30))
        XCTAssertEqual(child.center, CGPoint(x: 30, y: 30), "the superview's second layout did not run")
        XCTAssertGreaterThanOrEqual(container.layouts, 2)
    }
}
