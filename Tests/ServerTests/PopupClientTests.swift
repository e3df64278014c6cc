import Foundation
import TestSupport
import XCTest

/// A real client's popup menu against the real `strata`: weston-terminal
/// opens its context menu on a right click as an xdg_popup with a grab,
/// placed at the pointer; a click outside closes it (popup_done).
final class PopupClientTests: XCTestCase {
    func testWestonTerminalContextMenuOpensAndClosesOnAClickOutside() throws {
        guard let terminal = StrataProcess.which("weston-terminal") else { throw XCTSkip("weston-terminal is not installed (make deps)") }
        let strata = try StrataProcess(width: 800, height: 600)
        defer { strata.stop() }
        _ = try strata.startClient(terminal)
        var window: [String: Any]?
        XCTAssertTrue(try waitUntil(timeout: 20) {
            window = try strata.windows().first { $0["mapped"] as? Bool == true }
            return window != nil
        }, "weston-terminal never mapped; server log: \(strata.serverLog)")
        let origin = try XCTUnwrap(window?["origin"] as? [String: Any])
        let (x, y) = (try XCTUnwrap(origin["x"] as? Int), try XCTUnwrap(origin["y"] as? Int))
        let path = NSTemporaryDirectory() + "strata-popup-client-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A point well inside the menu, which opens below and right of the click; the terminal is black there.
        let (clickX, clickY) = (x + 170, y + 170)
        func menuShown() throws -> Bool {
            _ = try strata.control("frame")
            return try strata.screenshot(to: path)[clickX + 100, clickY + 40].red > 150
        }
        try strata.input("move", "\(clickX)", "\(clickY)")
        XCTAssertFalse(try menuShown(), "the terminal is dark before the menu")

        try strata.input("click", "\(clickX)", "\(clickY)", "--button", "right")
        XCTAssertTrue(try waitUntil(timeout: 10) { try menuShown() }, "the context menu was drawn; log: \(strata.serverLog)")

        try strata.input("click", "790", "590")  // the desktop
        XCTAssertTrue(try waitUntil(timeout: 10) { try !menuShown() }, "a click outside closed the menu")
        XCTAssertEqual(try strata.windows().filter { $0["mapped"] as? Bool == true }.count, 1, "the terminal stays")
    }
}
