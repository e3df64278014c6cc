import Foundation
import StrataProtocol
import TestSupport
import XCTest
@testable import StrataServer

/// Output configurations and power on the fake DRM device: a head's modes
/// are its connector's, a configuration drives a monitor in one of them,
/// what a monitor cannot do (a mode it lacks, another scale, being
/// disabled) refuses the whole configuration, and turning an output off
/// is DPMS off (atomic: the CRTC's ACTIVE; legacy: the connector's DPMS
/// property), with a modeset when it is on again.
final class DrmOutputConfigurationTests: XCTestCase {
    private var harness: DrmBackendHarness!

    override func tearDown() { harness?.shutdown() }

    private func start(atomic: Bool = false) throws {
        harness = try DrmBackendHarness(connectors: [
            .fake(7, "HDMI-A-1", modes: [(64, 48, 60, true)], crtcs: [50, 51]),
            .fake(8, "DP-1", modes: [(64, 48, 75, false), (32, 24, 60, true)], crtcs: [50, 51]),
        ]) { device in device.offersAtomic = atomic }
        harness.server.renderFrame()
    }

    /// Where the harness's server listens, for wlr-randr.
    private let runtimeDirectory = NSTemporaryDirectory() + "strata-drm-randr-\(getpid())"

    private var dp1: BackendOutput { harness.backend.drmOutputs[1] }

    private func configuration(_ settings: OutputSettings, of device: BackendOutput) -> OutputConfiguration {
        OutputConfiguration(settings: [(device, settings)])
    }

    func testAHeadsModesAreItsConnectorsAndAConfigurationDrivesTheMonitorInOne() throws {
        try start()
        XCTAssertEqual(harness.backend.modes(of: dp1).map(\.description), ["64x48@75.0Hz", "32x24@60.0Hz"])
        var settings = OutputSettings()
        settings.mode = (64, 48, 75_000)
        settings.position = Point(x: 0, y: 48)
        try harness.server.apply(configuration(settings, of: dp1))
        XCTAssertEqual(dp1.renderer.width, 64)
        XCTAssertEqual(harness.server.outputs[1].bounds, Rect(x: 0, y: 48, width: 64, height: 48))
        harness.server.renderFrame()
        XCTAssertTrue(harness.device.calls.last?.hasPrefix("setMode crtc 51 connector 8 64x48 fb") ?? false, "\(harness.device.calls)")
    }

    func testWhatAMonitorCannotDoRefusesTheWholeConfiguration() throws {
        try start()
        var settings = OutputSettings()
        settings.position = Point(x: 0, y: 48)
        settings.mode = (100, 100, nil)
        XCTAssertEqual(harness.server.refusal(of: configuration(settings, of: dp1))?.description,
                       "DP-1 offers no mode 100x100 (modes: 64x48@75.0Hz, 32x24@60.0Hz)")
        settings.mode = nil
        settings.scale = 2
        XCTAssertEqual(harness.server.refusal(of: configuration(settings, of: dp1))?.description,
                       "the drm backend drives every monitor at scale 1 (strata run --scale), DP-1 too")
        XCTAssertThrowsError(try harness.server.apply(configuration(settings, of: dp1)))
        XCTAssertEqual(harness.server.outputs[1].bounds.origin, Point(x: 64, y: 0), "the position was not applied either")
        XCTAssertEqual(harness.server.refusal(of: configuration(OutputSettings(enabled: false), of: dp1))?.description,
                       "this backend's outputs cannot be disabled (DP-1)")
    }

    func testLegacyPowerOffIsTheConnectorsDPMSAndOnModesetsAgain() throws {
        try start()
        let output = harness.server.outputs[1]
        try harness.server.setPower(of: output, on: false)
        XCTAssertEqual(harness.device.calls.last, "DPMS off connector 8")
        let before = harness.device.calls.count
        harness.addSquare(x: 68, y: 4, color: Color(red: 1, green: 0, blue: 0))  // on DP-1 only
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls.count, before, "nothing is flipped to a monitor that is off")

        try harness.server.setPower(of: output, on: true)
        XCTAssertEqual(harness.device.calls.last, "DPMS on connector 8")
        harness.server.renderFrame()
        XCTAssertTrue(harness.device.calls.last?.hasPrefix("setMode crtc 51 connector 8 32x24") ?? false, "\(harness.device.calls)")
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(crtc: 51, output: 1), 0, "it shows the square drawn while it was off")
    }

    func testAMonitorTurnedOffStaysOffAfterAVTSwitchBack() throws {
        try start()
        try harness.server.setPower(of: harness.server.outputs[1], on: false)
        harness.session.switchAway()
        harness.session.switchBack()
        XCTAssertTrue(harness.device.calls.contains { $0.hasPrefix("setMode crtc 50") }, "the other is set again")
        XCTAssertFalse(harness.device.calls.suffix(3).contains { $0.hasPrefix("setMode crtc 51") }, "\(harness.device.calls)")
        try harness.server.setPower(of: harness.server.outputs[1], on: true)
        harness.server.renderFrame()
        XCTAssertTrue(harness.device.calls.last?.hasPrefix("setMode crtc 51") ?? false, "\(harness.device.calls)")
    }

    func testAtomicPowerOffIsTheCrtcsActiveProperty() throws {
        try start(atomic: true)
        let output = harness.server.outputs[1]
        try harness.server.setPower(of: output, on: false)
        XCTAssertEqual(harness.device.calls.last, "atomic ACTIVE 0 crtc 51")
        try harness.server.setPower(of: output, on: true)
        XCTAssertEqual(harness.device.calls.last, "atomic ACTIVE 1 crtc 51")
        harness.server.renderFrame()
        XCTAssertTrue(harness.device.calls.last?.hasPrefix("atomic modeset crtc 51") ?? false, "\(harness.device.calls)")
    }

    // MARK: wlr-randr

    /// Runs wlr-randr against the harness's server, serving it until it exits.
    private func wlrRandr(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let path = StrataProcess.which("wlr-randr") else { throw XCTSkip("wlr-randr is not installed (make deps)") }
        let outputFile = harness.server.configuration.socketName + "-\(getpid()).out"
        let outputPath = NSTemporaryDirectory() + outputFile
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["WAYLAND_DISPLAY"] = harness.server.configuration.socketName
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let ended = waitUntil(timeout: 20, interval: 0) {
            harness.server.dispatchEvents(timeoutMilliseconds: 5)
            return !process.isRunning
        }
        if !ended { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }

    func testWlrRandrListsAMonitorsModesAndDrivesItInOne() throws {
        try start()
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtimeDirectory) }
        setenv("XDG_RUNTIME_DIR", runtimeDirectory, 1)
        try harness.server.addSocket()

        let listing = try wlrRandr([])
        XCTAssertEqual(listing.status, 0)
        XCTAssertTrue(listing.output.contains("64x48 px, 75.000000 Hz\n"), listing.output)
        XCTAssertTrue(listing.output.contains("32x24 px, 60.000000 Hz (preferred, current)"), listing.output)

        XCTAssertEqual(try wlrRandr(["--output", "DP-1", "--mode", "64x48@75Hz"]).status, 0)
        XCTAssertEqual(dp1.renderer.width, 64)
        harness.server.renderFrame()
        XCTAssertTrue(harness.device.calls.last?.hasPrefix("setMode crtc 51 connector 8 64x48 fb") ?? false, "\(harness.device.calls)")
        XCTAssertTrue(try wlrRandr([]).output.contains("64x48 px, 75.000000 Hz (current)"))

        XCTAssertNotEqual(try wlrRandr(["--output", "DP-1", "--scale", "2"]).status, 0, "monitors keep the backend's scale")
        XCTAssertNotEqual(try wlrRandr(["--output", "DP-1", "--off"]).status, 0, "and stay enabled")
        XCTAssertEqual(harness.server.outputs.count, 2)
    }
}
