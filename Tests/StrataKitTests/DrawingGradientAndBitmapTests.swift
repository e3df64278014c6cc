import Foundation
import XCTest
@testable import StrataKit

final class DrawingGradientAndBitmapTests: XCTestCase {
    typealias F = DrawingFixtures

    private let redToBlue = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                       colors: [UIColor.red.cgColor, UIColor.blue.cgColor], locations: [0, 1])!

    private func channels(_ pixel: UInt32) -> (a: Int, r: Int, g: Int, b: Int) {
        (Int(pixel >> 24), Int((pixel >> 16) & 0xff), Int((pixel >> 8) & 0xff), Int(pixel & 0xff))
    }

    /// A linear gradient runs from the first color at `start` to the last at
    /// `end`, halfway between them halfway along, and paints the whole clip.
    func testLinearGradientInterpolatesAlongTheLine() {
        let image = F.render(CGSize(width: 100, height: 4)) { ctx in
            ctx.drawLinearGradient(redToBlue, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 0),
                                   options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        let left = channels(F.pixel(image, 0, 2)), middle = channels(F.pixel(image, 50, 2))
        let right = channels(F.pixel(image, 99, 2))
        XCTAssertEqual(left.a, 255)
        XCTAssertGreaterThan(left.r, 250)
        XCTAssertGreaterThan(right.b, 250)
        XCTAssertEqual(Double(middle.r), 127, accuracy: 3)
        XCTAssertEqual(Double(middle.b), 127, accuracy: 3)
        XCTAssertEqual(F.pixel(image, 50, 0), F.pixel(image, 50, 3), "constant across the line")
    }

    /// Without drawsBeforeStartLocation / drawsAfterEndLocation nothing is
    /// painted beyond the ends (Core Graphics' CGGradientDrawingOptions); with
    /// them the end colors extend.
    func testLinearGradientOptionsControlTheEnds() {
        func draw(_ options: CGGradientDrawingOptions) -> CGImage {
            F.render(CGSize(width: 100, height: 2)) { ctx in
                ctx.drawLinearGradient(redToBlue, start: CGPoint(x: 25, y: 0), end: CGPoint(x: 75, y: 0),
                                       options: options)
            }
        }
        let neither = draw([]), before = draw(.drawsBeforeStartLocation), after = draw(.drawsAfterEndLocation)
        XCTAssertEqual(F.pixel(neither, 10, 1), F.transparent)
        XCTAssertEqual(F.pixel(neither, 90, 1), F.transparent)
        XCTAssertNotEqual(F.pixel(neither, 50, 1), F.transparent)
        XCTAssertEqual(F.pixel(before, 10, 1), F.opaqueRed)
        XCTAssertEqual(F.pixel(before, 90, 1), F.transparent)
        XCTAssertEqual(F.pixel(after, 10, 1), F.transparent)
        XCTAssertEqual(F.pixel(after, 90, 1), F.opaqueBlue)
    }

    /// A radial gradient from a point to a circle: first color at the
    /// center, nothing outside the end circle without drawsAfterEndLocation.
    func testRadialGradient() {
        let image = F.render(CGSize(width: 40, height: 40)) { ctx in
            ctx.drawRadialGradient(redToBlue, startCenter: CGPoint(x: 20, y: 20), startRadius: 0,
                                   endCenter: CGPoint(x: 20, y: 20), endRadius: 20, options: [])
        }
        XCTAssertGreaterThan(channels(F.pixel(image, 20, 20)).r, 240)
        XCTAssertGreaterThan(channels(F.pixel(image, 20, 1)).b, 230)
        XCTAssertEqual(F.pixel(image, 1, 1), F.transparent)
    }

    /// A bitmap context made with CGContext(data:…) has Core Graphics' own
    /// coordinates: origin at the bottom left, y up.
    func testBitmapContextHasBottomLeftOrigin() throws {
        let context = try XCTUnwrap(CGContext(data: nil, width: 4, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(UIColor.red.cgColor)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(F.pixel(image, 0, 2), F.opaqueRed)
        XCTAssertEqual(F.pixel(image, 0, 0), F.transparent)
        XCTAssertEqual(context.ctm, CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 3))
    }

    /// Over caller memory the context draws straight into it in cairo's
    /// layout (BGRA bytes on little endian); layouts it cannot draw give nil.
    func testBitmapContextOverCallerMemory() throws {
        var bytes = [UInt8](repeating: 0, count: 2 * 2 * 4)
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        try bytes.withUnsafeMutableBytes { buffer in
            let context = try XCTUnwrap(CGContext(data: buffer.baseAddress, width: 2, height: 2, bitsPerComponent: 8,
                                                  bytesPerRow: 8, space: CGColorSpaceCreateDeviceRGB(),
                                                  bitmapInfo: info))
            context.setFillColor(UIColor.blue.cgColor)
            context.fill(CGRect(x: 1, y: 1, width: 1, height: 1))  // top right, y being up
            context.flush()
        }
        XCTAssertEqual(Array(bytes[4..<8]), [0xff, 0, 0, 0xff], "B, G, R, A of pixel (1, 0)")
        XCTAssertEqual(Array(bytes[0..<4]), [0, 0, 0, 0])
        var rgba = [UInt8](repeating: 0, count: 16)
        rgba.withUnsafeMutableBytes { buffer in
            XCTAssertNil(CGContext(data: buffer.baseAddress, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
                                   space: CGColorSpaceCreateDeviceRGB(),
                                   bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        }
    }
}
