import XCTest
@testable import StrataServer

/// Which monitors the DRM backend drives, in which mode, from which CRTC, where.
final class DrmOutputLayoutTests: XCTestCase {
    func testPreferredModeWinsOverLargerOnes() {
        let connector = ConnectorInfo.fake(1, "HDMI-A-1", modes: [(3840, 2160, 30, false), (1920, 1080, 60, true), (1280, 720, 60, false)])
        XCTAssertEqual(OutputLayout.mode(for: connector), DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60_000, isPreferred: true))
    }

    func testWithoutPreferenceTheLargestThenFastestModeIsTaken() {
        let connector = ConnectorInfo.fake(1, "DP-1", modes: [(1280, 1024, 75, false), (1920, 1080, 50, false), (1920, 1080, 60, false)])
        XCTAssertEqual(OutputLayout.mode(for: connector), DisplayMode(width: 1920, height: 1080, refreshMillihertz: 60_000))
        XCTAssertNil(OutputLayout.mode(for: .fake(2, "DP-2", modes: [])))
    }

    func testConnectedMonitorsSitSideBySideOnDistinctCrtcs() {
        let plan = OutputLayout.plan([
            .fake(1, "eDP-1", modes: [(1920, 1200, 60, true)], crtcs: [50, 51]),
            .fake(2, "HDMI-A-1", connected: false, modes: [(1280, 720, 60, true)], crtcs: [50, 51]),
            .fake(3, "DP-1", modes: [(2560, 1440, 60, true)], crtcs: [50, 51]),
            .fake(4, "DP-2", modes: [], crtcs: [51]),
        ])
        XCTAssertEqual(plan.map(\.connector.name), ["eDP-1", "DP-1"])
        XCTAssertEqual(plan.map(\.crtc), [50, 51])
        XCTAssertEqual(plan.map(\.x), [0, 1920])
        XCTAssertEqual(plan.map(\.mode.width), [1920, 2560])
    }

    func testMonitorWithoutAFreeCrtcIsLeftOut() {
        let plan = OutputLayout.plan([
            .fake(1, "DP-1", modes: [(1920, 1080, 60, true)], crtcs: [50]),
            .fake(2, "DP-2", modes: [(1920, 1080, 60, true)], crtcs: [50]),
            .fake(3, "DP-3", modes: [(1024, 768, 60, true)], crtcs: [50, 52]),
        ])
        XCTAssertEqual(plan.map(\.connector.name), ["DP-1", "DP-3"])
        XCTAssertEqual(plan.map(\.crtc), [50, 52])
        XCTAssertEqual(plan.map(\.x), [0, 1920])
    }

    func testGPUCandidatesAreTheCardNodesInNumericOrder() throws {
        let directory = NSTemporaryDirectory() + "strata-dri-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        XCTAssertThrowsError(try GPUCandidates.paths(named: nil, directory: directory)) { error in
            XCTAssertEqual("\(error)", "no GPU: \(directory) has no card* device")
        }
        for name in ["card10", "renderD128", "card1", "cardX"] {
            FileManager.default.createFile(atPath: "\(directory)/\(name)", contents: nil)
        }
        XCTAssertEqual(try GPUCandidates.paths(named: nil, directory: directory), ["\(directory)/card1", "\(directory)/card10"])
        XCTAssertThrowsError(try GPUCandidates.paths(named: "\(directory)/card7")) { error in
            XCTAssertEqual("\(error)", "no GPU: \(directory)/card7: No such file or directory")
        }
        XCTAssertThrowsError(try GPUCandidates.paths(named: nil, directory: directory + "/none")) { error in
            XCTAssertTrue("\(error)".hasPrefix("no GPU: no \(directory)/none"), "\(error)")
        }
    }
}
