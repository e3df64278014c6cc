import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest

/// The cover flow demo as a real process on a real compositor: its covers
/// drawn in perspective match a reference picture, a drag scrolls them to
/// rest on a cover, and a click on a turned cover (hit where the
/// compositor draws it) brings that cover to the centre.
final class CoverFlowDemoTests: XCTestCase {
    private var strata: StrataProcess!
    private var outputFile = ""
    private let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References").path

    override func tearDown() {
        strata?.stop()
        strata = nil
    }

    private var printed: String { (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? "" }

    /// Output coordinates of a point of the window's content (at 20, 40).
    private func at(_ x: Int, _ y: Int) -> [String] { ["\(20 + x)", "\(40 + y)"] }

    func testCoversInPerspectiveDraggedAndTapped() throws {
        strata = try StrataProcess(width: 760, height: 480, windowOrigins: [(x: 20, y: 40)])
        outputFile = strata.runtimeDirectory + "/coverflow.out"
        try strata.startClient(try StrataBinary.product("strata-coverflow-demo"), ["--cover", "4"], outputFile: outputFile)
        XCTAssertTrue(try waitUntil(timeout: 20) {
            try strata.windows().contains { $0["title"] as? String == "Cover Flow" && $0["mapped"] as? Bool == true }
        }, "the demo never showed its window: \(strata.serverLog)")
        try strata.input("move", "755", "5")
        Thread.sleep(forTimeInterval: 1.5)
        let path = strata.runtimeDirectory + "/coverflow.png"
        _ = try strata.screenshot(to: path)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: "kit-coverflow", in: .module, referencesDirectory: references,
                                      tolerance: 4, maxDifferingPixels: 0)

        // Dragged left by two covers' steps: it comes to rest on a cover further right.
        try strata.input(["drag"] + at(500, 180) + at(280, 180) + ["--steps", "12"])
        XCTAssertTrue(waitUntil(timeout: 10) { self.printed.contains("centred ") }, printed)
        let rested = try XCTUnwrap(index(after: "centred ", in: printed), printed)
        XCTAssertGreaterThan(rested, 4, "the drag moved the covers on from Evergreen (4): \(printed)")

        // The turned cover beside the centre (on the right, or on the left
        // when a fling reached the last cover), clicked near its inner edge:
        // that cover, drawn in front of the stack behind it, is the one
        // tapped, and it comes to the centre.
        let before = printed
        let last = 11
        try strata.input(["click"] + at(rested == last ? 160 : 560, 180))
        XCTAssertTrue(waitUntil(timeout: 10) { self.printed.dropFirst(before.count).contains("centred ") }, printed)
        let after = String(printed.dropFirst(before.count))
        let tapped = try XCTUnwrap(index(after: "tapped ", in: after), after)
        XCTAssertEqual(tapped, rested == last ? rested - 1 : rested + 1, after)
        XCTAssertEqual(index(after: "centred ", in: after), tapped, after)
    }

    /// The number after the last `prefix` in `text` ("centred 6 Golden Age" → 6).
    private func index(after prefix: String, in text: String) -> Int? {
        text.components(separatedBy: prefix).dropFirst().last.flatMap { Int($0.prefix { $0.isNumber }) }
    }
}
