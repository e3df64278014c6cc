import Foundation
import StrataCommandLine
import StrataServer
import TestSupport
import XCTest

/// `strata input`: its forms, its one-line errors, and the control request
/// line it becomes (read back by the server with the same parser).
final class InputCommandLineTests: XCTestCase {
    func parse(_ arguments: String...) throws -> StrataCommand {
        try StrataArguments.parse(["input"] + arguments)
    }

    func input(_ command: InputCommand, socket: String = "strata-0") -> StrataCommand {
        .control(socketName: socket, request: .input(command))
    }

    func testParsesEveryForm() throws {
        XCTAssertEqual(try parse("move", "10", "20.5"), input(.move(x: 10, y: 20.5)))
        XCTAssertEqual(try parse("--socket", "s", "press"), input(.press(button: "left"), socket: "s"))
        XCTAssertEqual(try parse("release", "middle", "--socket", "s"), input(.release(button: "middle"), socket: "s"))
        XCTAssertEqual(try parse("click", "5", "6", "--socket", "s", "--button", "right", "--count", "2"),
                       input(.click(x: 5, y: 6, button: "right", count: 2), socket: "s"))
        XCTAssertEqual(try parse("click", "5", "6"), input(.click(x: 5, y: 6, button: "left", count: 1)))
        XCTAssertEqual(try parse("drag", "1", "2", "3", "4"), input(.drag(fromX: 1, fromY: 2, toX: 3, toY: 4, steps: 10)))
        XCTAssertEqual(try parse("drag", "1", "2", "--steps", "3", "3", "4"), input(.drag(fromX: 1, fromY: 2, toX: 3, toY: 4, steps: 3)))
        XCTAssertEqual(try parse("scroll", "-1", "2.5"), input(.scroll(dx: -1, dy: 2.5)))
        XCTAssertEqual(try parse("key", "Return"), input(.key(name: "Return", half: .both)))
        XCTAssertEqual(try parse("key", "a", "--down"), input(.key(name: "a", half: .down)))
        XCTAssertEqual(try parse("key", "--up", "BackSpace"), input(.key(name: "BackSpace", half: .up)))
        XCTAssertEqual(try parse("type", "hello world"), input(.type(text: "hello world")))
        XCTAssertEqual(try parse("touch", "down", "1", "2", "3"), input(.touchDown(id: 1, x: 2, y: 3)))
        XCTAssertEqual(try parse("touch", "move", "1", "4", "5"), input(.touchMove(id: 1, x: 4, y: 5)))
        XCTAssertEqual(try parse("touch", "up", "1"), input(.touchUp(id: 1)))
        XCTAssertEqual(try parse("tap", "7", "8"), input(.tap(x: 7, y: 8)))
        XCTAssertEqual(try parse("swipe", "-40", "0"), input(.swipe(dx: -40, dy: 0, fingers: 3, steps: 10, cancel: false)))
        XCTAssertEqual(try parse("swipe", "0", "30", "--fingers", "4", "--steps", "2", "--cancel"),
                       input(.swipe(dx: 0, dy: 30, fingers: 4, steps: 2, cancel: true)))
        XCTAssertEqual(try parse("pinch", "1.5"), input(.pinch(scale: 1.5, rotation: 0, fingers: 2, steps: 10, cancel: false)))
        XCTAssertEqual(try parse("pinch", "0.5", "--rotation", "-90", "--fingers", "3", "--steps", "4"),
                       input(.pinch(scale: 0.5, rotation: -90, fingers: 3, steps: 4, cancel: false)))
        XCTAssertEqual(try parse("hold"), input(.hold(fingers: 1, cancel: false)))
        XCTAssertEqual(try parse("hold", "--fingers", "2", "--cancel"), input(.hold(fingers: 2, cancel: true)))
    }

    /// What the tool sends is what the server reads, text included.
    func testRequestLinesReadBackAsTheSameCommand() throws {
        let commands: [InputCommand] = [
            .move(x: 10, y: 20.5), .press(button: "right"), .release(button: "left"),
            .click(x: 1, y: 2, button: "middle", count: 3), .drag(fromX: 1, fromY: 2, toX: 3, toY: 4, steps: 7),
            .scroll(dx: 0, dy: -3.25), .key(name: "Left", half: .both), .key(name: "a", half: .down), .key(name: "a", half: .up),
            .type(text: "  two spaces, a \\ and\na newline\r"),
            .type(text: "a tab\t and spaces at the end  "), .type(text: " "),
            .touchDown(id: 3, x: 1, y: 2), .touchMove(id: 3, x: 5, y: 6),
            .touchUp(id: 3), .tap(x: 9, y: 10),
            .swipe(dx: -40.5, dy: 2, fingers: 4, steps: 3, cancel: true), .swipe(dx: 1, dy: 2, fingers: 3, steps: 10, cancel: false),
            .pinch(scale: 0.25, rotation: 12.5, fingers: 2, steps: 5, cancel: false), .pinch(scale: 2, rotation: 0, fingers: 3, steps: 1, cancel: true),
            .hold(fingers: 1, cancel: false), .hold(fingers: 3, cancel: true),
        ]
        for command in commands {
            let line = command.line
            XCTAssertTrue(line.hasPrefix("input "), line)
            XCTAssertFalse(line.contains("\n"), line)
            XCTAssertEqual(try InputCommand(line: String(line.dropFirst("input ".count))), command, line)
            XCTAssertEqual(ControlRequest.input(command).line, line)
        }
        XCTAssertEqual(InputCommand.move(x: 10, y: 20.5).line, "input move 10 20.5")
    }

    func testRejectsBadForms() {
        let cases: [([String], String)] = [
            (["move", "1"], "input move needs X Y"),
            (["move", "1", "2", "3"], "unexpected argument 3"),
            (["move", "x", "2"], "invalid coordinate 'x' (expected a number of points)"),
            (["move", "nan", "2"], "invalid coordinate 'nan' (expected a number of points)"),
            (["press", "up"], "invalid button 'up' (left, right or middle)"),
            (["click", "1", "2", "--count", "0"], "invalid --count '0' (expected an integer from 1 to 10)"),
            (["click", "1", "2", "--button"], "missing value for --button"),
            (["move", "1", "2", "--steps", "3"], "unknown option --steps for input move"),
            (["drag", "1", "2", "3", "4", "--steps", "0"], "invalid --steps '0' (expected an integer from 1 to 1000)"),
            (["key", "nosuchkey"], "unknown key name 'nosuchkey' (an xkb keysym name such as a, Return, BackSpace, Left)"),
            (["key", "a", "--down", "--up"], "--down and --up exclude each other"),
            (["key"], "input key needs NAME (an xkb keysym name such as a, Return, BackSpace, Left)"),
            (["type"], "input type needs TEXT"),
            (["touch", "up"], "input touch up needs ID"),
            (["touch", "up", "1", "2"], "unexpected argument 2"),
            (["touch", "down", "-1", "2", "3"], "invalid touch id '-1' (expected an integer ≥ 0)"),
            (["touch", "down", "1", "2"], "input touch down needs ID X Y"),
            (["touch", "swipe"], "unknown touch action 'swipe' (down, move or up)"),
            (["move", "1", "2", "--socket"], "missing value for --socket"),
            (["move", "1", "2", "--fast"], "unknown option --fast"),
            (["swipe", "10"], "input swipe needs DX DY"),
            (["swipe", "1", "2", "--fingers", "0"], "invalid --fingers '0' (expected an integer from 1 to 10)"),
            (["pinch"], "input pinch needs SCALE (the fingers' spread at the end, 1 as at the start)"),
            (["pinch", "0"], "invalid scale '0' (expected a number above 0, at most 100)"),
            (["pinch", "2", "--rotation", "x"], "invalid --rotation 'x' (expected degrees from -3600 to 3600)"),
            (["hold", "1"], "unexpected argument 1"),
            (["tap", "1", "2", "--cancel"], "unknown option --cancel"),
            (["swipe", "1", "2", "--rotation", "3"], "unknown option --rotation for input swipe"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try StrataArguments.parse(["input"] + arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message, "\(arguments)")
            }
        }
        for arguments in [[], ["fly"]] {
            XCTAssertThrowsError(try StrataArguments.parse(["input"] + arguments)) { error in
                XCTAssertTrue((error as? UsageError)?.message.contains("move X Y | press") ?? false, "\(error)")
            }
        }
    }

    func testUsageListsEveryForm() {
        for form in ["move X Y", "click X Y [--button B] [--count N]",
                     "drag X1 Y1 X2 Y2 [--steps N]", "scroll DX DY", "key NAME [--down|--up]", "type TEXT",
                     "touch down|move ID X Y", "touch up ID", "tap X Y", "press [left|right|middle]",
                     "swipe DX DY [--fingers N] [--steps N] [--cancel]",
                     "pinch SCALE [--rotation DEGREES] [--fingers N] [--steps N] [--cancel]", "hold [--fingers N] [--cancel]"] {
            XCTAssertTrue(StrataArguments.usage(of: "input").contains(form), form)
        }
    }

    /// The binary: a bad form is one line and exit 2; an answer of the
    /// server that refuses (a character no key types) is one line and exit 1.
    func testBinaryErrorsAreOneLine() throws {
        let bad = try StrataBinary.run(["input", "move", "1"], environment: ["XDG_RUNTIME_DIR": NSTemporaryDirectory()])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.standardError, "strata: input move needs X Y\n")

        let strata = try StrataProcess(width: 64, height: 64, manualFrames: true)
        defer { strata.stop() }
        let refused = try strata.control("input", ["type", "a日"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.standardErrorLines.count, 1, refused.standardError)
        XCTAssertTrue(refused.standardError.hasPrefix("strata: no key types '"), refused.standardError)
        let moved = try strata.control("input", ["move", "10", "12"])
        XCTAssertEqual(moved.status, 0, moved.standardError)
        let answer = try JSONSerialization.jsonObject(with: Data(moved.standardOutput.utf8)) as? [String: Any]
        let pointer = (answer?["seat"] as? [String: Any])?["pointer"] as? [String: Any]
        XCTAssertEqual(pointer?["x"] as? Int, 10)
        XCTAssertEqual(pointer?["y"] as? Int, 12)
    }
}
