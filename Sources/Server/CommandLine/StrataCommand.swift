import StrataProtocol
import StrataServer

/// What a `strata` command line asks for, once parsed: the executable acts
/// on it, and tests compare it.
public enum StrataCommand: Equatable, Sendable {
    /// Text to print on standard output and exit 0: a command's help or a
    /// shell completion script.
    case help(String)
    case run(RunOptions)
    /// A request to a running compositor's control socket.
    case control(socketName: String, request: ControlRequest)
}

public enum ControlRequest: Equatable, Sendable {
    /// Every output as laid out.
    case screenshot(path: String)
    /// The output with this wl_output.name.
    case screenshotOutput(name: String, path: String)
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
    /// Add, remove or list outputs, or set a monitor's mode (`strata output`).
    case output(OutputCommand)

    /// The request line the control socket reads.
    public var line: String {
        switch self {
        case .screenshot(let path): return "screenshot \(path)"
        case .screenshotOutput(let name, let path): return "screenshot-output \(name) \(path)"
        case .tree: return "tree"
        case .frame: return "frame"
        case .advanceFrame(let milliseconds): return "frame \(milliseconds)"
        case .stats: return "stats"
        case .close(let title): return "close \(title)"
        case .resize(let title, let width, let height): return "resize \(width)x\(height) \(title)"
        case .input(let command): return command.line
        case .output(let command): return command.line
        }
    }
}
