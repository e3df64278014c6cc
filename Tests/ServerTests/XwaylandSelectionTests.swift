import Foundation
import TestSupport
import XCTest

/// The clipboard and the primary selection shared between X and Wayland
/// clients, both ways, through Strata's X window manager (ICCCM section 2:
/// TARGETS, then a conversion to the type asked for). wl-clipboard (a
/// Wayland client) and xclip and xterm (X clients) from Debian.
final class XwaylandSelectionTests: XwaylandTestCase {
    private func requireTools() throws {
        for tool in ["wl-copy", "wl-paste", "xclip"] where StrataProcess.which(tool) == nil {
            throw XCTSkip("\(tool) is not installed (make deps)")
        }
    }

    /// What a Wayland client pastes (wl-paste), without the newline it adds.
    private func waylandPaste(primary: Bool = false) -> String? {
        let arguments = ["--no-newline"] + (primary ? ["--primary"] : [])
        guard let result = try? runProcess(StrataProcess.which("wl-paste")!, arguments, environment: strata.clientEnvironment, timeout: 10),
              result.status == 0 else { return nil }
        return result.standardOutput
    }

    /// What an X client pastes (xclip -o).
    private func xPaste(_ selection: String) throws -> String? {
        let display = try XCTUnwrap(try xwayland()["display"] as? String)
        guard let result = try? runProcess(StrataProcess.which("xclip")!, ["-o", "-selection", selection],
                                           environment: ["DISPLAY": display, "WAYLAND_DISPLAY": nil], timeout: 10),
              result.status == 0 else { return nil }
        return result.standardOutput
    }

    /// A Wayland client's copy (wl-copy, kept in the foreground to own it).
    private func waylandCopy(_ text: String, primary: Bool = false) throws {
        try strata.startClient(StrataProcess.which("wl-copy")!, ["--foreground"] + (primary ? ["--primary"] : []) + [text])
    }

    /// An X client's copy (xclip, owning the selection until the test ends).
    private func xCopy(_ text: String, selection: String) throws {
        let file = strata.runtimeDirectory + "/xclip-\(selection)"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try startX("xclip", ["-quiet", "-selection", selection, "-i", file])
    }

    func testTheClipboardGoesFromWaylandToXAndBack() throws {
        try requireTools()
        // The X display runs once a first X client comes; the bridge follows the clipboard from then.
        try startX("xterm", ["-title", "X Terminal"])
        XCTAssertNotNil(waitForWindow("X Terminal"), strata.serverLog)
        try waylandCopy("copied in Wayland")
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.1) { (try? xPaste("clipboard")) == "copied in Wayland" },
                      "an X client pastes what a Wayland client copied: \(String(describing: try? xPaste("clipboard")))")
        try xCopy("copied in X", selection: "clipboard")
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.1) { waylandPaste() == "copied in X" },
                      "a Wayland client pastes what an X client copied: \(waylandPaste() ?? "nothing")")
    }

    func testThePrimarySelectionGoesBothWaysToo() throws {
        try requireTools()
        try startX("xterm", ["-title", "X Terminal"])
        XCTAssertNotNil(waitForWindow("X Terminal"), strata.serverLog)
        try xCopy("selected in X", selection: "primary")
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.1) { waylandPaste(primary: true) == "selected in X" },
                      "\(waylandPaste(primary: true) ?? "nothing")")
        XCTAssertNotEqual(waylandPaste(), "selected in X", "the primary selection is not the clipboard")
        try waylandCopy("selected in Wayland", primary: true)
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.1) { (try? xPaste("primary")) == "selected in Wayland" })
    }

    func testAWordSelectedInXtermPastesInWaylandAndWaylandTextPastesIntoXterm() throws {
        try requireTools()
        let typed = strata.runtimeDirectory + "/typed"
        // xterm shows a word, then waits for a line (which the paste and Return give it).
        try startX("xterm", ["-title", "X Terminal", "-e", "sh", "-c", "echo SelectMe; read line; echo \"$line\" > \(typed)"])
        let window = try XCTUnwrap(waitForWindow("X Terminal"), strata.serverLog)
        let origin = try XCTUnwrap(window["origin"] as? [String: Any])
        let (x, y) = (Int(try XCTUnwrap(origin["x"] as? Double)), Int(try XCTUnwrap(origin["y"] as? Double)))
        // A double click selects the word on xterm's first line: PRIMARY.
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.2) {
            try? strata.input("click", "\(x + 15)", "\(y + 9)", "--count", "2")
            return waylandPaste(primary: true) == "SelectMe"
        }, "a word selected in xterm is the primary selection Wayland clients paste: \(waylandPaste(primary: true) ?? "nothing")")
        try waylandCopy("from Wayland", primary: true)
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.1) { (try? xPaste("primary")) == "from Wayland" })
        // A middle click in xterm pastes PRIMARY.
        try strata.input("click", "\(x + 100)", "\(y + 100)", "--button", "middle")
        try strata.input("key", "Return")
        XCTAssertTrue(waitUntil(timeout: 15) { lines(typed) == ["from Wayland"] },
                      "xterm pasted what a Wayland client selected: \(lines(typed))")
    }

    /// The issue's case as a person does it: select a word in xterm, paste
    /// it into foot with a middle click, and the other way round.
    func testAWordSelectedInXtermPastesIntoFootAndFootsIntoXterm() throws {
        guard let foot = StrataProcess.which("foot") else { throw XCTSkip("foot is not installed (make deps)") }
        let (xtermTyped, footTyped) = (strata.runtimeDirectory + "/xterm-typed", strata.runtimeDirectory + "/foot-typed")
        try startX("xterm", ["-title", "X Terminal", "-geometry", "40x8", "-e", "sh", "-c",
                             "echo SelectMe; read line; echo \"$line\" > \(xtermTyped); sleep 60"])
        try strata.startClient(foot, ["--title", "Foot", "--window-size-pixels", "300x160", "sh", "-c",
                                      "echo FootWord; read line; echo \"$line\" > \(footTyped); sleep 60"])
        func origin(_ title: String) throws -> (Int, Int) {
            let origin = try XCTUnwrap(waitForWindow(title)?["origin"] as? [String: Any], strata.serverLog)
            return (Int(try XCTUnwrap(origin["x"] as? Double)), Int(try XCTUnwrap(origin["y"] as? Double)))
        }
        let (xterm, footWindow) = (try origin("X Terminal"), try origin("Foot"))
        let footClient = "\(footWindow.0 + 60)", footClientY = "\(footWindow.1 + 60)"
        // xterm's word, by a double click on its first line, into foot by a middle click.
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.2) {
            try? strata.input("click", "\(xterm.0 + 15)", "\(xterm.1 + 9)", "--count", "2")
            return waylandPaste(primary: true) == "SelectMe"
        }, "xterm's selection is the primary selection: \(waylandPaste(primary: true) ?? "nothing")")
        try strata.input("click", footClient, footClientY, "--button", "middle")
        try strata.input("key", "Return")
        XCTAssertTrue(waitUntil(timeout: 15) { lines(footTyped) == ["SelectMe"] }, "foot pasted xterm's word: \(lines(footTyped))")
        // foot's word, the same way, into xterm.
        XCTAssertTrue(waitUntil(timeout: 15, interval: 0.2) {
            try? strata.input("click", "\(footWindow.0 + 20)", "\(footWindow.1 + 8)", "--count", "2")
            return (try? xPaste("primary")) == "FootWord"
        }, "foot's selection reached X: \(String(describing: try? xPaste("primary")))")
        try strata.input("click", "\(xterm.0 + 100)", "\(xterm.1 + 60)", "--button", "middle")
        try strata.input("key", "Return")
        XCTAssertTrue(waitUntil(timeout: 15) { lines(xtermTyped) == ["FootWord"] }, "xterm pasted foot's word: \(lines(xtermTyped))")
    }
}
