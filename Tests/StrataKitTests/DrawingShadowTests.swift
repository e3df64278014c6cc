import Foundation
import XCTest
@testable import StrataKit

final class DrawingShadowTests: XCTestCase {
    typealias F = DrawingFixtures

    /// In a UIKit context a positive offset height casts the shadow down
    /// (Apple QA1706: since iOS 3.2 "positive values indicate downward
    /// displacement"), in points, beneath the shape.
    func testShadowIsOffsetDownInPointsUnderTheShape() {
        let image = F.render(CGSize(width: 20, height: 20), scale: 2) { ctx in
            ctx.setShadow(offset: CGSize(width: 3, height: 4), blur: 0, color: UIColor.red.cgColor)
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
        }
        XCTAssertEqual(F.pixel(image, 6, 6), F.opaqueBlue, "the shape on top")
        XCTAssertEqual(F.pixel(image, 16, 18), F.opaqueRed, "the shadow at (5, 6)–(9, 10) points")
        XCTAssertEqual(F.columns(image, row: 18, equal: F.opaqueRed), Array(10..<18))
        XCTAssertEqual(F.rows(image, column: 16, equal: F.opaqueRed), Array(12..<20))
        XCTAssertEqual(F.pixel(image, 2, 2), F.transparent)
    }

    /// setShadow(offset:blur:) shadows in black at 1/3 alpha (Core Graphics'
    /// default: "RGBA = {0, 0, 0, 1.0/3.0}"); the CTM does not move the offset.
    func testDefaultShadowColorAndCTMIndependence() {
        let image = F.render(CGSize(width: 20, height: 20)) { ctx in
            ctx.scaleBy(x: 2, y: 2)
            ctx.setShadow(offset: CGSize(width: 10, height: 0), blur: 0)
            ctx.setFillColor(UIColor.white.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        XCTAssertEqual(F.pixel(image, 11, 1), 0x5500_0000, "offset 10 device units, not 20")
        XCTAssertEqual(F.pixel(image, 15, 1), F.transparent)
    }

    /// A bitmap context's base space has y up: a positive height casts upwards.
    func testBitmapContextShadowGoesUp() throws {
        let context = try XCTUnwrap(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue))
        context.setShadow(offset: CGSize(width: 0, height: 2), blur: 0, color: UIColor.black.cgColor)
        context.setFillColor(UIColor.red.cgColor)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(F.pixel(image, 0, 3), F.opaqueRed)
        XCTAssertEqual(F.pixel(image, 0, 1), F.opaqueBlack)
    }

    /// Blur softens the shadow's edges: partly transparent just beyond the
    /// shape's outline, nothing far away.
    func testBlurSoftensTheEdge() {
        let image = F.render(CGSize(width: 40, height: 20)) { ctx in
            ctx.setShadow(offset: CGSize(width: 20, height: 0), blur: 4, color: UIColor.black.cgColor)
            ctx.fill(CGRect(x: 4, y: 4, width: 10, height: 10))
        }
        let inside = F.pixel(image, 29, 9) >> 24, edge = F.pixel(image, 34, 9) >> 24, beyond = F.pixel(image, 39, 9) >> 24
        XCTAssertGreaterThan(inside, 0xe0)
        XCTAssertGreaterThan(edge, 0x10)
        XCTAssertLessThan(edge, 0xc0)
        XCTAssertLessThan(beyond, 0x08)
        XCTAssertEqual(F.pixel(image, 2, 9), F.transparent, "no shadow on the far side")
    }

    /// fillStroke casts one shadow for the whole shape, not one per part;
    /// restoring the state and a nil color turn shadows off.
    func testOneShadowPerShapeAndTurningOff() {
        let image = F.render(CGSize(width: 40, height: 20)) { ctx in
            ctx.saveGState()
            ctx.setShadow(offset: CGSize(width: 20, height: 0), blur: 0,
                          color: UIColor.black.withAlphaComponent(0.5).cgColor)
            ctx.setLineWidth(4)
            ctx.addRect(CGRect(x: 4, y: 4, width: 10, height: 10))
            ctx.drawPath(using: .fillStroke)
            ctx.restoreGState()
            ctx.fill(CGRect(x: 0, y: 18, width: 2, height: 2))
            ctx.setShadow(offset: CGSize(width: 20, height: 0), blur: 0, color: nil)
            ctx.fill(CGRect(x: 4, y: 18, width: 2, height: 2))
        }
        XCTAssertEqual(F.pixel(image, 24, 9), 0x8000_0000, "where fill and stroke overlap: 50 %, not 75 %")
        XCTAssertEqual(F.pixel(image, 24, 4), 0x8000_0000)
        XCTAssertEqual(F.pixel(image, 21, 18), F.transparent, "restored: no shadow")
        XCTAssertEqual(F.pixel(image, 25, 18), F.transparent, "nil color: no shadow")
    }

    /// Images cast shadows too, and drawing them keeps the current path.
    func testImagesCastShadowsAndKeepThePath() {
        let square = F.render(CGSize(width: 2, height: 2)) { ctx in
            ctx.setFillColor(UIColor.green.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        let image = F.render(CGSize(width: 10, height: 4)) { ctx in
            ctx.addRect(CGRect(x: 8, y: 0, width: 2, height: 2))
            ctx.setShadow(offset: CGSize(width: 4, height: 0), blur: 0, color: UIColor.black.cgColor)
            ctx.draw(square, in: CGRect(x: 0, y: 0, width: 2, height: 2))
            ctx.setShadow(offset: .zero, blur: 0, color: nil)
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fillPath()
        }
        XCTAssertEqual(F.pixel(image, 1, 1), F.opaqueGreen)
        XCTAssertEqual(F.pixel(image, 5, 1), F.opaqueBlack)
        XCTAssertEqual(F.pixel(image, 9, 1), F.opaqueRed, "the path survived drawing the image")
    }
}
