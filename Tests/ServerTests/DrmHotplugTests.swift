import StrataProtocol
import XCTest
@testable import StrataServer

/// Monitors unplugged and plugged in while the compositor runs.
final class DrmHotplugTests: XCTestCase {
    /// The last monitor unplugged: its output stays (Strata always has one),
    /// its frames going nowhere; another monitor plugged in becomes an
    /// output in its own preferred mode, and the monitor-less one goes.
    func testTheLastOutputWaitsForAnotherMonitorThatThenReplacesIt() throws {
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
        XCTAssertEqual(harness.server.outputs.map(\.name), ["HDMI-A-1"], "the last output is kept")
        harness.addSquare(x: 8, y: 8, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()  // nowhere to show it, and no crash

        harness.device.connectorList[1] = .fake(8, "DP-1", modes: [(128, 96, 60, true), (64, 48, 75, false)], crtcs: [50, 51])
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        XCTAssertEqual(harness.server.outputs.map(\.name), ["DP-1"], "DP-1 is an output of its own; HDMI-A-1's went")
        XCTAssertEqual(harness.server.outputs[0].bounds, Rect(x: 0, y: 0, width: 128, height: 96), "in DP-1's preferred mode")
        XCTAssertEqual(harness.backend.drmOutputs.count, 1)
        harness.server.renderFrame()
        XCTAssertTrue(harness.device.calls.last?.hasPrefix("setMode crtc 50 connector 8 128x96") == true, "\(harness.device.calls)")
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0, "the square is on DP-1")
    }

    /// The same monitor back drives the output it left, which kept its place and windows.
    func testTheSameMonitorBackDrivesTheKeptOutput() throws {
        let harness = try DrmBackendHarness()
        defer { harness.shutdown() }
        harness.server.renderFrame()
        let output = harness.server.outputs[0]
        harness.device.connectorList = [.fake(7, "HDMI-A-1", connected: false, modes: [], crtcs: [50])]
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        harness.addSquare(x: 8, y: 8, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()

        harness.device.connectorList = [.fake(7, "HDMI-A-1", modes: [(64, 48, 60, true)], crtcs: [50])]
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        XCTAssertTrue(harness.server.outputs[0] === output)
        XCTAssertEqual(harness.server.outputs.count, 1)
        XCTAssertTrue(harness.device.calls.last?.hasPrefix("setMode crtc 50 connector 7 64x48") == true, "\(harness.device.calls)")
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0, "the square drawn while unplugged is on screen")
    }

    /// Back in another mode, the monitor is a new output of that size.
    func testTheSameMonitorBackInAnotherModeIsANewOutput() throws {
        let harness = try DrmBackendHarness()
        defer { harness.shutdown() }
        harness.device.connectorList = [.fake(7, "HDMI-A-1", connected: false, modes: [], crtcs: [50])]
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        let kept = harness.server.outputs[0]
        harness.device.connectorList = [.fake(7, "HDMI-A-1", modes: [(96, 64, 60, true)], crtcs: [50])]
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        XCTAssertEqual(harness.server.outputs.count, 1)
        XCTAssertFalse(harness.server.outputs[0] === kept)
        XCTAssertEqual(harness.server.outputs[0].bounds.size, Size(width: 96, height: 64))
        XCTAssertEqual(harness.backend.plannedOutputs.map(\.connector.name), ["HDMI-A-1"])
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
