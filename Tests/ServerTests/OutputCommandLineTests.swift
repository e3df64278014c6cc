import Foundation
import StrataCommandLine
import StrataServer
import TestSupport
import XCTest

/// `strata output add|remove|list|set|mode`: parsed on the command line and, with the
/// same code, from the control request line; bad arguments are one line.
final class OutputCommandLineTests: XCTestCase {
    func testParsesEachAction() throws {
        XCTAssertEqual(try StrataArguments.parse(["output", "--socket", "s", "add", "--size", "640x480", "--scale", "2"]),
                       .control(socketName: "s", request: .output(.add(width: 640, height: 480, scale: 2))))
        XCTAssertEqual(try StrataArguments.parse(["output", "add"]),
                       .control(socketName: "strata-0", request: .output(.add(width: nil, height: nil, scale: nil))))
        XCTAssertEqual(try StrataArguments.parse(["output", "remove", "HEADLESS-2", "--socket", "s"]),
                       .control(socketName: "s", request: .output(.remove(name: "HEADLESS-2"))))
        XCTAssertEqual(try StrataArguments.parse(["output", "list"]), .control(socketName: "strata-0", request: .output(.list)))
        XCTAssertEqual(try StrataArguments.parse(["output", "mode", "Virtual-1", "800x600@74.99"]),
                       .control(socketName: "strata-0",
                                request: .output(.mode(name: "Virtual-1", width: 800, height: 600, refreshMillihertz: 74_990))))
        XCTAssertEqual(try StrataArguments.parse(["output", "mode", "DP-1", "640x480"]),
                       .control(socketName: "strata-0", request: .output(.mode(name: "DP-1", width: 640, height: 480, refreshMillihertz: nil))))
        XCTAssertEqual(try StrataArguments.parse(["output", "set", "HEADLESS-2", "--mode", "800x600@60", "--scale", "2",
                                                  "--transform", "flipped-90", "--position", "0,240", "--disable"]),
                       .control(socketName: "strata-0", request: .output(.set(name: "HEADLESS-2", changes: OutputChanges(
                           mode: (800, 600, 60_000), scale: 2, transform: "flipped-90", position: (0, 240), enabled: false)))))
        XCTAssertEqual(try StrataArguments.parse(["output", "set", "DP-1", "--enable"]),
                       .control(socketName: "strata-0", request: .output(.set(name: "DP-1", changes: OutputChanges(enabled: true)))))
    }

    /// The request line reads back as the same command.
    func testRequestLinesRoundTrip() throws {
        for command in [OutputCommand.add(width: 640, height: 480, scale: 2), .add(width: nil, height: nil, scale: 3),
                        .add(width: nil, height: nil, scale: nil), .remove(name: "WL-2"), .list,
                        .mode(name: "Virtual-1", width: 800, height: 600, refreshMillihertz: 74_992),
                        .mode(name: "DP-1", width: 640, height: 480, refreshMillihertz: nil),
                        .set(name: "HEADLESS-1", changes: OutputChanges(mode: (640, 480, nil), scale: 1.5, transform: "90",
                                                                        position: (10, 20), enabled: true)),
                        .set(name: "HEADLESS-2", changes: OutputChanges(enabled: false))] {
            XCTAssertTrue(command.line.hasPrefix("output "), command.line)
            XCTAssertEqual(try OutputCommand(line: String(command.line.dropFirst("output ".count))), command)
        }
        XCTAssertEqual(ControlRequest.output(.add(width: 640, height: 480, scale: 2)).line, "output add --size 640x480 --scale 2")
    }

    func testRejectsBadArguments() {
        let cases: [([String], String)] = [
            (["output"], "output needs an action: add [--size WxH] [--scale N] | remove NAME | mode NAME WxH[@HZ] | set NAME OPTIONS | list"),
            (["output", "grow"], "unknown output action 'grow' (add [--size WxH] [--scale N] | remove NAME | mode NAME WxH[@HZ] | set NAME OPTIONS | list)"),
            (["output", "set"], "output set needs the output's NAME"),
            (["output", "set", "A"], "output set needs at least one of --mode WxH[@HZ], --scale N, --transform T, --position X,Y, --enable or --disable"),
            (["output", "set", "A", "--scale", "0"], "invalid scale '0' (expected a number above 0, at most 8)"),
            (["output", "set", "A", "--scale"], "missing value for --scale"),
            (["output", "set", "A", "--transform", "45"], "invalid transform '45' (expected normal, 90, 180, 270, flipped, flipped-90, flipped-180, flipped-270)"),
            (["output", "set", "A", "--position", "-5,0"], "invalid position '-5,0' (expected X,Y in points, each 0 to 1048576)"),
            (["output", "set", "A", "--position", "5"], "invalid position '5' (expected X,Y in points, each 0 to 1048576)"),
            (["output", "set", "A", "--mode", "800x600@x"], "invalid refresh rate 'x' (expected hertz, e.g. 60 or 74.99)"),
            (["output", "set", "A", "--enable", "--disable"], "output set takes one of --enable and --disable"),
            (["output", "set", "A", "--scale", "2", "--scale", "2"], "--scale is given twice"),
            (["output", "set", "A", "--size", "2x2"], "output set takes --mode WxH[@HZ], --scale N, --transform T, --position X,Y, --enable or --disable, not '--size'"),
            (["output", "add", "--size", "0x5"], "invalid size '0x5' (expected WxH, e.g. 1280x800)"),
            (["output", "add", "--size"], "missing value for --size"),
            (["output", "add", "--scale", "1.5"], "invalid scale '1.5' (expected an integer from 1 to 8)"),
            (["output", "add", "--size", "301x200", "--scale", "2"], "size 301x200 is not a multiple of scale 2"),
            (["output", "add", "HEADLESS-3"], "output add takes --size WxH and --scale N, not 'HEADLESS-3'"),
            (["output", "remove"], "output remove needs the output's NAME"),
            (["output", "mode"], "output mode needs the output's NAME and WxH[@HZ]"),
            (["output", "mode", "DP-1"], "output mode needs a mode, WxH or WxH@HZ (e.g. 800x600@60)"),
            (["output", "mode", "DP-1", "800x600@fast"], "invalid refresh rate 'fast' (expected hertz, e.g. 60 or 74.99)"),
            (["output", "mode", "DP-1", "800y600"], "invalid size '800y600' (expected WxH, e.g. 1280x800)"),
            (["output", "mode", "DP-1", "800x600", "60"], "output mode takes NAME and one mode, not also '60'"),
            (["output", "remove", "A", "B"], "output remove takes one NAME, not also 'B'"),
            (["output", "list", "--size", "1x1"], "output list takes nothing more, not '--size'"),
            (["output", "--socket", "a/b", "list"], "invalid socket name 'a/b' (a file name in $XDG_RUNTIME_DIR)"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try StrataArguments.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message, "\(arguments)")
            }
        }
    }

    /// The binary: a bad command line is one line on stderr and exit 2; a
    /// compositor that refuses is one line and exit 1; --help explains.
    func testBinaryExitsWithOneLine() throws {
        let environment = ["XDG_RUNTIME_DIR": NSTemporaryDirectory()]
        for arguments in [["output"], ["output", "add", "--size", "10"], ["output", "remove"], ["output", "list", "extra"]] {
            let result = try StrataBinary.run(arguments, environment: environment)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertEqual(result.standardErrorLines.count, 1, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.hasPrefix("strata: "), result.standardError)
            XCTAssertEqual(result.standardOutput, "")
        }
        let unreachable = try StrataBinary.run(["output", "--socket", "no-such-strata", "list"], environment: environment)
        XCTAssertEqual(unreachable.status, 1, unreachable.standardError)
        XCTAssertEqual(unreachable.standardErrorLines.count, 1, unreachable.standardError)

        let help = try StrataBinary.run(["output", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.standardOutput.contains("USAGE: strata output"), help.standardOutput)
        XCTAssertTrue(help.standardOutput.contains("remove NAME"), help.standardOutput)
    }

    /// Against a running compositor: refusals are one line and exit 1.
    func testRefusalsOfARunningCompositor() throws {
        let strata = try StrataProcess(width: 320, height: 240, manualFrames: true)
        defer { XCTAssertEqual(strata.stop(), 0, strata.serverLog) }
        let last = try strata.control("output", ["remove", "HEADLESS-1"])
        XCTAssertEqual(last.status, 1)
        XCTAssertEqual(last.standardErrorLines, ["strata: HEADLESS-1 is the last output; Strata always keeps one"])
        let missing = try strata.control("output", ["remove", "HEADLESS-9"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.standardErrorLines, ["strata: no output named HEADLESS-9 (outputs: HEADLESS-1)"])
        let oddSize = try strata.control("output", ["add", "--scale", "3"])
        XCTAssertEqual(oddSize.status, 1, "320x240 is not a multiple of 3")
        XCTAssertEqual(oddSize.standardErrorLines, ["strata: size 320x240 is not a multiple of scale 3"])
        let added = try strata.control("output", ["add"])
        XCTAssertEqual(added.status, 0, added.standardError)
        XCTAssertTrue(added.standardOutput.contains("\"added\":\"HEADLESS-2\""), added.standardOutput)
    }

    /// `strata output set` and `mode` apply an output configuration: all of
    /// it, or nothing with a one-line reason.
    func testSetChangesAnOutputWholeOrNotAtAll() throws {
        let strata = try StrataProcess(width: 320, height: 240, manualFrames: true, extraArguments: ["--outputs", "2"])
        defer { XCTAssertEqual(strata.stop(), 0, strata.serverLog) }
        func output(_ name: String) throws -> [String: Any] {
            let outputs = try XCTUnwrap(strata.tree()["outputs"] as? [[String: Any]])
            return try XCTUnwrap(outputs.first { $0["name"] as? String == name }, "\(outputs)")
        }
        let set = try strata.control("output", ["set", "HEADLESS-2", "--position", "0,240", "--scale", "2", "--mode", "640x480"])
        XCTAssertEqual(set.status, 0, set.standardError)
        XCTAssertEqual(try output("HEADLESS-2")["y"] as? Int, 240)
        XCTAssertEqual(try output("HEADLESS-2")["scale"] as? Int, 2)
        XCTAssertEqual(try output("HEADLESS-2")["width"] as? Int, 640)

        let fractional = try strata.control("output", ["set", "HEADLESS-2", "--position", "0,0", "--scale", "1.5"])
        XCTAssertEqual(fractional.status, 1)
        XCTAssertEqual(fractional.standardErrorLines,
                       ["strata: fractional scales are not supported yet (HEADLESS-2: 1.5); use 1, 2, 3…"])
        XCTAssertEqual(try output("HEADLESS-2")["y"] as? Int, 240, "the position was not applied either")
        let rotated = try strata.control("output", ["set", "HEADLESS-2", "--transform", "90"])
        XCTAssertEqual(rotated.standardErrorLines, ["strata: output transforms are not supported yet (HEADLESS-2: 90); only normal"])

        let mode = try strata.control("output", ["mode", "HEADLESS-1", "400x300"])
        XCTAssertEqual(mode.status, 0, mode.standardError)
        XCTAssertTrue(mode.standardOutput.contains("\"mode\":\"400x300@60.0Hz\""), mode.standardOutput)
        XCTAssertEqual(try output("HEADLESS-1")["width"] as? Int, 400)

        XCTAssertEqual(try strata.control("output", ["set", "HEADLESS-1", "--disable"]).status, 0)
        let outputs = try XCTUnwrap(strata.tree()["outputs"] as? [[String: Any]])
        XCTAssertEqual(outputs.compactMap { $0["name"] as? String }, ["HEADLESS-2"])
        XCTAssertEqual(try strata.control("output", ["set", "HEADLESS-2", "--disable"]).standardErrorLines,
                       ["strata: at least one output must stay enabled"])
        XCTAssertEqual(try strata.control("output", ["set", "HEADLESS-1", "--scale", "2"]).standardErrorLines,
                       ["strata: HEADLESS-1 is disabled; add --enable to change it"])
        XCTAssertEqual(try strata.control("output", ["set", "HEADLESS-1", "--enable"]).status, 0)
        XCTAssertEqual(try output("HEADLESS-1")["width"] as? Int, 400, "it comes back as it was")
    }
}
