import XCTest
import StrataProtocol
@testable import StrataKit

/// CGPath as strata-layers-v1 carries it (LayerPath): element for element,
/// arcs and rounded rects already as cubic curves.
final class LayerPathConversionTests: XCTestCase {
    func testRect() {
        let path = LayerPath(CGPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40), transform: nil))
        XCTAssertEqual(path.elements, [.move(Point(x: 10, y: 20)), .line(Point(x: 40, y: 20)), .line(Point(x: 40, y: 60)),
                                       .line(Point(x: 10, y: 60)), .close])
        XCTAssertEqual(path.wireValue, [0, 10, 20, 1, 40, 20, 1, 40, 60, 1, 10, 60, 4])
    }

    /// A quarter circle is one cubic with the standard 0.5523 control distance,
    /// and in UIKit's flipped space "clockwise" from angle 0 ends at +y.
    func testArc() throws {
        let arc = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let path = LayerPath(arc.cgPath)
        XCTAssertEqual(path.elements.count, 2)
        guard case .move(let start) = path.elements[0], case .cubic(let c1, let c2, let end) = path.elements[1] else {
            return XCTFail("\(path.elements)")
        }
        let k = 4.0 / 3.0 * tan(Double.pi / 8) * 10
        for (point, expected) in [(start, Point(x: 60, y: 50)), (c1, Point(x: 60, y: 50 + k)), (c2, Point(x: 50 + k, y: 60)),
                                  (end, Point(x: 50, y: 60))] {
            XCTAssertEqual(point.x, expected.x, accuracy: 1e-9)
            XCTAssertEqual(point.y, expected.y, accuracy: 1e-9)
        }
    }

    /// A rounded rect: four straight edges and four corner curves, closed,
    /// within the rect, each corner curve spanning the radius.
    func testRoundedRect() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        let path = LayerPath(UIBezierPath(roundedRect: rect, cornerRadius: 10).cgPath)
        let cubics = path.elements.compactMap { element -> (Point, Point, Point)? in
            if case .cubic(let c1, let c2, let p) = element { return (c1, c2, p) } else { return nil }
        }
        XCTAssertGreaterThanOrEqual(cubics.count, 4)
        XCTAssertEqual(path.elements.first.map { if case .move = $0 { return true } else { return false } }, true)
        XCTAssertEqual(path.elements.last, .close)
        XCTAssertEqual(path.controlBounds, Rect(x: 0, y: 0, width: 100, height: 50))
        // Every corner's curve ends on an edge, at least the radius from the corner it rounds... or at it.
        XCTAssertTrue(cubics.allSatisfy { $0.2.x == 0 || $0.2.x == 100 || $0.2.y == 0 || $0.2.y == 50 })
        // The curves leave the corners themselves uncovered.
        XCTAssertFalse(path.elements.contains(.line(Point(x: 100, y: 0))))
    }

    /// The wire form decodes back to the same path (the compositor's side).
    func testWireRoundTrip() throws {
        let ellipse = LayerPath(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil))
        XCTAssertEqual(try LayerPath(wire: ellipse.wireValue), ellipse)
    }

    /// A path too long for one 4 KiB message is kept whole and sent in
    /// parts of whole elements, each within one message, that join back to it.
    func testLongPathsGoOutInPartsThatJoinBack() throws {
        let polyline = CGMutablePath()
        polyline.addLines(between: (0...1000).map { CGPoint(x: $0, y: $0 % 7) })
        let path = LayerPath(polyline)
        XCTAssertEqual(path.elements.count, 1001, "nothing is thinned")
        let parts = path.wireParts
        XCTAssertGreaterThan(parts.count, 1)
        XCTAssertTrue(parts.allSatisfy { $0.count <= LayerPath.doublesPerMessage })
        var joined = LayerPath()
        for part in parts { joined.elements += try LayerPath(wire: part).elements }
        XCTAssertEqual(joined, path)
        XCTAssertEqual(LayerPath().wireParts, [[]], "an empty path is one empty part: it removes the shape")
    }

    /// Coordinates the protocol refuses are clamped.
    func testHugeCoordinatesAreClamped() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1e12, y: -1e13))
        XCTAssertEqual(LayerPath(path).elements, [.move(Point(x: 16_777_216, y: -16_777_216))])
    }
}
