import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// The nested (Wayland) backend, end to end: a headless Strata as the
/// parent, a second Strata as a window on it, real clients in the nested one.
final class NestedBackendTests: XCTestCase {
    private var parent: StrataProcess!
    private var nested: StrataProcess!
    /// Where the parent puts the nested window.
    private let origin = (x: 40, y: 30)

    override func setUpWithError() throws {
        parent = try StrataProcess(width: 640, height: 480, windowOrigins: [origin])
        nested = try StrataProcess(width: 320, height: 240, socketName: "nested",
                                   windowOrigins: [(x: 20, y: 20), (x: 150, y: 40)], nestedIn: parent.waylandSocketPath)
    }

    override func tearDown() {
        nested?.stop()
        parent?.stop()
    }

    private func nestedWindow() throws -> [String: Any]? {
        try parent.windows().first { $0["title"] as? String == "Strata — nested" && $0["mapped"] as? Bool == true }
    }

    func testNestedOutputIsAWindowShowingItsClients() throws {
        XCTAssertTrue(try waitUntil { try nestedWindow() != nil }, parent.serverLog + nested.serverLog)
        let geometry = try nestedWindow()?["geometry"] as? [String: Any]
        XCTAssertEqual(geometry?["width"] as? Int, 320)
        XCTAssertEqual(geometry?["height"] as? Int, 240)

        // A layer-tree client and a plain wl_shm client inside the nested compositor.
        try nested.startLayerDemo(scene: "solids", title: "solids")
        guard let simpleShm = StrataProcess.which("weston-simple-shm") else { throw XCTSkip("weston-simple-shm is needed") }
        let shm = try nested.startClient(simpleShm)
        XCTAssertTrue(try waitUntil { try nested.windows().filter { $0["mapped"] as? Bool == true }.count == 2 })
        XCTAssertTrue(shm.isRunning)

        // What the nested output shows is what the parent shows in its window,
        // pixel for pixel, where nothing moves (simple-shm animates: leave its window out).
        let solids = try XCTUnwrap(try nested.windows().first { $0["title"] as? String == "solids" })
        let solidsOrigin = try XCTUnwrap(solids["origin"] as? [String: Any])
        let solidsGeometry = try XCTUnwrap(solids["geometry"] as? [String: Any])
        let region = (x: solidsOrigin["x"] as! Int, y: solidsOrigin["y"] as! Int,
                      width: solidsGeometry["width"] as! Int, height: solidsGeometry["height"] as! Int)
        // simple-shm's window (its surface, frame included) animates: its pixels are left out.
        let moving = try XCTUnwrap(try nested.windows().first { $0["title"] as? String == "simple-shm" })
        let movingOrigin = try XCTUnwrap(moving["origin"] as? [String: Any])
        let movingX = movingOrigin["x"] as! Int, movingY = movingOrigin["y"] as! Int
        func isStill(_ x: Int, _ y: Int) -> Bool { x < movingX - 16 || y < movingY - 16 }
        let directory = NSTemporaryDirectory()
        var mismatches = -1
        // The parent shows the nested output one of its frames later.
        XCTAssertTrue(try waitUntil(timeout: 10) {
            let inner = try nested.screenshot(to: directory + "nested-inner.png")
            let outer = try parent.screenshot(to: directory + "nested-outer.png")
            mismatches = 0
            for y in region.y..<min(region.y + region.height, 240) {
                for x in region.x..<min(region.x + region.width, 320)
                where isStill(x, y) && !inner[x, y].isClose(to: outer[origin.x + x, origin.y + y], tolerance: 0) {
                    mismatches += 1
                }
            }
            return mismatches == 0
        }, "\(mismatches) pixels differ between the nested output and its window")
    }

    /// The parent's pointer and keyboard, on the window, are the nested seat's.
    func testParentInputReachesTheNestedSeat() throws {
        XCTAssertTrue(try waitUntil { try nestedWindow() != nil })
        try nested.startLayerDemo(scene: "solids", title: "solids")
        try parent.input("click", "\(origin.x + 100)", "\(origin.y + 70)")
        XCTAssertTrue(try waitUntil {
            let pointer = (try nested.tree()["seat"] as? [String: Any])?["pointer"] as? [String: Any]
            return pointer?["x"] as? Int == 100 && pointer?["y"] as? Int == 70
        }, "\(String(describing: try? nested.tree()["seat"]))")
        // The click focused the nested window in the parent, and its client in the nested compositor.
        XCTAssertEqual((try parent.tree()["seat"] as? [String: Any])?["keyboard_focus"] as? String, "Strata — nested")
        XCTAssertTrue(try waitUntil { (try nested.tree()["seat"] as? [String: Any])?["keyboard_focus"] as? String == "solids" })
    }

    /// Keys typed on the parent reach the nested compositor's focused client:
    /// weston-eventdemo inside it logs them as it got them.
    func testTypedKeysReachTheNestedFocusedClient() throws {
        guard let eventDemo = StrataProcess.which("weston-eventdemo"), let stdbuf = StrataProcess.which("stdbuf") else {
            throw XCTSkip("weston-eventdemo and stdbuf are needed")
        }
        XCTAssertTrue(try waitUntil { try nestedWindow() != nil })
        let log = nested.runtimeDirectory + "/eventdemo.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let demo = Process()
        demo.executableURL = URL(fileURLWithPath: stdbuf)
        demo.arguments = ["-oL", eventDemo, "--title=keys", "--log-key"]
        demo.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_RUNTIME_DIR": nested.runtimeDirectory, "WAYLAND_DISPLAY": nested.socketName]) { $1 }
        demo.standardOutput = FileHandle(forWritingAtPath: log)
        demo.standardError = FileHandle.nullDevice
        try demo.run()
        defer { demo.terminate(); demo.waitUntilExit() }
        XCTAssertTrue(try waitUntil { try nested.windows().contains { $0["title"] as? String == "keys" && $0["mapped"] as? Bool == true } })
        // Focus the nested window on the parent, over the eventdemo window inside it.
        try parent.input("click", "\(origin.x + 60)", "\(origin.y + 60)")
        try parent.input("type", "ab")
        func keys() -> [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0.hasPrefix("key key:") }
        }
        XCTAssertTrue(waitUntil { keys().count >= 4 }, keys().joined(separator: "\n"))
        XCTAssertEqual(keys().prefix(4).map { $0.components(separatedBy: ", state:").first ?? "" },
                       ["key key: 30, unicode: 97", "key key: 30, unicode: 97", "key key: 48, unicode: 98", "key key: 48, unicode: 98"])
    }

    /// Resizing the window (as the parent's window manager does) changes the
    /// nested output's mode; its clients are told and it draws at the new size.
    func testResizingTheWindowResizesTheOutput() throws {
        XCTAssertTrue(try waitUntil { try nestedWindow() != nil })
        XCTAssertEqual(try parent.control("resize", ["--title", "Strata — nested", "--size", "400x300"]).status, 0)
        XCTAssertTrue(try waitUntil {
            let output = try nested.tree()["output"] as? [String: Any]
            return output?["width"] as? Int == 400 && output?["height"] as? Int == 300
        }, nested.serverLog)
        XCTAssertTrue(try waitUntil {
            let geometry = try nestedWindow()?["geometry"] as? [String: Any]
            return geometry?["width"] as? Int == 400 && geometry?["height"] as? Int == 300
        }, "the parent's window never took the new size")
        let shot = try nested.screenshot(to: NSTemporaryDirectory() + "nested-resized.png")
        XCTAssertEqual(shot.width, 400)
        XCTAssertEqual(shot.height, 300)
        XCTAssertTrue(nested.serverLog.contains("output: a 400x300 window"), nested.serverLog)
    }

    /// Closing the window ends the nested compositor cleanly.
    func testClosingTheWindowEndsTheNestedSession() throws {
        XCTAssertTrue(try waitUntil { try nestedWindow() != nil })
        XCTAssertEqual(try parent.control("close", ["--title", "Strata — nested"]).status, 0)
        XCTAssertTrue(waitUntil { !nested.process.isRunning }, nested.serverLog)
        XCTAssertEqual(nested.process.terminationStatus, 0)
        XCTAssertTrue(try waitUntil { try nestedWindow() == nil })
    }

    /// The same inside weston's headless backend: the window maps there and
    /// the nested compositor serves its clients.
    func testNestsInWeston() throws {
        guard let weston = StrataProcess.which("weston") else { throw XCTSkip("weston is needed") }
        let westonSocket = parent.runtimeDirectory + "/weston-parent"
        let westonProcess = Process()
        westonProcess.executableURL = URL(fileURLWithPath: weston)
        westonProcess.arguments = ["--backend=headless-backend.so", "--use-pixman", "--socket=weston-parent", "--width=640", "--height=480"]
        westonProcess.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": parent.runtimeDirectory]) { $1 }
        westonProcess.standardOutput = FileHandle.nullDevice
        westonProcess.standardError = FileHandle.nullDevice
        try westonProcess.run()
        defer { westonProcess.terminate(); westonProcess.waitUntilExit() }
        XCTAssertTrue(waitUntil { FileManager.default.fileExists(atPath: westonSocket + ".lock") && FileManager.default.fileExists(atPath: westonSocket) })
        let inWeston = try StrataProcess(width: 320, height: 240, socketName: "in-weston", windowOrigins: [(x: 20, y: 20)],
                                         nestedIn: westonSocket)
        defer { inWeston.stop() }
        try inWeston.startLayerDemo(scene: "solids", title: "solids")
        XCTAssertTrue(inWeston.process.isRunning, inWeston.serverLog)
        XCTAssertTrue(inWeston.serverLog.contains("window at scale 1 on \(westonSocket)"), inWeston.serverLog)
    }

    /// Without a parent to reach: one line, exit 1.
    func testUnreachableParentIsOneLine() throws {
        let result = try StrataBinary.run(["run", "--backend", "wayland", "--no-startup", "--socket", "lost"],
                                          environment: ["XDG_RUNTIME_DIR": NSTemporaryDirectory(), "WAYLAND_DISPLAY": "/nonexistent/wayland-9"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardErrorLines.count, 1, result.standardError)
        XCTAssertTrue(result.standardError.hasPrefix("strata: cannot open a window on /nonexistent/wayland-9"), result.standardError)
    }
}

/// `--outputs 2` nested in a headless Strata: two windows on the parent,
/// WL-1 and WL-2, side by side in the nested layout; the parent's pointer on
/// the second window is on the second output.
final class NestedOutputsTests: XCTestCase {
    func testTwoOutputsAreTwoWindowsOnTheParent() throws {
        let parent = try StrataProcess(width: 640, height: 480, windowOrigins: [(x: 20, y: 20), (x: 300, y: 20)])
        defer { parent.stop() }
        let nested = try StrataProcess(width: 200, height: 150, socketName: "nested", windowOrigins: [(x: 10, y: 10)],
                                       extraArguments: ["--outputs", "2"], nestedIn: parent.waylandSocketPath)
        defer { nested.stop() }
        func outputWindows() throws -> [[String: Any]] {
            try parent.windows().filter { ($0["title"] as? String)?.hasPrefix("Strata — nested (WL-") == true && $0["mapped"] as? Bool == true }
        }
        XCTAssertTrue(try waitUntil { try outputWindows().count == 2 }, parent.serverLog + nested.serverLog)
        let windows = try outputWindows()
        XCTAssertEqual(Set(windows.compactMap { $0["title"] as? String }), ["Strata — nested (WL-1)", "Strata — nested (WL-2)"])
        for window in windows {
            let geometry = window["geometry"] as? [String: Any]
            XCTAssertEqual(geometry?["width"] as? Int, 200)
            XCTAssertEqual(geometry?["height"] as? Int, 150)
        }
        let layout = try XCTUnwrap(try nested.tree()["outputs"] as? [[String: Any]])
        XCTAssertEqual(layout.map { $0["name"] as? String }, ["WL-1", "WL-2"])
        XCTAssertEqual(layout.map { $0["x"] as? Int }, [0, 200])
        XCTAssertTrue(nested.serverLog.contains("output: 2 windows (200x150, 200x150) at scale 1 on"), nested.serverLog)

        // The parent's pointer 50,40 into WL-2's window is at 250,40 in the nested layout.
        let second = try XCTUnwrap(windows.first { $0["title"] as? String == "Strata — nested (WL-2)" })
        let origin = try XCTUnwrap(second["origin"] as? [String: Any])
        let x = try XCTUnwrap(origin["x"] as? Int), y = try XCTUnwrap(origin["y"] as? Int)
        try parent.input("move", "\(x + 50)", "\(y + 40)")
        XCTAssertTrue(try waitUntil {
            let pointer = (try nested.tree()["seat"] as? [String: Any])?["pointer"] as? [String: Any]
            return pointer?["x"] as? Int == 250 && pointer?["y"] as? Int == 40
        }, "\(String(describing: try? nested.tree()["seat"]))")

        let shot = try nested.screenshot(to: NSTemporaryDirectory() + "nested-outputs.png")
        XCTAssertEqual(shot.width, 400, "both outputs, side by side")
        XCTAssertEqual(shot.height, 150)

        // WL-1's window made wider: WL-2 moves right to stay beside it.
        XCTAssertEqual(try parent.control("resize", ["--title", "Strata — nested (WL-1)", "--size", "300x150"]).status, 0)
        XCTAssertTrue(try waitUntil {
            let outputs = try nested.tree()["outputs"] as? [[String: Any]] ?? []
            return outputs.map { $0["x"] as? Int } == [0, 300] && outputs.first?["width"] as? Int == 300
        }, "\(String(describing: try? nested.tree()["outputs"]))")
    }
}

/// `--outputs 2` nested: closing one output's window on the parent takes
/// that output out of the nested layout (its windows move to the other);
/// closing the last ends the nested session cleanly.
final class NestedOutputClosingTests: XCTestCase {
    func testClosingOneWindowRemovesItsOutputAndTheLastEndsTheSession() throws {
        let parent = try StrataProcess(width: 640, height: 480, windowOrigins: [(x: 20, y: 20), (x: 300, y: 20)])
        defer { parent.stop() }
        let nested = try StrataProcess(width: 200, height: 150, socketName: "nested", windowOrigins: [(x: 230, y: 30)],
                                       extraArguments: ["--outputs", "2"], nestedIn: parent.waylandSocketPath)
        defer { nested.stop() }
        func outputWindows() throws -> [String] {
            try parent.windows().filter { $0["mapped"] as? Bool == true }.compactMap { $0["title"] as? String }
                .filter { $0.hasPrefix("Strata — nested (WL-") }.sorted()
        }
        XCTAssertTrue(try waitUntil { try outputWindows().count == 2 }, parent.serverLog + nested.serverLog)
        // A client window on WL-2.
        try nested.startLayerDemo(scene: "solids", title: "solids")
        let before = try nested.origin(of: "solids")
        XCTAssertGreaterThanOrEqual(before.x, 200, "on WL-2")

        XCTAssertEqual(try parent.control("close", ["--title", "Strata — nested (WL-2)"]).status, 0)
        XCTAssertTrue(try waitUntil {
            (try nested.tree()["outputs"] as? [[String: Any]])?.map { $0["name"] as? String } == ["WL-1"]
        }, nested.serverLog)
        XCTAssertTrue(nested.process.isRunning, "one output is left: the session goes on")
        XCTAssertTrue(try waitUntil { try outputWindows() == ["Strata — nested (WL-1)"] }, "WL-2's window is gone from the parent")
        let after = try nested.origin(of: "solids")
        XCTAssertTrue((0..<200).contains(after.x), "moved onto WL-1: \(after)")
        let shot = try nested.screenshot(to: NSTemporaryDirectory() + "nested-one-left.png")
        XCTAssertEqual(shot.width, 200)
        XCTAssertTrue(nested.serverLog.contains("the window of WL-2 was closed: the output is removed"), nested.serverLog)
        // Its outputs are its windows: `strata output` cannot add or remove them.
        let add = try nested.control("output", ["add"])
        XCTAssertEqual(add.status, 1)
        XCTAssertEqual(add.standardErrorLines, ["strata: this backend's outputs follow its monitors or windows; only headless outputs can be added"])

        XCTAssertEqual(try parent.control("close", ["--title", "Strata — nested (WL-1)"]).status, 0)
        XCTAssertTrue(waitUntil { !nested.process.isRunning }, nested.serverLog)
        XCTAssertEqual(nested.process.terminationStatus, 0)
    }
}

/// The nested compositor reads keys with its parent's keymap: the parent
/// sends its own keycodes, so a German parent's "z" (evdev KEY_Y, 21)
/// reaches a client inside as "z", not as the "y" of a US layout.
final class NestedKeymapTests: XCTestCase {
    func testTheParentsLayoutIsTheNestedSeats() throws {
        guard let eventDemo = StrataProcess.which("weston-eventdemo"), let stdbuf = StrataProcess.which("stdbuf") else {
            throw XCTSkip("weston-eventdemo and stdbuf are needed")
        }
        setenv("XKB_DEFAULT_LAYOUT", "de", 1)
        let parent: StrataProcess
        do {
            defer { unsetenv("XKB_DEFAULT_LAYOUT") }
            parent = try StrataProcess(width: 480, height: 360, windowOrigins: [(x: 20, y: 20)])
        }
        defer { parent.stop() }
        let nested = try StrataProcess(width: 320, height: 240, socketName: "nested", windowOrigins: [(x: 10, y: 10)],
                                       nestedIn: parent.waylandSocketPath)
        defer { nested.stop() }

        let log = nested.runtimeDirectory + "/keys.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let demo = Process()
        demo.executableURL = URL(fileURLWithPath: stdbuf)
        demo.arguments = ["-oL", eventDemo, "--title=keys", "--log-key"]
        demo.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_RUNTIME_DIR": nested.runtimeDirectory, "WAYLAND_DISPLAY": nested.socketName]) { $1 }
        demo.standardOutput = FileHandle(forWritingAtPath: log)
        demo.standardError = FileHandle.nullDevice
        try demo.run()
        defer { demo.terminate(); demo.waitUntilExit() }
        XCTAssertTrue(try waitUntil { try nested.windows().contains { $0["title"] as? String == "keys" && $0["mapped"] as? Bool == true } })
        try parent.input("click", "60", "60")
        try parent.input("type", "z")
        func keys() -> [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0.hasPrefix("key key:") }
        }
        XCTAssertTrue(waitUntil { keys().count >= 2 }, keys().joined(separator: "\n"))
        XCTAssertEqual(keys().first?.components(separatedBy: ", state:").first, "key key: 21, unicode: 122")
    }
}
