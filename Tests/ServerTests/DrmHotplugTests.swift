import StrataProtocol
import XCTest
@testable import StrataServer

/// Monitors unplugged and plugged in while the compositor runs.
final class DrmHotplugTests: XCTestCase {
    func testUnpluggedMonitorIsLetGoAndAnotherOfTheSameSizeIsDriven() throws {
        let harness = try DrmBackendHarness(connectors: [
            .fake(7, "HDMI-A-1", modes: [(64, 48, 60, true)], crtcs: [50]),
            .fake(8, "DP-1", connected: false, modes: [], crtcs: [50, 51]),
        ])
        defer { harness.shutdown() }
        harness.server.renderFrame()

        harness.device.connectorList = [.fake(7, "HDMI-A-1", connected: false, modes: [], crtcs: [50]),
                                         .fake(8, "DP-1", connected: false, modes: [], crtcs: [50, 51])]
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        XCTAssertNil(harness.backend.chain)
        XCTAssertEqual(harness.device.liveBuffers, 0)
        harness.addSquare(x: 8, y: 8, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()  // nowhere to show it, and no crash

        // DP-1 prefers a larger mode, but offers the output's size too.
        harness.device.connectorList[1] = .fake(8, "DP-1", modes: [(128, 96, 60, true), (64, 48, 75, false), (64, 48, 60, false)],
                                                crtcs: [50, 51])
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        XCTAssertEqual(harness.backend.chain?.output.connector.name, "DP-1")
        XCTAssertEqual(harness.backend.chain?.output.mode.refreshMillihertz, 75_000, "the fastest mode of the output's size")
        XCTAssertEqual(harness.backend.refreshMillihertz, 75_000)
        XCTAssertTrue(harness.device.calls.last?.hasPrefix("setMode crtc 50 connector 8 64x48") == true, "\(harness.device.calls)")
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0, "the square drawn while unplugged is on screen")
    }

    func testMonitorWithoutTheOutputsSizeIsNotDriven() throws {
        let harness = try DrmBackendHarness()
        defer { harness.shutdown() }
        harness.device.connectorList = [.fake(7, "HDMI-A-1", connected: false, modes: [], crtcs: [50]),
                                        .fake(9, "DP-2", modes: [(1920, 1080, 60, true)], crtcs: [51])]
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        XCTAssertNil(harness.backend.chain)
        XCTAssertEqual(harness.backend.plannedOutputs.map(\.connector.name), ["DP-2"])
        XCTAssertFalse(harness.device.calls.contains { $0.hasPrefix("setMode") && $0.contains("connector 9") })
    }

    func testAHotplugNoticeWithoutChangeKeepsTheOutput() throws {
        let harness = try DrmBackendHarness()
        defer { harness.shutdown() }
        harness.server.renderFrame()
        let chain = harness.backend.chain
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        XCTAssertTrue(harness.backend.chain === chain)
        XCTAssertEqual(harness.device.calls.count, 1)
    }

    func testNoConnectedMonitorIsAClearError() {
        let device = FakeDisplayDevice(connectors: [.fake(7, "HDMI-A-1", connected: false, modes: [(64, 48, 60, true)])])
        XCTAssertThrowsError(try DrmBackend(session: FakeSessionSeat(), device: device, deviceID: 1, input: nil, scale: 1)) { error in
            XCTAssertEqual("\(error)", "no monitor is connected to /dev/dri/fake0")
        }
    }
}
