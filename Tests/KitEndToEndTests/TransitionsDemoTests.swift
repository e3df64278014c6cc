import CPixman
import Foundation
import StrataRender
import TestSupport
import XCTest

/// The transitions demo as a real process on a compositor whose clock moves
/// only when told: the app starts a flip and is then stopped with SIGSTOP;
/// the compositor plays the flip all the same, and once the app runs again
/// its completion handler says the flip finished.
final class TransitionsDemoTests: XCTestCase {
    private var strata: StrataProcess!
    private var demo: Process?
    private let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References").path

    override func tearDown() {
        if let demo, demo.isRunning {
            kill(demo.processIdentifier, SIGCONT)
            demo.terminate()
            demo.waitUntilExit()
        }
        strata?.stop()
        strata = nil
    }

    private func frame(advance milliseconds: Int = 0) throws {
        let result = milliseconds > 0 ? try strata.control("frame", ["--advance", "\(milliseconds)"]) : try strata.control("frame")
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    private func screenshot(_ name: String) throws -> OpaquePointer {
        let path = strata.runtimeDirectory + "/\(name).png"
        XCTAssertEqual(try strata.control("screenshot", ["--output", path]).status, 0)
        return try PNGFile.read(path: path)
    }

    func testFlipPlaysWhileTheAppIsStoppedAndCompletesAfter() throws {
        strata = try StrataProcess(width: 400, height: 320, manualFrames: true)
        let demo = Process()
        demo.executableURL = URL(fileURLWithPath: try StrataBinary.product("strata-transitions-demo"))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = strata.runtimeDirectory
        environment["WAYLAND_DISPLAY"] = strata.socketName
        demo.environment = environment
        let output = Pipe()
        demo.standardOutput = output
        try demo.run()
        self.demo = demo

        // Frames on demand until the window shows, drawn.
        var origin: (Int, Int)?
        XCTAssertTrue(try waitUntil(timeout: 20) {
            try frame()
            guard let window = try strata.windows().first(where: { $0["title"] as? String == "Transitions" }),
                  window["mapped"] as? Bool == true, let o = window["origin"] as? [String: Any],
                  try strata.control("tree").standardOutput.contains("\"contents\":{") else { return false }
            origin = (Int(o["x"] as! Double), Int(o["y"] as! Double))
            return true
        }, "the demo never showed its window: \(strata.serverLog)")
        let (ox, oy) = try XCTUnwrap(origin)
        try frame()

        // Tap the toolbar's item; the app commits a flip of the container.
        try strata.input("click", "\(ox + 160)", "\(oy + 230)")
        XCTAssertTrue(try waitUntil(timeout: 10) { try strata.control("tree").standardOutput.contains("\"transition\":\"flip\"") },
                      "no flip reached the compositor")
        XCTAssertEqual(kill(demo.processIdentifier, SIGSTOP), 0)

        try frame()
        let start = try screenshot("flip-start")
        defer { pixman_image_unref(start) }
        try frame(advance: 375)
        let quarter = try screenshot("flip-375ms")
        defer { pixman_image_unref(quarter) }
        XCTAssertGreaterThan(RenderConformance.differences(start, quarter).count, 1000, "the flip moved while the app was stopped")
        try frame(advance: 375)
        let pastHalf = try screenshot("flip-750ms")
        defer { pixman_image_unref(pastHalf) }
        ImageComparison.assertMatches(pastHalf, reference: "transitions-demo-mid-flip", in: .module, referencesDirectory: references,
                                      tolerance: 2)
        try frame(advance: 500)

        XCTAssertEqual(kill(demo.processIdentifier, SIGCONT), 0)
        let reader = output.fileHandleForReading
        var printed = ""
        XCTAssertTrue(waitUntil(timeout: 10) {
            try? frame()
            if let line = String(data: reader.availableData, encoding: .utf8) { printed += line }
            return printed.contains("flip finished")
        })
        XCTAssertTrue(printed.contains("flip finished: true"), printed)
    }
}
