import XCTest
final class ServerSmokeTests: XCTestCase { func testNothing() {} }
