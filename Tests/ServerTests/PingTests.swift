import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// Pings on a real `strata`: asking to close a window pings its client; a
/// client that answers is left alone, one that misses the ping for five
/// seconds is shown not responding, and asking again disconnects it with
/// xdg_wm_base's `unresponsive` error (a late pong clears the mark instead).
final class PingTests: CompositorTestCase {
    /// Answers (or only counts) the pings on a window's xdg_wm_base.
    final class PingAnswerer {
        var answers = true
        private(set) var pings: [UInt32] = []
        private let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        init(_ window: ManagedWindow) {
            listener.initialize(to: xdg_wm_base_listener(ping: { data, base, serial in
                let me = Unmanaged<PingAnswerer>.fromOpaque(data!).takeUnretainedValue()
                me.pings.append(serial)
                if me.answers { xdg_wm_base_pong(base, serial) }
            }))
            xdg_wm_base_add_listener(window.base, listener, Unmanaged.passUnretained(self).toOpaque())
        }
        deinit { listener.deallocate() }
    }

    func responding() throws -> Bool? { try strata.window("W")["responding"] as? Bool }

    /// Waits (up to 10 s) until `strata tree` shows the window not responding.
    func waitUntilNotResponding(_ client: RawClient) throws {
        let deadline = Date().addingTimeInterval(10)
        while try responding() != false {
            guard Date() < deadline else { throw StrataTestError("never marked not responding") }
            usleep(100_000)
        }
    }

    func testAClientThatAnswersIsLeftAlone() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        let answerer = PingAnswerer(window)
        XCTAssertEqual(try strata.control("close", ["--title", "W"]).status, 0)
        client.roundtrip()
        XCTAssertEqual(window.closeRequests, 1)
        XCTAssertEqual(answerer.pings.count, 1, "asking to close pings")
        client.roundtrip()  // the pong
        XCTAssertEqual(try responding(), true)
        XCTAssertEqual(try strata.control("close", ["--title", "W"]).status, 0)
        client.roundtrip()
        XCTAssertEqual(window.closeRequests, 2, "asked again, not disconnected")
        XCTAssertNil(client.protocolError)
    }

    func testAClientThatMissesThePingIsMarkedAndAskingAgainDisconnectsIt() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80,
                                       decorationMode: ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
        let answerer = PingAnswerer(window)
        answerer.answers = false
        XCTAssertEqual(try strata.control("close", ["--title", "W"]).status, 0)
        client.roundtrip()
        XCTAssertEqual(answerer.pings.count, 1)
        XCTAssertEqual(try responding(), true, "not before the five seconds are up")
        try waitUntilNotResponding(client)

        // Another client is untouched by it.
        let bystander = try RawClient(strata)
        _ = try bystander.bind(strata_xdg_wm_base_interface(), version: 5)
        XCTAssertEqual(try strata.control("close", ["--title", "W"]).status, 0)
        try assertProtocolError(client, interface: "xdg_wm_base", code: XDG_WM_BASE_ERROR_UNRESPONSIVE.rawValue)
        XCTAssertEqual(window.closeRequests, 1, "the second request disconnected it instead of asking again")
        XCTAssertTrue(bystander.roundtrip())
        XCTAssertNil(try strata.windows().first { $0["title"] as? String == "W" }, "its window went with it")
    }

    func testALatePongClearsTheMark() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 100, height: 80)
        let answerer = PingAnswerer(window)
        answerer.answers = false
        XCTAssertEqual(try strata.control("close", ["--title", "W"]).status, 0)
        client.roundtrip()
        try waitUntilNotResponding(client)
        xdg_wm_base_pong(window.base, try XCTUnwrap(answerer.pings.last))
        client.roundtrip()
        XCTAssertEqual(try responding(), true)
        XCTAssertEqual(try strata.control("close", ["--title", "W"]).status, 0)
        client.roundtrip()
        XCTAssertEqual(window.closeRequests, 2, "responding again: asked, not disconnected")
    }
}
