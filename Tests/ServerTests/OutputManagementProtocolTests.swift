import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwlr_output_manager_v1 on two headless outputs of 320×240: wlr-randr
/// and kanshi list and change them (place, scale, custom mode, disabled
/// and enabled), what the outputs cannot do (fractional scales,
/// transforms) is `failed` with nothing changed, a configuration made
/// before the outputs changed is `cancelled`, every binding hears of new
/// and gone outputs with a new serial, and malformed configurations are
/// protocol errors.
final class OutputManagementProtocolTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 320, height: 240, manualFrames: true, extraArguments: ["--outputs", "2"])
    }

    /// `strata tree`'s outputs by name: x, y, width in pixels, scale.
    func layout() throws -> [String: (x: Int, y: Int, width: Int, scale: Int)] {
        let outputs = try XCTUnwrap(strata.tree()["outputs"] as? [[String: Any]])
        var byName: [String: (x: Int, y: Int, width: Int, scale: Int)] = [:]
        for output in outputs {
            guard let name = output["name"] as? String else { continue }
            byName[name] = ((output["x"] as? NSNumber)?.intValue ?? -1, (output["y"] as? NSNumber)?.intValue ?? -1,
                            (output["width"] as? NSNumber)?.intValue ?? -1, (output["scale"] as? NSNumber)?.intValue ?? -1)
        }
        return byName
    }

    func wlrRandr(_ arguments: String...) throws -> CommandResult {
        guard let path = StrataProcess.which("wlr-randr") else { throw XCTSkip("wlr-randr is not installed (make deps)") }
        return try runProcess(path, arguments, environment: strata.clientEnvironment, timeout: 20)
    }

    // MARK: wlr-randr

    func testWlrRandrListsEveryOutputWithItsModeAndPlace() throws {
        let result = try wlrRandr()
        XCTAssertEqual(result.status, 0, result.standardError)
        let listing = result.standardOutput
        for expected in ["HEADLESS-1 \"Strata headless output 320×240\"", "HEADLESS-2 \"Strata headless output 320×240\"",
                         "320x240 px, 60.000000 Hz (preferred, current)", "Position: 0,0", "Position: 320,0",
                         "Transform: normal", "Scale: 1.000000", "Enabled: yes"] {
            XCTAssertTrue(listing.contains(expected), "'\(expected)' in:\n\(listing)")
        }
    }

    func testWlrRandrMovesAndScalesAnOutput() throws {
        let result = try wlrRandr("--output", "HEADLESS-2", "--pos", "0,240", "--scale", "2")
        XCTAssertEqual(result.status, 0, result.standardError + result.standardOutput)
        let layout = try layout()
        XCTAssertEqual(layout["HEADLESS-2"]?.x, 0)
        XCTAssertEqual(layout["HEADLESS-2"]?.y, 240)
        XCTAssertEqual(layout["HEADLESS-2"]?.scale, 2)
        XCTAssertEqual(layout["HEADLESS-1"]?.x, 0, "the other stays")
        let listing = try wlrRandr().standardOutput
        XCTAssertTrue(listing.contains("Position: 0,240") && listing.contains("Scale: 2.000000"), listing)
    }

    func testWlrRandrDisablesAndEnablesAnOutput() throws {
        XCTAssertEqual(try wlrRandr("--output", "HEADLESS-1", "--off").status, 0)
        XCTAssertEqual(try layout().keys.sorted(), ["HEADLESS-2"], "the disabled output left the layout")
        XCTAssertEqual(try layout()["HEADLESS-2"]?.x, 320, "wlr-randr restates the other's place, which it keeps")
        XCTAssertTrue(try wlrRandr().standardOutput.contains("Enabled: no"))

        XCTAssertEqual(try wlrRandr("--output", "HEADLESS-1", "--on", "--pos", "640,0").status, 0)
        XCTAssertEqual(try layout().keys.sorted(), ["HEADLESS-1", "HEADLESS-2"])
        XCTAssertEqual(try layout()["HEADLESS-1"]?.x, 640)
        XCTAssertFalse(try wlrRandr().standardOutput.contains("Enabled: no"))
    }

    func testWlrRandrGivesAHeadlessOutputACustomMode() throws {
        let result = try wlrRandr("--output", "HEADLESS-2", "--custom-mode", "400x300")
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try layout()["HEADLESS-2"]?.width, 400)
        XCTAssertTrue(try wlrRandr().standardOutput.contains("400x300 px, 60.000000 Hz (preferred, current)"))
        XCTAssertEqual(try wlrRandr("--output", "HEADLESS-2", "--mode", "400x300").status, 0, "a listed mode")
        XCTAssertNotEqual(try wlrRandr("--output", "HEADLESS-2", "--mode", "640x480").status, 0, "not a listed mode")
    }

    /// Fractional scales and transforms are not rendered: a configuration
    /// asking for one fails whole, its other changes not made either.
    func testWhatTheOutputsCannotDoFailsTheWholeConfiguration() throws {
        let fractional = try wlrRandr("--output", "HEADLESS-2", "--pos", "0,240", "--scale", "1.5")
        XCTAssertNotEqual(fractional.status, 0)
        XCTAssertTrue(fractional.standardError.contains("failed"), fractional.standardError)
        XCTAssertEqual(try layout()["HEADLESS-2"]?.x, 320, "the position was not applied either")
        XCTAssertEqual(try layout()["HEADLESS-2"]?.scale, 1)

        XCTAssertNotEqual(try wlrRandr("--output", "HEADLESS-2", "--pos", "0,240", "--transform", "90").status, 0)
        XCTAssertEqual(try layout()["HEADLESS-2"]?.y, 0)

        XCTAssertEqual(try wlrRandr("--output", "HEADLESS-1", "--off").status, 0)
        XCTAssertNotEqual(try wlrRandr("--output", "HEADLESS-2", "--off").status, 0, "the last enabled output stays")
        XCTAssertEqual(try layout().keys.sorted(), ["HEADLESS-2"])
    }

    // MARK: kanshi

    func testKanshiAppliesTheProfileThatMatchesTheOutputs() throws {
        guard let kanshi = StrataProcess.which("kanshi") else { throw XCTSkip("kanshi is not installed (make deps)") }
        let config = strata.runtimeDirectory + "/kanshi.conf"
        try """
            profile stacked {
                output HEADLESS-1 position 0,0 scale 1
                output HEADLESS-2 position 0,240 scale 2
            }
            profile three {
                output HEADLESS-1 position 0,0
                output HEADLESS-2 position 320,0
                output HEADLESS-3 position 160,240
            }
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let process = try strata.startClient(kanshi, ["-c", config])
        defer { process.terminate(); process.waitUntilExit() }
        XCTAssertTrue(waitUntil(timeout: 15) {
            let layout = (try? self.layout()) ?? [:]
            return layout["HEADLESS-2"]?.y == 240 && layout["HEADLESS-2"]?.scale == 2
        }, "kanshi placed HEADLESS-2: \((try? layout()) ?? [:]) \(strata.serverLog)")

        // A new output is a new head: kanshi hears of it and applies the profile of three.
        XCTAssertEqual(try strata.control("output", ["add"]).status, 0)
        XCTAssertTrue(waitUntil(timeout: 15) {
            let layout = (try? self.layout()) ?? [:]
            return layout["HEADLESS-3"]?.x == 160 && layout["HEADLESS-3"]?.y == 240 && layout["HEADLESS-2"]?.x == 320
        }, "kanshi placed the new output: \((try? layout()) ?? [:])")
    }

    // MARK: The protocol

    func testAConfigurationMadeBeforeTheOutputsChangedIsCancelled() throws {
        let client = try RawClient(strata)
        let manager = try RawOutputManager(client)
        let watcher = try RawOutputManager(try RawClient(strata))
        XCTAssertEqual(manager.heads.map(\.name).sorted(), ["HEADLESS-1", "HEADLESS-2"])
        XCTAssertNotEqual(manager.serial, 0)
        let stale = manager.configuration()
        let before = manager.serial

        XCTAssertEqual(try strata.control("output", ["add"]).status, 0)
        XCTAssertTrue(waitUntil { client.roundtrip(); return manager.serial != before })
        XCTAssertNotNil(manager.head(named: "HEADLESS-3"), "the new output is a new head")
        for head in manager.heads { zwlr_output_configuration_v1_disable_head(stale, head.proxy) }
        zwlr_output_configuration_v1_apply(stale)
        XCTAssertEqual(manager.answer(stale), "cancelled")
        XCTAssertEqual(try layout().count, 3, "nothing was disabled")

        XCTAssertEqual(try strata.control("output", ["remove", "HEADLESS-3"]).status, 0)
        XCTAssertTrue(waitUntil { watcher.client.roundtrip(); return watcher.heads.contains { $0.name == "HEADLESS-3" && $0.isFinished } },
                      "every binding hears the head finished")
    }

    func testAnAppliedConfigurationIsAnnouncedToEveryBinding() throws {
        let manager = try RawOutputManager(try RawClient(strata))
        let watcher = try RawOutputManager(try RawClient(strata))
        let first = watcher.serial
        let configuration = manager.configuration()
        let one = try XCTUnwrap(manager.head(named: "HEADLESS-1")), two = try XCTUnwrap(manager.head(named: "HEADLESS-2"))
        _ = zwlr_output_configuration_v1_enable_head(configuration, one.proxy)
        let moved = zwlr_output_configuration_v1_enable_head(configuration, two.proxy)!
        zwlr_output_configuration_head_v1_set_position(moved, 0, 240)

        zwlr_output_configuration_v1_test(configuration)
        XCTAssertEqual(manager.answer(configuration), "succeeded")
        XCTAssertEqual(try layout()["HEADLESS-2"]?.y, 0, "a test changes nothing")

        let applied = manager.configuration()
        _ = zwlr_output_configuration_v1_enable_head(applied, one.proxy)
        let movedAgain = zwlr_output_configuration_v1_enable_head(applied, two.proxy)!
        zwlr_output_configuration_head_v1_set_position(movedAgain, 0, 240)
        zwlr_output_configuration_v1_apply(applied)
        XCTAssertEqual(manager.answer(applied), "succeeded")
        XCTAssertEqual(try layout()["HEADLESS-2"]?.y, 240)
        XCTAssertTrue(waitUntil { watcher.client.roundtrip(); return watcher.serial != first })
        XCTAssertEqual(watcher.head(named: "HEADLESS-2")?.position.y, 240)
        XCTAssertEqual(watcher.serial, manager.serial, "one new serial for both")
    }

    func testLeavingAHeadOutIsAProtocolError() throws {
        let client = try RawClient(strata)
        let manager = try RawOutputManager(client)
        let configuration = manager.configuration()
        zwlr_output_configuration_v1_disable_head(configuration, try XCTUnwrap(manager.head(named: "HEADLESS-1")).proxy)
        zwlr_output_configuration_v1_apply(configuration)
        try assertProtocolError(client, interface: "zwlr_output_configuration_v1",
                                code: ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_UNCONFIGURED_HEAD.rawValue)
    }

    func testConfiguringAHeadTwiceIsAProtocolError() throws {
        let client = try RawClient(strata)
        let manager = try RawOutputManager(client)
        let configuration = manager.configuration()
        let head = try XCTUnwrap(manager.head(named: "HEADLESS-1")).proxy
        zwlr_output_configuration_v1_disable_head(configuration, head)
        _ = zwlr_output_configuration_v1_enable_head(configuration, head)
        try assertProtocolError(client, interface: "zwlr_output_configuration_v1",
                                code: ZWLR_OUTPUT_CONFIGURATION_V1_ERROR_ALREADY_CONFIGURED_HEAD.rawValue)
    }

    func testSettingAPropertyTwiceOrAnInvalidScaleIsAProtocolError() throws {
        let client = try RawClient(strata)
        let manager = try RawOutputManager(client)
        let configurationHead = zwlr_output_configuration_v1_enable_head(
            manager.configuration(), try XCTUnwrap(manager.head(named: "HEADLESS-1")).proxy)!
        zwlr_output_configuration_head_v1_set_position(configurationHead, 0, 0)
        zwlr_output_configuration_head_v1_set_position(configurationHead, 10, 0)
        try assertProtocolError(client, interface: "zwlr_output_configuration_head_v1",
                                code: ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_ALREADY_SET.rawValue)

        let other = try RawClient(strata)
        let otherManager = try RawOutputManager(other)
        let head = zwlr_output_configuration_v1_enable_head(
            otherManager.configuration(), try XCTUnwrap(otherManager.head(named: "HEADLESS-1")).proxy)!
        zwlr_output_configuration_head_v1_set_scale(head, 0)
        try assertProtocolError(other, interface: "zwlr_output_configuration_head_v1",
                                code: ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_SCALE.rawValue)
    }

    func testAModeOfAnotherHeadIsAProtocolError() throws {
        let client = try RawClient(strata)
        let manager = try RawOutputManager(client)
        let one = try XCTUnwrap(manager.head(named: "HEADLESS-1")), two = try XCTUnwrap(manager.head(named: "HEADLESS-2"))
        let configurationHead = zwlr_output_configuration_v1_enable_head(manager.configuration(), one.proxy)!
        zwlr_output_configuration_head_v1_set_mode(configurationHead, try XCTUnwrap(two.modes.first))
        try assertProtocolError(client, interface: "zwlr_output_configuration_head_v1",
                                code: ZWLR_OUTPUT_CONFIGURATION_HEAD_V1_ERROR_INVALID_MODE.rawValue)
    }
}
