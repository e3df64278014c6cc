import Foundation
import StrataProtocol
import StrataCommandLine
import StrataServer
import TestSupport
import XCTest

final class CommandLineTests: XCTestCase {
    func testParsesRun() throws {
        var expected = RunOptions()
        expected.socketName = "wl-test"
        expected.width = 800
        expected.height = 600
        expected.scale = 2
        expected.manualFrames = true
        expected.backend = .headless
        XCTAssertEqual(try StrataArguments.parse(["run", "--headless", "--socket", "wl-test", "--size", "800x600",
                                                  "--scale", "2", "--manual-frames"]), .run(expected))
        XCTAssertEqual(try StrataArguments.parse(["run"]), .run(RunOptions()))
        XCTAssertEqual(expected.configuration.clock, .manual)
        var placed = RunOptions()
        placed.windowOrigins = [Point(x: 32, y: 32), Point(x: -5, y: 64)]
        XCTAssertEqual(try StrataArguments.parse(["run", "--place-windows", "32,32:-5,64"]), .run(placed))
        XCTAssertEqual(placed.configuration.windowOrigins, placed.windowOrigins)
        var fractional = RunOptions()
        fractional.preferredScale = 1.5
        XCTAssertEqual(try StrataArguments.parse(["run", "--preferred-scale", "1.5"]), .run(fractional))
        XCTAssertEqual(fractional.configuration.preferredScale, 1.5)
        XCTAssertNil(RunOptions().configuration.preferredScale, "the outputs' scale by default")
        var dark = RunOptions()
        dark.appearance = .dark
        XCTAssertEqual(try StrataArguments.parse(["run", "--appearance", "dark"]), .run(dark))
        XCTAssertNil(RunOptions().appearance, "the environment's by default")
    }

    func testParsesDrmOptions() throws {
        var expected = RunOptions()
        expected.backend = .drm
        expected.drmDevice = "/dev/dri/card1"
        expected.inputDevices = InputDeviceOptions(tapToClick: true, naturalScrolling: true)
        XCTAssertEqual(try StrataArguments.parse(["run", "--backend", "drm", "--drm-device", "/dev/dri/card1",
                                                  "--touchpad-tap", "--natural-scrolling"]), .run(expected))
        var relative = RunOptions()
        relative.drmDevice = "/dev/dri/card0"
        relative.inputDevices.naturalScrolling = true
        XCTAssertEqual(try StrataArguments.parse(["run", "--drm-device", "card0", "--natural-scrolling"], currentDirectory: "/dev/dri"),
                       .run(relative))
        XCTAssertEqual(RunOptions().inputDevices, InputDeviceOptions(tapToClick: false, naturalScrolling: false))
    }

    func testParsesControlCommands() throws {
        XCTAssertEqual(try StrataArguments.parse(["screenshot", "--socket", "s", "--output", "out.png"], currentDirectory: "/tmp"),
                       .control(socketName: "s", request: .screenshot(path: "/tmp/out.png")))
        XCTAssertEqual(try StrataArguments.parse(["screenshot", "--output", "/a/b.png"]),
                       .control(socketName: "strata-0", request: .screenshot(path: "/a/b.png")))
        XCTAssertEqual(try StrataArguments.parse(["tree", "--socket", "s"]), .control(socketName: "s", request: .tree))
        XCTAssertEqual(try StrataArguments.parse(["frame"]), .control(socketName: "strata-0", request: .frame))
        XCTAssertEqual(try StrataArguments.parse(["stats"]), .control(socketName: "strata-0", request: .stats))
        XCTAssertEqual(try StrataArguments.parse(["close", "--title", "My App"]),
                       .control(socketName: "strata-0", request: .close(title: "My App")))
        XCTAssertEqual(try StrataArguments.parse(["resize", "--socket", "s", "--title", "Clock", "--size", "300x200"]),
                       .control(socketName: "s", request: .resize(title: "Clock", width: 300, height: 200)))
        XCTAssertEqual(ControlRequest.resize(title: "My App", width: 3, height: 4).line, "resize 3x4 My App")
    }

    func testLimitsAndWindowCommandsRejectBadArguments() {
        let cases: [([String], String)] = [
            (["run", "--max-layers", "0"], "invalid --max-layers '0' (expected a positive integer)"),
            (["run", "--max-pending-commits", "x"], "invalid --max-pending-commits 'x' (expected a positive integer)"),
            (["run", "--place-windows", "32,32:64"], "invalid window origins '32,32:64' (expected X,Y[:X,Y…], e.g. 32,32:64,64)"),
            (["close"], "close needs --title TITLE"),
            (["resize", "--title", "a"], "resize needs --title TITLE and --size WxH"),
            (["resize", "--title", "a", "--size", "0x5"], "invalid size '0x5' (expected WxH, e.g. 640x480)"),
            (["tree", "--title", "a"], "unknown option '--title'"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try StrataArguments.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message)
            }
        }
    }

    func testRejectsBadArguments() {
        let cases: [([String], String)] = [
            ([], "missing command (see strata --help)"),
            (["--foo"], "unknown option '--foo'"),
            (["run", "--foo"], "unknown option '--foo'"),
            (["run", "extra"], "unexpected argument 'extra'"),
            (["run", "--size"], "missing value for '--size <WxH>'"),
            (["run", "--size", "--headless"], "missing value for '--size <WxH>'"),
            (["run", "--size", "640"], "invalid size '640' (expected WxH, e.g. 1280x800)"),
            (["run", "--size", "0x480"], "invalid size '0x480' (expected WxH, e.g. 1280x800)"),
            (["run", "--scale", "0"], "invalid scale '0' (expected an integer from 1 to 8)"),
            (["run", "--outputs", "0"], "invalid --outputs '0' (expected an integer from 1 to 8)"),
            (["run", "--preferred-scale", "0"], "invalid --preferred-scale '0' (expected a number from 0.25 to 8, e.g. 1.5)"),
            (["run", "--preferred-scale", "big"], "invalid --preferred-scale 'big' (expected a number from 0.25 to 8, e.g. 1.5)"),
            (["run", "--outputs", "9"], "invalid --outputs '9' (expected an integer from 1 to 8)"),
            (["run", "--outputs", "two"], "invalid --outputs 'two' (expected an integer from 1 to 8)"),
            (["screenshot", "--output", "x.png", "--output-name", ""], "invalid --output-name ''"),
            (["run", "--size", "641x480", "--scale", "2"], "size 641x480 is not a multiple of scale 2"),
            (["run", "--socket", "a/b"], "invalid socket name 'a/b' (a file name in $XDG_RUNTIME_DIR)"),
            (["screenshot"], "screenshot needs --output FILE.png"),
            (["tree", "--output", "x.png"], "unknown option '--output'"),
            (["launch"], "unknown command 'launch' (see strata --help)"),
            (["run", "--appearance", "blue"],
             "the value 'blue' is invalid for '--appearance <light|dark>'. Please provide one of 'light' and 'dark'."),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try StrataArguments.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message, "\(arguments)")
            }
        }
    }

    /// The binary: one line on stderr, exit 2, never a trace.
    func testBinaryRejectsBadArgumentsWithOneLine() throws {
        for arguments in [["--foo"], ["run", "--size", "big"], ["screenshot"], [], ["run", "--scale"], ["run", "--outputs", "9"]] {
            let result = try StrataBinary.run(arguments, environment: ["XDG_RUNTIME_DIR": NSTemporaryDirectory()])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)")
            XCTAssertEqual(result.standardErrorLines.count, 1, "\(arguments): \(result.standardError)")
            XCTAssertTrue(result.standardError.hasPrefix("strata: "), result.standardError)
            XCTAssertEqual(result.standardOutput, "")
        }
        let foo = try StrataBinary.run(["--foo"])
        XCTAssertEqual(foo.standardError, "strata: unknown option '--foo'\n")
    }

    /// Every subcommand has its own --help (swift-argument-parser's), as
    /// `strata help NAME` too, and it needs no runtime directory.
    func testHelpOfEachCommand() throws {
        guard case .help(let root)? = try? StrataArguments.parse(["--help"]) else { return XCTFail("--help") }
        for name in ["run", "screenshot", "tree", "frame", "stats", "close", "resize", "input"] {
            XCTAssertTrue(root.contains(name), name)
            guard case .help(let text)? = try? StrataArguments.parse([name, "--help"]) else { return XCTFail(name) }
            XCTAssertTrue(text.contains("USAGE: strata \(name)"), text)
            XCTAssertEqual(try StrataArguments.parse(["help", name]), .help(text))
        }
        guard case .help(let run)? = try? StrataArguments.parse(["run", "--size", "1x1", "-h"]) else { return XCTFail("run -h") }
        for option in ["--exit-with-client", "--backend", "--log-level", "--log-file", "--startup", "--no-startup", "--place-windows",
                       "--drm-device", "--touchpad-tap", "--natural-scrolling"] {
            XCTAssertTrue(run.contains(option), option)
        }
        // After `--`, --help is the client's.
        guard case .run(let options)? = try? StrataArguments.parse(["run", "--", "foot", "--help"]) else { return XCTFail("run --") }
        XCTAssertEqual(options.command, ["foot", "--help"])
    }

    /// Automatic: a window inside another compositor, the display on a
    /// virtual terminal, headless otherwise; a forced choice stands.
    func testAutomaticBackendChoice() {
        XCTAssertEqual(BackendChoice.automatic.resolved(environment: ["WAYLAND_DISPLAY": "wayland-0"], onVirtualTerminal: true), .wayland)
        XCTAssertEqual(BackendChoice.automatic.resolved(environment: [:], onVirtualTerminal: true), .drm)
        XCTAssertEqual(BackendChoice.automatic.resolved(environment: ["XDG_SESSION_TYPE": "tty"], onVirtualTerminal: false), .drm)
        XCTAssertEqual(BackendChoice.automatic.resolved(environment: ["WAYLAND_DISPLAY": ""], onVirtualTerminal: false), .headless)
        XCTAssertEqual(BackendChoice.headless.resolved(environment: ["WAYLAND_DISPLAY": "wayland-0"], onVirtualTerminal: true), .headless)
    }

    func testBinaryHelpAndCompletions() throws {
        let result = try StrataBinary.run(["run", "--help"], environment: ["XDG_RUNTIME_DIR": nil])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.standardOutput.contains("USAGE: strata run"), result.standardOutput)
        let bash = try StrataBinary.run(["--generate-completion-script", "bash"])
        XCTAssertEqual(bash.status, 0, bash.standardError)
        XCTAssertTrue(bash.standardOutput.hasPrefix("#!/bin/bash"), bash.standardOutput)
        XCTAssertTrue(bash.standardOutput.contains("--exit-with-client"))
    }

    func testParsesSessionOptions() throws {
        var expected = RunOptions()
        expected.backend = .headless
        expected.command = ["sh", "-c", "exit 3"]
        expected.exitWithClient = true
        expected.startupFile = .file("/tmp/session/startup")
        expected.logLevel = .debug
        expected.logFile = "/tmp/strata.log"
        XCTAssertEqual(try StrataArguments.parse(["run", "--headless", "--exit-with-client", "--startup", "session/startup",
                                                  "--log-level", "debug", "--log-file", "strata.log", "--", "sh", "-c", "exit 3"],
                                                 currentDirectory: "/tmp"), .run(expected))
        XCTAssertEqual(try StrataArguments.parse(["run", "--no-startup", "--backend", "wayland"]),
                       .run({ var o = RunOptions(); o.startupFile = .none; o.backend = .wayland; return o }()))
        XCTAssertEqual(try StrataArguments.parse(["run", "--outputs", "3"]),
                       .run({ var o = RunOptions(); o.outputs = 3; return o }()))
        XCTAssertEqual(RunOptions().configuration.outputCount, 1, "one output unless asked")
        XCTAssertEqual(try StrataArguments.parse(["screenshot", "--output", "/a/b.png", "--output-name", "HEADLESS-2"]),
                       .control(socketName: "strata-0", request: .screenshotOutput(name: "HEADLESS-2", path: "/a/b.png")))
        XCTAssertEqual(ControlRequest.screenshotOutput(name: "WL-2", path: "/a/b.png").line, "screenshot-output WL-2 /a/b.png")
        XCTAssertEqual(try StrataArguments.parse(["run", "--restrict-privileged"]),
                       .run({ var o = RunOptions(); o.restrictPrivileged = true; return o }()))
        XCTAssertTrue(RunOptions().configuration.restrictPrivileged == false, "every client gets screencopy by default")
        let cases: [([String], String)] = [
            (["run", "--exit-with-client"], "--exit-with-client needs a command after --"),
            (["run", "--headless", "--backend", "drm"], "--headless and --backend drm disagree"),
            (["run", "--startup", "f", "--no-startup"], "--startup f and --no-startup disagree"),
            (["run", "--backend", "x11"],
             "the value 'x11' is invalid for '--backend <automatic|headless|wayland|drm>'. Please provide one of 'automatic', 'headless', 'wayland' or 'drm'."),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try StrataArguments.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message, "\(arguments)")
            }
        }
    }

    func testBinaryNeedsRuntimeDirectory() throws {
        let result = try StrataBinary.run(["run", "--socket", "x"], environment: ["XDG_RUNTIME_DIR": nil])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardErrorLines, ["strata: XDG_RUNTIME_DIR is not set; it names the directory for the Wayland and control sockets"])
    }
}
