import Foundation
import StrataCommandLine
import StrataServer
import TestSupport
import XCTest

/// `strata output add|remove|list`: parsed on the command line and, with the
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
    }

    /// The request line reads back as the same command.
    func testRequestLinesRoundTrip() throws {
        for command in [OutputCommand.add(width: 640, height: 480, scale: 2), .add(width: nil, height: nil, scale: 3),
                        .add(width: nil, height: nil, scale: nil), .remove(name: "WL-2"), .list,
                        .mode(name: "Virtual-1", width: 800, height: 600, refreshMillihertz: 74_992),
                        .mode(name: "DP-1", width: 640, height: 480, refreshMillihertz: nil)] {
            XCTAssertTrue(command.line.hasPrefix("output "), command.line)
            XCTAssertEqual(try OutputCommand(line: String(command.line.dropFirst("output ".count))), command)
        }
        XCTAssertEqual(ControlRequest.output(.add(width: 640, height: 480, scale: 2)).line, "output add --size 640x480 --scale 2")
    }

    func testRejectsBadArguments() {
        let cases: [([String], String)] = [
            (["output"], "output needs an action: add [--size WxH] [--scale N] | remove NAME | mode NAME WxH[@HZ] | list"),
            (["output", "grow"], "unknown output action 'grow' (add [--size WxH] [--scale N] | remove NAME | mode NAME WxH[@HZ] | list)"),
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
}
