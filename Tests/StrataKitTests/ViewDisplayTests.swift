import XCTest
@testable import StrataKit

/// UIView's reference: setNeedsDisplay(), setNeedsDisplay(_:), draw(_:),
/// contentMode; View Programming Guide, "The View Drawing Cycle" and
/// "Content Modes".
final class ViewDisplayTests: XCTestCase {
    final class Drawing: UIView {
        override func draw(_ rect: CGRect) {}
    }
    final class NotDrawing: UIView {}

    func makeCleanView(_ mode: UIView.ContentMode = .scaleToFill) -> Drawing {
        let view = Drawing(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.contentMode = mode
        view.layer.needsDisplayRect = .null
        return view
    }

    /// "The View Drawing Cycle": invalidations are not drawn at once; they
    /// accumulate until the next drawing cycle (the union of the rects).
    func testInvalidationsCoalesce() {
        let view = makeCleanView()
        view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        view.setNeedsDisplay(CGRect(x: 50, y: 50, width: 10, height: 10))
        XCTAssertEqual(view.layer.needsDisplayRect, CGRect(x: 0, y: 0, width: 60, height: 60))
        view.setNeedsDisplay()
        XCTAssertEqual(view.layer.needsDisplayRect, view.bounds)
    }

    /// A view that appears with an area has to be drawn a first time.
    func testANewViewWithAnAreaNeedsDisplay() {
        XCTAssertTrue(Drawing(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).layer.needsDisplay())
        let empty = Drawing()
        XCTAssertFalse(empty.layer.needsDisplay())
        empty.frame.size = CGSize(width: 5, height: 5)
        XCTAssertTrue(empty.layer.needsDisplay())
    }

    /// "Content Modes": with UIViewContentModeRedraw a size change redraws
    /// the view…
    func testRedrawModeRedrawsOnResize() {
        let view = makeCleanView(.redraw)
        view.bounds.size = CGSize(width: 200, height: 50)
        XCTAssertEqual(view.layer.needsDisplayRect, CGRect(x: 0, y: 0, width: 200, height: 50))
        XCTAssertEqual(view.layer.protocolGravity, .redraw)
    }

    /// …while the other modes reuse the snapshot, scaled or positioned.
    func testOtherModesReuseTheSnapshot() {
        for mode in [UIView.ContentMode.scaleToFill, .scaleAspectFit, .center, .topLeft] {
            let view = makeCleanView(mode)
            view.bounds.size = CGSize(width: 200, height: 50)
            XCTAssertFalse(view.layer.needsDisplay(), "\(mode)")
        }
    }

    /// contentMode defaults to scaleToFill and each of the 13 modes picks its
    /// layer gravity.
    func testContentModeMapsToContentsGravity() {
        XCTAssertEqual(UIView().contentMode, .scaleToFill)
        let expected: [(UIView.ContentMode, CALayerContentsGravity)] = [
            (.scaleToFill, .resize), (.scaleAspectFit, .resizeAspect), (.scaleAspectFill, .resizeAspectFill),
            (.redraw, .resize), (.center, .center), (.top, .top), (.bottom, .bottom), (.left, .left),
            (.right, .right), (.topLeft, .topLeft), (.topRight, .topRight), (.bottomLeft, .bottomLeft),
            (.bottomRight, .bottomRight),
        ]
        XCTAssertEqual(expected.count, 13)
        for (mode, gravity) in expected {
            let view = UIView()
            view.contentMode = mode
            XCTAssertEqual(view.layer.contentsGravity, gravity, "\(mode)")
            XCTAssertEqual(view.layer.needsDisplayOnBoundsChange, mode == .redraw)
        }
    }

    /// contentStretch (deprecated in UIKit) is the layer's contentsCenter.
    func testContentStretchIsContentsCenter() {
        let view = UIView()
        XCTAssertEqual(view.contentStretch, CGRect(x: 0, y: 0, width: 1, height: 1))
        view.contentStretch = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        XCTAssertEqual(view.layer.contentsCenter, CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    }

    /// draw(_:) reference: without an override a view does no drawing, so it
    /// gets no backing store; an override draws.
    func testDrawsContentOnlyWithADrawOverride() {
        // (The layer's delegate is weak: keep each view alive while asking.)
        let view = UIView(), drawing = Drawing()
        XCTAssertFalse(view.layer.drawsContent)
        XCTAssertTrue(drawing.layer.drawsContent)
        let plain = NotDrawing(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        plain.layer.displayIfNeeded()  // the inherited draw(_:) runs once …
        let another = NotDrawing()
        XCTAssertFalse(another.layer.drawsContent, "… and the class is known not to draw")
        XCTAssertTrue(drawing.layer.drawsContent)
    }

    /// A view is its layer's delegate and does not implement display(_:), so
    /// its layer draws (the drawing part's backing store).
    func testViewLayerFallsBackToDrawing() {
        let view = Drawing(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layer.displayIfNeeded()
        XCTAssertTrue(view.layer.delegateLacksDisplay)
        XCTAssertFalse(view.layer.needsDisplay())
    }

    /// A new contents scale needs a new backing store: a drawing view redraws.
    func testContentScaleChangeRedrawsDrawingViews() {
        let view = makeCleanView()
        view.contentScaleFactor = 2
        XCTAssertEqual(view.layer.contentsScale, 2)
        XCTAssertTrue(view.layer.needsDisplay())
    }

    /// draw(_:) reference: the rect is "the portion of the view's bounds that
    /// needs to be updated" — all of it the first time, then the invalidated
    /// part — and UIKit makes the view's context current while it runs.
    func testDrawReceivesTheInvalidatedRectWithACurrentContext() {
        final class Recording: UIView {
            var rects: [CGRect] = []
            var hadContext: [Bool] = []
            override func draw(_ rect: CGRect) {
                rects.append(rect)
                hadContext.append(UIGraphicsGetCurrentContext() != nil)
            }
        }
        let view = Recording(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.layer.displayIfNeeded()
        XCTAssertEqual(view.rects, [view.bounds])
        view.setNeedsDisplay(CGRect(x: 10, y: 10, width: 20, height: 20))
        view.setNeedsDisplay(CGRect(x: 40, y: 10, width: 10, height: 10))
        view.layer.displayIfNeeded()
        XCTAssertEqual(view.rects.last, CGRect(x: 10, y: 10, width: 40, height: 20), "one draw for the union")
        XCTAssertEqual(view.hadContext, [true, true])
        XCTAssertNil(UIGraphicsGetCurrentContext(), "the context is popped afterwards")
        XCTAssertNotNil(view.layer.contents)
    }

    /// A subclass that does not override draw(_:) gets no contents from a
    /// display pass, and its class is then known not to draw.
    func testDisplayOfAViewWithoutDrawOverrideLeavesNoContents() {
        final class Plain: UIView {}
        let view = Plain(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layer.displayIfNeeded()
        XCTAssertNil(view.layer.contents)
        XCTAssertFalse(view.layer.drawsContent)
        let plainUIView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        plainUIView.layer.displayIfNeeded()
        XCTAssertNil(plainUIView.layer.contents)
    }

    /// An override that calls super.draw(_:) still draws (UIKit: subclasses of
    /// other views call super); it is not mistaken for a view without draw(_:).
    func testOverrideCallingSuperStillDraws() {
        final class Red: UIView {
            override func draw(_ rect: CGRect) {
                super.draw(rect)
                UIColor(red: 1, green: 0, blue: 0, alpha: 1).setFill()
                UIRectFill(rect)
            }
        }
        let view = Red(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        view.layer.displayIfNeeded()
        XCTAssertTrue(view.layer.drawsContent)
        XCTAssertNotNil(view.layer.contents)
        let another = Red(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertTrue(another.layer.drawsContent)
    }
}
