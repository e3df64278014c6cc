import XCTest
@testable import StrataKit

/// CGAffineTransform and the applying(_:) helpers, as Core Graphics documents them.
final class GeometryTests: XCTestCase {
    func assertEqual(_ a: CGPoint, _ b: CGPoint, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: 1e-9, file: file, line: line)
    }

    func assertEqual(_ a: CGRect, _ b: CGRect, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.minX, b.minX, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.minY, b.minY, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.width, b.width, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(a.height, b.height, accuracy: 1e-9, file: file, line: line)
    }

    /// CGAffineTransformIdentity is [1 0 0 1 0 0]; isIdentity is true only for it.
    func testIdentity() {
        XCTAssertEqual(CGAffineTransform.identity, CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertTrue(CGAffineTransform().isIdentity)
        XCTAssertFalse(CGAffineTransform(translationX: 1, y: 0).isIdentity)
    }

    /// CG maps (x, y) to (a·x + c·y + tx, b·x + d·y + ty).
    func testPointApplyingUsesTheCGMatrixConvention() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 9, y: 12))
    }

    /// CGAffineTransformMakeRotation: in UIKit's y-down space a positive angle
    /// turns the x axis towards +y.
    func testRotationAngle() {
        assertEqual(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1))
    }

    /// t1.concatenating(t2) applies t1, then t2.
    func testConcatenatingAppliesTheReceiverFirst() {
        let scaleThenMove = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(scaleThenMove), CGPoint(x: 12, y: 2))
        let moveThenScale = CGAffineTransform(translationX: 10, y: 0).concatenating(CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(moveThenScale), CGPoint(x: 22, y: 2))
    }

    /// CGAffineTransformScale/Translate/Rotate(t, …) apply the new operation
    /// first, then t.
    func testScaledTranslatedRotatedPrependTheirOperation() {
        let t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 12, y: 23))
        let u = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 1, y: 1)
        XCTAssertEqual(CGPoint.zero.applying(u), CGPoint(x: 2, y: 3))
        let r = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)
        assertEqual(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 5, y: 1))
    }

    /// CGAffineTransformInvert: t then its inverse is the identity; a singular
    /// matrix is returned unchanged.
    func testInverted() {
        let t = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 5, y: 7).scaledBy(x: 2, y: 3)
        let p = CGPoint(x: 13, y: -4)
        assertEqual(p.applying(t).applying(t.inverted()), p)
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        XCTAssertEqual(singular.inverted(), singular)
    }

    /// CGSizeApplyAffineTransform ignores the translation.
    func testSizeApplyingIgnoresTranslation() {
        let t = CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: 3)
        XCTAssertEqual(CGSize(width: 10, height: 10).applying(t), CGSize(width: 20, height: 30))
    }

    /// CGRectApplyAffineTransform returns the smallest rectangle containing
    /// the transformed corners.
    func testRectApplyingRotationEnclosesTheCorners() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let half = 10 / CGFloat(2).squareRoot()
        assertEqual(rect, CGRect(x: -half, y: 0, width: 2 * half, height: 2 * half))
    }

    /// A negative scale flips the rect; the result is standardized.
    func testRectApplyingFlipIsStandardized() {
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40).applying(CGAffineTransform(scaleX: -1, y: 1))
        XCTAssertEqual(rect, CGRect(x: -40, y: 20, width: 30, height: 40))
    }

    /// CGRectNull stays null under any transform.
    func testNullRectStaysNull() {
        XCTAssertTrue(CGRect.null.applying(CGAffineTransform(rotationAngle: 1)).isNull)
    }
}

/// UIKit's geometry helpers that Foundation on Linux lacks.
final class GeometryHelperTests: XCTestCase {
    /// UIEdgeInsetsInsetRect: each edge moves in by its inset.
    func testRectInsetByEdgeInsets() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        XCTAssertEqual(rect.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
                       CGRect(x: 2, y: 1, width: 94, height: 46))
        XCTAssertEqual(rect.inset(by: .zero), rect)
    }

    /// CGPointEqualToPoint and friends.
    func testEqualTo() {
        XCTAssertTrue(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        XCTAssertFalse(CGSize(width: 1, height: 2).equalTo(.zero))
        XCTAssertTrue(CGRect.zero.equalTo(CGRect(x: 0, y: 0, width: 0, height: 0)))
        XCTAssertEqual(CGVector(dx: 1, dy: 2).dy, 2)
    }
}
