import Foundation
import XCTest
@testable import StrataKit

final class DrawingBezierPathTests: XCTestCase {
    typealias F = DrawingFixtures

    /// UIBezierPath's `clockwise` is as seen on screen in UIKit's default
    /// coordinates (UIKit's addArc(withCenter:…) documentation: angles on the
    /// unit circle with π/2 pointing down) — the opposite flag of CGContext's
    /// for the same on-screen arc: clockwise from 3 to 6 o'clock is the
    /// bottom-right quadrant.
    func testArcClockwiseIsAsSeenOnScreen() {
        let clockwise = F.render(CGSize(width: 100, height: 100)) { _ in
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 50, y: 50))
            path.addArc(withCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: true)
            path.close()
            UIColor.red.setFill()
            path.fill()
        }
        XCTAssertEqual(F.pixel(clockwise, 70, 70), F.opaqueRed, "bottom right")
        XCTAssertEqual(F.pixel(clockwise, 30, 30), F.transparent, "top left")
        XCTAssertEqual(F.pixel(clockwise, 70, 30), F.transparent, "top right")

        let counterclockwise = F.render(CGSize(width: 100, height: 100)) { _ in
            let path = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2,
                                    clockwise: false)
            path.addLine(to: CGPoint(x: 50, y: 50))
            path.close()
            UIColor.red.setFill()
            path.fill()
        }
        XCTAssertEqual(F.pixel(counterclockwise, 70, 70), F.transparent, "bottom right")
        XCTAssertEqual(F.pixel(counterclockwise, 30, 30), F.opaqueRed, "top left")
        XCTAssertEqual(F.pixel(counterclockwise, 70, 30), F.opaqueRed, "top right")
    }

    /// stroke() uses the path's own lineWidth (in points) and the context's
    /// stroke color, and leaves the context's line width alone.
    func testStrokeUsesThePathsLineWidth() {
        let image = F.render(CGSize(width: 20, height: 20), scale: 2) { ctx in
            let path = UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10))
            path.lineWidth = 2
            UIColor.blue.setStroke()
            path.stroke()
            ctx.move(to: CGPoint(x: 0, y: 1))
            ctx.addLine(to: CGPoint(x: 20, y: 1))
            ctx.strokePath()
        }
        XCTAssertEqual(F.columns(image, row: 20, equal: F.opaqueBlue), [8, 9, 10, 11, 28, 29, 30, 31])
        XCTAssertEqual(F.rows(image, column: 2, equal: F.opaqueBlue), [1, 2], "context width still 1 point")
    }

    /// Rounded rects cut their corners; ovals fill the inscribed ellipse;
    /// contains(_:) agrees with what is filled.
    func testRoundedRectOvalAndContains() {
        let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 8)
        XCTAssertTrue(rounded.contains(CGPoint(x: 20, y: 10)))
        XCTAssertTrue(rounded.contains(CGPoint(x: 8, y: 1)))
        XCTAssertFalse(rounded.contains(CGPoint(x: 1, y: 1)), "corner cut off")
        XCTAssertEqual(rounded.bounds, CGRect(x: 0, y: 0, width: 40, height: 20))
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertFalse(oval.contains(CGPoint(x: 2, y: 2)))
        XCTAssertTrue(oval.contains(CGPoint(x: 10, y: 1)))
        let image = F.render(CGSize(width: 40, height: 20)) { _ in
            UIColor.green.setFill()
            rounded.fill()
        }
        XCTAssertEqual(F.pixel(image, 0, 0), F.transparent)
        XCTAssertEqual(F.pixel(image, 20, 0), F.opaqueGreen)
        XCTAssertEqual(F.pixel(image, 39, 10), F.opaqueGreen)
    }

    /// addClip() narrows the current context's clip to the path.
    func testAddClip() {
        let image = F.render(CGSize(width: 20, height: 20)) { ctx in
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 20)).addClip()
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        XCTAssertEqual(F.columns(image, row: 10, equal: F.opaqueBlack), Array(0..<5))
    }

    /// Even-odd fill of nested subpaths leaves a hole.
    func testEvenOddFillRule() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.append(UIBezierPath(rect: CGRect(x: 3, y: 3, width: 4, height: 4)))
        path.usesEvenOddFillRule = true
        XCTAssertFalse(path.contains(CGPoint(x: 5, y: 5)))
        XCTAssertTrue(path.contains(CGPoint(x: 1, y: 1)))
    }

    /// apply(_:) transforms the points.
    func testApplyTransform() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 3))
        path.apply(CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 2))
        XCTAssertEqual(path.bounds, CGRect(x: 10, y: 20, width: 4, height: 6))
    }
}
