import Foundation
import TestSupport
import XCTest

/// weston-eventdemo, a real toolkit client, against the `strata` binary,
/// driven with the real `strata input`: what it logs is what it received.
final class EventDemoTests: XCTestCase {
    var strata: StrataProcess!
    private var demos: [Process] = []

    override func setUpWithError() throws {
        guard StrataProcess.which("weston-eventdemo") != nil, StrataProcess.which("stdbuf") != nil else {
            throw XCTSkip("weston-eventdemo (weston) and stdbuf (coreutils) are needed")
        }
        strata = try StrataProcess(width: 640, height: 480)
    }

    override func tearDown() {
        for demo in demos where demo.isRunning {
            kill(demo.processIdentifier, SIGKILL)
            demo.waitUntilExit()
        }
        demos = []
        strata?.stop()
        strata = nil
    }

    /// An eventdemo logging focus, keys, buttons and motion, one line at a
    /// time (stdbuf), into a file; returns a reader of what it logged.
    func startEventDemo(title: String) throws -> () -> [String] {
        let output = strata.runtimeDirectory + "/\(title).log"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let demo = Process()
        demo.executableURL = URL(fileURLWithPath: StrataProcess.which("stdbuf")!)
        demo.arguments = ["-oL", StrataProcess.which("weston-eventdemo")!, "--title=\(title)",
                          "--log-focus", "--log-key", "--log-button", "--log-motion"]
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in strata.clientEnvironment { environment[key] = value }
        demo.environment = environment
        demo.standardOutput = FileHandle(forWritingAtPath: output)
        demo.standardError = FileHandle.nullDevice
        try demo.run()
        demos.append(demo)
        let log = { ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        XCTAssertTrue(try waitUntil { try strata.windows().contains { $0["title"] as? String == title && $0["mapped"] as? Bool == true } },
                      "\(title) never mapped: \(strata.serverLog)")
        return log
    }


    /// Waits until `log` has a line starting with `prefix`.
    func waitForLine(_ log: () -> [String], _ prefix: String, count: Int = 1,
                     file: StaticString = #filePath, line: UInt = #line) {
        let found = waitUntil(timeout: 10) { log().filter { $0.hasPrefix(prefix) }.count >= count }
        XCTAssertTrue(found, "no \(count)× '\(prefix)' in:\n\(log().joined(separator: "\n"))", file: file, line: line)
    }

    func testEventDemoReceivesPointerButtonsAndKeys() throws {
        let log = try startEventDemo(title: "One")
        // Keyboard focus on map; eventdemo logs it with the pointer position it knows.
        waitForLine(log, "focus x:")
        // The first window's geometry starts at (32, 32), 32 points into its
        // surface (eventdemo draws a frame around it): output points and surface points agree.
        try strata.input("move", "100", "110")
        waitForLine(log, "motion time:")
        XCTAssertTrue(log().contains { $0.hasPrefix("motion time:") && $0.hasSuffix("x: 100.000000, y: 110.000000") }, log().joined(separator: "\n"))
        try strata.input("click", "120", "130")
        waitForLine(log, "button time:", count: 2)
        let buttons = log().filter { $0.hasPrefix("button time:") }.map { $0.split(separator: ",").dropFirst().joined(separator: ",") }
        XCTAssertEqual(buttons, [" button: 272, state: pressed, x: 120, y: 130", " button: 272, state: released, x: 120, y: 130"])
        try strata.input("type", "aB")
        waitForLine(log, "key key:", count: 6)
        XCTAssertEqual(log().filter { $0.hasPrefix("key key:") }, [
            "key key: 30, unicode: 97, state: pressed, modifiers: 0x0",
            "key key: 30, unicode: 97, state: released, modifiers: 0x0",
            "key key: 42, unicode: 65505, state: pressed, modifiers: 0x0",
            "key key: 48, unicode: 66, state: pressed, modifiers: 0x1",
            "key key: 48, unicode: 66, state: released, modifiers: 0x1",
            "key key: 42, unicode: 65505, state: released, modifiers: 0x1",
        ])
        try strata.input("key", "Return")
        waitForLine(log, "key key: 28, unicode: 65293, state: released")  // eventdemo prints the keysym: XKB_KEY_Return
    }

    func testKeysReachOnlyTheFocusedClientAndClickingMovesFocus() throws {
        let one = try startEventDemo(title: "One")
        waitForLine(one, "focus x:")
        let two = try startEventDemo(title: "Two")   // at (64, 64), on top, focused
        waitForLine(two, "focus x:")
        waitForLine(one, "focus lost")

        try strata.input("key", "a")
        waitForLine(two, "key key: 30, unicode: 97, state: released")
        try strata.input("click", "40", "40")   // only One is there
        waitForLine(one, "focus x:", count: 2)
        waitForLine(two, "focus lost")
        try strata.input("key", "b")
        waitForLine(one, "key key: 48, unicode: 98, state: released")

        XCTAssertEqual(one().filter { $0.hasPrefix("key key:") }.count, 2, "One heard only the b it had the focus for")
        XCTAssertEqual(two().filter { $0.hasPrefix("key key:") }.count, 2, "Two heard only the a it had the focus for")
        XCTAssertEqual(two().filter { $0.hasPrefix("button") }, [], "Two never had the pointer")
        let tree = try strata.tree()
        XCTAssertEqual((tree["seat"] as? [String: Any])?["keyboard_focus"] as? String, "One")
        XCTAssertEqual(try strata.windows().map { $0["title"] as? String }, ["Two", "One"], "the click raised One")
    }
}
