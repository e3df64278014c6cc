import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// xdg_toplevel.move and resize driven by `strata input` on a real `strata`
/// (320×240, the window at 32,32): the window follows the pointer until the
/// release, resizes send sizes with the resizing state from the dragged
/// edge, and requests without a live press serial are ignored.
final class InteractiveMoveResizeTests: CompositorTestCase {
    var client: RawClient { fixture.client }
    var seat: SeatRecorder { fixture.seat }
    var window: ManagedWindow { fixture.window }
    private var fixture: (client: RawClient, seat: SeatRecorder, window: ManagedWindow)!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let client = try RawClient(strata)
        fixture = (client, try SeatRecorder(client), try ManagedWindow(client, title: "W", width: 100, height: 80))
    }

    override func tearDown() {
        fixture = nil
        super.tearDown()
    }

    /// Presses at (x, y) and returns the press's serial, as the client got it.
    func press(_ x: Int, _ y: Int) throws -> UInt32 {
        try strata.input("move", "\(x)", "\(y)")
        try strata.input("press")
        XCTAssertTrue(seat.take().contains("pointer.button 272 pressed"))
        return seat.lastInputSerial
    }

    func testMoveFollowsThePointerUntilTheRelease() throws {
        let serial = try press(50, 50)
        xdg_toplevel_move(window.toplevel, seat.seat, serial)
        client.roundtrip()
        XCTAssertEqual(seat.take(), ["pointer.leave \(window.surfaceID)"], "the compositor has the pointer now")
        try strata.input("move", "100", "90")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 82, y: 72))
        try strata.input("move", "60", "40")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 42, y: 22))
        try strata.input("release")
        XCTAssertEqual(seat.take(), ["pointer.enter \(window.surfaceID) 18 18"], "no motion or release, then enter")
        try strata.input("move", "200", "200")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 42, y: 22), "the release ended it")
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.shot("moved")
        assertPixel(shot, 42, 22, .fill)
        assertPixel(shot, 41, 22, .desktop)
    }

    /// A touch serial moves a window too (a client-side title bar dragged
    /// with a finger): the window follows that finger until it lifts, and
    /// the client hears no more of it meanwhile.
    func testMoveFollowsAFingerUntilItLifts() throws {
        try strata.input("touch", "down", "3", "50", "50")
        XCTAssertTrue(seat.take().contains { $0.hasPrefix("touch.down") })
        xdg_toplevel_move(window.toplevel, seat.seat, seat.lastInputSerial)
        client.roundtrip()
        try strata.input("touch", "move", "3", "100", "90")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 82, y: 72))
        try strata.input("touch", "up", "3")
        XCTAssertEqual(seat.taken("touch."), [], "the finger was the compositor's")
        try strata.input("touch", "down", "4", "90", "80")
        try strata.input("touch", "move", "4", "150", "150")
        try strata.input("touch", "up", "4")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 82, y: 72), "the lift ended it: another finger is the client's")
        XCTAssertEqual(seat.taken("touch.down").count, 1)
    }

    func testResizeFromTheBottomRightSendsSizesWithTheResizingState() throws {
        let serial = try press(120, 100)
        xdg_toplevel_resize(window.toplevel, seat.seat, serial, XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT.rawValue)
        client.roundtrip()
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_RESIZING))
        try strata.input("move", "160", "130")
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 140)
        XCTAssertEqual(window.last?.height, 110)
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_RESIZING))
        client.roundtrip()
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 140, height: 110))
        try strata.input("release")
        client.roundtrip()
        XCTAssertFalse(window.lastHas(XDG_TOPLEVEL_STATE_RESIZING), "the release ends the resizing state")
        XCTAssertEqual(window.last?.width, 140)
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 32, y: 32))
        XCTAssertEqual(try strata.states(of: "W"), ["activated"])
    }

    /// A client slower than the pointer gets one configure at a time: the
    /// newest size waits until it acknowledged the last one and committed,
    /// and the release still brings the size the pointer reached.
    func testResizeSendsOneConfigureAtATimeAndTheLatestSizeOnceAcknowledged() throws {
        let serial = try press(120, 100)
        window.holdsConfigures = true
        xdg_toplevel_resize(window.toplevel, seat.seat, serial, XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT.rawValue)
        client.roundtrip()
        XCTAssertEqual(window.heldSerials.count, 1)
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_RESIZING))
        for (x, y) in [(130, 110), (140, 120), (150, 130)] {
            try strata.input("move", "\(x)", "\(y)")
            client.roundtrip()
            XCTAssertEqual(window.heldSerials.count, 1, "a second configure before the first was acknowledged")
        }
        XCTAssertEqual(window.last?.width, 100, "the sizes waited")

        // Acknowledged and committed: the latest size, and only it, comes.
        window.answerHeldConfigures()
        client.roundtrip()
        XCTAssertEqual(window.heldSerials.count, 1)
        XCTAssertEqual(window.last?.width, 130)
        XCTAssertEqual(window.last?.height, 110)
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_RESIZING))
        window.answerHeldConfigures()
        client.roundtrip()
        XCTAssertEqual(window.heldSerials.count, 0, "nothing more was waiting")
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 130, height: 110))

        // Caught up: the next motion's size goes out at once; the one after waits.
        try strata.input("move", "170", "150")
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 150)
        try strata.input("move", "180", "160")
        client.roundtrip()
        XCTAssertEqual(window.heldSerials.count, 1)
        XCTAssertEqual(window.last?.width, 150)

        // The release ends the resize with the size the pointer reached.
        try strata.input("release")
        client.roundtrip()
        XCTAssertFalse(window.lastHas(XDG_TOPLEVEL_STATE_RESIZING))
        XCTAssertEqual(window.last?.width, 160)
        XCTAssertEqual(window.last?.height, 140)
        window.holdsConfigures = false
        window.answerHeldConfigures()
        client.roundtrip()
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 160, height: 140))
    }

    func testResizeFromTheTopLeftKeepsTheBottomRightCornerInPlace() throws {
        let serial = try press(40, 40)
        xdg_toplevel_resize(window.toplevel, seat.seat, serial, XDG_TOPLEVEL_RESIZE_EDGE_TOP_LEFT.rawValue)
        client.roundtrip()
        try strata.input("move", "20", "30")
        client.roundtrip()
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 120)
        XCTAssertEqual(window.last?.height, 90)
        XCTAssertEqual(try strata.size(of: "W"), Size(width: 120, height: 90))
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 12, y: 22), "the bottom right stays at (132, 112)")
        try strata.input("release")
    }

    func testResizeHonoursTheSizeLimits() throws {
        xdg_toplevel_set_min_size(window.toplevel, 90, 70)
        xdg_toplevel_set_max_size(window.toplevel, 110, 90)
        wl_surface_commit(window.surface)
        let serial = try press(120, 100)
        xdg_toplevel_resize(window.toplevel, seat.seat, serial, XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT.rawValue)
        client.roundtrip()
        try strata.input("move", "200", "200")
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 110)
        XCTAssertEqual(window.last?.height, 90)
        try strata.input("move", "40", "40")
        client.roundtrip()
        XCTAssertEqual(window.last?.width, 90)
        XCTAssertEqual(window.last?.height, 70)
        try strata.input("release")
    }

    func testRequestsWithoutALivePressSerialAreIgnored() throws {
        try strata.input("move", "50", "50")
        seat.take()
        // The enter's serial, and no button down.
        xdg_toplevel_move(window.toplevel, seat.seat, seat.lastPointerEnterSerial)
        xdg_toplevel_resize(window.toplevel, seat.seat, 12345, XDG_TOPLEVEL_RESIZE_EDGE_RIGHT.rawValue)
        XCTAssertTrue(client.roundtrip())
        // A press that was released already.
        let serial = try press(50, 50)
        try strata.input("release")
        xdg_toplevel_move(window.toplevel, seat.seat, serial)
        XCTAssertTrue(client.roundtrip())
        seat.take()
        try strata.input("drag", "50", "50", "90", "90")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 32, y: 32))
        XCTAssertTrue(seat.take().contains("pointer.motion 58 58"), "the drag went to the client")
        // A press that is down, but a serial it never had.
        _ = try press(50, 50)
        xdg_toplevel_move(window.toplevel, seat.seat, seat.lastInputSerial &+ 1000)
        client.roundtrip()
        try strata.input("move", "90", "90")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 32, y: 32))
        try strata.input("release")
    }

    func testAResizeEdgeOutsideTheEnumIsAProtocolError() throws {
        let serial = try press(50, 50)
        xdg_toplevel_resize(window.toplevel, seat.seat, serial, 3)  // top and bottom at once
        try assertProtocolError(client, interface: "xdg_toplevel", code: XDG_TOPLEVEL_ERROR_INVALID_RESIZE_EDGE.rawValue)
    }

    func testSuperDragMovesAWindowFromAnywhereInIt() throws {
        try strata.input("move", "50", "50")
        seat.take()
        try strata.input("key", "Super_L", "--down")
        try strata.input("drag", "50", "50", "110", "90", "--steps", "4")
        try strata.input("key", "Super_L", "--up")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 92, y: 72))
        let events: [String] = seat.take().filter { (event: String) in event.hasPrefix("pointer.") }
        // The pointer reaches the start with a motion; then the compositor has it until the release.
        XCTAssertEqual(events, ["pointer.motion 18 18", "pointer.leave \(window.surfaceID)", "pointer.enter \(window.surfaceID) 18 18"])
    }
}
