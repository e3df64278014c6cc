import XCTest
final class RenderSmokeTests: XCTestCase { func testNothing() {} }
