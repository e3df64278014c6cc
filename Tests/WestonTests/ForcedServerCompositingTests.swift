import Foundation
import TestSupport
import XCTest

/// STRATAKIT_COMPOSITING=server on a compositor that is not Strata: the
/// app cannot be shown the way it was told, so it says why in one line
/// and exits with status 1, instead of running with no window.
final class ForcedServerCompositingTests: XCTestCase {
    func testAnAppForcedToServerCompositingOnWestonExitsWithOneLine() throws {
        let weston = try WestonProcess(width: 320, height: 240, socketName: "weston-forced")
        defer { weston.stop() }
        let output = weston.runtimeDirectory + "/app.log"
        let app = try weston.startClient(try StrataBinary.product("strata-clock-demo"),
                                         environment: ["STRATAKIT_COMPOSITING": "server"], outputFile: output)
        let deadline = Date().addingTimeInterval(10)
        while app.isRunning && Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.02)) }
        XCTAssertFalse(app.isRunning, "the app kept running without a window")
        XCTAssertEqual(app.terminationStatus, 1)
        let lines = (try String(contentsOfFile: output, encoding: .utf8)).split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("no strata_layers_v1") ?? false, "\(lines)")
    }
}
