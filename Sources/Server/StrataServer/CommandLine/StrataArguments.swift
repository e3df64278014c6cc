import StrataProtocol

/// The `strata` command line, parsed by hand (no dependencies) and kept
/// here rather than in the executable so tests can call it.
public enum StrataCommand: Equatable, Sendable {
    case help
    case run(RunOptions)
    /// A request to a running compositor's control socket.
    case control(socketName: String, request: ControlRequest)
}

public struct RunOptions: Equatable, Sendable {
    public var socketName = "strata-0"
    public var width = 1280
    public var height = 800
    public var scale = 1
    public var manualFrames = false
    public var limits = Limits.standard
    public var windowOrigins: [Point] = []
    public init() {}

    public var configuration: ServerConfiguration {
        var configuration = ServerConfiguration(width: width, height: height, scale: scale, socketName: socketName,
                                                clock: manualFrames ? .manual : .realtime(hz: 60), limits: limits)
        configuration.windowOrigins = windowOrigins
        return configuration
    }
}

public enum ControlRequest: Equatable, Sendable {
    case screenshot(path: String)
    case tree
    case frame
    /// Move the manual presentation clock on by this many milliseconds, then render.
    case advanceFrame(milliseconds: Double)
    case stats
    /// Ask the window with this title to close (xdg_toplevel.close).
    case close(title: String)
    /// Configure the window with this title to a size, in points.
    case resize(title: String, width: Int, height: Int)
    /// Inject input through the seat (`strata input`).
    case input(InputCommand)

    /// The request line the control socket reads.
    public var line: String {
        switch self {
        case .screenshot(let path): return "screenshot \(path)"
        case .tree: return "tree"
        case .frame: return "frame"
        case .advanceFrame(let milliseconds): return "frame \(milliseconds)"
        case .stats: return "stats"
        case .close(let title): return "close \(title)"
        case .resize(let title, let width, let height): return "resize \(width)x\(height) \(title)"
        case .input(let command): return command.line
        }
    }
}

/// A wrong command line; `message` is one line, printed as `strata: <message>`.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public enum StrataArguments {
    public static let usage = """
        usage: strata run [--headless] [--socket NAME] [--size WxH] [--scale N] [--manual-frames]
                          [--max-layers N] [--max-buffer-bytes N] [--max-pending-commits N]
                          [--place-windows X,Y[:X,Y…]]
               strata screenshot [--socket NAME] --output FILE.png
               strata tree [--socket NAME]
               strata frame [--socket NAME] [--advance MS]
               strata stats [--socket NAME]
               strata close [--socket NAME] --title TITLE
               strata resize [--socket NAME] --title TITLE --size WxH
               strata input [--socket NAME] move X Y
               strata input [--socket NAME] press|release [left|right|middle]
               strata input [--socket NAME] click X Y [--button left|right|middle] [--count N]
               strata input [--socket NAME] drag X1 Y1 X2 Y2 [--steps N]
               strata input [--socket NAME] scroll DX DY
               strata input [--socket NAME] key NAME [--down|--up]
               strata input [--socket NAME] type TEXT
               strata input [--socket NAME] touch down|move ID X Y
               strata input [--socket NAME] touch up ID
               strata input [--socket NAME] tap X Y
               strata --help

          run          serve Wayland clients on $XDG_RUNTIME_DIR/NAME (default strata-0) with
                       a headless output of WxH pixels (default 1280x800) and integer scale N;
                       --manual-frames renders only when asked (strata frame, screenshot), and
                       animations then run on a clock that only strata frame --advance moves;
                       --max-* set the strata_layers_v1 quotas of each client binding;
                       --place-windows puts a window at the n-th origin while n windows
                       are mapped (a known layout for scripts), smart placement after
          screenshot   write the output as a PNG
          tree         print every client's windows and layer trees as JSON
          frame        render a frame now and print its statistics as JSON
                       (--advance MS first moves a --manual-frames clock on by MS milliseconds)
          stats        print the last frame's statistics as JSON
          close        ask the window titled TITLE to close, as a window manager would
          resize       configure the window titled TITLE to WxH points
          input        inject pointer, key or touch events through the seat, at output points;
                       key takes an xkb keysym name (a, Return, BackSpace, Left); type sends
                       each character's key, with Shift where needed

        The control socket is $XDG_RUNTIME_DIR/NAME.control, mode 0600.
        """

    /// Parses the arguments after the program name. `currentDirectory`
    /// makes a relative screenshot path absolute (the server has its own).
    public static func parse(_ arguments: [String], currentDirectory: String = "/") throws -> StrataCommand {
        guard let command = arguments.first else { throw UsageError("missing command (see strata --help)") }
        var rest = arguments.dropFirst()
        if command == "--help" || command == "-h" || command == "help" {
            if let extra = rest.first { throw UsageError("unexpected argument \(extra)") }
            return .help
        }

        /// The value after an option, which must not look like another option.
        func value(for option: String) throws -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw UsageError("missing value for \(option)")
            }
            return value
        }

        func quota(_ text: String, _ option: String) throws -> UInt32 {
            guard let number = UInt32(text), number > 0 else {
                throw UsageError("invalid \(option) '\(text)' (expected a positive integer)")
            }
            return number
        }

        switch command {
        case "run":
            var options = RunOptions()
            while let argument = rest.popFirst() {
                switch argument {
                case "--headless": break  // the only backend so far
                case "--socket": options.socketName = try socketName(value(for: argument))
                case "--size":
                    let text = try value(for: argument)
                    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
                    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                          (1...16384).contains(w), (1...16384).contains(h) else {
                        throw UsageError("invalid size '\(text)' (expected WxH, e.g. 1280x800)")
                    }
                    (options.width, options.height) = (w, h)
                case "--scale":
                    let text = try value(for: argument)
                    guard let scale = Int(text), (1...8).contains(scale) else {
                        throw UsageError("invalid scale '\(text)' (expected an integer from 1 to 8)")
                    }
                    options.scale = scale
                case "--manual-frames": options.manualFrames = true
                case "--max-layers": options.limits.maxLayers = try quota(value(for: argument), argument)
                case "--max-buffer-bytes": options.limits.maxBufferBytes = try quota(value(for: argument), argument)
                case "--max-pending-commits": options.limits.maxPendingCommits = try quota(value(for: argument), argument)
                case "--place-windows":
                    let text = try value(for: argument)
                    options.windowOrigins = try text.split(separator: ":").map { pair in
                        let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
                        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else {
                            throw UsageError("invalid window origins '\(text)' (expected X,Y[:X,Y…], e.g. 32,32:64,64)")
                        }
                        return Point(x: Double(x), y: Double(y))
                    }
                case "--help", "-h": return .help
                default: throw unknown(argument)
                }
            }
            guard options.width % options.scale == 0, options.height % options.scale == 0 else {
                throw UsageError("size \(options.width)x\(options.height) is not a multiple of scale \(options.scale)")
            }
            return .run(options)

        case "input":
            var socket = "strata-0"
            var words: [String] = []
            while let argument = rest.popFirst() {
                switch argument {
                case "--socket": socket = try socketName(value(for: argument))
                case "--help", "-h": return .help
                default: words.append(argument)
                }
            }
            return .control(socketName: socket, request: .input(try InputCommand.parse(words)))

        case "screenshot", "tree", "frame", "stats", "close", "resize":
            var socket = "strata-0"
            var output: String?
            var title: String?
            var size: (Int, Int)?
            var advance: Double?
            while let argument = rest.popFirst() {
                switch argument {
                case "--socket": socket = try socketName(value(for: argument))
                case "--output" where command == "screenshot": output = try value(for: argument)
                case "--title" where command == "close" || command == "resize":
                    let text = try value(for: argument)
                    guard !text.isEmpty, !text.contains("\n") else { throw UsageError("invalid title '\(text)'") }
                    title = text
                case "--size" where command == "resize":
                    let text = try value(for: argument)
                    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
                    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                          (1...16384).contains(w), (1...16384).contains(h) else {
                        throw UsageError("invalid size '\(text)' (expected WxH, e.g. 640x480)")
                    }
                    size = (w, h)
                case "--advance" where command == "frame":
                    let text = try value(for: argument)
                    guard let ms = Double(text), ms.isFinite, ms >= 0, ms <= 86_400_000 else {
                        throw UsageError("invalid --advance '\(text)' (milliseconds, 0 or more)")
                    }
                    advance = ms
                case "--help", "-h": return .help
                default: throw unknown(argument)
                }
            }
            let request: ControlRequest
            switch command {
            case "screenshot":
                guard let output else { throw UsageError("screenshot needs --output FILE.png") }
                request = .screenshot(path: output.hasPrefix("/") ? output
                                      : (currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/") + output)
            case "tree": request = .tree
            case "frame": request = advance.map { .advanceFrame(milliseconds: $0) } ?? .frame
            case "close":
                guard let title else { throw UsageError("close needs --title TITLE") }
                request = .close(title: title)
            case "resize":
                guard let title, let size else { throw UsageError("resize needs --title TITLE and --size WxH") }
                request = .resize(title: title, width: size.0, height: size.1)
            default: request = .stats
            }
            return .control(socketName: socket, request: request)

        default:
            if command.hasPrefix("-") { throw unknown(command) }
            throw UsageError("unknown command '\(command)' (see strata --help)")
        }
    }

    private static func unknown(_ argument: String) -> UsageError {
        argument.hasPrefix("-") ? UsageError("unknown option \(argument)") : UsageError("unexpected argument \(argument)")
    }

    /// A socket name is a file name in $XDG_RUNTIME_DIR, not a path.
    private static func socketName(_ name: String) throws -> String {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw UsageError("invalid socket name '\(name)' (a file name in $XDG_RUNTIME_DIR)")
        }
        return name
    }
}
