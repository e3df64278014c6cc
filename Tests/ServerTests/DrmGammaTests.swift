import StrataProtocol
import XCTest
@testable import StrataServer

/// A monitor's gamma through the backend's output interface
/// (`BackendOutput.gammaSize` and `setGamma`), which is all the gamma
/// control protocol uses: the CRTC's GAMMA_LUT on atomic drivers, its
/// legacy gamma ramps otherwise, loaded again after a modeset.
final class DrmGammaTests: XCTestCase {
    private var harness: DrmBackendHarness!

    override func tearDown() { harness?.shutdown() }

    private func start(atomic: Bool) throws -> BackendOutput {
        harness = try DrmBackendHarness { $0.offersAtomic = atomic }
        harness.server.renderFrame()
        return try XCTUnwrap(harness.backend.outputs.first)
    }

    /// Warm ramps: full red, less green, less blue still.
    private func warm(size: Int) -> GammaRamps {
        let ramp = (0..<size).map { UInt16(($0 * 65535) / (size - 1)) }
        return GammaRamps(size: size, values: ramp + ramp.map { $0 / 4 * 3 } + ramp.map { $0 / 2 })!
    }

    func testAtomicLoadsTheTableAsAGammaLUTOfItsSize() throws {
        let output = try start(atomic: true)
        XCTAssertEqual(output.gammaSize, 1024, "GAMMA_LUT_SIZE")
        let ramps = warm(size: 1024)
        try output.setGamma(ramps)
        XCTAssertEqual(harness.device.calls.last, "gamma crtc 50 atomic GAMMA_LUT 1024 entries")
        XCTAssertEqual(harness.device.gamma[50], ramps)
        try output.setGamma(nil)
        XCTAssertEqual(harness.device.calls.last, "gamma crtc 50 atomic GAMMA_LUT reset")
        XCTAssertNil(harness.device.gamma[50])
    }

    func testLegacyLoadsTheCrtcsGammaRamps() throws {
        let output = try start(atomic: false)
        XCTAssertEqual(output.gammaSize, 256, "the CRTC's gamma_size")
        try output.setGamma(warm(size: 256))
        XCTAssertEqual(harness.device.calls.last, "gamma crtc 50 legacy 256 entries")
        XCTAssertEqual(harness.device.gamma[50], warm(size: 256))
    }

    func testRampsOfAnotherSizeAreRefusedBeforeTheKernel() throws {
        let output = try start(atomic: false)
        XCTAssertThrowsError(try output.setGamma(warm(size: 1024)))
        XCTAssertFalse(harness.device.calls.contains { $0.hasPrefix("gamma") })
    }

    func testTheTableIsLoadedAgainAfterTheSessionComesBack() throws {
        let output = try start(atomic: false)
        try output.setGamma(warm(size: 256))
        harness.session.switchAway()
        harness.session.switchBack()
        harness.server.renderFrame()
        let calls = harness.device.calls.drop { !$0.hasPrefix("takeMaster") }
        XCTAssertTrue(calls.contains { $0.hasPrefix("setMode crtc 50") }, "\(calls)")
        XCTAssertEqual(calls.last, "gamma crtc 50 legacy 256 entries", "after the modeset")
    }
}
