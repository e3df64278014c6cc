import XCTest
@testable import StrataKit

/// UIView's convert(_:to:) / convert(_:from:): "If view is nil, this method
/// instead converts to window base coordinates"; transforms are applied.
final class ViewConvertTests: XCTestCase {
    func assertEqual(_ a: CGRect, _ b: CGRect, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.minX, b.minX, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.minY, b.minY, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.width, b.width, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.height, b.height, accuracy: 1e-9, file: file, line: line)
    }
    func assertEqual(_ a: CGPoint, _ b: CGPoint, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: 1e-9, file: file, line: line)
    }

    /// Between siblings: through both frames.
    func testConvertBetweenSiblings() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let a = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
        let b = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        root.addSubview(a)
        root.addSubview(b)
        XCTAssertEqual(a.convert(CGPoint(x: 5, y: 5), to: b), CGPoint(x: -85, y: -75))
        XCTAssertEqual(b.convert(CGPoint(x: 5, y: 5), from: a), CGPoint(x: -85, y: -75))
        XCTAssertEqual(a.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: root),
                       CGRect(x: 10, y: 20, width: 10, height: 10))
        XCTAssertEqual(root.convert(CGRect(x: 10, y: 20, width: 10, height: 10), to: a),
                       CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    /// Through a view rotated a quarter turn about its center.
    func testConvertThroughAQuarterTurn() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let rotated = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        root.addSubview(rotated)
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // The top-left corner (0, 0) is (-50, -25) from the center (50, 25);
        // turned clockwise it is (25, -50) from it: (75, -25).
        assertEqual(rotated.convert(CGPoint.zero, to: root), CGPoint(x: 75, y: -25))
        assertEqual(rotated.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: root),
                    CGRect(x: 65, y: -25, width: 10, height: 10))
        assertEqual(root.convert(CGPoint(x: 75, y: -25), to: rotated), .zero)
    }

    /// Through an eighth turn a square comes back as the smallest rect
    /// enclosing the rotated square.
    func testRectThroughAnEighthTurnIsTheEnclosingRect() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let rotated = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(rotated)
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let half = 10 * CGFloat(2).squareRoot()
        assertEqual(rotated.convert(CGRect(x: 40, y: 40, width: 20, height: 20), to: root),
                    CGRect(x: 50 - half, y: 50 - half, width: 2 * half, height: 2 * half))
    }

    /// Points make the round trip through nested transformed views.
    func testRoundTripThroughNestedTransforms() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let outer = UIView(frame: CGRect(x: 30, y: 40, width: 120, height: 80))
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        root.addSubview(outer)
        outer.addSubview(inner)
        outer.transform = CGAffineTransform(rotationAngle: 0.4).scaledBy(x: 1.5, y: 0.5)
        inner.transform = CGAffineTransform(rotationAngle: -1.1)
        outer.bounds.origin = CGPoint(x: 3, y: -2)
        let p = CGPoint(x: 7, y: 11)
        assertEqual(root.convert(inner.convert(p, to: root), to: inner), p)
        assertEqual(inner.convert(inner.convert(p, to: root), from: root), p)
    }

    /// nil means the window.
    func testNilMeansTheWindow() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let view = UIView(frame: CGRect(x: 20, y: 30, width: 50, height: 50))
        window.addSubview(view)
        XCTAssertEqual(view.convert(CGPoint(x: 1, y: 2), to: nil), CGPoint(x: 21, y: 32))
        XCTAssertEqual(view.convert(CGPoint(x: 21, y: 32), from: nil), CGPoint(x: 1, y: 2))
        XCTAssertEqual(view.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: nil),
                       CGRect(x: 20, y: 30, width: 5, height: 5))
        XCTAssertEqual(view.convert(CGRect(x: 20, y: 30, width: 5, height: 5), from: nil),
                       CGRect(x: 0, y: 0, width: 5, height: 5))
    }
}
