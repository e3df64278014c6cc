import Foundation
import TestSupport
import XCTest

/// The settings demo as a real process, used through `strata input` as a
/// person would: its switch and text field report to the app, and a row
/// pushes the list of cities, whose tiled rows the compositor shows.
final class SettingsDemoTests: XCTestCase {
    private var strata: StrataProcess!
    private var outputFile = ""

    override func tearDown() {
        strata?.stop()
        strata = nil
    }

    private var printed: String { (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "" }

    func testControlsReportAndARowPushesTheList() throws {
        strata = try StrataProcess(width: 440, height: 600, windowOrigins: [(x: 40, y: 40)])
        outputFile = strata.runtimeDirectory + "/settings.out"
        try strata.startClient(try StrataBinary.product("strata-settings-demo"), outputFile: outputFile)
        XCTAssertTrue(try waitUntil(timeout: 20) {
            try strata.windows().contains { $0["title"] as? String == "Settings" && $0["mapped"] as? Bool == true }
        }, "the demo never showed its window: \(strata.serverLog)")
        Thread.sleep(forTimeInterval: 0.5)

        // The window at (40, 40); its rows start below the 44-point bar.
        try strata.input("click", "358", "146")              // the Wi-Fi switch
        XCTAssertTrue(waitUntil { self.printed.contains("wi-fi off") }, printed)
        try strata.input("click", "220", "402")              // the name field
        try strata.input("type", "Ada")
        try strata.input("key", "Return")
        XCTAssertTrue(waitUntil { self.printed.contains("name: Ada") }, printed)

        // To the end of the screen, then the "All Cities" row.
        try strata.input("move", "220", "300")
        try strata.input("scroll", "0", "2000")
        Thread.sleep(forTimeInterval: 2)
        try strata.input("click", "220", "478")
        XCTAssertTrue(waitUntil(timeout: 10) { self.printed.contains("cities shown") }, "the list was not pushed: \(printed)")
        // Only the rows on screen exist: 300 cities, about a dozen row layers.
        let tree = try strata.control("tree").standardOutput
        let rows = tree.components(separatedBy: "\"contents\":{").count - 1
        XCTAssertLessThan(rows, 60, "rows are tiled, not all 300 made")
    }
}
