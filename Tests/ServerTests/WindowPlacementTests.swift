import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import StrataServer
import TestSupport
import XCTest

/// Smart placement: `WindowPlacement` on its own, then real windows on a
/// real `strata` left to place them (no --place-windows).
final class WindowPlacementTests: XCTestCase {
    let output = Rect(x: 0, y: 0, width: 640, height: 480)

    func rect(_ origin: Point, _ size: Size) -> Rect { Rect(origin: origin, size: size) }

    func overlap(_ a: Rect, _ b: Rect) -> Double {
        let common = a.intersection(b)
        return common.width * common.height
    }

    func testFirstWindowIsCentered() {
        XCTAssertEqual(WindowPlacement.origin(for: Size(width: 200, height: 100), on: output, avoiding: []), Point(x: 220, y: 190))
        XCTAssertEqual(WindowPlacement.origin(for: Size(width: 201, height: 101), on: output, avoiding: []), Point(x: 219, y: 189),
                       "whole points")
    }

    func testAWindowLargerThanTheOutputKeepsItsTopLeftOnIt() {
        XCTAssertEqual(WindowPlacement.origin(for: Size(width: 800, height: 300), on: output, avoiding: []), Point(x: 0, y: 90))
    }

    func testWindowsFillTheOutputWithoutOverlapWhileTheyFit() {
        let size = Size(width: 200, height: 150)
        var placed: [Rect] = []
        // Nine 200×150 windows fit a 640×480 output without overlapping.
        for _ in 0..<9 {
            let origin = WindowPlacement.origin(for: size, on: output, avoiding: placed)
            let new = rect(origin, size)
            XCTAssertEqual(new.intersection(output), new, "fully on the output: \(new)")
            XCTAssertEqual(placed.reduce(0) { $0 + overlap($1, new) }, 0, "\(new) overlaps \(placed)")
            placed.append(new)
        }
        // The tenth must overlap; it overlaps as little as it can: one window's worth at most.
        let tenth = rect(WindowPlacement.origin(for: size, on: output, avoiding: placed), size)
        XCTAssertEqual(tenth.intersection(output), tenth)
        XCTAssertLessThanOrEqual(placed.reduce(0) { $0 + overlap($1, tenth) }, 200 * 150)
    }

    func testSecondWindowGoesBesideTheFirstNearTheMiddle() {
        let first = rect(Point(x: 220, y: 190), Size(width: 200, height: 100))
        let origin = WindowPlacement.origin(for: Size(width: 200, height: 100), on: output, avoiding: [first])
        XCTAssertEqual(overlap(first, rect(origin, Size(width: 200, height: 100))), 0)
        XCTAssertTrue(origin == Point(x: 220, y: 90) || origin == Point(x: 220, y: 290)
                      || origin == Point(x: 20, y: 190) || origin == Point(x: 420, y: 190),
                      "flush with the first, beside or above it: \(origin)")
    }

    func testDialogIsCenteredOnItsParentAndKeptOnTheOutput() {
        let parent = Rect(x: 100, y: 100, width: 300, height: 200)
        XCTAssertEqual(WindowPlacement.origin(for: Size(width: 100, height: 50), centeredOn: parent, on: output), Point(x: 200, y: 175))
        let nearEdge = Rect(x: 500, y: 400, width: 100, height: 60)
        XCTAssertEqual(WindowPlacement.origin(for: Size(width: 300, height: 200), centeredOn: nearEdge, on: output), Point(x: 340, y: 280))
    }

    // MARK: On a real compositor

    func origins(_ strata: StrataProcess) throws -> [String: Rect] {
        var result: [String: Rect] = [:]
        for window in try strata.windows() {
            let origin = try XCTUnwrap(window["origin"] as? [String: Any])
            let geometry = try XCTUnwrap(window["geometry"] as? [String: Any])
            result[try XCTUnwrap(window["title"] as? String)] = Rect(
                x: try XCTUnwrap(origin["x"] as? Double), y: try XCTUnwrap(origin["y"] as? Double),
                width: try XCTUnwrap(geometry["width"] as? Double), height: try XCTUnwrap(geometry["height"] as? Double))
        }
        return result
    }

    func testRealWindowsAreCenteredThenPlacedApartAndDialogsOnTheirParent() throws {
        let strata = try StrataProcess(width: 640, height: 480, manualFrames: true, windowOrigins: nil)
        defer { strata.stop() }
        let client = try RawClient(strata)
        let first = try RawWindow(client, title: "first", width: 200, height: 100)
        XCTAssertEqual(try origins(strata)["first"], Rect(x: 220, y: 190, width: 200, height: 100), "centered")
        // Kept alive: their listeners hear configures (focus changes) until the end.
        let second = try RawWindow(client, title: "second", width: 200, height: 100)
        let third = try RawWindow(client, title: "third", width: 200, height: 100)
        let placed = try origins(strata)
        let rects = ["first", "second", "third"].compactMap { placed[$0] }
        XCTAssertEqual(rects.count, 3)
        for (i, a) in rects.enumerated() {
            XCTAssertEqual(a.intersection(output), a, "on the output")
            for b in rects[(i + 1)...] { XCTAssertEqual(overlap(a, b), 0, "\(a) and \(b) overlap") }
        }
        let dialog = try RawWindow(client, title: "dialog", width: 80, height: 40, parent: first.toplevel)
        XCTAssertEqual(try origins(strata)["dialog"], Rect(x: 280, y: 220, width: 80, height: 40), "centered on first")
        withExtendedLifetime((first, second, third, dialog)) {}
    }

    func testTwoWestonClientsDoNotCoverEachOther() throws {
        guard let simpleShm = StrataProcess.which("weston-simple-shm") else { throw XCTSkip("weston-simple-shm is not installed") }
        // Room for two 250-point windows beside a centered one.
        let strata = try StrataProcess(width: 1024, height: 640, windowOrigins: nil)
        defer { strata.stop() }
        _ = try strata.startClient(simpleShm)
        XCTAssertTrue(try waitUntil { try strata.windows().filter { $0["mapped"] as? Bool == true }.count == 1 })
        _ = try strata.startClient(simpleShm)
        XCTAssertTrue(try waitUntil { try strata.windows().filter { $0["mapped"] as? Bool == true }.count == 2 })
        // Both are titled simple-shm, so the tree's list rather than origins(_:).
        let listed = try strata.windows().compactMap { window -> Rect? in
            guard let o = window["origin"] as? [String: Any], let x = o["x"] as? Double, let y = o["y"] as? Double else { return nil }
            return Rect(x: x, y: y, width: 250, height: 250)
        }
        XCTAssertEqual(listed.count, 2)
        XCTAssertEqual(overlap(listed[0], listed[1]), 0, "\(listed)")
        XCTAssertEqual(listed[0], Rect(x: 387, y: 195, width: 250, height: 250), "the first is centered")
    }

    /// Windows with Strata's title bar: each is placed with its bar, and
    /// no window placed after it covers the bar of another.
    func testWindowsAreNotPlacedOverAnotherWindowsTitleBar() throws {
        let strata = try StrataProcess(width: 640, height: 480, manualFrames: true, windowOrigins: nil)
        defer { strata.stop() }
        let client = try RawClient(strata)
        var windows: [ManagedWindow] = []
        for title in ["first", "second", "third", "fourth"] {
            windows.append(try ManagedWindow(client, title: title, width: 150, height: 100, decorationMode: 0))
        }
        var decorated: [Rect] = []
        for window in try strata.windows() {
            let bar = try XCTUnwrap(window["title_bar"] as? [String: Double], "\(window["title"] ?? "")")
            let geometry = try XCTUnwrap(window["geometry"] as? [String: Double])
            decorated.append(Rect(x: bar["x"]!, y: bar["y"]!, width: geometry["width"]!, height: bar["height"]! + geometry["height"]!))
        }
        XCTAssertEqual(decorated.count, 4)
        for (i, a) in decorated.enumerated() {
            XCTAssertEqual(a.intersection(output), a, "bar and window on the output")
            for b in decorated[(i + 1)...] { XCTAssertEqual(overlap(a, b), 0, "\(a) and \(b) overlap") }
        }
        withExtendedLifetime(windows) {}
    }

    /// A layer-tree window is bound before its root layer has a size: it is
    /// placed once it has one, not as an empty window in the middle.
    func testLayerTreeWindowsArePlacedWithTheirSize() throws {
        let strata = try StrataProcess(width: 1024, height: 640, windowOrigins: nil)
        defer { strata.stop() }
        try strata.startLayerDemo(scene: "solids", title: "solids")
        try strata.startLayerDemo(scene: "composed", title: "composed")
        let placed = try origins(strata)
        let solids = try XCTUnwrap(placed["solids"]), composed = try XCTUnwrap(placed["composed"])
        XCTAssertEqual(solids.origin, Point(x: (1024 - solids.width) / 2, y: (640 - solids.height) / 2), "the first is centered")
        XCTAssertEqual(overlap(solids, composed), 0, "\(solids) and \(composed) overlap")
    }

    func assertError(_ client: RawClient, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(client.roundtrip(), "expected a protocol error", file: file, line: line)
        XCTAssertEqual(client.protocolError?.interface, "xdg_toplevel", file: file, line: line)
        XCTAssertEqual(client.protocolError?.code, XDG_TOPLEVEL_ERROR_INVALID_PARENT.rawValue, file: file, line: line)
    }

    func testSetParentToItselfIsInvalidParent() throws {
        let strata = try StrataProcess(width: 320, height: 240, manualFrames: true, windowOrigins: nil)
        defer { strata.stop() }
        let client = try RawClient(strata)
        let window = try RawWindow(client, title: "self", width: 10, height: 10)
        xdg_toplevel_set_parent(window.toplevel, window.toplevel)
        assertError(client)
        XCTAssertTrue(try RawClient(strata).roundtrip(), "the compositor serves on")
    }

    func testSetParentThatMakesACycleIsInvalidParent() throws {
        let strata = try StrataProcess(width: 320, height: 240, manualFrames: true, windowOrigins: nil)
        defer { strata.stop() }
        let client = try RawClient(strata)
        let a = try RawWindow(client, title: "a", width: 10, height: 10)
        let b = try RawWindow(client, title: "b", width: 10, height: 10, parent: a.toplevel)
        xdg_toplevel_set_parent(b.toplevel, nil)  // unset: fine
        xdg_toplevel_set_parent(b.toplevel, a.toplevel)
        XCTAssertTrue(client.roundtrip())
        xdg_toplevel_set_parent(a.toplevel, b.toplevel)
        assertError(client)
    }
}
