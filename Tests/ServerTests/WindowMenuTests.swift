import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// The window menu on a real `strata` (640×480): xdg_toplevel.show_window_menu
/// with the serial of a press opens it where the client asks; a right click
/// on Strata's title bar and Alt+Space open it too; its items act on the
/// window; it holds the pointer and the keys while open; a press outside,
/// Escape or the window going away dismiss it.
final class WindowMenuTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 640, height: 480, manualFrames: true, windowOrigins: [(40, 60), (300, 60)])
    }

    /// Client objects whose listeners must outlive the test's last event.
    private var kept: [AnyObject] = []

    override func tearDown() {
        super.tearDown()
        kept = []
    }

    /// The menu as `strata tree` shows it, or nil when none is open.
    func menu() throws -> [String: Any]? {
        (try strata.tree()["seat"] as? [String: Any])?["window_menu"] as? [String: Any]
    }

    func menuFrame() throws -> Rect {
        let frame = try XCTUnwrap(try menu()?["frame"] as? [String: Double])
        return Rect(x: frame["x"] ?? -1, y: frame["y"] ?? -1, width: frame["width"] ?? -1, height: frame["height"] ?? -1)
    }

    /// Clicks item `index` of the open menu (4 + 28 points a row, 14 in).
    func clickItem(_ index: Int) throws {
        let frame = try menuFrame()
        try strata.input("click", "\(Int(frame.minX) + 20)", "\(Int(frame.minY) + 4 + 28 * index + 14)")
    }

    /// A window whose client asked for the menu at (`x`, `y`) after a right press in it at (10, 10).
    func windowAskingForTheMenu(x: Int32 = 10, y: Int32 = 10) throws -> (ManagedWindow, SeatRecorder) {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try ManagedWindow(client, title: "W", width: 200, height: 150)
        kept += [window, recorder]
        try askForTheMenu(window, recorder, x: x, y: y)
        return (window, recorder)
    }

    func askForTheMenu(_ window: ManagedWindow, _ recorder: SeatRecorder, x: Int32 = 10, y: Int32 = 10) throws {
        let origin = try strata.origin(of: "W")
        try strata.input("move", "\(Int(origin.x) + 10)", "\(Int(origin.y) + 10)")
        try strata.input("press", "right")
        window.client.roundtrip()
        xdg_toplevel_show_window_menu(window.toplevel, recorder.seat, recorder.lastInputSerial, x, y)
        window.client.roundtrip()
        try strata.input("release", "right")
    }

    func testShowWindowMenuOpensItWhereTheClientAsks() throws {
        let (window, recorder) = try windowAskingForTheMenu(x: 25, y: 30)
        let menu = try XCTUnwrap(try menu())
        XCTAssertEqual(menu["window"] as? String, "W")
        XCTAssertEqual(menu["items"] as? [String], ["Minimize", "Maximize", "Full Screen", "Close"])
        XCTAssertEqual(try menuFrame().origin, Point(x: 65, y: 90), "at (25, 30) of the window geometry at (40, 60)")
        window.client.roundtrip()
        XCTAssertEqual(recorder.taken("pointer.").filter { !$0.hasPrefix("pointer.enter") && !$0.hasPrefix("pointer.motion") },
                       ["pointer.button 273 pressed", "pointer.leave \(window.surfaceID)"],
                       "the menu takes the pointer: the release goes to no client")

        // Drawn above the window.
        XCTAssertEqual(try strata.control("frame").status, 0)
        let shot = try strata.shot("window-menu")
        XCTAssertTrue(shot[150, 95].isClose(to: DecodedPNG.Pixel(red: 41, green: 43, blue: 51)), "the menu's background, not the window's")
    }

    func testAStaleSerialOpensNoMenu() throws {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try ManagedWindow(client, title: "W", width: 200, height: 150)
        xdg_toplevel_show_window_menu(window.toplevel, recorder.seat, 12345, 0, 0)
        XCTAssertTrue(client.roundtrip())
        XCTAssertNil(try menu())
    }

    func testChoosingMaximizeMaximizesTheWindowAndThenOffersRestore() throws {
        let (window, recorder) = try windowAskingForTheMenu()
        try clickItem(1)
        window.client.roundtrip()
        XCTAssertNil(try menu(), "choosing closes the menu")
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
        window.draw()
        window.client.roundtrip()
        try askForTheMenu(window, recorder)
        XCTAssertEqual(try menu()?["items"] as? [String], ["Minimize", "Restore", "Full Screen", "Close"])
        try clickItem(1)
        window.client.roundtrip()
        XCTAssertFalse(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
    }

    func testChoosingCloseAsksTheClientToClose() throws {
        let (window, _) = try windowAskingForTheMenu()
        try clickItem(3)
        window.client.roundtrip()
        XCTAssertEqual(window.closeRequests, 1)
    }

    func testAPressOutsideDismissesItAndReachesNoWindow() throws {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let other = try ManagedWindow(client, title: "Other", width: 200, height: 150)
        _ = try windowAskingForTheMenu()
        XCTAssertNotNil(try menu())
        recorder.take()
        try strata.input("click", "100", "150")  // on Other
        client.roundtrip()
        XCTAssertNil(try menu())
        XCTAssertEqual(recorder.taken("pointer.button"), [], "the press that dismissed the menu went nowhere")
        try strata.input("click", "100", "150")
        client.roundtrip()
        XCTAssertEqual(recorder.taken("pointer.button"), ["pointer.button 272 pressed", "pointer.button 272 released"])
        withExtendedLifetime(other) {}
    }

    func testKeysMoveTheHighlightChooseAndDismiss() throws {
        let (window, recorder) = try windowAskingForTheMenu()
        recorder.take()
        try strata.input("key", "a")
        try strata.input("key", "Escape")
        window.client.roundtrip()
        XCTAssertNil(try menu(), "Escape dismisses it")
        XCTAssertEqual(recorder.taken("keyboard.key"), [], "no key reached the window while the menu was open")

        // Alt+Space opens it with the first item highlighted; Down, Return chooses the second.
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "space")
        try strata.input("key", "Alt_L", "--up")
        XCTAssertEqual(try menu()?["highlighted"] as? Int, 0)
        XCTAssertEqual(try menuFrame().origin, Point(x: 40, y: 60), "at the window's top left corner")
        try strata.input("key", "Down")
        XCTAssertEqual(try menu()?["highlighted"] as? Int, 1)
        try strata.input("key", "Return")
        window.client.roundtrip()
        XCTAssertNil(try menu())
        XCTAssertTrue(window.lastHas(XDG_TOPLEVEL_STATE_MAXIMIZED))
    }

    func testAWindowWithoutTheKeysGetsNoMenu() throws {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try ManagedWindow(client, title: "W", width: 200, height: 150)
        try strata.input("click", "50", "70")
        client.roundtrip()
        let serial = recorder.lastInputSerial
        let other = try ManagedWindow(try RawClient(strata), title: "Other", width: 200, height: 150)
        XCTAssertEqual(try strata.keyboardFocus(), "Other")
        xdg_toplevel_show_window_menu(window.toplevel, recorder.seat, serial, 0, 0)
        client.roundtrip()
        XCTAssertNil(try menu(), "a background window cannot pop a menu over the one with the keys")
        withExtendedLifetime(other) {}
    }

    func testNoMenuOpensDuringAMove() throws {
        let client = try RawClient(strata)
        let recorder = try SeatRecorder(client)
        let window = try ManagedWindow(client, title: "W", width: 200, height: 150)
        try strata.input("move", "50", "70")
        try strata.input("press")
        client.roundtrip()
        xdg_toplevel_move(window.toplevel, recorder.seat, recorder.lastInputSerial)
        client.roundtrip()
        try strata.input("key", "Alt_L", "--down")
        try strata.input("key", "space")
        try strata.input("key", "Alt_L", "--up")
        XCTAssertNil(try menu(), "the move keeps the pointer")
        try strata.input("move", "80", "90")
        try strata.input("release")
        try strata.input("move", "200", "200")
        XCTAssertEqual(try strata.origin(of: "W"), Point(x: 70, y: 80), "moved with the press, and no further once released")
    }

    func testTheMenuGoesWithItsWindow() throws {
        let (window, _) = try windowAskingForTheMenu()
        XCTAssertNotNil(try menu())
        xdg_toplevel_destroy(window.toplevel)
        window.client.roundtrip()
        XCTAssertNil(try menu())
    }

    func testATouchOnAnItemChoosesIt() throws {
        let (window, _) = try windowAskingForTheMenu()
        let frame = try menuFrame()
        try strata.input("tap", "\(Int(frame.minX) + 20)", "\(Int(frame.minY) + 4 + 14)")
        window.client.roundtrip()
        XCTAssertNil(try menu())
        XCTAssertEqual(try strata.states(of: "W"), ["minimized"])
    }

    func testARightClickOnStratasTitleBarOpensItAndItsReleaseChoosesNothing() throws {
        let client = try RawClient(strata)
        let window = try ManagedWindow(client, title: "W", width: 200, height: 150,
                                       decorationMode: ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
        let origin = try strata.origin(of: "W")
        // The title bar is the 28 points above the window; the click is on its title, away from the buttons.
        try strata.input("click", "\(Int(origin.x) + 30)", "\(Int(origin.y) - 14)", "--button", "right")
        let frame = try menuFrame()
        XCTAssertEqual(frame.origin, Point(x: origin.x + 30, y: origin.y - 14), "at the pointer")
        XCTAssertNotNil(try menu(), "the release of the opening click leaves it open")
        try clickItem(3)
        client.roundtrip()
        XCTAssertEqual(window.closeRequests, 1)
    }
}
