import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwlr_output_power_manager_v1 on two headless outputs of 320×240, with a
/// window only on the second: turned off, that output keeps its place but
/// is not drawn, the window's frame callbacks wait, grim's copy of it
/// fails rather than hangs, and input does not turn it on; on again, the
/// callbacks come. One controller an output; it fails when its output
/// goes; an unknown mode is a protocol error.
final class OutputPowerProtocolTests: CompositorTestCase {
    /// A zwlr_output_power_v1 and what it was told: "on", "off", "failed".
    final class RawOutputPower {
        let client: RawClient
        let proxy: OpaquePointer
        private(set) var events: [String] = []
        private let listener = UnsafeMutablePointer<zwlr_output_power_v1_listener>.allocate(capacity: 1)

        init(_ client: RawClient, manager: OpaquePointer, output: OpaquePointer) {
            self.client = client
            proxy = zwlr_output_power_manager_v1_get_output_power(manager, output)!
            listener.initialize(to: zwlr_output_power_v1_listener(
                mode: { data, _, mode in
                    Unmanaged<RawOutputPower>.fromOpaque(data!).takeUnretainedValue().events.append(mode == 0 ? "off" : "on")
                },
                failed: { data, _ in Unmanaged<RawOutputPower>.fromOpaque(data!).takeUnretainedValue().events.append("failed") }))
            zwlr_output_power_v1_add_listener(proxy, listener, Unmanaged.passUnretained(self).toOpaque())
        }

        deinit { listener.deallocate() }

        func waitForEvents(_ count: Int) -> [String] {
            _ = waitUntil {
                client.roundtrip()
                return events.count >= count
            }
            return events
        }
    }

    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 320, height: 240, manualFrames: true, windowOrigins: [(x: 352, y: 40)],
                          extraArguments: ["--outputs", "2"])
    }

    struct Scene {
        let client: RawClient
        let manager: OpaquePointer
        /// HEADLESS-1 and HEADLESS-2, in the order they were announced.
        let outputs: [OpaquePointer]

        func power(_ index: Int) -> RawOutputPower { RawOutputPower(client, manager: manager, output: outputs[index]) }
    }

    func scene() throws -> Scene {
        let client = try RawClient(strata)
        return Scene(client: client, manager: try client.bind(strata_zwlr_output_power_manager_v1_interface(), version: 1),
                     outputs: client.bindAll(strata_wl_output_interface(), version: 4))
    }

    func outputsOff() throws -> [String] { try XCTUnwrap(strata.tree()["outputs_off"] as? [String]) }

    func testAnOutputTurnedOffKeepsItsPlaceAndHoldsTheFrameCallbacksOfSurfacesOnlyOnIt() throws {
        let scene = try scene()
        let window = try RawWindow(scene.client, title: "on the second output", width: 40, height: 40)
        let power = scene.power(1)
        XCTAssertEqual(power.waitForEvents(1), ["on"], "the state is told at once")
        zwlr_output_power_v1_set_mode(power.proxy, 0)
        XCTAssertEqual(power.waitForEvents(2), ["on", "off"])
        XCTAssertEqual(try outputsOff(), ["HEADLESS-2"])
        let outputs = try XCTUnwrap(strata.tree()["outputs"] as? [[String: Any]])
        XCTAssertEqual(outputs.compactMap { $0["name"] as? String }, ["HEADLESS-1", "HEADLESS-2"], "it keeps its place")
        XCTAssertEqual(outputs.compactMap { $0["power"] as? String }, ["on", "off"])

        let callback = CallbackCounter(wl_surface_frame(window.surface)!)
        wl_surface_commit(window.surface)
        scene.client.roundtrip()
        XCTAssertEqual(try strata.control("frame").status, 0)
        scene.client.roundtrip()
        XCTAssertEqual(callback.done.count, 0, "nothing is drawn on an output that is off")

        try strata.input("move", "400", "100")
        XCTAssertEqual(try strata.control("frame").status, 0)
        scene.client.roundtrip()
        XCTAssertEqual(try outputsOff(), ["HEADLESS-2"], "input wakes nothing by itself")
        XCTAssertEqual(callback.done.count, 0)

        zwlr_output_power_v1_set_mode(power.proxy, 1)
        XCTAssertEqual(power.waitForEvents(3), ["on", "off", "on"])
        XCTAssertEqual(try strata.control("frame").status, 0)
        XCTAssertTrue(waitUntil { scene.client.roundtrip(); return callback.done.count == 1 }, "drawn again, the callback comes")
        XCTAssertEqual(try outputsOff(), [])
    }

    func testAWindowOnAnOutputThatIsOnStillGetsItsFrameCallbacks() throws {
        let scene = try scene()
        let window = try RawWindow(scene.client, title: "on the second output", width: 40, height: 40)
        let power = scene.power(0)
        zwlr_output_power_v1_set_mode(power.proxy, 0)
        XCTAssertEqual(power.waitForEvents(2), ["on", "off"])
        XCTAssertEqual(try outputsOff(), ["HEADLESS-1"])
        let callback = CallbackCounter(wl_surface_frame(window.surface)!)
        wl_surface_commit(window.surface)
        scene.client.roundtrip()
        XCTAssertEqual(try strata.control("frame").status, 0)
        XCTAssertTrue(waitUntil { scene.client.roundtrip(); return callback.done.count == 1 })
    }

    func testGrimsCopyOfAnOutputThatIsOffFailsInsteadOfWaiting() throws {
        guard let grim = StrataProcess.which("grim") else { throw XCTSkip("grim is not installed (make deps)") }
        let scene = try scene()
        let power = scene.power(1)
        zwlr_output_power_v1_set_mode(power.proxy, 0)
        XCTAssertEqual(power.waitForEvents(2), ["on", "off"])
        let file = strata.runtimeDirectory + "/off.png"
        let off = try runProcess(grim, ["-o", "HEADLESS-2", file], environment: strata.clientEnvironment, timeout: 15)
        XCTAssertNotEqual(off.status, 0, "grim is told the copy failed")
        let on = try runProcess(grim, ["-o", "HEADLESS-1", file], environment: strata.clientEnvironment, timeout: 15)
        XCTAssertEqual(on.status, 0, on.standardError)
    }

    func testASecondControllerOfTheSameOutputFails() throws {
        let scene = try scene()
        let first = scene.power(1)
        XCTAssertEqual(first.waitForEvents(1), ["on"])
        let second = scene.power(1)
        XCTAssertEqual(second.waitForEvents(1), ["failed"])
        zwlr_output_power_v1_set_mode(second.proxy, 0)
        scene.client.roundtrip()
        XCTAssertEqual(try outputsOff(), [], "an inert controller changes nothing")
        XCTAssertEqual(scene.power(0).waitForEvents(1), ["on"], "the other output is free")

        zwlr_output_power_v1_destroy(first.proxy)
        XCTAssertEqual(scene.power(1).waitForEvents(1), ["on"], "free again once the first is destroyed")
    }

    func testTheControllerFailsWhenItsOutputGoes() throws {
        let scene = try scene()
        let power = scene.power(1)
        XCTAssertEqual(power.waitForEvents(1), ["on"])
        XCTAssertEqual(try strata.control("output", ["remove", "HEADLESS-2"]).status, 0)
        XCTAssertEqual(power.waitForEvents(2), ["on", "failed"])
    }

    func testAnUnknownModeIsAProtocolError() throws {
        let scene = try scene()
        let power = scene.power(0)
        zwlr_output_power_v1_set_mode(power.proxy, 2)
        try assertProtocolError(scene.client, interface: "zwlr_output_power_v1", code: ZWLR_OUTPUT_POWER_V1_ERROR_INVALID_MODE.rawValue)
    }
}
