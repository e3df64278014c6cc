import Foundation
import TestSupport
import XCTest

/// The mail demo as a real process on a real compositor, used through
/// `strata input` as a person would: a tapped row opens its message
/// (didSelectRowAt), a row dragged sideways uncovers its actions and
/// Delete removes it (a batch update), and the compose alert sends what
/// was typed when Return picks its preferred action; pulling the list
/// down refreshes it; in editing mode a row dragged by its grip moves.
final class MailDemoTests: XCTestCase {
    private var strata: StrataProcess!
    private var outputFile = ""

    override func tearDown() {
        strata?.stop()
        strata = nil
    }

    private var printed: String { (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "" }

    /// Output coordinates of a point of the window's content (at 40, 40).
    private func at(_ x: Int, _ y: Int) -> [String] { ["\(40 + x)", "\(40 + y)"] }

    func testReadSwipeToDeleteAndCompose() throws {
        strata = try StrataProcess(width: 460, height: 640, windowOrigins: [(x: 40, y: 40)])
        outputFile = strata.runtimeDirectory + "/mail.out"
        try strata.startClient(try StrataBinary.product("strata-mail-demo"), outputFile: outputFile)
        XCTAssertTrue(try waitUntil(timeout: 20) {
            try strata.windows().contains { $0["title"] as? String == "Mail" && $0["mapped"] as? Bool == true }
        }, "the demo never showed its window: \(strata.serverLog)")
        Thread.sleep(forTimeInterval: 1)

        // Only the rows on screen have cells: 54 messages, about six rows of layers.
        let tree = try strata.control("tree").standardOutput
        XCTAssertLessThan(tree.components(separatedBy: "Hello,").count, 20)

        // The second message (below the bar, the "Today" header and the first row).
        try strata.input(["click"] + at(200, 211))
        XCTAssertTrue(waitUntil(timeout: 10) { self.printed.contains("opened On computable numbers") }, printed)
        Thread.sleep(forTimeInterval: 1)
        try strata.input(["click"] + at(40, 22))             // back
        Thread.sleep(forTimeInterval: 1)

        // Dragged left, the row shows Archive and Delete; Delete is at the edge.
        try strata.input(["drag"] + at(320, 211) + at(160, 211) + ["--steps", "10"])
        Thread.sleep(forTimeInterval: 1)
        try strata.input(["click"] + at(360, 211))
        XCTAssertTrue(waitUntil(timeout: 10) { self.printed.contains("deleted On computable numbers") }, printed)

        // Pulled down past the top, the list refreshes.
        try strata.input(["drag"] + at(200, 120) + at(200, 540) + ["--steps", "20"])
        XCTAssertTrue(waitUntil(timeout: 10) { self.printed.contains("refreshing") }, printed)
        Thread.sleep(forTimeInterval: 1)

        // Compose: the alert's field has the keys; Return sends.
        try strata.input(["click"] + at(356, 22))
        Thread.sleep(forTimeInterval: 1)
        try strata.input("type", "Lunch")
        try strata.input("key", "Return")
        XCTAssertTrue(waitUntil(timeout: 10) { self.printed.contains("sent Lunch") }, printed)
        Thread.sleep(forTimeInterval: 1)

        // Edit, then the new message dragged down by its grip.
        try strata.input(["click"] + at(40, 22))
        Thread.sleep(forTimeInterval: 1)
        try strata.input(["drag"] + at(353, 110) + at(353, 300) + ["--steps", "20"])
        XCTAssertTrue(waitUntil(timeout: 10) { self.printed.contains("moved Lunch to 0,") }, printed)
    }
}
