@testable import StrataServer
import StrataRender
import XCTest

/// The helpers every client value goes through before arithmetic
/// (Wayland/ClientValues.swift), at the edges of their types.
final class ClientValueTests: XCTestCase {
    private let limit = 1 << 29

    func testCoordinatesAreClampedToTheLimit() {
        XCTAssertEqual(ClientValue.coordinate(Int32.min), -limit)
        XCTAssertEqual(ClientValue.coordinate(Int32.max), limit)
        XCTAssertEqual(ClientValue.coordinate(UInt32.max), limit)
        XCTAssertEqual(ClientValue.coordinate(Int32(-7)), -7)
        XCTAssertEqual(ClientValue.coordinate(Int32(limit)), limit, "the limit itself is kept")
        XCTAssertEqual(ClientValue.coordinate(Int32(-limit - 1)), -limit)
    }

    func testLengthsAreClampedToZeroAndTheLimit() {
        XCTAssertEqual(ClientValue.length(Int32(-1)), 0)
        XCTAssertEqual(ClientValue.length(Int32.min), 0)
        XCTAssertEqual(ClientValue.length(Int32.max), limit)
        XCTAssertEqual(ClientValue.length(UInt32.max), limit)
        XCTAssertEqual(ClientValue.length(Int32(640)), 640)
    }

    func testDoubleCoordinatesAreClampedAndNaNIsZero() {
        XCTAssertEqual(ClientValue.coordinate(1e300), Double(limit))
        XCTAssertEqual(ClientValue.coordinate(Double(limit) + 0.5), Double(limit))
        XCTAssertEqual(ClientValue.coordinate(-Double.infinity), -Double(limit))
        XCTAssertEqual(ClientValue.coordinate(Double.nan), 0)
        XCTAssertEqual(ClientValue.coordinate(-12.5), -12.5)
    }

    func testFixedIsExact() {
        XCTAssertEqual(ClientValue.double(fixed: 256), 1)
        XCTAssertEqual(ClientValue.double(fixed: -1), -1.0 / 256)
        XCTAssertEqual(ClientValue.double(fixed: Int32.max), Double(Int32.max) / 256)
        XCTAssertEqual(ClientValue.double(fixed: Int32.min), -8_388_608)
    }

    /// The edges are clamped, not the origin and the size apart: the far
    /// edge of a rectangle that starts at Int32.max is at the limit too.
    func testRectanglesKeepTheirEdgesInsideTheLimit() {
        XCTAssertEqual(ClientValue.rect(x: Int32.min, y: 0, width: Int32.max, height: 10),
                       PixelRect(x: -limit, y: 0, width: limit - 1, height: 10))
        XCTAssertEqual(ClientValue.rect(x: Int32(-1), y: 0, width: Int32.max, height: 10),
                       PixelRect(x: -1, y: 0, width: limit + 1, height: 10))
        XCTAssertEqual(ClientValue.rect(x: Int32.max, y: Int32.max, width: Int32.max, height: Int32.max),
                       PixelRect(x: limit, y: limit, width: 0, height: 0))
        XCTAssertEqual(ClientValue.rect(x: Int32.min, y: Int32.min, width: Int32.max, height: Int32.max).width, limit - 1)
        XCTAssertEqual(ClientValue.rect(x: Int32(10), y: 20, width: -5, height: 3), PixelRect(x: 10, y: 20, width: 0, height: 3),
                       "a negative size is empty")
        XCTAssertEqual(ClientValue.rect(x: Int32(3), y: 4, width: 5, height: 6), PixelRect(x: 3, y: 4, width: 5, height: 6))
        // Every edge, and the widest rectangle there is, fits Int32 with room to add another clamped value.
        let widest = ClientValue.rect(x: Int32.min, y: Int32.min, width: Int32.max, height: Int32.max)
        let far = ClientValue.rect(x: Int32(0), y: 0, width: Int32.max, height: Int32.max)
        XCTAssertEqual(far.x + far.width, limit)
        XCTAssertLessThanOrEqual(far.x + far.width - widest.x + limit, Int(Int32.max))
    }

    func testConversionsToTheWireSaturate() {
        XCTAssertEqual(ClientValue.int32(Int.max), Int32.max)
        XCTAssertEqual(ClientValue.int32(Int(Int32.min) - 1), Int32.min)
        XCTAssertEqual(ClientValue.int32(-5), -5)
        XCTAssertEqual(ClientValue.uint32(-1), 0)
        XCTAssertEqual(ClientValue.uint32(Int(UInt32.max) + 1), UInt32.max)
        XCTAssertEqual(ClientValue.uint32(7), 7)
    }

    func testDoublesConvertTowardZeroAndSaturate() {
        XCTAssertEqual(ClientValue.int(1e300), Int.max)
        XCTAssertEqual(ClientValue.int(-1e300), Int.min)
        XCTAssertEqual(ClientValue.int(Double.infinity), Int.max)
        XCTAssertEqual(ClientValue.int(Double.nan), 0)
        XCTAssertEqual(ClientValue.int(0x1p63), Int.max, "2^63 is one past Int.max")
        XCTAssertEqual(ClientValue.int(-0x1p63), Int.min, "-2^63 is Int.min exactly")
        XCTAssertEqual(ClientValue.int(-2.7), -2)
        XCTAssertEqual(ClientValue.int(2.7), 2)
        XCTAssertEqual(ClientValue.int32(4_294_967_296.0 + 1280), Int32.max)
        XCTAssertEqual(ClientValue.int32(-1e20), Int32.min)
        XCTAssertEqual(ClientValue.uint32(4_294_967_296.0 + 1280), UInt32.max)
        XCTAssertEqual(ClientValue.uint32(-3.5), 0)
        XCTAssertEqual(ClientValue.uint32(Double.nan), 0)
        XCTAssertEqual(ClientValue.uint32(640.9), 640)
    }

    func testSaturatingArithmetic() {
        XCTAssertEqual(ClientValue.sum(Int32.max, 1), Int32.max)
        XCTAssertEqual(ClientValue.sum(Int32.min, -1), Int32.min)
        XCTAssertEqual(ClientValue.sum(UInt32.max - 3, 8), UInt32.max)
        XCTAssertEqual(ClientValue.sum(Int32(5), -7), -2)
        XCTAssertEqual(ClientValue.difference(Int32.min, 1), Int32.min)
        XCTAssertEqual(ClientValue.difference(Int32.max, -1), Int32.max)
        XCTAssertEqual(ClientValue.difference(UInt32(3), 5), 0)
        XCTAssertEqual(ClientValue.difference(Int32(5), 7), -2)
        XCTAssertEqual(ClientValue.product(Int32.max, 2), Int32.max)
        XCTAssertEqual(ClientValue.product(Int32.max, -2), Int32.min)
        XCTAssertEqual(ClientValue.product(Int32.min, -1), Int32.max)
        XCTAssertEqual(ClientValue.product(Int32(-3), 4), -12)
        XCTAssertEqual(ClientValue.product(Int.max, Int.max), Int.max)
    }

    func testSpansAreWide() {
        XCTAssertEqual(ClientValue.span(from: Int32.min, to: Int32.max), Int(UInt32.max))
        XCTAssertEqual(ClientValue.span(from: Int32(5), to: 3), 0, "backwards is empty")
        XCTAssertEqual(ClientValue.span(from: Int.min, to: Int.max), Int.max)
        XCTAssertEqual(ClientValue.span(from: Int32(-2), to: 3), 5)
    }

    func testExactArithmeticIsNilOnOverflow() {
        XCTAssertNil(ClientValue.exactSum(UInt32.max - 3, 8))
        XCTAssertEqual(ClientValue.exactSum(UInt32.max - 8, 8), UInt32.max)
        XCTAssertNil(ClientValue.exactSum(Int32.min, -1))
    }
}
