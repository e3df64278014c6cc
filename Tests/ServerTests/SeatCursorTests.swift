import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// The cursor on screen: the compositor's arrow where no client set a
/// cursor, a client's cursor surface at its hotspot, checked in pixels.
final class SeatCursorTests: XCTestCase {
    var strata: StrataProcess!
    let desktop = DecodedPNG.Pixel(red: 28, green: 31, blue: 36)
    let white = DecodedPNG.Pixel(red: 255, green: 255, blue: 255)
    let black = DecodedPNG.Pixel(red: 0, green: 0, blue: 0)
    let windowBlue = DecodedPNG.Pixel(red: 0, green: 128, blue: 255)
    let cursorRed = DecodedPNG.Pixel(red: 255, green: 0, blue: 0)

    override func setUpWithError() throws {
        strata = try StrataProcess(width: 320, height: 240, manualFrames: true)
    }

    override func tearDown() {
        if let strata { XCTAssertEqual(strata.stop(), 0, strata.serverLog) }
        strata = nil
    }


    func screenshot() throws -> DecodedPNG {
        let path = NSTemporaryDirectory() + "strata-cursor-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try strata.screenshot(to: path)
    }

    func testArrowIsDrawnAtThePointerOnlyAfterItMoved() throws {
        let untouched = try screenshot()
        XCTAssertEqual(untouched.count(x: 0, y: 0, width: 320, height: 240) { !$0.isClose(to: desktop) }, 0,
                       "no cursor before the pointer first moves")
        try strata.input("move", "100", "100")
        var shot = try screenshot()
        XCTAssertEqual(shot[100, 100], white, "the tip, the hotspot, is on the pointer")
        XCTAssertEqual(shot[101, 105], black, "black inside")
        XCTAssertTrue(shot[99, 100].isClose(to: desktop))
        XCTAssertTrue(shot[100, 99].isClose(to: desktop))
        let drawn = shot.count(x: 0, y: 0, width: 320, height: 240) { !$0.isClose(to: desktop) }
        XCTAssertGreaterThan(drawn, 60)
        XCTAssertEqual(shot.count(x: 100, y: 100, width: 12, height: 19) { !$0.isClose(to: desktop) }, drawn, "the arrow only")

        try strata.input("move", "200", "150")
        shot = try screenshot()
        XCTAssertTrue(shot[100, 100].isClose(to: desktop), "the old place is redrawn")
        XCTAssertEqual(shot[200, 150], white)

        try strata.input("touch", "down", "0", "10", "10")
        shot = try screenshot()
        XCTAssertEqual(shot.count(x: 0, y: 0, width: 320, height: 240) { !$0.isClose(to: desktop) }, 0, "hidden while touch is in use")
        try strata.input("touch", "up", "0")
        try strata.input("move", "201", "150")
        XCTAssertEqual(try screenshot()[201, 150], white, "back with the next motion")
    }

    func testClientCursorAtItsHotspotOnlyWithTheLatestEnterSerial() throws {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try RawWindow(client, title: "A", width: 100, height: 100)
        let cursor = wl_compositor_create_surface(window.compositor)!
        let buffer = try client.makeBuffer(shm: window.shm, width: 8, height: 8, pixel: 0xFF_FF_00_00)
        wl_surface_attach(cursor, buffer, 0, 0)
        wl_surface_damage_buffer(cursor, 0, 0, 8, 8)
        wl_surface_commit(cursor)

        try strata.input("move", "50", "50")
        recorder.take()
        let stale = recorder.lastPointerEnterSerial
        try strata.input("move", "300", "200")
        try strata.input("move", "60", "70")
        recorder.take()
        let latest = recorder.lastPointerEnterSerial
        XCTAssertNotEqual(stale, latest)

        wl_pointer_set_cursor(recorder.pointer, stale, cursor, 2, 3)
        XCTAssertTrue(client.roundtrip())
        var shot = try screenshot()
        XCTAssertEqual(shot[60, 70], white, "a stale serial is ignored: still the arrow")
        XCTAssertEqual(shot[61, 75], black)

        wl_pointer_set_cursor(recorder.pointer, latest, cursor, 2, 3)
        XCTAssertTrue(client.roundtrip())
        shot = try screenshot()
        // The hotspot (2, 3) is on the pointer: the 8×8 square spans 58...65 × 67...74.
        XCTAssertEqual(shot.count(x: 58, y: 67, width: 8, height: 8) { $0 == cursorRed }, 64)
        XCTAssertEqual(shot[57, 70], windowBlue)
        XCTAssertEqual(shot[66, 70], windowBlue)
        XCTAssertEqual(shot[60, 66], windowBlue)
        XCTAssertEqual(shot[61, 75], windowBlue, "no arrow beside the client's cursor")

        wl_pointer_set_cursor(recorder.pointer, latest, nil, 0, 0)
        XCTAssertTrue(client.roundtrip())
        shot = try screenshot()
        XCTAssertEqual(shot.count(x: 32, y: 32, width: 100, height: 100) { $0 != windowBlue }, 0, "a null surface hides the cursor")

        try strata.input("move", "300", "200")
        XCTAssertEqual(try screenshot()[300, 200], white, "over the desktop, the arrow")
    }
}
