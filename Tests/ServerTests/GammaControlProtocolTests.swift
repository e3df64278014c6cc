import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// zwlr_gamma_control_manager_v1 on the real socket, headless: each output
/// takes a table of 256 entries and keeps it while its control lives;
/// `strata tree` shows what its backend was given. wlsunset works.
final class GammaControlProtocolTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 320, height: 240, manualFrames: true)
    }

    /// A zwlr_gamma_control_v1 and what it was told.
    final class RawGammaControl {
        let control: OpaquePointer
        private(set) var size: UInt32?
        private(set) var failed = false
        private let listener = UnsafeMutablePointer<zwlr_gamma_control_v1_listener>.allocate(capacity: 1)

        init(manager: OpaquePointer, output: OpaquePointer) {
            control = zwlr_gamma_control_manager_v1_get_gamma_control(manager, output)!
            listener.initialize(to: zwlr_gamma_control_v1_listener(
                gamma_size: { data, _, size in Unmanaged<RawGammaControl>.fromOpaque(data!).takeUnretainedValue().size = size },
                failed: { data, _ in Unmanaged<RawGammaControl>.fromOpaque(data!).takeUnretainedValue().failed = true }))
            zwlr_gamma_control_v1_add_listener(control, listener, Unmanaged.passUnretained(self).toOpaque())
        }

        deinit { listener.deallocate() }

        /// Sends `values` (red, green, blue ramps) as the table, from a file of exactly their bytes.
        func set(_ values: [UInt16]) throws {
            let bytes = values.count * 2
            let (fd, memory) = try RawClient.sharedMemory(size: bytes)
            values.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: bytes) }
            munmap(memory, bytes)
            zwlr_gamma_control_v1_set_gamma(control, fd)
            close(fd)
        }
    }

    struct Scene {
        let client: RawClient
        let manager: OpaquePointer
        let output: OpaquePointer
    }

    func scene() throws -> Scene {
        let client = try RawClient(strata)
        return Scene(client: client, manager: try client.bind(strata_zwlr_gamma_control_manager_v1_interface(), version: 1),
                     output: try client.bind(strata_wl_output_interface(), version: 4))
    }

    /// `strata tree`'s gamma controls: each held output and the ramps it was given.
    func heldTables() throws -> [[String: Any]] {
        try XCTUnwrap(strata.tree()["gamma_controls"] as? [[String: Any]])
    }

    static let night: [UInt16] = {
        let ramp = (0..<256).map { UInt16($0 * 257) }
        return ramp + ramp.map { $0 / 10 * 8 } + ramp.map { $0 / 2 }
    }()

    func testAControlGetsTheSizeAndTheOutputKeepsItsTable() throws {
        let scene = try scene()
        let control = RawGammaControl(manager: scene.manager, output: scene.output)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(control.size, 256)
        XCTAssertFalse(control.failed)
        XCTAssertEqual(try heldTables().first?["output"] as? String, "HEADLESS-1")
        XCTAssertNil(try heldTables().first?["red"], "no table yet")

        try control.set(Self.night)
        XCTAssertTrue(scene.client.roundtrip())
        let held = try XCTUnwrap(heldTables().first)
        XCTAssertEqual(held["red"] as? [Int], Self.night[0..<256].map(Int.init))
        XCTAssertEqual(held["green"] as? [Int], Self.night[256..<512].map(Int.init))
        XCTAssertEqual(held["blue"] as? [Int], Self.night[512..<768].map(Int.init))
        XCTAssertFalse(control.failed)

        zwlr_gamma_control_v1_destroy(control.control)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(try heldTables().count, 0, "destroyed: the output has no table again")
    }

    func testATableOfTheWrongSizeFails() throws {
        let scene = try scene()
        let control = RawGammaControl(manager: scene.manager, output: scene.output)
        scene.client.roundtrip()
        try control.set(Array(Self.night.prefix(700)))
        XCTAssertTrue(scene.client.roundtrip(), "no protocol error")
        XCTAssertTrue(control.failed)
        XCTAssertEqual(try heldTables().count, 0, "the failed control let the output go")
        let next = RawGammaControl(manager: scene.manager, output: scene.output)
        scene.client.roundtrip()
        XCTAssertEqual(next.size, 256, "the output is free for another control")
        XCTAssertFalse(next.failed)
    }

    func testASecondControlForTheOutputFails() throws {
        let scene = try scene()
        let first = RawGammaControl(manager: scene.manager, output: scene.output)
        try first.set(Self.night)
        XCTAssertTrue(scene.client.roundtrip())
        let other = try self.scene()
        let second = RawGammaControl(manager: other.manager, output: other.output)
        XCTAssertTrue(other.client.roundtrip())
        XCTAssertTrue(second.failed)
        XCTAssertNil(second.size)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertFalse(first.failed, "the first keeps the output")
        XCTAssertEqual(try heldTables().first?["red"] as? [Int], Self.night[0..<256].map(Int.init))
    }

    func testTheTableIsResetWhenTheClientLeaves() throws {
        var scene: Scene? = try self.scene()
        let control = RawGammaControl(manager: scene!.manager, output: scene!.output)
        try control.set(Self.night)
        scene!.client.roundtrip()
        XCTAssertEqual(try heldTables().count, 1)
        scene = nil
        XCTAssertTrue(waitUntil { (try? self.heldTables().count) == 0 }, "the client's hold ended with it")
        withExtendedLifetime(control) {}
    }

    func testAControlOfARemovedOutputFails() throws {
        XCTAssertEqual(try strata.control("output", ["add", "--size", "200x100"]).status, 0)
        let client = try RawClient(strata)
        let manager = try client.bind(strata_zwlr_gamma_control_manager_v1_interface(), version: 1)
        let outputs = client.bindAll(strata_wl_output_interface(), version: 4)
        XCTAssertEqual(outputs.count, 2)
        let controls = outputs.map { RawGammaControl(manager: manager, output: $0) }
        client.roundtrip()
        XCTAssertEqual(try heldTables().compactMap { $0["output"] as? String }.sorted(), ["HEADLESS-1", "HEADLESS-2"])
        XCTAssertEqual(try strata.control("output", ["remove", "HEADLESS-2"]).status, 0)
        client.roundtrip()
        XCTAssertEqual(controls.map(\.failed), [false, true])
        XCTAssertEqual(try heldTables().compactMap { $0["output"] as? String }, ["HEADLESS-1"])
    }

    // MARK: wlsunset

    func testWlsunsetSetsAWarmTable() throws {
        guard let path = StrataProcess.which("wlsunset") else { throw XCTSkip("wlsunset is not installed (make deps)") }
        // Day from 00:00 to 23:59 at 4000 K, night at 3000 K: warmer than daylight (6500 K) whatever the hour.
        let wlsunset = try strata.startClient(path, ["-t", "3000", "-T", "4000", "-S", "00:00", "-s", "23:59"])
        defer { wlsunset.terminate(); wlsunset.waitUntilExit() }
        XCTAssertTrue(waitUntil(timeout: 15) { (try? self.heldTables().first?["blue"]) != nil },
                      "wlsunset set a table: \(strata.serverLog)")
        let held = try XCTUnwrap(heldTables().first)
        XCTAssertEqual(held["size"] as? Int, 256)
        let red = try XCTUnwrap(held["red"] as? [Int]), blue = try XCTUnwrap(held["blue"] as? [Int])
        XCTAssertEqual(red.count, 256)
        XCTAssertLessThan(blue[255], red[255], "warm: less blue than red at full level")
        XCTAssertEqual(red, red.sorted(), "a ramp rises")
        wlsunset.terminate()
        wlsunset.waitUntilExit()
        XCTAssertTrue(waitUntil { (try? self.heldTables().count) == 0 }, "wlsunset gone: the table with it")
    }
}
