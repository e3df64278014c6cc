import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// X11 clients through Xwayland, with real X programs from Debian (xterm,
/// xeyes) and a python-xlib client (Fixtures/x11-window.py) for what they
/// cannot be made to do. Strata is their window manager: what ICCCM and
/// EWMH ask of one is what is checked (WM_DELETE_WINDOW, WM_TRANSIENT_FOR,
/// _NET_WM_STATE, override-redirect windows left where X put them).
final class XwaylandTests: XwaylandTestCase {
    // MARK: Tests

    func testTheDisplayWaitsForItsFirstXClientToStartXwayland() throws {
        let before = try xwayland()
        XCTAssertEqual(before["running"] as? Bool, false, "lazy: nothing runs until an X client connects")
        let display = try XCTUnwrap(before["display"] as? String)
        let number = try XCTUnwrap(Int(display.dropFirst()))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"), "the display's socket is there")
        try startX("xterm", ["-title", "X Terminal"])
        XCTAssertNotNil(waitForWindow("X Terminal"), strata.serverLog)
        XCTAssertEqual(try xwayland()["running"] as? Bool, true)
    }

    func testXtermIsAWindowWithATitleBarAndTypingReachesIt() throws {
        let typed = strata.runtimeDirectory + "/typed"
        try startX("xterm", ["-title", "X Terminal", "-e", "sh"])
        let window = try XCTUnwrap(waitForWindow("X Terminal"), strata.serverLog)
        XCTAssertEqual(window["app_id"] as? String, "XTerm", "WM_CLASS's class is the app id")
        XCTAssertEqual(window["unmanaged"] as? Bool, false)
        XCTAssertNotNil(window["title_bar"] as? [String: Any], "Strata draws the title bar of an X window that has none")
        XCTAssertEqual((window["surface"] as? [String: Any])?["role"] as? String, "xwayland")
        XCTAssertTrue(waitUntil { (try? strata.keyboardFocus()) == "X Terminal" }, "a new window gets the keyboard")
        try strata.input("type", "echo typed into xterm > \(typed)")
        try strata.input("key", "Return")
        XCTAssertTrue(waitUntil(timeout: 15) { lines(typed) == ["typed into xterm"] }, "the shell in xterm ran what was typed: \(lines(typed))")
    }

    func testXeyesFollowsThePointer() throws {
        try startX("xeyes", ["-geometry", "200x150"])
        let window = try XCTUnwrap(waitForWindow("xeyes"), strata.serverLog)
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let (x, y) = (Int(try XCTUnwrap(origin["x"] as? Double)), Int(try XCTUnwrap(origin["y"] as? Double)))
        func eyes(_ name: String) throws -> [DecodedPNG.Pixel] {
            let image = try strata.shot(name)
            return (0..<150).flatMap { row in (0..<200).map { image[x + $0, y + row] } }
        }
        try strata.input("move", "\(x + 2)", "\(y + 75)")
        var left: [DecodedPNG.Pixel] = []
        // Drawn once the pointer's position reached it: the picture settles.
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.2) {
            let now = (try? eyes("xeyes-left")) ?? []
            defer { left = now }
            return now == left
        })
        try strata.input("move", "\(x + 198)", "\(y + 75)")
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.2) {
            let right = (try? eyes("xeyes-right")) ?? left
            return zip(left, right).filter { !$0.isClose(to: $1) }.count > 50
        }, "the pupils moved when the pointer crossed the window")
    }

    func testAnXMenuIsShownWhereXPutItAboveItsWindowWithoutTakingTheKeyboard() throws {
        try startX("xterm", ["-title", "X Terminal"])
        let window = try XCTUnwrap(waitForWindow("X Terminal"), strata.serverLog)
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let (x, y) = (Int(try XCTUnwrap(origin["x"] as? Double)) + 60, Int(try XCTUnwrap(origin["y"] as? Double)) + 60)
        XCTAssertTrue(waitUntil { (try? strata.keyboardFocus()) == "X Terminal" })
        // xterm's main menu: held open by Ctrl and the left button.
        try strata.input("move", "\(x)", "\(y)")
        try strata.input("key", "Control_L", "--down")
        try strata.input("press", "left")
        var menu: [String: Any]?
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.1) {
            menu = try? strata.windows().first { $0["unmanaged"] as? Bool == true && $0["mapped"] as? Bool == true }
            return menu != nil
        }, "the menu is an override-redirect window \(strata.serverLog)")
        let menuOrigin = try XCTUnwrap(menu?["origin"] as? [String: Any])
        let menuSize = try XCTUnwrap(menu?["geometry"] as? [String: Any])
        let frame = Rect(x: try XCTUnwrap(menuOrigin["x"] as? Double), y: try XCTUnwrap(menuOrigin["y"] as? Double),
                         width: try XCTUnwrap(menuSize["width"] as? Double), height: try XCTUnwrap(menuSize["height"] as? Double))
        XCTAssertTrue((frame.minX...frame.maxX).contains(Double(x)) && (frame.minY...frame.maxY).contains(Double(y)),
                      "X put the menu under the pointer, and there it is: \(frame)")
        XCTAssertNil(menu?["title_bar"] as? [String: Any], "no title bar on a menu")
        XCTAssertEqual(try strata.keyboardFocus(), "X Terminal", "the menu does not take the keyboard")
        // Released away from the menu, so no entry is chosen.
        try strata.input("move", "\(Int(frame.maxX) + 40)", "\(Int(frame.maxY) + 40)")
        try strata.input("release", "left")
        try strata.input("key", "Control_L", "--up")
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.1) {
            (try? strata.windows().contains { $0["unmanaged"] as? Bool == true && $0["mapped"] as? Bool == true }) == false
        }, "released, the menu goes")
    }

    func testATransientDialogIsItsParentsAndPlacedOverIt() throws {
        let output = strata.runtimeDirectory + "/x11-window.out"
        try startTestClient(["X Main", "--size", "320x240", "--dialog", "X Dialog"], output: output)
        let main = try XCTUnwrap(waitForWindow("X Main"), strata.serverLog)
        let dialog = try XCTUnwrap(waitForWindow("X Dialog"), strata.serverLog)
        XCTAssertEqual(dialog["parent"] as? String, "X Main", "WM_TRANSIENT_FOR names the parent")
        XCTAssertEqual(dialog["app_id"] as? String, "StrataX11Test")
        func center(_ window: [String: Any]) throws -> Point {
            let origin = try XCTUnwrap(window["origin"] as? [String: Any])
            let geometry = try XCTUnwrap(window["geometry"] as? [String: Any])
            return Point(x: try XCTUnwrap(origin["x"] as? Double) + (try XCTUnwrap(geometry["width"] as? Double)) / 2,
                         y: try XCTUnwrap(origin["y"] as? Double) + (try XCTUnwrap(geometry["height"] as? Double)) / 2)
        }
        let (parentCenter, dialogCenter) = (try center(main), try center(dialog))
        XCTAssertLessThan(abs(parentCenter.x - dialogCenter.x), 2, "centered on its parent")
        XCTAssertLessThan(abs(parentCenter.y - dialogCenter.y), 30, "centered on its parent, title bars aside")
    }

    func testClosingAnXWindowSendsItWMDeleteWindow() throws {
        let output = strata.runtimeDirectory + "/x11-window.out"
        let client = try startTestClient(["X Main"], output: output)
        XCTAssertNotNil(waitForWindow("X Main"), strata.serverLog)
        XCTAssertEqual(try strata.control("close", ["--title", "X Main"]).status, 0)
        XCTAssertTrue(waitUntil(timeout: 15) { lines(output).contains("deleted X Main") },
                      "ICCCM 4.2.8.1: the client is asked, through WM_PROTOCOLS: \(lines(output))")
        XCTAssertTrue(waitUntil(timeout: 15) { !client.isRunning })
        XCTAssertTrue(waitUntil(timeout: 15) { (try? strata.windows().isEmpty) == true }, "its window went with it")
    }

    func testAMaximizeAskedThroughNetWMStateFillsTheOutputBelowTheTitleBar() throws {
        let output = strata.runtimeDirectory + "/x11-window.out"
        try startTestClient(["X Main", "--maximize"], output: output)
        XCTAssertNotNil(waitForWindow("X Main"), strata.serverLog)
        XCTAssertTrue(waitUntil(timeout: 15) { (try? strata.states(of: "X Main").contains("maximized")) == true },
                      "EWMH _NET_WM_STATE add MAXIMIZED_VERT and MAXIMIZED_HORZ")
        XCTAssertTrue(waitUntil(timeout: 15) { lines(output).last?.hasPrefix("configured X Main 640 ") == true },
                      "X was told the output's width: \(lines(output))")
        XCTAssertTrue(waitUntil(timeout: 15) { (try? strata.size(of: "X Main").width) == 640 })
        let window = try strata.window("X Main")
        let titleBar = try XCTUnwrap(window["title_bar"] as? [String: Any])
        XCTAssertEqual(titleBar["y"] as? Double, 0, "the title bar on the output, its buttons in reach")
    }

    func testAClientDrawingItsOwnFrameMovesItThroughNetWMMoveResize() throws {
        let output = strata.runtimeDirectory + "/x11-window.out"
        try startTestClient(["X Main", "--move-on-press"], output: output)
        XCTAssertNotNil(waitForWindow("X Main"), strata.serverLog)
        let before = try strata.origin(of: "X Main")
        try strata.input("move", "\(Int(before.x) + 100)", "\(Int(before.y) + 100)")
        try strata.input("press", "left")
        XCTAssertTrue(waitUntil(timeout: 15) { lines(output).contains("asked to move X Main") }, "\(lines(output))")
        // The move follows the pointer once the window manager took the drag.
        XCTAssertTrue(waitUntil(timeout: 15) {
            try? strata.input("move", "\(Int(before.x) + 60)", "\(Int(before.y) + 140)")
            return (try? strata.origin(of: "X Main")) == Point(x: before.x - 40, y: before.y + 40)
        }, "EWMH _NET_WM_MOVERESIZE with _NET_WM_MOVERESIZE_MOVE: \((try? strata.origin(of: "X Main")).map { "\($0)" } ?? "?")")
        try strata.input("release", "left")
        let place = "at \(Int(before.x) - 40) \(Int(before.y) + 40)"
        XCTAssertTrue(waitUntil(timeout: 15) { lines(output).last?.hasSuffix(place) == true },
                      "X knows where the window is now (its menus are placed by it): \(lines(output))")
    }

    func testXwaylandIsStartedAgainAfterItDies() throws {
        try startX("xterm", ["-title", "First"])
        XCTAssertNotNil(waitForWindow("First"), strata.serverLog)
        let pid = try XCTUnwrap(try xwayland()["pid"] as? Double)
        kill(pid_t(pid), SIGKILL)
        XCTAssertTrue(waitUntil(timeout: 15) { (try? strata.windows().isEmpty) == true }, "its windows went with it")
        XCTAssertTrue(waitUntil(timeout: 15) { (try? xwayland()["running"] as? Bool) == false })
        try startX("xterm", ["-title", "Second"])
        XCTAssertNotNil(waitForWindow("Second"), "the next X client started a new Xwayland \(strata.serverLog)")
        XCTAssertNotEqual(try xwayland()["pid"] as? Double, pid)
    }

    /// `--xwayland start`: Xwayland runs before any X client, and the
    /// clients Strata starts find the display in DISPLAY.
    func testStartedWithTheCompositorAndNamedToTheClientsItStarts() throws {
        strata.stop()
        let marks = NSTemporaryDirectory() + "strata-display-\(getpid())"
        try? FileManager.default.removeItem(atPath: marks)
        defer { try? FileManager.default.removeItem(atPath: marks) }
        strata = try StrataProcess(width: 320, height: 240, extraArguments: [
            "--xwayland", "start", "--", "sh", "-c", "echo \"$DISPLAY\" > \(marks).part; mv \(marks).part \(marks)"])
        XCTAssertTrue(waitUntil(timeout: 15) { (try? xwayland()["running"] as? Bool) == true }, "no X client needed: \(strata.serverLog)")
        let display = try XCTUnwrap(try xwayland()["display"] as? String)
        XCTAssertTrue(waitUntil(timeout: 15) { lines(marks) == [display] }, "DISPLAY for the command after --: \(lines(marks))")
    }

    /// At scale 2, X clients draw at scale 1 and Strata doubles them, as
    /// sway does by default: the window takes twice its X size in pixels.
    func testAtScaleTwoAnXWindowIsScaledUp() throws {
        strata.stop()
        strata = try StrataProcess(width: 1280, height: 960, scale: 2, windowOrigins: nil, extraArguments: ["--xwayland", "lazy"])
        try startX("xeyes", ["-geometry", "200x150"])
        let window = try XCTUnwrap(waitForWindow("xeyes"), strata.serverLog)
        let geometry = try XCTUnwrap(window["geometry"] as? [String: Any])
        let buffer = try XCTUnwrap((window["surface"] as? [String: Any])?["buffer"] as? [String: Any])
        XCTAssertEqual(buffer["scale"] as? Double, 1)
        // 200 pixels and xeyes' border, as many points: twice as many output pixels.
        XCTAssertEqual(try XCTUnwrap(buffer["width"] as? Double), 202, accuracy: 2)
        XCTAssertEqual(geometry["width"] as? Double, buffer["width"] as? Double, "a point for each of X's pixels")
    }

    /// WM_NORMAL_HINTS' minimum size is the window's, as xdg_toplevel's
    /// set_min_size is: a resize stops there.
    func testAnXWindowsMinimumSizeHintLimitsItsSize() throws {
        let output = strata.runtimeDirectory + "/x11-window.out"
        try startTestClient(["X Main", "--size", "300x200", "--min-size", "250x150"], output: output)
        XCTAssertNotNil(waitForWindow("X Main"), strata.serverLog)
        XCTAssertTrue(waitUntil(timeout: 15) {
            let size = (try? strata.window("X Main"))?["min_size"] as? [String: Any]
            return size?["width"] as? Double == 250 && size?["height"] as? Double == 150
        }, "ICCCM 4.1.2.3 PMinSize: \(String(describing: try? strata.window("X Main")["min_size"]))")
        XCTAssertEqual(try strata.control("resize", ["--title", "X Main", "--size", "100x100"]).status, 0)
        XCTAssertTrue(waitUntil(timeout: 15) { lines(output).last?.hasPrefix("configured X Main 250 150") == true },
                      "X was told the size clamped to the minimum: \(lines(output))")
    }
}
