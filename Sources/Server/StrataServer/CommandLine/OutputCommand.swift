/// What `strata output` asks a running compositor: add an output (a
/// headless one, as sway's `create_output`), remove one by name, change
/// one (`set`, `mode`: an output configuration, as wlr-randr's), or list
/// them. The control request line is `output ` and the same words, so one
/// parser reads the command line and the request.
public enum OutputCommand: Equatable, Sendable {
    /// Size in pixels and integer scale; nil: the first output's.
    case add(width: Int?, height: Int?, scale: Int?)
    case remove(name: String)
    case list
    /// A monitor's mode (the drm backend): its size in pixels and, when
    /// given, its refresh rate in millihertz (else the fastest of that size).
    case mode(name: String, width: Int, height: Int, refreshMillihertz: Int?)
    /// Any of an output's mode, scale, transform, position and state.
    case set(name: String, changes: OutputChanges)

    public static let usage = "add [--size WxH] [--scale N] | remove NAME | mode NAME WxH[@HZ] | set NAME OPTIONS | list"
    static let setOptions = "--mode WxH[@HZ], --scale N, --transform T, --position X,Y, --enable or --disable"

    /// The control request line.
    public var line: String {
        switch self {
        case .add(let width, let height, let scale):
            var words = ["output", "add"]
            if let width, let height { words += ["--size", "\(width)x\(height)"] }
            if let scale { words += ["--scale", "\(scale)"] }
            return words.joined(separator: " ")
        case .remove(let name): return "output remove \(name)"
        case .list: return "output list"
        case .mode(let name, let width, let height, let refresh):
            return "output mode \(name) \(OutputChanges.modeWord((width, height, refresh)))"
        case .set(let name, let changes):
            return (["output", "set", name] + changes.words).joined(separator: " ")
        }
    }

    /// Reads a control request line's words after `output`.
    public init(line: String) throws {
        self = try OutputCommand.parse(line.split(separator: " ").map(String.init))
    }

    /// Parses the words after `output`: the action, then its name or options.
    public static func parse(_ words: [String]) throws -> OutputCommand {
        guard let action = words.first else { throw UsageError("output needs an action: \(usage)") }
        var rest = words.dropFirst()
        switch action {
        case "list":
            if let extra = rest.first { throw UsageError("output list takes nothing more, not '\(extra)'") }
            return .list
        case "remove":
            guard let name = rest.popFirst(), !name.hasPrefix("-") else { throw UsageError("output remove needs the output's NAME") }
            if let extra = rest.first { throw UsageError("output remove takes one NAME, not also '\(extra)'") }
            return .remove(name: name)
        case "mode":
            guard let name = rest.popFirst(), !name.hasPrefix("-") else { throw UsageError("output mode needs the output's NAME and WxH[@HZ]") }
            guard let value = rest.popFirst() else { throw UsageError("output mode needs a mode, WxH or WxH@HZ (e.g. 800x600@60)") }
            if let extra = rest.first { throw UsageError("output mode takes NAME and one mode, not also '\(extra)'") }
            let mode = try parseMode(value)
            return .mode(name: name, width: mode.width, height: mode.height, refreshMillihertz: mode.refreshMillihertz)
        case "set":
            guard let name = rest.popFirst(), !name.hasPrefix("-") else { throw UsageError("output set needs the output's NAME") }
            return .set(name: name, changes: try parseChanges(Array(rest)))
        case "add":
            var size: (width: Int, height: Int)?
            var scale: Int?
            while let word = rest.popFirst() {
                switch word {
                case "--size":
                    guard let value = rest.popFirst() else { throw UsageError("missing value for --size") }
                    size = try parseSize(value)
                case "--scale":
                    guard let value = rest.popFirst() else { throw UsageError("missing value for --scale") }
                    guard let n = Int(value), (1...8).contains(n) else {
                        throw UsageError("invalid scale '\(value)' (expected an integer from 1 to 8)")
                    }
                    scale = n
                default:
                    throw UsageError("output add takes --size WxH and --scale N, not '\(word)'")
                }
            }
            if let size, let scale, size.width % scale != 0 || size.height % scale != 0 {
                throw UsageError("size \(size.width)x\(size.height) is not a multiple of scale \(scale)")
            }
            return .add(width: size?.width, height: size?.height, scale: scale)
        default:
            throw UsageError("unknown output action '\(action)' (\(usage))")
        }
    }

    /// `WxH` or `WxH@HZ`.
    private static func parseMode(_ value: String) throws -> (width: Int, height: Int, refreshMillihertz: Int?) {
        let parts = value.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let size = try parseSize(parts[0])
        var refresh: Int?
        if parts.count == 2 {
            guard let hz = Double(parts[1]), hz.isFinite, hz > 0, hz <= 1000 else {
                throw UsageError("invalid refresh rate '\(parts[1])' (expected hertz, e.g. 60 or 74.99)")
            }
            refresh = Int((hz * 1000).rounded())
        }
        return (size.width, size.height, refresh)
    }

    /// `output set NAME`'s options, each at most once, at least one.
    private static func parseChanges(_ words: [String]) throws -> OutputChanges {
        var changes = OutputChanges()
        var rest = words[...]
        var seen: Set<String> = []
        while let word = rest.popFirst() {
            let option = word == "--disable" ? "--enable" : word
            guard !seen.contains(option) else {
                throw UsageError(option == "--enable" ? "output set takes one of --enable and --disable" : "\(word) is given twice")
            }
            seen.insert(option)
            func value() throws -> String {
                guard let value = rest.popFirst() else { throw UsageError("missing value for \(word)") }
                return value
            }
            switch word {
            case "--mode": changes.mode = try parseMode(try value())
            case "--scale":
                let text = try value()
                guard let scale = Double(text), scale.isFinite, scale > 0, scale <= 8 else {
                    throw UsageError("invalid scale '\(text)' (expected a number above 0, at most 8)")
                }
                changes.scale = scale
            case "--transform":
                let text = try value()
                guard OutputChanges.transforms.contains(text) else {
                    throw UsageError("invalid transform '\(text)' (expected \(OutputChanges.transforms.joined(separator: ", ")))")
                }
                changes.transform = text
            case "--position":
                let text = try value()
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), x >= 0, y >= 0, x <= 1_048_576, y <= 1_048_576 else {
                    throw UsageError("invalid position '\(text)' (expected X,Y in points, each 0 to 1048576)")
                }
                changes.position = (x, y)
            case "--enable": changes.enabled = true
            case "--disable": changes.enabled = false
            default:
                throw UsageError("output set takes \(setOptions), not '\(word)'")
            }
        }
        if changes.isEmpty { throw UsageError("output set needs at least one of \(setOptions)") }
        return changes
    }

    /// `WxH`, each side 1…16384 pixels.
    private static func parseSize(_ text: String) throws -> (width: Int, height: Int) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...16384).contains(w), (1...16384).contains(h) else {
            throw UsageError("invalid size '\(text)' (expected WxH, e.g. 1280x800)")
        }
        return (w, h)
    }
}
