/// What `strata input` asks the compositor to do, in output points. The
/// same words are the command line after `strata input` and the control
/// request after `input `, so one parser reads both.
public enum InputCommand: Equatable, Sendable {
    case move(x: Double, y: Double)
    case press(button: String)
    case release(button: String)
    case click(x: Double, y: Double, button: String, count: Int)
    case drag(fromX: Double, fromY: Double, toX: Double, toY: Double, steps: Int)
    case scroll(dx: Double, dy: Double)
    /// An xkb keysym name (`a`, `Return`), pressed and released, or only one half.
    case key(name: String, half: KeyHalf)
    case type(text: String)
    case touchDown(id: Int32, x: Double, y: Double)
    case touchMove(id: Int32, x: Double, y: Double)
    case touchUp(id: Int32)
    case tap(x: Double, y: Double)
    /// Touchpad gestures, for the client with the pointer: a swipe of
    /// (dx, dy) points in all, a pinch to `scale` turning `rotation`
    /// degrees clockwise, each in `steps` updates; a hold. `cancel`: the
    /// gesture ends cancelled.
    case swipe(dx: Double, dy: Double, fingers: UInt32, steps: Int, cancel: Bool)
    case pinch(scale: Double, rotation: Double, fingers: UInt32, steps: Int, cancel: Bool)
    case hold(fingers: UInt32, cancel: Bool)

    public enum KeyHalf: String, Equatable, Sendable {
        case both, down, up
    }

    public static let usage = """
        move X Y | press [left|right|middle] | release [left|right|middle] | \
        click X Y [--button B] [--count N] | drag X1 Y1 X2 Y2 [--steps N] | scroll DX DY | \
        key NAME [--down|--up] | type TEXT | touch down|move ID X Y | touch up ID | tap X Y | \
        swipe DX DY [--fingers N] [--steps N] [--cancel] | \
        pinch SCALE [--rotation DEGREES] [--fingers N] [--steps N] [--cancel] | hold [--fingers N] [--cancel]
        """

    /// The control request line (`input …`). TEXT is escaped so it stays one line.
    public var line: String {
        func n(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        }
        switch self {
        case .move(let x, let y): return "input move \(n(x)) \(n(y))"
        case .press(let button): return "input press \(button)"
        case .release(let button): return "input release \(button)"
        case .click(let x, let y, let button, let count): return "input click \(n(x)) \(n(y)) --button \(button) --count \(count)"
        case .drag(let x1, let y1, let x2, let y2, let steps): return "input drag \(n(x1)) \(n(y1)) \(n(x2)) \(n(y2)) --steps \(steps)"
        case .scroll(let dx, let dy): return "input scroll \(n(dx)) \(n(dy))"
        case .key(let name, let half): return "input key \(name)" + (half == .both ? "" : " --\(half.rawValue)")
        case .type(let text): return "input type " + InputCommand.escape(text)
        case .touchDown(let id, let x, let y): return "input touch down \(id) \(n(x)) \(n(y))"
        case .touchMove(let id, let x, let y): return "input touch move \(id) \(n(x)) \(n(y))"
        case .touchUp(let id): return "input touch up \(id)"
        case .tap(let x, let y): return "input tap \(n(x)) \(n(y))"
        case .swipe(let dx, let dy, let fingers, let steps, let cancel):
            return "input swipe \(n(dx)) \(n(dy)) --fingers \(fingers) --steps \(steps)" + (cancel ? " --cancel" : "")
        case .pinch(let scale, let rotation, let fingers, let steps, let cancel):
            return "input pinch \(n(scale)) --rotation \(n(rotation)) --fingers \(fingers) --steps \(steps)" + (cancel ? " --cancel" : "")
        case .hold(let fingers, let cancel): return "input hold --fingers \(fingers)" + (cancel ? " --cancel" : "")
        }
    }

    /// Reads a control request line's words after `input`.
    public init(line: String) throws {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.first == "type" {
            let text = line.drop { $0 == " " }.dropFirst("type".count)
            guard text.first == " " else { throw UsageError("type needs TEXT") }
            self = .type(text: InputCommand.unescape(String(text.dropFirst())))
        } else {
            self = try InputCommand.parse(words)
        }
    }

    /// Parses the words after `input` (options anywhere after the verb).
    public static func parse(_ words: [String]) throws -> InputCommand {
        guard let verb = words.first else { throw UsageError("input needs an action: \(usage)") }
        var positional: [String] = []
        var options: [String: String] = [:]
        var flags: Set<String> = []
        var rest = words.dropFirst()
        let gestures: Set<String> = ["swipe", "pinch", "hold"]
        let valued: [String: Set<String>] = ["--button": ["click"], "--count": ["click"], "--steps": ["drag", "swipe", "pinch"],
                                             "--fingers": gestures, "--rotation": ["pinch"]]
        while let word = rest.popFirst() {
            if let verbs = valued[word] {
                guard verbs.contains(verb) else { throw UsageError("unknown option \(word) for input \(verb)") }
                guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw UsageError("missing value for \(word)") }
                options[word] = value
            } else if (word == "--down" || word == "--up") && verb == "key" {
                flags.insert(word)
            } else if word == "--cancel" && gestures.contains(verb) {
                flags.insert(word)
            } else if word.hasPrefix("--") && word.count > 2 {
                throw UsageError("unknown option \(word)")
            } else {
                positional.append(word)
            }
        }

        func count(_ expected: Int, _ form: String) throws {
            guard positional.count == expected else {
                throw UsageError(positional.count < expected ? "input \(verb) needs \(form)" : "unexpected argument \(positional[expected])")
            }
        }
        func coordinate(_ text: String) throws -> Double {
            guard let value = Double(text), value.isFinite, abs(value) <= 1e6 else {
                throw UsageError("invalid coordinate '\(text)' (expected a number of points)")
            }
            return value
        }
        func button(_ name: String?) throws -> String {
            let name = name ?? "left"
            guard PointerButton.named(name) != nil else { throw UsageError("invalid button '\(name)' (left, right or middle)") }
            return name
        }
        func number(_ option: String, default value: Int, in range: ClosedRange<Int>) throws -> Int {
            guard let text = options[option] else { return value }
            guard let number = Int(text), range.contains(number) else {
                throw UsageError("invalid \(option) '\(text)' (expected an integer from \(range.lowerBound) to \(range.upperBound))")
            }
            return number
        }
        func touchID(_ text: String) throws -> Int32 {
            guard let id = Int32(text), id >= 0 else { throw UsageError("invalid touch id '\(text)' (expected an integer ≥ 0)") }
            return id
        }

        switch verb {
        case "move":
            try count(2, "X Y")
            return .move(x: try coordinate(positional[0]), y: try coordinate(positional[1]))
        case "press", "release":
            guard positional.count <= 1 else { throw UsageError("unexpected argument \(positional[1])") }
            let name = try button(positional.first)
            return verb == "press" ? .press(button: name) : .release(button: name)
        case "click":
            try count(2, "X Y")
            return .click(x: try coordinate(positional[0]), y: try coordinate(positional[1]),
                          button: try button(options["--button"]), count: try number("--count", default: 1, in: 1...10))
        case "drag":
            try count(4, "X1 Y1 X2 Y2")
            let c = try positional.map(coordinate)
            return .drag(fromX: c[0], fromY: c[1], toX: c[2], toY: c[3], steps: try number("--steps", default: 10, in: 1...1000))
        case "scroll":
            try count(2, "DX DY")
            return .scroll(dx: try coordinate(positional[0]), dy: try coordinate(positional[1]))
        case "key":
            try count(1, "NAME (an xkb keysym name such as a, Return, BackSpace, Left)")
            guard flags.count <= 1 else { throw UsageError("--down and --up exclude each other") }
            guard Keymap.keysym(named: positional[0]) != nil else {
                throw UsageError("unknown key name '\(positional[0])' (an xkb keysym name such as a, Return, BackSpace, Left)")
            }
            let half: KeyHalf = flags.contains("--down") ? .down : flags.contains("--up") ? .up : .both
            return .key(name: positional[0], half: half)
        case "type":
            try count(1, "TEXT")
            return .type(text: positional[0])
        case "touch":
            guard let action = positional.first else { throw UsageError("input touch needs down|move ID X Y or up ID") }
            positional.removeFirst()
            switch action {
            case "down", "move":
                guard positional.count == 3 else {
                    throw UsageError(positional.count < 3 ? "input touch \(action) needs ID X Y" : "unexpected argument \(positional[3])")
                }
                let id = try touchID(positional[0]), x = try coordinate(positional[1]), y = try coordinate(positional[2])
                return action == "down" ? .touchDown(id: id, x: x, y: y) : .touchMove(id: id, x: x, y: y)
            case "up":
                guard positional.count == 1 else {
                    throw UsageError(positional.isEmpty ? "input touch up needs ID" : "unexpected argument \(positional[1])")
                }
                return .touchUp(id: try touchID(positional[0]))
            default:
                throw UsageError("unknown touch action '\(action)' (down, move or up)")
            }
        case "tap":
            try count(2, "X Y")
            return .tap(x: try coordinate(positional[0]), y: try coordinate(positional[1]))
        case "swipe":
            try count(2, "DX DY")
            return .swipe(dx: try coordinate(positional[0]), dy: try coordinate(positional[1]),
                          fingers: UInt32(try number("--fingers", default: 3, in: 1...10)),
                          steps: try number("--steps", default: 10, in: 1...1000), cancel: flags.contains("--cancel"))
        case "pinch":
            try count(1, "SCALE (the fingers' spread at the end, 1 as at the start)")
            guard let scale = Double(positional[0]), scale.isFinite, scale > 0, scale <= 100 else {
                throw UsageError("invalid scale '\(positional[0])' (expected a number above 0, at most 100)")
            }
            var rotation = 0.0
            if let text = options["--rotation"] {
                guard let degrees = Double(text), degrees.isFinite, abs(degrees) <= 3600 else {
                    throw UsageError("invalid --rotation '\(text)' (expected degrees from -3600 to 3600)")
                }
                rotation = degrees
            }
            return .pinch(scale: scale, rotation: rotation, fingers: UInt32(try number("--fingers", default: 2, in: 1...10)),
                          steps: try number("--steps", default: 10, in: 1...1000), cancel: flags.contains("--cancel"))
        case "hold":
            try count(0, "no argument")
            return .hold(fingers: UInt32(try number("--fingers", default: 1, in: 1...10)), cancel: flags.contains("--cancel"))
        default:
            throw UsageError("unknown input action '\(verb)' (\(usage))")
        }
    }

    /// TEXT on one request line: backslash, newline, carriage return and
    /// tab escaped, and a final space too (the server trims the line's ends).
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\": out += "\\\\".unicodeScalars
            case "\n": out += "\\n".unicodeScalars
            case "\r": out += "\\r".unicodeScalars
            case "\t": out += "\\t".unicodeScalars
            case " " where index == scalars.count - 1: out += "\\s".unicodeScalars
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    static func unescape(_ text: String) -> String {
        let escapes: [Unicode.Scalar: Unicode.Scalar] = ["n": "\n", "r": "\r", "t": "\t", "s": " "]
        var out = String.UnicodeScalarView()
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                out.append(escapes[scalar] ?? scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
