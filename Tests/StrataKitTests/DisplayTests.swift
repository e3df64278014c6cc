import Foundation
import XCTest
@testable import StrataKit

/// A view that fills everything it is asked to draw with `color`, and records the rects.
private final class FillingView: UIView {
    var color = UIColor.red
    var drawnRects: [CGRect] = []
    var clipBoxes: [CGRect] = []

    override func draw(_ rect: CGRect) {
        drawnRects.append(rect)
        clipBoxes.append(UIGraphicsGetCurrentContext()!.boundingBoxOfClipPath)
        color.setFill()
        // Deliberately the whole bounds: the context's clip must keep it to the invalid rect.
        UIGraphicsGetCurrentContext()!.fill(bounds)
    }
}

/// A view subclass that does not override draw(_:).
private final class PlainView: UIView {}

/// A layer that draws itself (no delegate), as CALayer subclasses overriding draw(in:) do.
private final class DrawingLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(UIColor.blue.cgColor)
        ctx.fill(CGRect(x: 10, y: 10, width: 2, height: 1))
    }
}

final class DisplayTests: XCTestCase {
    typealias F = DrawingFixtures

    private func makeView(scale: CGFloat = 2) -> FillingView {
        let view = FillingView(frame: CGRect(x: 0, y: 0, width: 10, height: 8))
        view.contentScaleFactor = scale
        return view
    }

    private func contents(_ view: UIView) -> CGImage? { view.layer.contents as? CGImage }

    /// The first display makes a backing store of bounds × contentScaleFactor
    /// pixels, drawn whole; the whole contents are new, so there is no damage list.
    func testFirstDisplayDrawsTheWholeStoreAtTheContentScale() throws {
        let view = makeView()
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        let image = try XCTUnwrap(contents(view))
        XCTAssertEqual(image.width, 20)
        XCTAssertEqual(image.height, 16)
        XCTAssertEqual(F.pixel(image, 0, 0), F.opaqueRed)
        XCTAssertEqual(F.pixel(image, 19, 15), F.opaqueRed)
        XCTAssertNil(view.layer.contentsDamage)
        XCTAssertEqual(view.drawnRects, [view.bounds])
        XCTAssertFalse(view.layer.needsDisplay())
    }

    /// setNeedsDisplay(_:) redraws only that rect (UIKit: "marks the
    /// specified rectangle of the receiver as needing to be redrawn"):
    /// draw(_:) gets the rect, drawing is clipped to it, the pixels outside
    /// keep the previous drawing, and contentsDamage is the rect in pixels.
    func testSetNeedsDisplayInRectRedrawsOnlyThatRect() throws {
        let view = makeView()
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        let first = try XCTUnwrap(contents(view))

        view.color = .blue
        view.setNeedsDisplay(CGRect(x: 2, y: 1, width: 3, height: 4))
        view.layer.displayIfNeeded()
        let second = try XCTUnwrap(contents(view))

        XCTAssertEqual(view.drawnRects.last, CGRect(x: 2, y: 1, width: 3, height: 4))
        XCTAssertEqual(view.clipBoxes.last, CGRect(x: 2, y: 1, width: 3, height: 4))
        XCTAssertEqual(view.layer.contentsDamage, [CGRect(x: 4, y: 2, width: 6, height: 8)])
        XCTAssertFalse(first === second, "a new contents object each pass, so the change is recorded")
        XCTAssertEqual(second.width, 20)
        for y in 0..<16 {
            for x in 0..<20 {
                let inside = (4..<10).contains(x) && (2..<10).contains(y)
                XCTAssertEqual(F.pixel(second, x, y), inside ? F.opaqueBlue : F.opaqueRed, "(\(x), \(y))")
            }
        }
    }

    /// Invalidations accumulate as a union until the next display.
    func testInvalidRectsUnionUntilDisplay() {
        let view = makeView(scale: 1)
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        view.setNeedsDisplay(CGRect(x: 1, y: 1, width: 1, height: 1))
        view.setNeedsDisplay(CGRect(x: 5, y: 3, width: 2, height: 2))
        view.layer.displayIfNeeded()
        XCTAssertEqual(view.layer.contentsDamage, [CGRect(x: 1, y: 1, width: 6, height: 4)])
    }

    /// A rect off the pixel grid damages the whole pixels it touches.
    func testFractionalRectDamagesCoveringPixels() {
        let view = makeView(scale: 1)
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        view.setNeedsDisplay(CGRect(x: 0.5, y: 0.5, width: 1, height: 1))
        view.layer.displayIfNeeded()
        XCTAssertEqual(view.layer.contentsDamage, [CGRect(x: 0, y: 0, width: 2, height: 2)])
    }

    /// A new pixel size (bounds or scale) means a new store, drawn whole, damage nil.
    func testResizingMakesANewStore() throws {
        let view = makeView()
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        view.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
        view.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        view.layer.displayIfNeeded()
        let image = try XCTUnwrap(contents(view))
        XCTAssertEqual(image.width, 12)
        XCTAssertNil(view.layer.contentsDamage)
        XCTAssertEqual(F.pixel(image, 11, 11), F.opaqueRed, "drawn whole though only a corner was invalid")
        XCTAssertEqual(view.drawnRects.last, view.bounds, "draw(_:) is asked for the whole new store")
    }

    /// clearsContextBeforeDrawing (UIKit: "the drawing buffer is
    /// automatically cleared to transparent black before the draw(_:) method
    /// is called"): translucent drawing does not build up when true, does when false.
    func testClearsContextBeforeDrawing() throws {
        let view = makeView(scale: 1)
        view.color = UIColor.black.withAlphaComponent(0.5)
        for _ in 0..<2 {
            view.setNeedsDisplay()
            view.layer.displayIfNeeded()
        }
        XCTAssertEqual(F.pixel(try XCTUnwrap(contents(view)), 1, 1), 0x8000_0000)

        view.clearsContextBeforeDrawing = false
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        XCTAssertEqual(F.pixel(try XCTUnwrap(contents(view)), 1, 1) >> 24, 0xc0, "50 % over 50 % is 75 %")
    }

    /// A view that does not override draw(_:) gets no backing store (UIKit:
    /// implement draw(_:) only for custom drawing; plain views draw nothing).
    func testViewsWithoutDrawOverrideGetNoContents() {
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        plain.setNeedsDisplay()
        plain.layer.displayIfNeeded()
        XCTAssertNil(plain.layer.contents)

        let subclass = PlainView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        subclass.setNeedsDisplay()
        subclass.layer.displayIfNeeded()
        XCTAssertNil(subclass.layer.contents)
    }

    /// A CALayer subclass that overrides draw(in:) draws in bounds coordinates
    /// at its contentsScale: the bounds origin maps to the store's top-left pixel.
    func testLayerSubclassDrawsInBoundsCoordinates() throws {
        let layer = DrawingLayer()
        layer.bounds = CGRect(x: 10, y: 10, width: 4, height: 4)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let image = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(image.width, 8)
        XCTAssertEqual(F.columns(image, row: 0, equal: F.opaqueBlue), [0, 1, 2, 3])
        XCTAssertEqual(F.rows(image, column: 0, equal: F.opaqueBlue), [0, 1])
    }

    /// An empty layer gets no store.
    func testEmptyBoundsGetNoContents() {
        let view = FillingView(frame: .zero)
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        XCTAssertNil(view.layer.contents)
    }
}
