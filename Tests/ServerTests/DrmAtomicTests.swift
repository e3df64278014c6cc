import StrataProtocol
import XCTest
@testable import StrataServer

/// Atomic modesetting where the driver offers it, legacy calls otherwise:
/// the path is chosen once per monitor, and frames are paced by the flip
/// event on either.
final class DrmAtomicTests: XCTestCase {
    private var harness: DrmBackendHarness!

    override func tearDown() { harness?.shutdown() }

    private func start(atomic: Bool, missingProperty: Bool = false, refusingTest: Bool = false) throws {
        harness = try DrmBackendHarness { device in
            device.offersAtomic = atomic
            device.lacksAtomicProperties = missingProperty
            device.refusesAtomicTest = refusingTest
        }
    }

    func testAtomicIsChosenWhenOfferedAndTheModesetIsOneCommit() throws {
        try start(atomic: true)
        let chain = try XCTUnwrap(harness.backend.chain)
        XCTAssertTrue(chain.path.isAtomic, "\(chain.path)")
        XCTAssertEqual(harness.device.calls, ["atomic test-modeset crtc 50 connector 7 plane 1050 64x48 fb 101"],
                       "the modeset is tested before it is chosen")
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls.last, "atomic modeset crtc 50 connector 7 plane 1050 64x48 fb 101")
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0)
        XCTAssertFalse(harness.device.calls.contains { $0.hasPrefix("setMode") || $0.hasPrefix("pageFlip") })
    }

    func testLegacyWhenTheDriverOffersNoAtomic() throws {
        try start(atomic: false)
        XCTAssertEqual(harness.backend.chain?.path, .legacy(reason: "the driver offers no atomic modesetting"))
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls, ["setMode crtc 50 connector 7 64x48 fb 101"])
    }

    func testLegacyWhenTheAtomicTestCommitIsRefused() throws {
        try start(atomic: true, refusingTest: true)
        let path = try XCTUnwrap(harness.backend.chain?.path)
        XCTAssertFalse(path.isAtomic)
        XCTAssertTrue(path.description.hasPrefix("legacy modesetting (the atomic test commit was refused"), path.description)
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls, ["refused atomic test-modeset crtc 50", "setMode crtc 50 connector 7 64x48 fb 101"])
    }

    func testLegacyWhenAtomicIsTurnedOffThoughOffered() throws {
        // STRATA_DRM_NO_ATOMIC=1: the cap is not even asked for, and the log says why.
        harness = try DrmBackendHarness(atomicAllowed: false) { $0.offersAtomic = true }
        XCTAssertFalse(harness.device.isAtomicEnabled)
        XCTAssertEqual(harness.backend.chain?.path, .legacy(reason: "atomic modesetting turned off by STRATA_DRM_NO_ATOMIC"))
        harness.server.renderFrame()
        harness.addSquare(x: 4, y: 4, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls, ["setMode crtc 50 connector 7 64x48 fb 101", "pageFlip crtc 50 fb 102"])
    }

    func testStatisticsCountFlipsCompletionsAndModesets() throws {
        try start(atomic: true)
        harness.server.renderFrame()
        harness.addSquare(x: 4, y: 4, color: Color(red: 1, green: 0, blue: 0))
        harness.server.renderFrame()
        func counts() -> [String] { harness.backend.statistics.map { "\($0.name) \($0.value)" } }
        XCTAssertEqual(counts(), ["flips 1", "flipsCompleted 0", "modesets 1"])
        harness.vblank()
        // A frame with nothing new flips nothing.
        harness.server.renderFrame()
        XCTAssertEqual(counts(), ["flips 1", "flipsCompleted 1", "modesets 1"])
        let stats = ControlServer.statsLine(harness.server)
        XCTAssertTrue(stats.contains("\"flips\":1,\"flipsCompleted\":1,\"modesets\":1"), stats)
    }

    func testLegacyWhenAPlanePropertyIsMissing() throws {
        try start(atomic: true, missingProperty: true)
        XCTAssertEqual(harness.backend.chain?.path.isAtomic, false)
        harness.server.renderFrame()
        XCTAssertEqual(harness.device.calls, ["setMode crtc 50 connector 7 64x48 fb 101"])
    }

    func testFlipsArePacedByTheFlipEventOnBothPaths() throws {
        for atomic in [true, false] {
            try start(atomic: atomic)
            let flip = atomic ? "atomic flip crtc 50 plane 1050 fb" : "pageFlip crtc 50 fb"
            harness.server.renderFrame()
            harness.addSquare(x: 4, y: 4, color: Color(red: 1, green: 0, blue: 0))
            harness.server.renderFrame()
            XCTAssertEqual(harness.device.calls.last, "\(flip) 102")
            let callsWithOneFlip = harness.device.calls.count

            harness.addSquare(x: 30, y: 20, color: Color(red: 0, green: 0, blue: 1))
            harness.server.renderFrame()
            XCTAssertEqual(harness.device.calls.count, callsWithOneFlip, "no second flip before the event (atomic: \(atomic))")
            XCTAssertEqual(harness.backend.chain?.presentWanted, true)

            harness.vblank()
            XCTAssertEqual(harness.device.calls.last, "\(flip) 101", "the waiting frame goes when the event comes")
            harness.vblank()
            XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0)
            XCTAssertEqual(harness.backend.chain?.flipsQueued, 2)
            harness.shutdown()
            harness = nil
        }
    }

    func testAfterAVTSwitchTheModeIsSetAgainAtomically() throws {
        try start(atomic: true)
        harness.server.renderFrame()
        harness.session.switchAway()
        harness.session.switchBack()
        XCTAssertEqual(harness.device.calls.suffix(2).first, "takeMaster")
        XCTAssertTrue(harness.device.calls.last?.hasPrefix("atomic modeset crtc 50 connector 7 plane 1050 64x48") == true,
                      "\(harness.device.calls)")
        XCTAssertEqual(harness.pixelsDifferingFromFramebuffer(), 0)
    }
}
