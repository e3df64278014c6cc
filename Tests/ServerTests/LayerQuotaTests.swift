import Foundation
import StrataProtocol
import StrataWayland
import TestSupport
import XCTest

/// The advertised limits of strata_layers_v1 hold, for the client that goes
/// over them and no other.
final class LayerQuotaTests: XCTestCase {
    private var strata: StrataProcess!

    override func tearDown() {
        strata?.stop()
        strata = nil
    }

    private func start(manualFrames: Bool = false, _ arguments: [String]) throws {
        strata = try StrataProcess(width: 320, height: 240, manualFrames: manualFrames, extraArguments: arguments)
    }

    private func connect() throws -> (Connection, WaylandLayerManager) {
        let connection = try Connection(name: strata.waylandSocketPath)
        return (connection, try connection.requireLayerManager())
    }

    /// Dispatches until the connection reports its protocol error.
    private func protocolError(of connection: Connection) throws -> (interfaceName: String, objectID: UInt32, code: UInt32) {
        do {
            try connection.flush()
            _ = try connection.dispatch(until: { connection.protocolError != nil }, timeout: 5)
        } catch {}
        return try XCTUnwrap(connection.protocolError, "no protocol error")
    }

    /// A second client is served as before.
    private func assertOtherClientsGoOn() throws {
        let (_, manager) = try connect()
        let layer = manager.createLayer()
        layer.setBounds(Rect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertNoThrow(try manager.waitForPresented(manager.commit()))
    }

    func testLimitsComeFromTheCommandLine() throws {
        try start(["--max-layers", "8", "--max-buffer-bytes", "4096", "--max-pending-commits", "2"])
        let (_, manager) = try connect()
        XCTAssertEqual(manager.limits, Limits(maxLayers: 8, maxBufferBytes: 4096, maxPendingCommits: 2))
    }

    func testOneLayerOverTheLimitIsAnError() throws {
        try start(["--max-layers", "8"])
        let (connection, manager) = try connect()
        let layers = (0..<8).map { _ in manager.createLayer() }
        try connection.roundtrip()  // eight is allowed
        let ninth = manager.createLayer()
        let error = try protocolError(of: connection)
        XCTAssertEqual(error.interfaceName, "strata_layers_v1")
        XCTAssertEqual(error.code, 0)
        _ = (layers, ninth)
        try assertOtherClientsGoOn()
    }

    func testDestroyedLayersFreeTheirQuota() throws {
        try start(["--max-layers", "2"])
        let (connection, manager) = try connect()
        for _ in 0..<5 {
            manager.createLayer().destroy()
        }
        try connection.roundtrip()
        XCTAssertNil(connection.protocolError)
    }

    func testContentsOverTheByteLimitAreAnError() throws {
        try start(["--max-buffer-bytes", "4096"])  // 32×32 pixels
        let (connection, manager) = try connect()
        let layer = manager.createLayer()
        let small = try ShmBuffer(connection: connection, width: 32, height: 32, format: .argb8888)
        layer.setContents(small)
        _ = try manager.waitForPresented(manager.commit())
        let large = try ShmBuffer(connection: connection, width: 33, height: 32, format: .argb8888)
        layer.setContents(large)
        _ = manager.commit()
        let error = try protocolError(of: connection)
        XCTAssertEqual(error.interfaceName, "strata_layers_v1")
        XCTAssertEqual(error.code, 0)
        _ = (small, large)
        try assertOtherClientsGoOn()
    }

    /// With frames rendered only on request nothing is presented, so the
    /// commits stay in flight and the third one is over a limit of two.
    func testCommitOverTheInFlightLimitIsAnError() throws {
        try start(manualFrames: true, ["--max-pending-commits", "2"])
        let (connection, manager) = try connect()
        _ = manager.commit()
        _ = manager.commit()
        try connection.roundtrip()
        XCTAssertNil(connection.protocolError)
        _ = manager.commit()
        let error = try protocolError(of: connection)
        XCTAssertEqual(error.interfaceName, "strata_layers_v1")
        XCTAssertEqual(error.code, 1)
    }

    /// Presentation answers commits, which frees room for more.
    func testPresentedCommitsLeaveFlight() throws {
        try start(manualFrames: true, ["--max-pending-commits", "2"])
        let (connection, manager) = try connect()
        let first = manager.commit(), second = manager.commit()
        try connection.roundtrip()
        XCTAssertEqual(try strata.control("frame").status, 0)
        _ = try manager.waitForPresented(second)
        XCTAssertTrue(manager.isPresented(first))
        let third = manager.commit()
        try connection.roundtrip()
        XCTAssertNil(connection.protocolError)
        XCTAssertFalse(manager.isPresented(third))
    }
}
