import XCTest
@testable import StrataKit

final class GeometryTests: XCTestCase {
    func testIdentity() {
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
    }
}
