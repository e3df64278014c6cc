import Foundation
import TestSupport
import XCTest

/// `strata run --restrict-privileged` closes the control socket to every
/// process Strata did not start: what connects through the socket's path
/// is refused with one line, whatever it asks. The processes Strata starts
/// reach it through the channel they inherit (STRATA_CONTROL_SOCKET).
/// Without the restriction, every process of the user reaches it, as the
/// tests and scripts that drive Strata do.
final class ControlRestrictionTests: XCTestCase {
    static let refusal = "strata: refused: strata runs with --restrict-privileged, and its control socket serves only "
        + "the processes it starts (the command after --, the startup file's lines) and those they start\n"

    private func temporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "strata-control-restriction-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }

    private func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// The seat's pointer in a `strata tree` answer.
    private func pointer(inTree json: String?) -> (x: Int, y: Int)? {
        guard let json, let tree = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let pointer = (tree["seat"] as? [String: Any])?["pointer"] as? [String: Any],
              let x = pointer["x"] as? Int, let y = pointer["y"] as? Int
        else { return nil }
        return (x, y)
    }

    private func assertRefused(_ result: CommandResult, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 1, "\(what) from outside the session", file: file, line: line)
        XCTAssertEqual(result.standardError, Self.refusal, "one line, no trace", file: file, line: line)
        XCTAssertEqual(result.standardOutput, "", "nothing of the session", file: file, line: line)
    }

    func testUnderTheRestrictionAProcessStrataDidNotStartCannotScreenshotInjectInputOrReadTheTree() throws {
        let directory = try temporaryDirectory()
        let strataPath = try StrataBinary.path()
        // A process of the session that reads the tree once told to, as only one Strata started can.
        let reader = "while [ ! -e \(directory)/go ]; do sleep 0.02; done; "
            + "\(strataPath) tree --socket strata-test > \(directory)/tree.part && mv \(directory)/tree.part \(directory)/tree.json"
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true,
                                       extraArguments: ["--restrict-privileged", "--", "sh", "-c", reader])
        defer { XCTAssertEqual(strata.stop(), 0) }

        let shot = directory + "/outside.png"
        assertRefused(try strata.control("screenshot", ["--output", shot]), "screenshot")
        XCTAssertFalse(FileManager.default.fileExists(atPath: shot), "no pixels were written")
        assertRefused(try strata.control("screenshot", ["--output", shot, "--output-name", "HEADLESS-1"]), "screenshot of an output")
        assertRefused(try strata.control("tree"), "tree")
        assertRefused(try strata.control("input", ["move", "20", "30"]), "input")
        assertRefused(try strata.control("input", ["type", "secret"]), "typing")
        for request in [["frame"], ["stats"], ["close", "--title", "T"], ["resize", "--title", "T", "--size", "10x10"], ["output", "list"]] {
            assertRefused(try strata.control(request[0], Array(request.dropFirst())), request.joined(separator: " "))
        }
        // The variable alone is no key: a process that names a channel it does not hold goes through the path.
        let forged = try StrataBinary.run(["tree", "--socket", strata.socketName],
                                          environment: strata.clientEnvironment.merging(
                                              ["STRATA_CONTROL_SOCKET": "4:\(strata.controlSocketPath)"]) { $1 })
        assertRefused(forged, "tree with a forged STRATA_CONTROL_SOCKET")
        XCTAssertTrue(strata.serverLog.contains("control: refused 'input' from pid "), strata.serverLog)

        // The refused input moved nothing: the session's own process sees the pointer elsewhere.
        _ = FileManager.default.createFile(atPath: directory + "/go", contents: nil)
        XCTAssertTrue(waitUntil { FileManager.default.fileExists(atPath: directory + "/tree.json") }, strata.serverLog)
        let position = try XCTUnwrap(pointer(inTree: read(directory + "/tree.json")), read(directory + "/tree.json") ?? "")
        XCTAssertFalse(position == (20, 30), "the refused move did not happen")
    }

    func testTheProcessesStrataStartsUseTheControlSocketThroughTheirChannel() throws {
        let directory = try temporaryDirectory()
        let strataPath = try StrataBinary.path()
        // A shell Strata starts, and a shell that shell starts: both hold the channel.
        let script = "\(strataPath) screenshot --socket strata-test --output \(directory)/inside.png"
            + " && \(strataPath) input --socket strata-test move 20 30"
            + " && sh -c '\(strataPath) tree --socket strata-test > \(directory)/tree.part'"
            + " && mv \(directory)/tree.part \(directory)/tree.json; echo $? > \(directory)/status"
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true,
                                       extraArguments: ["--restrict-privileged", "--", "sh", "-c", script])
        defer { XCTAssertEqual(strata.stop(), 0) }
        XCTAssertTrue(waitUntil { FileManager.default.fileExists(atPath: directory + "/status") }, strata.serverLog)
        XCTAssertEqual(read(directory + "/status"), "0\n", strata.serverLog)
        let shot = try DecodedPNG(contentsOf: directory + "/inside.png")
        XCTAssertEqual(shot.width, 64)
        let position = try XCTUnwrap(pointer(inTree: read(directory + "/tree.json")))
        XCTAssertTrue(position == (20, 30), "the session's input moved the pointer: \(position)")
        XCTAssertFalse(strata.serverLog.contains("control: refused"), strata.serverLog)
    }

    func testWithoutTheRestrictionEveryProcessOfTheUserUsesTheControlSocket() throws {
        let directory = try temporaryDirectory()
        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true)
        defer { XCTAssertEqual(strata.stop(), 0) }
        let shot = directory + "/outside.png"
        XCTAssertEqual(try strata.control("screenshot", ["--output", shot]).status, 0)
        XCTAssertEqual(try DecodedPNG(contentsOf: shot).width, 64)
        try strata.input("move", "20", "30")
        let tree = try strata.control("tree")
        XCTAssertEqual(tree.status, 0, tree.standardError)
        let position = try XCTUnwrap(pointer(inTree: tree.standardOutput))
        XCTAssertTrue(position == (20, 30), "\(position)")
    }
}
