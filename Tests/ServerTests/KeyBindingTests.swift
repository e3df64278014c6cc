import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// The keys the compositor keeps, end to end with `strata input key`:
/// Alt+Tab, Alt+F4, Super+Q; the clients never see those keys.
final class KeyBindingTests: CompositorTestCase {
    /// evdev codes.
    let tab: UInt32 = 15, f4: UInt32 = 62, q: UInt32 = 16, a: UInt32 = 30

    /// The mapped windows' titles, bottom to top.
    func stack() throws -> [String] {
        try strata.windows().filter { $0["mapped"] as? Bool == true }.compactMap { $0["title"] as? String }
    }

    func testAltTabGoesThroughTheWindowsRaisingEach() throws {
        let client = try RawClient(strata)
        let seat = try SeatRecorder(client)
        let windows = try ["A", "B", "C"].map { try ManagedWindow(client, title: $0, width: 60, height: 60) }
        defer { withExtendedLifetime(windows) {} }
        XCTAssertEqual(try strata.keyboardFocus(), "C")
        seat.take()

        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "Tab")
        XCTAssertEqual(try strata.keyboardFocus(), "B", "one Alt+Tab: the previous window")
        XCTAssertEqual(try stack().last, "B")
        try strata.input("key", "Tab")
        XCTAssertEqual(try strata.keyboardFocus(), "A")
        try strata.input("key", "Tab")
        XCTAssertEqual(try strata.keyboardFocus(), "C", "round and back")
        try strata.input("key", "Tab")
        XCTAssertEqual(try strata.keyboardFocus(), "B")
        try strata.input("key", "Alt_L", "--up")
        XCTAssertEqual(try stack(), ["A", "C", "B"])
        client.roundtrip()
        XCTAssertTrue(windows[1].lastHas(XDG_TOPLEVEL_STATE_ACTIVATED))

        // A new round starts from the new order.
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "Tab")
        try strata.input("key", "Alt_L", "--up")
        XCTAssertEqual(try strata.keyboardFocus(), "C")

        let keys = seat.take().filter { $0.hasPrefix("keyboard.key") }
        XCTAssertFalse(keys.contains { $0.hasPrefix("keyboard.key \(tab) ") }, "Tab stayed with the compositor: \(keys)")
    }

    func testShiftAltTabGoesTheOtherWay() throws {
        let client = try RawClient(strata)
        let windows = try ["A", "B", "C"].map { try ManagedWindow(client, title: $0, width: 60, height: 60) }
        defer { withExtendedLifetime(windows) {} }
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "Shift_L", "--down")
        try strata.input("key", "Tab")
        try strata.input("key", "Shift_L", "--up")
        try strata.input("key", "Alt_L", "--up")
        XCTAssertEqual(try strata.keyboardFocus(), "A", "backwards: the bottom window")
    }

    func testAltTabShowsAMinimizedWindowAgain() throws {
        let client = try RawClient(strata)
        let below = try ManagedWindow(client, title: "Below", width: 60, height: 60)
        let top = try ManagedWindow(client, title: "Top", width: 60, height: 60)
        defer { withExtendedLifetime([below, top]) {} }
        xdg_toplevel_set_minimized(top.toplevel)
        client.roundtrip()
        XCTAssertEqual(try strata.keyboardFocus(), "Below")
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "Tab")
        try strata.input("key", "Alt_L", "--up")
        XCTAssertEqual(try strata.keyboardFocus(), "Top")
        XCTAssertEqual(try strata.states(of: "Top"), ["activated"])
        XCTAssertEqual(try strata.control("frame").status, 0)
        assertPixel(try strata.shot("unminimized"), 100, 100, .fill, "shown again at 64,64")
    }

    func testAltF4AndSuperQCloseTheFocusedWindow() throws {
        let client = try RawClient(strata)
        let seat = try SeatRecorder(client)
        let other = try ManagedWindow(client, title: "Other", width: 60, height: 60)
        let window = try ManagedWindow(client, title: "W", width: 60, height: 60)
        seat.take()
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "F4")
        try strata.input("key", "Alt_L", "--up")
        client.roundtrip()
        XCTAssertEqual(window.closeRequests, 1)
        XCTAssertEqual(other.closeRequests, 0)
        try strata.input("key", "Super_L", "--down")
        try strata.input("key", "q")
        try strata.input("key", "Super_L", "--up")
        client.roundtrip()
        XCTAssertEqual(window.closeRequests, 2)
        let keys = seat.take().filter { $0.hasPrefix("keyboard.key") }
        XCTAssertFalse(keys.contains { $0.hasPrefix("keyboard.key \(f4) ") || $0.hasPrefix("keyboard.key \(q) ") },
                       "F4 and Q stayed with the compositor: \(keys)")
    }

    func testOtherKeysWithModifiersStillReachTheClient() throws {
        let client = try RawClient(strata)
        let seat = try SeatRecorder(client)
        let window = try ManagedWindow(client, title: "W", width: 60, height: 60)
        defer { withExtendedLifetime(window) {} }
        seat.take()
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "a")
        try strata.input("key", "Alt_L", "--up")
        try strata.input("key", "Tab")
        let keys = seat.take().filter { $0.hasPrefix("keyboard.key") }
        XCTAssertEqual(keys, ["keyboard.key 56 pressed", "keyboard.key \(a) pressed", "keyboard.key \(a) released",
                              "keyboard.key 56 released", "keyboard.key \(tab) pressed", "keyboard.key \(tab) released"])
    }

    func testTheNextWindowIsNotToldOfAShortcutsKeyOnEnter() throws {
        let client = try RawClient(strata)
        let seat = try SeatRecorder(client)
        let windows = try ["A", "B"].map { try ManagedWindow(client, title: $0, width: 60, height: 60) }
        defer { withExtendedLifetime(windows) {} }
        seat.take()
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "Tab", "--down")
        let enters = seat.take().filter { $0.hasPrefix("keyboard.enter") }
        XCTAssertEqual(enters, ["keyboard.enter \(windows[0].surfaceID) [56]"], "Alt is down, Tab is the compositor's")
        try strata.input("key", "Tab", "--up")
        try strata.input("key", "Alt_L", "--up")
        XCTAssertFalse(seat.take().contains("keyboard.key \(tab) released"))
    }
}
