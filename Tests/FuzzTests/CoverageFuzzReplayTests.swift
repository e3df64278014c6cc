import Foundation
import StrataFuzzing
import XCTest

/// The coverage-guided fuzzer's inputs, replayed without the sanitizer
/// (scripts/fuzz/README.md): every crash it ever found (fuzz/regressions),
/// the seed corpus (fuzz/corpus), and the seeds as `Seeds` makes them now.
/// A crash ends the test process; a client's state the server kept fails
/// the test.
final class CoverageFuzzReplayTests: XCTestCase {
    /// One compositor for every input, as in a fuzzing run.
    nonisolated(unsafe) static let driver = FuzzDriver()

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func replay(folder: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = CoverageFuzzReplayTests.repository.appendingPathComponent(folder).path
        let inputs = ReplayCommand.inputFiles([path])
        for input in inputs {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: input), input)
            let failure = CoverageFuzzReplayTests.driver.run(Array(data))
            XCTAssertNil(failure, "\(input): \(CoverageFuzzReplayTests.driver.lastSummary)", file: file, line: line)
        }
    }

    func testEveryRegressionInputReplaysCleanly() throws {
        try replay(folder: "fuzz/regressions")
    }

    func testTheSeedCorpusReplaysCleanly() throws {
        try replay(folder: "fuzz/corpus")
    }

    /// Each seed's requests are all well-formed: no client gets a protocol
    /// error, so mutations start deep in the part the seed is about.
    func testEverySeedIsWellFormed() {
        for (name, bytes, summary) in Seeds.all(driver: CoverageFuzzReplayTests.driver) {
            XCTAssertFalse(bytes.isEmpty, name)
            XCTAssertFalse(summary.contains("error") || summary.contains("disconnected"), "\(name): \(summary)")
        }
    }

    /// A string an event brought comes back as an argument (length byte 0):
    /// the xdg-foreign seed imports its own exported handle, and its dialog
    /// has the window as its parent at the end.
    func testTheXdgForeignSeedImportsTheHandleItWasSent() throws {
        let driver = CoverageFuzzReplayTests.driver
        let path = CoverageFuzzReplayTests.repository.appendingPathComponent("fuzz/corpus/seed-xdg-foreign").path
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
        var tree = ""
        driver.atEndOfInput = { server in tree = server.treeDump().serialized() }
        defer { driver.atEndOfInput = nil }
        XCTAssertNil(driver.run(Array(bytes)))
        XCTAssertTrue(tree.contains(#""title":"dialog""#), tree)
        XCTAssertTrue(tree.contains(#""parent":"app""#), tree)
    }

    /// The crashes known before the fuzzer (issue 25's three) are in
    /// fuzz/regressions as `KnownCrashes` writes them, and each reaches the
    /// request that trapped: the region and the margins are clamped without
    /// an error, the keycode is refused with one.
    func testTheKnownCrashesReachTheRequestsThatTrapped() throws {
        for (name, bytes, summary) in KnownCrashes.all(driver: CoverageFuzzReplayTests.driver) {
            let path = CoverageFuzzReplayTests.repository.appendingPathComponent("fuzz/regressions/\(name)").path
            XCTAssertEqual(FileManager.default.contents(atPath: path).map(Array.init), bytes, "\(name) is as KnownCrashes writes it")
            if name.contains("keycode") {
                XCTAssertTrue(summary.contains("keycode 4294967292 + 8 overflows UInt32"), summary)
            } else {
                XCTAssertFalse(summary.contains("error") || summary.contains("disconnected"), "\(name): \(summary)")
            }
        }
    }

    /// The decoder reads past the end as zeros and never traps, whatever
    /// the bytes (a fixed xorshift sequence, so a failure replays).
    func testArbitraryBytesRunToTheEnd() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in [0, 1, 2, 7, 64, 600, 2000] {
            let bytes = (0..<length).map { _ -> UInt8 in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return UInt8(truncatingIfNeeded: state)
            }
            XCTAssertNil(CoverageFuzzReplayTests.driver.run(bytes), "\(bytes)")
        }
    }
}
