import Foundation
import XCTest
@testable import StrataKit

final class ImageRendererTests: XCTestCase {
    typealias F = DrawingFixtures

    /// UIGraphicsImageRenderer runs the actions with a context at the
    /// format's scale that is also the current UIKit context, and returns the image.
    func testRendererDrawsAtTheFormatScale() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 3), format: format)
        let image = renderer.image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 3))
            XCTAssertTrue(UIGraphicsGetCurrentContext() === context.cgContext)
        }
        XCTAssertNil(UIGraphicsGetCurrentContext())
        XCTAssertEqual(image.scale, 2)
        XCTAssertEqual(image.size, CGSize(width: 4, height: 3))
        let pixels = try XCTUnwrap(image.cgImage)
        XCTAssertEqual(F.columns(pixels, row: 0, equal: F.opaqueRed), [0, 1, 2, 3])
    }

    /// A renderer for bounds with an origin draws in those coordinates.
    func testRendererBoundsOrigin() throws {
        let renderer = UIGraphicsImageRenderer(bounds: CGRect(x: 10, y: 10, width: 4, height: 4))
        let image = renderer.image { context in
            context.fill(CGRect(x: 10, y: 10, width: 1, height: 1))
        }
        XCTAssertEqual(F.pixel(image.cgImage!, 0, 0), F.opaqueBlack)
        XCTAssertEqual(F.pixel(image.cgImage!, 1, 1), F.transparent)
    }

    /// pngData and UIImage(data:) round-trip the pixels.
    func testPNGRoundTrip() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2)).image { _ in
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 1, y: 0, width: 1, height: 2))
        }
        let data = try XCTUnwrap(image.pngData())
        XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4e, 0x47])
        let decoded = try XCTUnwrap(UIImage(data: data))
        XCTAssertEqual(decoded.size, CGSize(width: 3, height: 2))
        XCTAssertEqual(F.pixel(decoded.cgImage!, 1, 1), F.opaqueBlue)
        XCTAssertEqual(F.pixel(decoded.cgImage!, 0, 1), F.transparent)
        XCTAssertNil(UIImage(data: Data("nope".utf8)))
    }
}
