import CCairo
import Foundation
import XCTest
@testable import StrataKit

final class ImageTests: XCTestCase {
    typealias F = DrawingFixtures
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-image-tests-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes a PNG of `width`×`height` pixels: the top half red, the bottom
    /// half blue, so orientation shows.
    private func writePNG(named name: String, width: Int, height: Int) -> String {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_rectangle(cr, 0, 0, Double(width), Double(height) / 2)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0, 0, 1)
        cairo_rectangle(cr, 0, Double(height) / 2, Double(width), Double(height) / 2)
        cairo_fill(cr)
        cairo_destroy(cr)
        let path = directory.appendingPathComponent(name).path
        XCTAssertEqual(cairo_surface_write_to_png(surface, path), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        return path
    }

    /// A file named …@2x.png is a scale-2 image whose size in points is half
    /// its pixel size (UIKit: "the size … in points … pixel dimensions divided by scale").
    func testContentsOfFileHonoursTheScaleSuffix() throws {
        let image = try XCTUnwrap(UIImage(contentsOfFile: writePNG(named: "tile@2x.png", width: 8, height: 6)))
        XCTAssertEqual(image.scale, 2)
        XCTAssertEqual(image.size, CGSize(width: 4, height: 3))
        XCTAssertEqual(image.cgImage?.width, 8)
        XCTAssertEqual(image.cgImage?.height, 6)
        XCTAssertEqual(image.cgImage?.bitsPerPixel, 32)
        XCTAssertGreaterThanOrEqual(image.cgImage!.bytesPerRow, 32)
        let plain = try XCTUnwrap(UIImage(contentsOfFile: writePNG(named: "tile.png", width: 8, height: 6)))
        XCTAssertEqual(plain.scale, 1)
        XCTAssertEqual(plain.size, CGSize(width: 8, height: 6))
        let triple = try XCTUnwrap(UIImage(contentsOfFile: writePNG(named: "tile@3x.png", width: 9, height: 6)))
        XCTAssertEqual(triple.size, CGSize(width: 3, height: 2))
    }

    func testContentsOfMissingOrBadFileIsNil() throws {
        XCTAssertNil(UIImage(contentsOfFile: directory.appendingPathComponent("missing.png").path))
        let bad = directory.appendingPathComponent("bad.png")
        try Data("not a png".utf8).write(to: bad)
        XCTAssertNil(UIImage(contentsOfFile: bad.path))
    }

    /// The pixels are premultiplied ARGB32 in host order (the contents format).
    func testPixelsArePremultipliedARGB() throws {
        let image = try XCTUnwrap(UIImage(contentsOfFile: writePNG(named: "p.png", width: 2, height: 2)))
        XCTAssertEqual(F.pixel(image.cgImage!, 0, 0), F.opaqueRed)
        XCTAssertEqual(F.pixel(image.cgImage!, 0, 1), F.opaqueBlue)
    }

    /// UIImage.draw(in:) draws the image upright in UIKit coordinates (top
    /// row at the top), and a @2x image drawn at its point size into a scale-2
    /// context maps pixel for pixel.
    func testDrawInRectIsUprightAndTwoXMapsPixelForPixel() throws {
        let image = try XCTUnwrap(UIImage(contentsOfFile: writePNG(named: "i@2x.png", width: 8, height: 8)))
        let drawn = F.render(CGSize(width: 10, height: 10), scale: 2) { _ in
            image.draw(at: CGPoint(x: 1, y: 1))
        }
        XCTAssertEqual(F.rows(drawn, column: 4, equal: F.opaqueRed), Array(2..<6))
        XCTAssertEqual(F.rows(drawn, column: 4, equal: F.opaqueBlue), Array(6..<10))
        XCTAssertEqual(F.columns(drawn, row: 3, equal: F.opaqueRed), Array(2..<10))
        XCTAssertEqual(F.pixel(drawn, 1, 3), F.transparent)
    }

    /// draw(in:) scales the image to the rect.
    func testDrawInRectScales() throws {
        let image = try XCTUnwrap(UIImage(contentsOfFile: writePNG(named: "s.png", width: 2, height: 2)))
        let drawn = F.render(CGSize(width: 20, height: 20)) { ctx in
            ctx.interpolationQuality = .none
            image.draw(in: CGRect(x: 0, y: 0, width: 20, height: 10))
        }
        XCTAssertEqual(F.rows(drawn, column: 10, equal: F.opaqueRed), Array(0..<5))
        XCTAssertEqual(F.rows(drawn, column: 10, equal: F.opaqueBlue), Array(5..<10))
        XCTAssertEqual(F.pixel(drawn, 10, 12), F.transparent)
    }

    /// CGContext.draw(_:in:) draws in Core Graphics' own (y-up) sense, so in
    /// a UIKit context the image comes out upside down — the documented
    /// reason UIKit code flips the CTM or uses UIImage.draw instead.
    func testContextDrawImageIsFlippedInUIKitCoordinates() throws {
        let image = try XCTUnwrap(UIImage(contentsOfFile: writePNG(named: "f.png", width: 4, height: 4)))
        let drawn = F.render(CGSize(width: 4, height: 4)) { ctx in
            ctx.draw(image.cgImage!, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        XCTAssertEqual(F.rows(drawn, column: 1, equal: F.opaqueBlue), [0, 1])
        XCTAssertEqual(F.rows(drawn, column: 1, equal: F.opaqueRed), [2, 3])
        // The usual UIKit fix: flip the CTM about the rect first.
        let fixed = F.render(CGSize(width: 4, height: 4)) { ctx in
            ctx.translateBy(x: 0, y: 4)
            ctx.scaleBy(x: 1, y: -1)
            ctx.draw(image.cgImage!, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        XCTAssertEqual(F.rows(fixed, column: 1, equal: F.opaqueRed), [0, 1])
    }

    /// draw(in:blendMode:alpha:) applies alpha to the image.
    func testDrawWithAlpha() throws {
        let image = try XCTUnwrap(UIImage(contentsOfFile: writePNG(named: "a.png", width: 2, height: 2)))
        let drawn = F.render(CGSize(width: 2, height: 2)) { _ in
            image.draw(in: CGRect(x: 0, y: 0, width: 2, height: 2), blendMode: .normal, alpha: 0.5)
        }
        XCTAssertEqual(F.pixel(drawn, 0, 0), 0x8080_0000)
    }

    /// An image context's image has the context's scale and size in points,
    /// and is a snapshot: drawing after taking it does not change it.
    func testImageContextSnapshot() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 5, height: 4), false, 2)
        UIColor.green.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 4))
        let image = try XCTUnwrap(UIGraphicsGetImageFromCurrentImageContext())
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 5, height: 4))
        UIGraphicsEndImageContext()
        XCTAssertNil(UIGraphicsGetCurrentContext(), "ending pops the context")
        XCTAssertEqual(image.scale, 2)
        XCTAssertEqual(image.size, CGSize(width: 5, height: 4))
        XCTAssertEqual(F.pixel(image.cgImage!, 9, 7), F.opaqueGreen)
    }

    /// UIGraphicsPushContext/PopContext form a stack (UIKit: "makes the
    /// specified graphics context the current context … restores the previous").
    func testContextStack() {
        let a = CGContext(image: CGImage(width: 1, height: 1)), b = CGContext(image: CGImage(width: 1, height: 1))
        XCTAssertNil(UIGraphicsGetCurrentContext())
        UIGraphicsPushContext(a)
        UIGraphicsPushContext(b)
        XCTAssertTrue(UIGraphicsGetCurrentContext() === b)
        UIGraphicsPopContext()
        XCTAssertTrue(UIGraphicsGetCurrentContext() === a)
        UIGraphicsPopContext()
        XCTAssertNil(UIGraphicsGetCurrentContext())
        XCTAssertNil(UIGraphicsGetImageFromCurrentImageContext(), "no image context")
    }

    /// cropping(to:) takes the pixels inside the rect.
    func testCropping() throws {
        let image = try XCTUnwrap(UIImage(contentsOfFile: writePNG(named: "c.png", width: 4, height: 4)))
        let bottom = try XCTUnwrap(image.cgImage!.cropping(to: CGRect(x: 1, y: 2, width: 2, height: 2)))
        XCTAssertEqual(bottom.width, 2)
        XCTAssertEqual(F.pixel(bottom, 0, 0), F.opaqueBlue)
        XCTAssertNil(image.cgImage!.cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)))
    }
}
