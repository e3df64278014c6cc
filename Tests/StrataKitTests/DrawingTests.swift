import CPixman
import Foundation
import TestSupport
import XCTest
@testable import StrataKit

/// Shared by the drawing, color, image and display tests: rendering into an
/// image context and reading pixels back.
enum DrawingFixtures {
    /// Where recording writes References/*.png.
    static let referencesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("References").path

    /// Draws with `body` into a new transparent image context of `size`
    /// points at `scale`, the way UIKit code draws into one, and returns the pixels.
    static func render(_ size: CGSize, scale: CGFloat = 1, _ body: (CGContext) -> Void) -> CGImage {
        UIGraphicsBeginImageContextWithOptions(size, false, scale)
        defer { UIGraphicsEndImageContext() }
        body(UIGraphicsGetCurrentContext()!)
        return UIGraphicsGetImageFromCurrentImageContext()!.cgImage!
    }

    /// The pixel at (x, y) as 0xAARRGGBB, premultiplied.
    static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> UInt32 {
        image.withPixels { $0.load(fromByteOffset: y * image.bytesPerRow + x * 4, as: UInt32.self) }
    }

    /// A pixman copy of the image, for ImageComparison.
    static func pixmanImage(_ image: CGImage) -> OpaquePointer {
        let copy = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(image.width), Int32(image.height), nil, 0)!
        let stride = Int(pixman_image_get_stride(copy))
        let destination = UnsafeMutableRawPointer(pixman_image_get_data(copy)!)
        image.withPixels { source in
            for row in 0..<image.height {
                (destination + row * stride).copyMemory(from: source + row * image.bytesPerRow, byteCount: image.width * 4)
            }
        }
        return copy
    }

    /// Compares with References/NAME.png (record with STRATA_RECORD_REFERENCES=1).
    static func assertMatchesReference(_ image: CGImage, _ name: String, tolerance: Int = 2, maxDifferingPixels: Int = 0,
                                       file: StaticString = #filePath, line: UInt = #line) {
        let pixman = pixmanImage(image)
        defer { pixman_image_unref(pixman) }
        ImageComparison.assertMatches(pixman, reference: name, in: Bundle.module,
                                      referencesDirectory: referencesDirectory, tolerance: tolerance,
                                      maxDifferingPixels: maxDifferingPixels, file: file, line: line)
    }

    /// Columns (or rows) whose pixel equals `value` along a line of the image.
    static func columns(_ image: CGImage, row y: Int, equal value: UInt32) -> [Int] {
        (0..<image.width).filter { pixel(image, $0, y) == value }
    }

    static func rows(_ image: CGImage, column x: Int, equal value: UInt32) -> [Int] {
        (0..<image.height).filter { pixel(image, x, $0) == value }
    }

    static let opaqueRed: UInt32 = 0xffff_0000
    static let opaqueGreen: UInt32 = 0xff00_ff00
    static let opaqueBlue: UInt32 = 0xff00_00ff
    static let opaqueBlack: UInt32 = 0xff00_0000
    static let transparent: UInt32 = 0
}

/// Listing 3-4 of the View Programming Guide for iOS, in Swift.
private final class Listing3_4View: UIView {
    override func draw(_ rect: CGRect) {
        let context = UIGraphicsGetCurrentContext()!
        let myFrame = self.bounds

        // Set the line width to 10 and inset the rectangle by
        // 5 pixels on all sides to compensate for the wider line.
        context.setLineWidth(10)
        _ = myFrame.insetBy(dx: 5, dy: 5)

        UIColor.red.set()
        UIRectFrame(myFrame)
    }
}

final class DrawingTests: XCTestCase {
    typealias F = DrawingFixtures

    // MARK: Filling and stroking

    /// fill(_:) paints exactly the rect with the fill color, in UIKit's
    /// top-left coordinates (UIKit: "the origin is in the upper-left corner").
    func testFillRectCoversExactlyTheRectFromTheTopLeft() {
        let image = F.render(CGSize(width: 20, height: 10)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 2, y: 1, width: 5, height: 3))
        }
        XCTAssertEqual(F.columns(image, row: 1, equal: F.opaqueRed), Array(2..<7))
        XCTAssertEqual(F.rows(image, column: 2, equal: F.opaqueRed), Array(1..<4))
        XCTAssertEqual(F.pixel(image, 7, 1), F.transparent)
    }

    /// Drawing happens in points: at scale 2 the same rect covers twice the
    /// pixels (UIKit: the context's CTM maps points to the scale factor's pixels).
    func testFillRectAtScaleTwoCoversTwiceThePixels() {
        let image = F.render(CGSize(width: 20, height: 10), scale: 2) { ctx in
            ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            ctx.fill(CGRect(x: 2, y: 1, width: 5, height: 3))
        }
        XCTAssertEqual(image.width, 40)
        XCTAssertEqual(F.columns(image, row: 2, equal: F.opaqueBlue), Array(4..<14))
        XCTAssertEqual(F.rows(image, column: 4, equal: F.opaqueBlue), Array(2..<8))
        XCTAssertEqual(F.pixel(image, 4, 1), F.transparent)
    }

    /// A line is centered on its path: a 1-point vertical line at x = 10.5
    /// covers pixel column 10 at scale 1, and — 1 point being 2 pixels — the
    /// line at x = 10 covers columns 19 and 20 at scale 2.
    func testOnePointLineIsOnePixelAtScaleOneAndTwoPixelsAtScaleTwo() {
        let scaleOne = F.render(CGSize(width: 20, height: 10)) { ctx in
            ctx.setStrokeColor(UIColor.black.cgColor)
            ctx.move(to: CGPoint(x: 10.5, y: 0))
            ctx.addLine(to: CGPoint(x: 10.5, y: 10))
            ctx.strokePath()
        }
        XCTAssertEqual(F.columns(scaleOne, row: 5, equal: F.opaqueBlack), [10])
        XCTAssertEqual(F.pixel(scaleOne, 9, 5), F.transparent)
        XCTAssertEqual(F.pixel(scaleOne, 11, 5), F.transparent)

        let scaleTwo = F.render(CGSize(width: 20, height: 10), scale: 2) { ctx in
            ctx.setStrokeColor(UIColor.black.cgColor)
            ctx.move(to: CGPoint(x: 10, y: 0))
            ctx.addLine(to: CGPoint(x: 10, y: 10))
            ctx.strokePath()
        }
        XCTAssertEqual(F.columns(scaleTwo, row: 5, equal: F.opaqueBlack), [19, 20])
        XCTAssertEqual(F.pixel(scaleTwo, 18, 5), F.transparent)
        XCTAssertEqual(F.pixel(scaleTwo, 21, 5), F.transparent)
    }

    /// setLineWidth is in user space: a 4-point line at scale 2 is 8 pixels wide.
    func testLineWidthScalesWithTheContext() {
        let image = F.render(CGSize(width: 20, height: 10), scale: 2) { ctx in
            ctx.setStrokeColor(UIColor.black.cgColor)
            ctx.setLineWidth(4)
            ctx.move(to: CGPoint(x: 10, y: 0))
            ctx.addLine(to: CGPoint(x: 10, y: 10))
            ctx.strokePath()
        }
        XCTAssertEqual(F.columns(image, row: 5, equal: F.opaqueBlack), Array(16..<24))
    }

    /// stroke(_:width:) strokes the rect's outline centered on its edges,
    /// and does not change the line width of later strokes.
    func testStrokeRectWithWidthIsCenteredOnTheEdgesAndLeavesLineWidthAlone() {
        let image = F.render(CGSize(width: 20, height: 20)) { ctx in
            ctx.setStrokeColor(UIColor.red.cgColor)
            ctx.stroke(CGRect(x: 4, y: 4, width: 10, height: 10), width: 2)
            ctx.setStrokeColor(UIColor.blue.cgColor)
            ctx.move(to: CGPoint(x: 0, y: 18.5))
            ctx.addLine(to: CGPoint(x: 20, y: 18.5))
            ctx.strokePath()
        }
        XCTAssertEqual(F.columns(image, row: 8, equal: F.opaqueRed), [3, 4, 13, 14])
        XCTAssertEqual(F.rows(image, column: 8, equal: F.opaqueRed), [3, 4, 13, 14])
        XCTAssertEqual(F.pixel(image, 8, 8), F.transparent, "stroking does not fill")
        XCTAssertEqual(F.rows(image, column: 1, equal: F.opaqueBlue), [18], "line width back to 1")
    }

    /// Painting consumes the current path (Core Graphics: "the current path is
    /// cleared as a side effect"), so a second fillPath paints nothing new.
    func testFillPathConsumesThePath() {
        let image = F.render(CGSize(width: 10, height: 10)) { ctx in
            ctx.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fillPath()
            XCTAssertTrue(ctx.isPathEmpty)
            ctx.addRect(CGRect(x: 5, y: 5, width: 4, height: 4))
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fillPath()
        }
        XCTAssertEqual(F.pixel(image, 1, 1), F.opaqueRed)
        XCTAssertEqual(F.pixel(image, 6, 6), F.opaqueBlue)
    }

    /// The even-odd rule leaves the inner of two nested rects empty; winding fills it.
    func testEvenOddAndWindingFillRules() {
        let rects = [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 3, y: 3, width: 4, height: 4)]
        let evenOdd = F.render(CGSize(width: 10, height: 10)) { ctx in
            ctx.addRects(rects)
            ctx.fillPath(using: .evenOdd)
        }
        let winding = F.render(CGSize(width: 10, height: 10)) { ctx in
            ctx.addRects(rects)
            ctx.fillPath()
        }
        XCTAssertEqual(F.pixel(evenOdd, 5, 5), F.transparent)
        XCTAssertEqual(F.pixel(evenOdd, 1, 1), F.opaqueBlack)
        XCTAssertEqual(F.pixel(winding, 5, 5), F.opaqueBlack)
    }

    /// fillEllipse(in:) fills the ellipse inscribed in the rect: its center
    /// and edge midpoints inside, the rect's corners outside.
    func testFillEllipseIsInscribedInTheRect() {
        let image = F.render(CGSize(width: 40, height: 20)) { ctx in
            ctx.setFillColor(UIColor.green.cgColor)
            ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 20))
        }
        XCTAssertEqual(F.pixel(image, 20, 10), F.opaqueGreen)
        XCTAssertEqual(F.pixel(image, 2, 10), F.opaqueGreen)
        XCTAssertEqual(F.pixel(image, 37, 10), F.opaqueGreen)
        XCTAssertEqual(F.pixel(image, 20, 1), F.opaqueGreen)
        XCTAssertEqual(F.pixel(image, 0, 0), F.transparent)
        XCTAssertEqual(F.pixel(image, 39, 19), F.transparent)
        XCTAssertEqual(F.pixel(image, 3, 2), F.transparent, "(3, 2) lies outside the ellipse")
        F.assertMatchesReference(image, "DrawingFillEllipse")
    }

    /// strokeEllipse(in:) paints the outline only.
    func testStrokeEllipseLeavesTheInsideEmpty() {
        let image = F.render(CGSize(width: 20, height: 20), scale: 2) { ctx in
            ctx.setStrokeColor(UIColor.blue.cgColor)
            ctx.strokeEllipse(in: CGRect(x: 2, y: 2, width: 16, height: 16))
        }
        XCTAssertEqual(F.pixel(image, 20, 20), F.transparent)
        // The outline at the middle row: 1 point = 2 pixels centred on x = 2 and 18 points.
        XCTAssertEqual(F.columns(image, row: 20, equal: F.opaqueBlue), [4, 35])
        XCTAssertGreaterThan(F.pixel(image, 3, 20) >> 24, 0xf0)
        XCTAssertEqual(F.pixel(image, 2, 20), F.transparent)
    }

    // MARK: Arcs

    /// A pie slice: move to the center, arc, close.
    private func pieSlice(clockwise: Bool) -> CGImage {
        F.render(CGSize(width: 100, height: 100)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.move(to: CGPoint(x: 50, y: 50))
            ctx.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2,
                       clockwise: clockwise)
            ctx.closePath()
            ctx.fillPath()
        }
    }

    /// CGContext.addArc in UIKit's flipped coordinates: angle π/2 points down
    /// (+y), and `clockwise` keeps Core Graphics' y-up meaning, so Apple
    /// documents that "in a flipped coordinate system (the default for UIView
    /// drawing methods in iOS), specifying a clockwise arc results in a
    /// counterclockwise arc after the transformation is applied".
    /// clockwise: false from 0 (3 o'clock) to π/2 (6 o'clock) therefore turns
    /// clockwise on screen through 4–5 o'clock: the bottom-right quadrant.
    func testArcNotClockwiseSweepsTheBottomRightQuadrantOnScreen() {
        let image = pieSlice(clockwise: false)
        XCTAssertEqual(F.pixel(image, 70, 70), F.opaqueRed, "bottom right")
        XCTAssertEqual(F.pixel(image, 70, 30), F.transparent, "top right")
        XCTAssertEqual(F.pixel(image, 30, 30), F.transparent, "top left")
        XCTAssertEqual(F.pixel(image, 30, 70), F.transparent, "bottom left")
        F.assertMatchesReference(image, "DrawingArcCounterclockwiseFlag")
    }

    /// clockwise: true from 0 to π/2 goes the other way round on screen
    /// (counterclockwise, through 12 and 9 o'clock): three quadrants, all but
    /// the bottom right.
    func testArcClockwiseSweepsTheOtherThreeQuadrantsOnScreen() {
        let image = pieSlice(clockwise: true)
        XCTAssertEqual(F.pixel(image, 70, 70), F.transparent, "bottom right")
        XCTAssertEqual(F.pixel(image, 70, 30), F.opaqueRed, "top right")
        XCTAssertEqual(F.pixel(image, 30, 30), F.opaqueRed, "top left")
        XCTAssertEqual(F.pixel(image, 30, 70), F.opaqueRed, "bottom left")
        F.assertMatchesReference(image, "DrawingArcClockwiseFlag")
    }

    /// CGMutablePath.addArc has the same convention as CGContext.addArc.
    func testPathArcMatchesContextArc() {
        let image = F.render(CGSize(width: 100, height: 100)) { ctx in
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 50, y: 50))
            path.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: true)
            path.closeSubpath()
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.addPath(path)
            ctx.fillPath()
        }
        let reference = pieSlice(clockwise: true)
        for (x, y) in [(70, 70), (70, 30), (30, 30), (30, 70), (50, 12), (88, 50)] {
            XCTAssertEqual(F.pixel(image, x, y), F.pixel(reference, x, y), "(\(x), \(y))")
        }
    }

    /// addArc(tangent1End:tangent2End:radius:) rounds a corner: the arc is
    /// tangent to both lines, so the corner point itself stays outside the shape.
    func testTangentArcRoundsACorner() {
        let image = F.render(CGSize(width: 40, height: 40)) { ctx in
            ctx.move(to: CGPoint(x: 0, y: 0))
            ctx.addArc(tangent1End: CGPoint(x: 40, y: 0), tangent2End: CGPoint(x: 40, y: 40), radius: 20)
            ctx.addLine(to: CGPoint(x: 40, y: 40))
            ctx.addLine(to: CGPoint(x: 0, y: 40))
            ctx.closePath()
            ctx.fillPath()
        }
        XCTAssertEqual(F.pixel(image, 39, 0), F.transparent, "the corner is cut off")
        XCTAssertEqual(F.pixel(image, 19, 1), F.opaqueBlack, "straight edge before the arc")
        XCTAssertEqual(F.pixel(image, 38, 21), F.opaqueBlack, "straight edge after the arc")
        // The arc's center is (20, 20): a point 18 from it towards the corner is inside, 23 outside.
        let d = 18 / 2.0.squareRoot(), e = 23 / 2.0.squareRoot()
        XCTAssertEqual(F.pixel(image, Int(20 + d), Int(20 - d)), F.opaqueBlack)
        XCTAssertEqual(F.pixel(image, Int(20 + e), Int(20 - e)), F.transparent)
    }

    /// Quadratic and cubic curves end where asked and bulge towards their controls.
    func testCurvesBulgeTowardsTheirControlPoints() {
        let image = F.render(CGSize(width: 40, height: 40)) { ctx in
            ctx.move(to: CGPoint(x: 0, y: 20))
            ctx.addQuadCurve(to: CGPoint(x: 40, y: 20), control: CGPoint(x: 20, y: 0))
            ctx.closePath()
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fillPath()
            ctx.move(to: CGPoint(x: 0, y: 20))
            ctx.addCurve(to: CGPoint(x: 40, y: 20), control1: CGPoint(x: 0, y: 40), control2: CGPoint(x: 40, y: 40))
            ctx.closePath()
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fillPath()
        }
        // The quadratic's apex is halfway to its control: y = 10.
        XCTAssertEqual(F.pixel(image, 20, 11), F.opaqueRed)
        XCTAssertEqual(F.pixel(image, 20, 8), F.transparent)
        // The cubic's apex with these controls is at y = 20 + 0.75 × 20 = 35.
        XCTAssertEqual(F.pixel(image, 20, 33), F.opaqueBlue)
        XCTAssertEqual(F.pixel(image, 20, 36), F.transparent)
    }

    // MARK: Graphics state

    /// restoreGState brings back the fill color, line width, CTM and clip
    /// saved by saveGState (Core Graphics' graphics state stack).
    func testSaveAndRestoreGState() {
        let image = F.render(CGSize(width: 20, height: 20)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.saveGState()
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.translateBy(x: 10, y: 10)
            ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 2))
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
            ctx.restoreGState()
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
        XCTAssertEqual(F.pixel(image, 10, 10), F.opaqueBlue)
        XCTAssertEqual(F.pixel(image, 13, 13), F.transparent, "clipped while saved")
        XCTAssertEqual(F.pixel(image, 0, 0), F.opaqueRed, "color, CTM and clip restored")
        XCTAssertEqual(F.pixel(image, 4, 4), F.opaqueRed)
    }

    /// setAlpha multiplies everything painted: black at alpha 0.5 is 50 % black.
    func testGlobalAlphaMultipliesFills() {
        let image = F.render(CGSize(width: 4, height: 4)) { ctx in
            ctx.setAlpha(0.5)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        XCTAssertEqual(F.pixel(image, 1, 1) >> 24, 0x80)
    }

    // MARK: Transforms

    /// translateBy, scaleBy and rotate(by:) move user space; rotation by a
    /// positive angle turns +x towards +y, clockwise on a y-down screen.
    func testTransformsMoveUserSpace() {
        let image = F.render(CGSize(width: 40, height: 40)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.translateBy(x: 20, y: 20)
            ctx.scaleBy(x: 2, y: 2)
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 2))
            ctx.rotate(by: .pi / 2)
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 2))
            XCTAssertEqual(ctx.ctm.tx, 20)
            XCTAssertEqual(ctx.ctm.a, 0, accuracy: 1e-9)
            XCTAssertEqual(ctx.ctm.b, 2, accuracy: 1e-9)
        }
        // Red: x 20..<30, y 20..<24. Blue (rotated a quarter turn clockwise on
        // screen): x 16..<20, y 20..<30.
        XCTAssertEqual(F.columns(image, row: 21, equal: F.opaqueRed), Array(20..<30))
        XCTAssertEqual(F.columns(image, row: 27, equal: F.opaqueBlue), Array(16..<20))
        XCTAssertEqual(F.rows(image, column: 17, equal: F.opaqueBlue), Array(20..<30))
    }

    /// concatenate applies an affine transform after the CTM, and a context
    /// for scale 2 starts with its CTM scaled by 2 (UIKit's drawing contexts
    /// map points to pixels).
    func testConcatenateAndInitialScale() {
        var initial = CGAffineTransform.identity
        let image = F.render(CGSize(width: 20, height: 20), scale: 2) { ctx in
            initial = ctx.ctm
            ctx.concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: 3))
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        XCTAssertEqual(initial, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0))
        XCTAssertEqual(F.columns(image, row: 6, equal: F.opaqueBlack), [10, 11])
        XCTAssertEqual(F.rows(image, column: 10, equal: F.opaqueBlack), [6, 7])
    }

    // MARK: Clipping

    /// clip(to:) confines painting to the rect, and boundingBoxOfClipPath
    /// reports it in user space.
    func testClipToRectConfinesPainting() {
        let image = F.render(CGSize(width: 20, height: 20), scale: 2) { ctx in
            ctx.clip(to: CGRect(x: 5, y: 5, width: 5, height: 5))
            XCTAssertEqual(ctx.boundingBoxOfClipPath, CGRect(x: 5, y: 5, width: 5, height: 5))
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        XCTAssertEqual(F.columns(image, row: 12, equal: F.opaqueBlack), Array(10..<20))
        XCTAssertEqual(F.pixel(image, 9, 12), F.transparent)
    }

    /// clip(to: [CGRect]) clips to the union of the rects.
    func testClipToRectsIsTheUnion() {
        let image = F.render(CGSize(width: 20, height: 4)) { ctx in
            ctx.clip(to: [CGRect(x: 0, y: 0, width: 3, height: 4), CGRect(x: 10, y: 0, width: 3, height: 4)])
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 4))
        }
        XCTAssertEqual(F.columns(image, row: 1, equal: F.opaqueBlack), [0, 1, 2, 10, 11, 12])
    }

    /// clip() uses (and consumes) the current path; clipping to a rect keeps it.
    func testClipToPathAndClipToRectKeepsThePath() {
        let image = F.render(CGSize(width: 20, height: 20)) { ctx in
            ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
            ctx.clip()
            XCTAssertTrue(ctx.isPathEmpty)
            ctx.addRect(CGRect(x: 0, y: 0, width: 20, height: 10))
            ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20))
            XCTAssertFalse(ctx.isPathEmpty)
            ctx.fillPath()
        }
        XCTAssertEqual(F.pixel(image, 0, 0), F.transparent, "outside the ellipse")
        XCTAssertEqual(F.pixel(image, 10, 2), F.opaqueBlack)
        XCTAssertEqual(F.pixel(image, 10, 15), F.transparent, "outside the rect path")
    }

    // MARK: Blend modes and clearing

    /// The copy blend mode replaces the destination, alpha included, instead
    /// of compositing over it (CGBlendMode.copy: R = S).
    func testCopyBlendModeReplacesPixels() {
        let image = F.render(CGSize(width: 10, height: 10)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            ctx.setBlendMode(.copy)
            ctx.setFillColor(UIColor.blue.withAlphaComponent(0.5).cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
        }
        XCTAssertEqual(F.pixel(image, 1, 1), 0x8000_0080, "half-transparent blue, premultiplied, no red")
        XCTAssertEqual(F.pixel(image, 7, 1), F.opaqueRed)
    }

    /// The clear blend mode erases what it paints (CGBlendMode.clear: R = 0),
    /// and clear(_:) makes a rect transparent whatever the blend mode.
    func testClearBlendModeAndClearRectErase() {
        let image = F.render(CGSize(width: 10, height: 10)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            ctx.setBlendMode(.clear)
            ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
            ctx.setBlendMode(.normal)
            ctx.clear(CGRect(x: 7, y: 7, width: 3, height: 3))
        }
        XCTAssertEqual(F.pixel(image, 1, 1), F.transparent)
        XCTAssertEqual(F.pixel(image, 8, 8), F.transparent)
        XCTAssertEqual(F.pixel(image, 5, 5), F.opaqueRed)
    }

    /// Normal blending composites source over destination.
    func testNormalBlendModeCompositesOver() {
        let image = F.render(CGSize(width: 4, height: 4)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            ctx.setFillColor(UIColor.blue.withAlphaComponent(0.5).cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        assertPixelClose(F.pixel(image, 1, 1), 0xff80_0080)
    }

    /// Dashes alternate painted and empty lengths along the line.
    func testLineDash() {
        let image = F.render(CGSize(width: 20, height: 4)) { ctx in
            ctx.setLineDash(phase: 0, lengths: [4, 2])
            ctx.move(to: CGPoint(x: 0, y: 1.5))
            ctx.addLine(to: CGPoint(x: 20, y: 1.5))
            ctx.strokePath()
        }
        XCTAssertEqual(F.columns(image, row: 1, equal: F.opaqueBlack), [0, 1, 2, 3, 6, 7, 8, 9, 12, 13, 14, 15, 18, 19])
    }

    // MARK: UIKit drawing functions

    /// UIRectFill fills with the current fill color using the copy blend mode
    /// (UIKit: "fills the specified rectangle using the fill color of the
    /// current graphics context and the kCGBlendModeCopy blend mode").
    func testUIRectFillUsesTheFillColorAndCopy() {
        let image = F.render(CGSize(width: 10, height: 10)) { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.clear.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
        XCTAssertEqual(F.pixel(image, 1, 1), F.transparent, "copy replaced red with clear")
        XCTAssertEqual(F.pixel(image, 7, 7), F.opaqueRed)
    }

    /// UIRectFrame draws a frame 1.0 wide in the current coordinate system,
    /// inside the rect (UIKit: "draws a frame around the inside of rect …
    /// The width is equal to 1.0 in the current coordinate system").
    func testUIRectFrameIsOnePointInsideTheRect() {
        let image = F.render(CGSize(width: 10, height: 10), scale: 2) { _ in
            UIColor.blue.set()
            UIRectFrame(CGRect(x: 1, y: 1, width: 8, height: 8))
        }
        XCTAssertEqual(F.columns(image, row: 10, equal: F.opaqueBlue), [2, 3, 16, 17])
        XCTAssertEqual(F.rows(image, column: 10, equal: F.opaqueBlue), [2, 3, 16, 17])
    }

    /// The View Programming Guide for iOS, Listing 3-4 ("A drawing method"),
    /// as written, in Swift, in a view's draw(_:) drawn by a display pass at
    /// scale 2. The line width of 10 does not affect UIRectFrame (its width
    /// "is equal to 1.0 in the current coordinate system") and the CGRectInset
    /// result is discarded, so the result is a 1-point red frame just inside
    /// the bounds.
    func testViewProgrammingGuideListing3_4() throws {
        let view = Listing3_4View(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        view.contentScaleFactor = 2
        view.setNeedsDisplay()
        view.layer.displayIfNeeded()
        let image = try XCTUnwrap(view.layer.contents as? CGImage)
        XCTAssertEqual(F.columns(image, row: 60, equal: F.opaqueRed), [0, 1, 198, 199])
        XCTAssertEqual(F.rows(image, column: 100, equal: F.opaqueRed), [0, 1, 118, 119])
        XCTAssertEqual(F.pixel(image, 100, 60), F.transparent)
        F.assertMatchesReference(image, "DrawingListing3_4")
    }

    /// A shape drawn the way UIKit view code commonly does: UIColor
    /// setFill/setStroke, UIRectFill for the background, a CGContext path
    /// filled and stroked.
    func testShapeWithUIKitColorsAndContextPaths() {
        let image = F.render(CGSize(width: 60, height: 60), scale: 2) { _ in
            let context = UIGraphicsGetCurrentContext()!
            UIColor.white.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 60, height: 60))
            context.beginPath()
            context.move(to: CGPoint(x: 10, y: 50))
            context.addLine(to: CGPoint(x: 30, y: 10))
            context.addLine(to: CGPoint(x: 50, y: 50))
            context.closePath()
            UIColor.yellow.setFill()
            UIColor.blue.setStroke()
            context.setLineWidth(2)
            context.drawPath(using: .fillStroke)
        }
        XCTAssertEqual(F.pixel(image, 60, 70), 0xffff_ff00, "yellow inside the triangle")
        XCTAssertEqual(F.pixel(image, 4, 4), 0xffff_ffff, "white background")
        XCTAssertEqual(F.rows(image, column: 60, equal: F.opaqueBlue).filter { $0 > 90 }, [98, 99, 100, 101])
        F.assertMatchesReference(image, "DrawingTriangle")
    }

    private func assertPixelClose(_ actual: UInt32, _ expected: UInt32, file: StaticString = #filePath,
                                  line: UInt = #line) {
        let close = (0..<4).allSatisfy { shift in
            abs(Int((actual >> UInt32(shift * 8)) & 0xff) - Int((expected >> UInt32(shift * 8)) & 0xff)) <= 1
        }
        XCTAssert(close, "\(hex(actual)) is not \(hex(expected))", file: file, line: line)
    }
}
