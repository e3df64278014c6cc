import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest

/// The input demo as a real process, played with through `strata input`
/// as `make demo` does: a card dragged by its pan recognizer, the toggle
/// clicked, text typed into the pad, the photo pinched and rotated with two
/// touch points. The app's own output says what it saw; the screenshot
/// must match the reference (tolerance 2 per channel, antialiased edges).
final class InputDemoTests: XCTestCase {
    private var strata: StrataProcess!
    private var app: Process?
    private var outputPath = ""
    private let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References").path

    override func tearDown() {
        if let app, app.isRunning { app.terminate(); app.waitUntilExit() }
        strata?.stop()
        strata = nil
    }

    private var appOutput: [String] {
        ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }


    func testPlayingWithTheInputDemo() throws {
        strata = try StrataProcess(width: 560, height: 400)
        outputPath = strata.runtimeDirectory + "/input-demo.out"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try StrataBinary.product("strata-input-demo"))
        process.environment = ProcessInfo.processInfo.environment.merging(
            strata.clientEnvironment.compactMapValues { $0 }) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle.nullDevice
        try process.run()
        app = process

        var window: [String: Any]?
        XCTAssertTrue(try waitUntil(timeout: 20) {
            window = try strata.windows().first { $0["title"] as? String == "Input" && $0["mapped"] as? Bool == true }
            return window != nil
        }, "the input demo never showed its window; strata said: \(strata.serverLog)")
        let origin = try XCTUnwrap(window?["origin"] as? [String: Double])
        /// Output coordinates of a point in the window.
        func at(_ x: Double, _ y: Double) -> [String] { ["\(origin["x"]! + x)", "\(origin["y"]! + y)"] }

        // The red card's center is at (80, 65).
        try strata.input(["drag"] + at(80, 65) + at(200, 215) + ["--steps", "12"])
        XCTAssertTrue(waitUntil { self.appOutput.contains("card red at 200.00 215.00") }, "app said: \(appOutput)")

        try strata.input(["click"] + at(62, 227))
        XCTAssertTrue(waitUntil { self.appOutput.contains("toggle on") }, "app said: \(appOutput)")

        try strata.input(["click"] + at(240, 282))
        try strata.input(["type", "hello strata"])
        try strata.input(["key", "BackSpace"])
        XCTAssertTrue(waitUntil { self.appOutput.last == "text hello strat" }, "app said: \(appOutput)")

        // Two fingers on the photo, 60 apart; the second moves to 90 apart,
        // 30° down: scale 1.5, rotation π/6.
        try strata.input(["touch", "down", "1"] + at(310, 90))
        try strata.input(["touch", "down", "2"] + at(370, 90))
        for step in 1...6 {
            let angle = Double(step) / 6 * .pi / 6, distance = 60 + 30 * Double(step) / 6
            try strata.input(["touch", "move", "2"] + at(310 + distance * cos(angle), 90 + distance * sin(angle)))
        }
        try strata.input(["touch", "up", "2"])
        try strata.input(["touch", "up", "1"])
        XCTAssertTrue(waitUntil { self.appOutput.contains("photo scale 1.50 rotation 0.52") }, "app said: \(appOutput)")

        // Everything the app changed has reached the screen once its tree stops changing.
        var last = ""
        XCTAssertTrue(try waitUntil(timeout: 10, interval: 0.2) {
            let tree = try strata.control("tree").standardOutput
            defer { last = tree }
            return tree == last
        })
        let path = strata.runtimeDirectory + "/input-demo.png"
        XCTAssertEqual(try strata.control("screenshot", ["--output", path]).status, 0)
        let image = try PNGFile.read(path: path)
        defer { pixman_image_unref(image) }
        ImageComparison.assertMatches(image, reference: "input-demo", in: .module, referencesDirectory: references,
                                      tolerance: 2)
    }
}
