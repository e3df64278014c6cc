import StrataProtocol
import XCTest
@testable import StrataServer

/// Every connected monitor is an output of its own: its CRTC, its preferred
/// mode, its scanout chain paced by its own flip events, side by side in
/// the layout. A monitor plugged in adds an output at the right of the
/// layout; one unplugged removes its output.
final class DrmMultiMonitorTests: XCTestCase {
    private var harness: DrmBackendHarness!

    override func tearDown() { harness?.shutdown() }

    private static let twoMonitors: [ConnectorInfo] = [
        .fake(7, "HDMI-A-1", modes: [(64, 48, 60, true)], crtcs: [50, 51]),
        .fake(8, "DP-1", modes: [(64, 48, 75, false), (32, 24, 60, true)], crtcs: [50, 51]),
    ]

    private func start(atomic: Bool = false, sharedPlanes: Bool = false) throws {
        harness = try DrmBackendHarness(connectors: Self.twoMonitors) { device in
            device.offersAtomic = atomic
            device.sharesPrimaryPlanes = sharedPlanes
        }
    }

    func testEachConnectedMonitorIsAnOutputSideBySide() throws {
        try start()
        XCTAssertEqual(harness.server.outputs.map(\.name), ["HDMI-A-1", "DP-1"])
        XCTAssertEqual(harness.server.outputs[1].bounds, Rect(x: 64, y: 0, width: 32, height: 24), "DP-1 in its preferred mode, right of HDMI-A-1")
        XCTAssertEqual(harness.backend.drmOutputs.map { $0.chain?.output.crtc }, [50, 51])
        XCTAssertTrue(harness.backend.summary.hasPrefix("HDMI-A-1 64x48@60.0Hz, DP-1 32x24@60.0Hz at scale 1"), harness.backend.summary)

        harness.server.renderFrame()
        XCTAssertEqual(Set(harness.device.calls), ["setMode crtc 50 connector 7 64x48 fb 101", "setMode crtc 51 connector 8 32x24 fb 103"])
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(crtc: 50, output: 0), 0)
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(crtc: 51, output: 1), 0)
    }

    /// `strata output mode`: the monitor is driven in the mode asked for, with
    /// a renderer of its size, and the outputs are laid out again.
    func testAModeChangeDrivesTheMonitorInItAndLaysOutAgain() throws {
        try start()
        harness.server.renderFrame()
        let answer = harness.server.perform(.mode(name: "DP-1", width: 64, height: 48, refreshMillihertz: nil))
        XCTAssertTrue(answer.contains("\"mode\":\"64x48@75.0Hz\""), answer)
        XCTAssertEqual(harness.server.outputs[1].bounds, Rect(x: 64, y: 0, width: 64, height: 48))
        XCTAssertEqual(harness.backend.drmOutputs[1].renderer.width, 64)
        XCTAssertEqual(harness.device.liveBuffers, 4, "the old mode's two buffers are freed")
        harness.server.renderFrame()
        XCTAssertTrue(harness.device.calls.last?.hasPrefix("setMode crtc 51 connector 8 64x48 fb") ?? false, "\(harness.device.calls)")
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(crtc: 51, output: 1), 0)
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(crtc: 50, output: 0), 0)

        XCTAssertEqual(harness.server.perform(.mode(name: "DP-1", width: 100, height: 100, refreshMillihertz: nil)),
                       "error: DP-1 offers no mode 100x100 (modes: 64x48@75.0Hz, 32x24@60.0Hz)")
        XCTAssertEqual(harness.server.perform(.mode(name: "DP-1", width: 64, height: 48, refreshMillihertz: 60_000)),
                       "error: DP-1 offers no mode 64x48@60.0Hz (modes: 64x48@75.0Hz, 32x24@60.0Hz)")
        XCTAssertEqual(harness.server.outputs[1].bounds.width, 64, "a refused mode leaves the output as it was")
    }

    func testEachMonitorFlipsOnItsOwnEvents() throws {
        try start()
        harness.server.renderFrame()
        let afterModesets = harness.device.calls.count
        harness.addSquare(x: 68, y: 4, color: Color(red: 1, green: 0, blue: 0))  // on DP-1 only
        harness.server.renderFrame()
        XCTAssertEqual(Array(harness.device.calls.dropFirst(afterModesets)), ["pageFlip crtc 51 fb 104"])

        // DP-1's next frame waits for its flip; HDMI-A-1's does not wait for DP-1's.
        harness.addSquare(x: 80, y: 10, size: 4, color: Color(red: 0, green: 1, blue: 0))
        harness.addSquare(x: 10, y: 10, color: Color(red: 0, green: 0, blue: 1))
        harness.server.renderFrame()
        XCTAssertEqual(Array(harness.device.calls.dropFirst(afterModesets)), ["pageFlip crtc 51 fb 104", "pageFlip crtc 50 fb 102"])
        XCTAssertEqual(harness.backend.drmOutputs[1].chain?.presentWanted, true)

        harness.vblank()
        XCTAssertEqual(harness.device.calls.last, "pageFlip crtc 51 fb 103", "DP-1's waiting frame goes on its flip event")
        harness.vblank()
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(crtc: 50, output: 0), 0)
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(crtc: 51, output: 1), 0)
    }

    func testEachMonitorHasItsOwnAtomicPlane() throws {
        try start(atomic: true)
        harness.server.renderFrame()
        XCTAssertTrue(harness.device.calls.contains("atomic modeset crtc 50 connector 7 plane 1050 64x48 fb 101"), "\(harness.device.calls)")
        XCTAssertTrue(harness.device.calls.contains("atomic modeset crtc 51 connector 8 plane 1051 32x24 fb 103"), "\(harness.device.calls)")
    }

    func testPrimaryPlanesThatCanFeedEitherCrtcAreNotGivenTwice() throws {
        try start(atomic: true, sharedPlanes: true)
        XCTAssertEqual(harness.backend.drmOutputs.map { $0.chain?.path.plane }, [2000, 2001])

        // DP-1 unplugged and back: it takes the plane HDMI-A-1 does not use.
        harness.device.connectorList[1] = .fake(8, "DP-1", connected: false, modes: [], crtcs: [50, 51])
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        harness.device.connectorList[1] = Self.twoMonitors[1]
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        XCTAssertEqual(harness.backend.drmOutputs[1].chain?.path.plane, 2001)
    }

    func testUnpluggingAMonitorRemovesItsOutputAndPluggingOneInAddsOne() throws {
        try start()
        harness.server.renderFrame()
        let hdmi = harness.server.outputs[0]
        harness.device.connectorList[1] = .fake(8, "DP-1", connected: false, modes: [], crtcs: [50, 51])
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        XCTAssertEqual(harness.server.outputs.map(\.name), ["HDMI-A-1"])
        XCTAssertEqual(harness.backend.drmOutputs.count, 1)
        XCTAssertNotNil(harness.backend.drmOutputs[0].chain)
        XCTAssertEqual(harness.device.liveBuffers, 2, "HDMI-A-1's two; DP-1's are freed")
        XCTAssertEqual(harness.server.scene.bounds, Rect(x: 0, y: 0, width: 64, height: 48), "the layout is HDMI-A-1 alone")

        harness.device.connectorList[1] = Self.twoMonitors[1]
        harness.device.hotplugNotice = true
        harness.backend.hotplugReadable()
        XCTAssertEqual(harness.server.outputs.map(\.name), ["HDMI-A-1", "DP-1"])
        XCTAssertTrue(harness.server.outputs[0] === hdmi, "HDMI-A-1 is untouched")
        XCTAssertEqual(harness.server.outputs[1].bounds, Rect(x: 64, y: 0, width: 32, height: 24), "at the right, in its preferred mode")
        XCTAssertNotNil(harness.server.outputs[1].global, "with a wl_output of its own")
        XCTAssertEqual(harness.backend.drmOutputs[1].chain?.output.crtc, 51, "the CRTC HDMI-A-1 does not use")
        harness.addSquare(x: 68, y: 4, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()
        XCTAssertTrue(harness.device.calls.contains { $0.hasPrefix("setMode crtc 51 connector 8 32x24") }, "\(harness.device.calls)")
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(crtc: 51, output: 1), 0)
    }
}
