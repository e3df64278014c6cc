import CPixman
import StrataRender
import TestSupport
import XCTest

/// PNG files keep colors un-premultiplied, pixman images premultiplied.
final class PNGFileTests: XCTestCase {
    func testRoundTripUnpremultipliesAndPremultiplies() throws {
        let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, 3, 1, nil, 0)!
        defer { pixman_image_unref(image) }
        let data = pixman_image_get_data(image)!
        data[0] = 0xff11_2233          // opaque
        data[1] = 0x8040_0020          // half-transparent (premultiplied)
        data[2] = 0x0000_0000          // transparent
        let path = "/tmp/strata-test-output/png-roundtrip.png"
        try FileManager.default.createDirectory(atPath: "/tmp/strata-test-output", withIntermediateDirectories: true)
        try PNGFile.write(image, to: path)
        let read = try PNGFile.read(path: path)
        defer { pixman_image_unref(read) }
        XCTAssertEqual(pixman_image_get_width(read), 3)
        XCTAssertEqual(pixman_image_get_format(read), PIXMAN_a8r8g8b8)
        let pixels = Pixels(read)
        XCTAssertEqual(pixels[0, 0], 0xff11_2233)
        XCTAssertEqual(pixels[1, 0], 0x8040_0020)
        XCTAssertEqual(pixels[2, 0], 0)
    }

    func testMissingFileThrows() {
        XCTAssertThrowsError(try PNGFile.read(path: "/nonexistent/none.png")) { error in
            XCTAssert("\(error)".contains("/nonexistent/none.png"))
        }
    }
}
