import XCTest
@testable import StrataKit

/// View Programming Guide for iOS, "The Relationship of the Frame, Bounds,
/// and Center Properties" and "Coordinate System Transformations".
final class ViewGeometryTests: XCTestCase {
    func assertEqual(_ a: CGRect, _ b: CGRect, accuracy: CGFloat = 1e-9,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.minX, b.minX, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.minY, b.minY, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.width, b.width, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.height, b.height, accuracy: accuracy, file: file, line: line)
    }

    /// init(frame:): the bounds origin is (0, 0) and the size the frame's;
    /// the center is the frame's middle.
    func testInitFrame() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(view.frame, CGRect(x: 10, y: 20, width: 100, height: 50))
        XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(view.center, CGPoint(x: 60, y: 45))
        XCTAssertEqual(UIView().frame, .zero)
    }

    /// Guide: changing the center moves the frame; the bounds stay.
    func testSettingCenterMovesFrame() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.center = CGPoint(x: 200, y: 200)
        XCTAssertEqual(view.frame, CGRect(x: 150, y: 175, width: 100, height: 50))
        XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    /// Guide: changing the bounds size changes the frame size about the center.
    func testSettingBoundsSizeKeepsCenter() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        XCTAssertEqual(view.center, CGPoint(x: 50, y: 25))
        XCTAssertEqual(view.frame, CGRect(x: -50, y: -25, width: 200, height: 100))
    }

    /// Guide: changing the frame changes the bounds size and the center.
    func testSettingFrameSetsCenterAndBoundsSize() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.bounds.origin = CGPoint(x: 7, y: 7)
        view.frame = CGRect(x: 10, y: 10, width: 40, height: 20)
        XCTAssertEqual(view.center, CGPoint(x: 30, y: 20))
        XCTAssertEqual(view.bounds, CGRect(x: 7, y: 7, width: 40, height: 20), "the bounds origin is kept")
    }

    /// Guide: a bounds origin change leaves the frame alone but shifts what
    /// the view shows: its subviews move on screen.
    func testBoundsOriginShiftsSubviews() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 10, height: 10))
        parent.addSubview(child)
        parent.bounds.origin = CGPoint(x: 20, y: 30)
        XCTAssertEqual(parent.frame, CGRect(x: 0, y: 0, width: 200, height: 200))
        XCTAssertEqual(child.frame, CGRect(x: 50, y: 50, width: 10, height: 10))
        XCTAssertEqual(child.convert(CGPoint.zero, to: parent), CGPoint(x: 50, y: 50))
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        root.addSubview(parent)
        XCTAssertEqual(child.convert(CGPoint.zero, to: root), CGPoint(x: 30, y: 20))
    }

    /// UIView.transform: the transform is about the center; the bounds and
    /// center do not change; the frame becomes the enclosing rect.
    func testTransformChangesFrameOnly() {
        let view = UIView(frame: CGRect(x: 50, y: 75, width: 100, height: 50))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        XCTAssertEqual(view.center, CGPoint(x: 100, y: 100))
        XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        assertEqual(view.frame, CGRect(x: 75, y: 50, width: 50, height: 100))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        assertEqual(view.frame, CGRect(x: 0, y: 50, width: 200, height: 100))
        view.transform = .identity
        XCTAssertEqual(view.frame, CGRect(x: 50, y: 75, width: 100, height: 50))
    }

    /// Moving the center of a transformed view moves its frame with it.
    func testCenterUnderTransform() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.transform = CGAffineTransform(scaleX: 2, y: 1)
        view.center = CGPoint(x: 200, y: 100)
        assertEqual(view.frame, CGRect(x: 100, y: 75, width: 200, height: 50))
    }

    /// The view's geometry is its layer's: center is position, bounds are bounds.
    func testGeometryIsTheLayers() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(view.layer.position, view.center)
        XCTAssertEqual(view.layer.bounds, view.bounds)
        view.transform = CGAffineTransform(translationX: 5, y: 0)
        XCTAssertEqual(view.layer.affineTransform(), view.transform)
    }

    /// sizeThatFits returns the current size by default; sizeToFit keeps the origin.
    func testSizeToFit() {
        final class Fixed: UIView {
            override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 40, height: 10) }
        }
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        XCTAssertEqual(plain.sizeThatFits(.zero), CGSize(width: 30, height: 20))
        let view = Fixed(frame: CGRect(x: 5, y: 6, width: 100, height: 100))
        view.sizeToFit()
        XCTAssertEqual(view.frame, CGRect(x: 5, y: 6, width: 40, height: 10))
    }
}
