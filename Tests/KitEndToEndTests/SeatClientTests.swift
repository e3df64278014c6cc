import Foundation
import StrataProtocol
@testable import StrataWayland
import TestSupport
import XCTest

/// StrataWayland's `WaylandSeat`, the client end StrataKit reads input through,
/// against the real compositor and `strata input`: surfaces and coordinates
/// of pointer and touch events, button codes, and keys resolved through the
/// keymap the compositor sent (text, Shift, the unmodified text).
final class SeatClientTests: XCTestCase {
    private var strata: StrataProcess!
    private var connection: Connection!
    private var seat: WaylandSeat!
    private var toplevel: WaylandToplevel!
    private var events: [SeatEvent] = []
    private var origin = (x: 0.0, y: 0.0)

    override func setUpWithError() throws {
        strata = try StrataProcess(width: 320, height: 240)
        connection = try Connection(name: strata.waylandSocketPath)
        seat = try XCTUnwrap(connection.bindSeat(), "the compositor offers no wl_seat")
        seat.onEvent = { [unowned self] in self.events.append($0) }
        toplevel = try WaylandToplevel(connection: connection, title: "WaylandSeat")
        _ = try toplevel.waitForConfigure()
        let pool = try ShmPool(connection: connection, size: 100 * 80 * 4)
        let buffer = try pool.makeBuffer(width: 100, height: 80)
        buffer.fill(Color(red: 0.2, green: 0.4, blue: 0.8))
        toplevel.present(buffer)
        try connection.roundtrip()
        let window = try XCTUnwrap(try strata.windows().first { $0["title"] as? String == "WaylandSeat" })
        let point = try XCTUnwrap(window["origin"] as? [String: Double])
        origin = (point["x"]!, point["y"]!)
    }

    override func tearDown() {
        seat?.destroy()
        toplevel?.destroy()
        (seat, toplevel, connection) = (nil, nil, nil)
        strata?.stop()
        strata = nil
    }


    /// Pointer and touch events so far (the window also gets keyboard focus when it maps).
    private var pointerAndTouchEvents: [SeatEvent] {
        events.filter {
            switch $0 {
            case .keyboardEnter, .keyboardLeave, .key: return false
            default: return true
            }
        }
    }

    /// Dispatches until `count` pointer or touch events arrived (or 5 s passed).
    private func waitForEvents(_ count: Int) throws {
        try connection.dispatch(until: { self.pointerAndTouchEvents.count >= count }, timeout: 5)
    }

    func testPointerEventsNameTheSurfaceAndItsCoordinates() throws {
        try strata.input(["click", "\(origin.x + 10)", "\(origin.y + 20)"])
        try waitForEvents(3)
        let events = pointerAndTouchEvents
        guard case .pointerEnter(let surface, let x, let y)? = events.first else {
            return XCTFail("no enter first: \(events)")
        }
        XCTAssertEqual(surface, toplevel.surface)
        XCTAssertEqual(x, 10)
        XCTAssertEqual(y, 20)
        let buttons = events.compactMap { event -> (UInt32, Bool)? in
            if case .pointerButton(let code, let isPressed, _) = event { return (code, isPressed) }
            return nil
        }
        XCTAssertEqual(buttons.map(\.0), [0x110, 0x110])
        XCTAssertEqual(buttons.map(\.1), [true, false])
    }

    func testTouchEventsComeInFrames() throws {
        try strata.input(["tap", "\(origin.x + 50)", "\(origin.y + 40)"])
        try waitForEvents(4)
        let events = pointerAndTouchEvents
        guard case .touchDown(let surface, _, let x, let y, _)? = events.first else { return XCTFail("\(events)") }
        XCTAssertEqual(surface, toplevel.surface)
        XCTAssertEqual(x, 50)
        XCTAssertEqual(y, 40)
        guard case .touchFrame = events[1], case .touchUp = events[2], case .touchFrame = events[3] else {
            return XCTFail("down, frame, up, frame expected: \(events)")
        }
    }

    /// The keymap the compositor sent resolves keys to text, with Shift.
    func testKeysAreResolvedThroughTheCompositorsKeymap() throws {
        // The window mapped last has keyboard focus.
        try strata.input(["type", "aA"])
        var keys: [Key] = []
        try connection.dispatch(until: {
            keys = self.events.compactMap { event in
                if case .key(let key, true, _) = event { return key }
                return nil
            }
            return keys.count >= 3
        }, timeout: 5)
        XCTAssertTrue(events.contains { if case .keyboardEnter(let s) = $0 { return s == toplevel.surface } else { return false } })
        let typed = keys.filter { !$0.text.isEmpty }
        XCTAssertEqual(typed.map(\.text), ["a", "A"])
        XCTAssertEqual(typed.map(\.unmodifiedText), ["a", "a"])
        XCTAssertEqual(typed.map(\.code), [30, 30])  // KEY_A
        XCTAssertEqual(typed.last?.modifiers, [.shift])
        XCTAssertEqual(typed.first?.repeats, true)
        XCTAssertEqual(seat.repeatRate, 25)
        XCTAssertGreaterThan(seat.repeatDelay, 0)
    }

    /// A key code with no room for xkb's offset of 8 (a compositor may pass
    /// on whatever a virtual keyboard sent) resolves to no key, not a trap.
    func testAKeyCodeWithNoRoomForXkbsOffsetIsNoKey() throws {
        try strata.input(["type", "a"])
        try connection.dispatch(until: { self.seat.keymap != nil }, timeout: 5)
        let keymap = try XCTUnwrap(seat.keymap)
        XCTAssertEqual(keymap.key(code: 30).text, "a", "KEY_A, through the same keymap")
        let none = keymap.key(code: UInt32.max - 3)
        XCTAssertEqual(none.keysym, 0)
        XCTAssertEqual(none.text, "")
        XCTAssertFalse(none.repeats)
    }
}
