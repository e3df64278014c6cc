import Foundation
import TestSupport
import XCTest

/// A test case with a `strata` of its own for each test (stopped after it,
/// which must exit 0), and the check protocol conformance tests share.
class CompositorTestCase: XCTestCase {
    var strata: StrataProcess!

    /// The compositor each test starts with; subclasses override it.
    func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 320, height: 240, manualFrames: true)
    }

    override func setUpWithError() throws {
        strata = try makeStrata()
    }

    override func tearDown() {
        if let strata { XCTAssertEqual(strata.stop(), 0, strata.serverLog) }
        strata = nil
    }

    /// `client`'s last requests ended it with this protocol error, and the
    /// compositor goes on serving: it renders, and a new client is answered.
    func assertProtocolError(_ client: RawClient, interface: String, code: UInt32,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertFalse(client.roundtrip(), "expected a protocol error", file: file, line: line)
        XCTAssertEqual(client.protocolError?.interface, interface, file: file, line: line)
        XCTAssertEqual(client.protocolError?.code, code, file: file, line: line)
        XCTAssertEqual(try strata.control("frame").status, 0, strata.serverLog, file: file, line: line)
        XCTAssertTrue(try RawClient(strata).roundtrip(), "others are still served", file: file, line: line)
    }
}
