import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport
import XCTest

/// wp_presentation on the real socket: the clock on binding, `presented`
/// with the frame's time after the frame that showed a commit, `discarded`
/// for commits never shown; and weston-presentation-shm's own statistics.
final class PresentationProtocolTests: CompositorTestCase {
    /// What one wp_presentation_feedback told.
    final class Feedback {
        enum Outcome: Equatable {
            case presented(seconds: UInt64, nanoseconds: UInt32, refresh: UInt32, sequence: UInt64, flags: UInt32)
            case discarded
        }
        private(set) var outcome: Outcome?
        private(set) var syncOutputs: [OpaquePointer] = []
        private static let listener: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
            let listener = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
            listener.initialize(to: wp_presentation_feedback_listener(
                sync_output: { data, _, output in
                    Unmanaged<Feedback>.fromOpaque(data!).takeUnretainedValue().syncOutputs.append(output!)
                },
                presented: { data, feedback, secHi, secLo, nsec, refresh, seqHi, seqLo, flags in
                    let me = Unmanaged<Feedback>.fromOpaque(data!).takeUnretainedValue()
                    me.outcome = .presented(seconds: UInt64(secHi) << 32 | UInt64(secLo), nanoseconds: nsec, refresh: refresh,
                                            sequence: UInt64(seqHi) << 32 | UInt64(seqLo), flags: flags)
                    wp_presentation_feedback_destroy(feedback)
                },
                discarded: { data, feedback in
                    Unmanaged<Feedback>.fromOpaque(data!).takeUnretainedValue().outcome = .discarded
                    wp_presentation_feedback_destroy(feedback)
                }))
            return listener
        }()

        init(_ presentation: OpaquePointer, _ surface: OpaquePointer) {
            let feedback = wp_presentation_feedback(presentation, surface)!
            wp_presentation_feedback_add_listener(feedback, Feedback.listener, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// A client with a 40×40 window and wp_presentation bound, and the clock it was told.
    final class Scene {
        let client: RawClient
        let window: RawWindow
        let presentation: OpaquePointer
        private(set) var clockID: UInt32?
        private var listener = wp_presentation_listener()

        init(_ strata: StrataProcess) throws {
            client = try RawClient(strata)
            window = try RawWindow(client, title: "presented", width: 40, height: 40)
            presentation = try client.bind(strata_wp_presentation_interface(), version: 1)
            listener.clock_id = { data, _, clock in
                Unmanaged<Scene>.fromOpaque(data!).takeUnretainedValue().clockID = clock
            }
            wp_presentation_add_listener(presentation, &listener, Unmanaged.passUnretained(self).toOpaque())
            client.roundtrip()
        }

        /// A new 40×40 buffer, attached and damaged, then committed with a feedback.
        func commitFrame(pixel: UInt32 = 0xFF_20_40_60) throws -> Feedback {
            let feedback = Feedback(presentation, window.surface)
            wl_surface_attach(window.surface, try client.makeBuffer(shm: window.shm, width: 40, height: 40, pixel: pixel), 0, 0)
            wl_surface_damage_buffer(window.surface, 0, 0, 40, 40)
            wl_surface_commit(window.surface)
            return feedback
        }
    }

    func monotonicNow() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    func frame() throws {
        XCTAssertEqual(try strata.control("frame").status, 0, strata.serverLog)
    }

    func testClockIsMonotonic() throws {
        let scene = try Scene(strata)
        XCTAssertEqual(scene.clockID, UInt32(CLOCK_MONOTONIC))
    }

    func testCommitIsPresentedByTheNextFrameWithItsTime() throws {
        let scene = try Scene(strata)
        let output = try scene.client.bind(strata_wl_output_interface(), version: 4)
        let feedback = try scene.commitFrame()
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertNil(feedback.outcome, "nothing until a frame shows the commit")

        let before = monotonicNow()
        try frame()
        let after = monotonicNow()
        XCTAssertTrue(scene.client.roundtrip())
        guard case .presented(let seconds, let nanoseconds, let refresh, let sequence, let flags) = feedback.outcome else {
            return XCTFail("not presented: \(String(describing: feedback.outcome))")
        }
        // The manual clock starts at the monotonic time and stands still
        // until told: the frame's stamp is no later than the frame.
        let stamp = seconds * 1_000_000_000 + UInt64(nanoseconds)
        XCTAssertLessThanOrEqual(stamp, after)
        XCTAssertLessThan(nanoseconds, 1_000_000_000)
        XCTAssertEqual(refresh, 0, "manual frames have no refresh rate")
        XCTAssertEqual(sequence, 0, "nor a refresh counter")
        XCTAssertEqual(flags, 0, "software timestamps, copied contents")
        XCTAssertEqual(feedback.syncOutputs, [output], "sync_output names the client's wl_output")
        _ = before

        // `strata frame --advance` moves the stamp by exactly as much.
        let next = try scene.commitFrame()
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(try strata.control("frame", ["--advance", "250"]).status, 0)
        XCTAssertTrue(scene.client.roundtrip())
        guard case .presented(let s2, let n2, _, _, _) = next.outcome else { return XCTFail("\(String(describing: next.outcome))") }
        XCTAssertEqual(s2 * 1_000_000_000 + UInt64(n2) - stamp, 250_000_000)
    }

    func testCommitReplacedBeforeAFrameIsDiscarded() throws {
        let scene = try Scene(strata)
        let first = try scene.commitFrame(pixel: 0xFF_FF_00_00)
        let second = try scene.commitFrame(pixel: 0xFF_00_FF_00)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(first.outcome, .discarded, "its contents were replaced before they were shown")
        XCTAssertNil(second.outcome)
        try frame()
        XCTAssertTrue(scene.client.roundtrip())
        guard case .presented = second.outcome else { return XCTFail("\(String(describing: second.outcome))") }
    }

    func testCommitWithoutNewContentsDoesNotReplaceTheLastOne() throws {
        let scene = try Scene(strata)
        let withBuffer = try scene.commitFrame()
        let empty = Feedback(scene.presentation, scene.window.surface)
        wl_surface_commit(scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertNil(withBuffer.outcome)
        try frame()
        XCTAssertTrue(scene.client.roundtrip())
        guard case .presented = withBuffer.outcome else { return XCTFail("\(String(describing: withBuffer.outcome))") }
        guard case .presented = empty.outcome else { return XCTFail("\(String(describing: empty.outcome))") }
    }

    func testFeedbackIsForTheNextCommitOnly() throws {
        let scene = try Scene(strata)
        let feedback = Feedback(scene.presentation, scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        try frame()
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertNil(feedback.outcome, "not committed yet: no frame can have shown it")
        wl_surface_commit(scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        try frame()
        XCTAssertTrue(scene.client.roundtrip())
        guard case .presented = feedback.outcome else { return XCTFail("\(String(describing: feedback.outcome))") }
    }

    func testDestroyedSurfaceDiscardsItsCommits() throws {
        let scene = try Scene(strata)
        let committed = try scene.commitFrame()
        let pending = Feedback(scene.presentation, scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        xdg_toplevel_destroy(scene.window.toplevel)
        xdg_surface_destroy(scene.window.xdgSurface)
        wl_surface_destroy(scene.window.surface)
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(committed.outcome, .discarded)
        XCTAssertEqual(pending.outcome, .discarded)
    }

    func testUnmappedSurfaceIsDiscardedAtTheFrame() throws {
        // A surface with no role is never on the output.
        let scene = try Scene(strata)
        let bare = wl_compositor_create_surface(scene.window.compositor)!
        let feedback = Feedback(scene.presentation, bare)
        wl_surface_attach(bare, try scene.client.makeBuffer(shm: scene.window.shm, width: 8, height: 8), 0, 0)
        wl_surface_commit(bare)
        XCTAssertTrue(scene.client.roundtrip())
        try frame()
        XCTAssertTrue(scene.client.roundtrip())
        XCTAssertEqual(feedback.outcome, .discarded)
    }
}

/// The realtime clock: refresh and counter, and a real client.
final class PresentationRealtimeTests: CompositorTestCase {
    override func makeStrata() throws -> StrataProcess {
        try StrataProcess(width: 320, height: 240, manualFrames: false)
    }

    func testRealtimeFramesHaveTheRefreshAndACounter() throws {
        let scene = try PresentationProtocolTests.Scene(strata)
        var outcomes: [PresentationProtocolTests.Feedback.Outcome] = []
        for _ in 0..<3 {
            let feedback = try scene.commitFrame()
            XCTAssertTrue(waitUntil { scene.client.roundtrip(); return feedback.outcome != nil })
            outcomes.append(try XCTUnwrap(feedback.outcome))
        }
        var last: (stamp: UInt64, sequence: UInt64)?
        for outcome in outcomes {
            guard case .presented(let seconds, let nanoseconds, let refresh, let sequence, _) = outcome else {
                return XCTFail("\(outcome)")
            }
            XCTAssertEqual(refresh, 16_666_666, "60 Hz")
            let stamp = seconds * 1_000_000_000 + UInt64(nanoseconds)
            XCTAssertEqual(sequence, stamp / 16_666_666, "the counter counts refresh periods of the monotonic clock")
            if let last {
                XCTAssertGreaterThan(stamp, last.stamp)
                XCTAssertGreaterThan(sequence, last.sequence)
            }
            last = (stamp, sequence)
        }
    }

    func testWestonPresentationShmGetsFeedback() throws {
        guard let path = StrataProcess.which("weston-presentation-shm") else {
            throw XCTSkip("weston-presentation-shm is not installed")
        }
        let output = Pipe()
        let client = Process()
        client.executableURL = URL(fileURLWithPath: path)
        client.arguments = ["-f"]
        client.environment = ProcessInfo.processInfo.environment.merging(
            strata.clientEnvironment.compactMapValues { $0 }) { $1 }
        client.standardOutput = output
        client.standardError = FileHandle.nullDevice
        try client.run()
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertTrue(client.isRunning, "weston-presentation-shm exited: \(strata.serverLog)")
        client.terminate()
        client.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // It prints one line a presented commit: "NNN: f2c ... c2p ... f2p ... p2p ... seq N".
        let lines = text.split(separator: "\n").filter { $0.contains("c2p") && $0.contains("seq") }
        XCTAssertGreaterThan(lines.count, 20, "presented commits at about 60 Hz: \(text.prefix(600))")
        XCTAssertFalse(text.contains("discarded"), text.prefix(600).description)
    }
}
