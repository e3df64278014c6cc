/// Command line of strata-layer-demo.
struct Options {
    var scene = Scene.solids
    var title = "strata-layer-demo"
    /// Seconds to stay connected after `presented`; nil: until closed or SIGTERM.
    var hold: Double?

    static let usage = "usage: strata-layer-demo [--scene solids|composed] [--title T] [--hold SECONDS]"

    enum ParseResult {
        case run(Options)
        case help
        case bad(String)
    }

    /// Accepts `--name value` and `--name=value`.
    static func parse(_ arguments: [String]) -> ParseResult {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "-h" || argument == "--help" { return .help }
            var name = argument, inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard ["--scene", "--title", "--hold"].contains(name) else {
                return .bad("unknown argument '\(argument)'")
            }
            guard let value = inlineValue ?? rest.popFirst() else { return .bad("\(name) needs a value") }
            switch name {
            case "--scene":
                guard let scene = Scene(rawValue: value) else {
                    return .bad("unknown scene '\(value)' (scenes: \(Scene.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                options.scene = scene
            case "--title":
                options.title = value
            default:
                guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
                    return .bad("--hold needs a number of seconds, not '\(value)'")
                }
                options.hold = seconds
            }
        }
        return .run(options)
    }
}
