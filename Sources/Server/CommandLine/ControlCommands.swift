import ArgumentParser
import StrataServer

// The commands that send one request to a running compositor's control socket.

struct ScreenshotCommand: StrataSubcommand {
    static let configuration = CommandConfiguration(commandName: "screenshot",
                                                    abstract: "Write the outputs, side by side as laid out, or one of them, as a PNG.")
    @OptionGroup var socket: SocketOption
    @Option(help: ArgumentHelp("The PNG file to write.", valueName: "FILE.png"))
    var output: String?
    // --output already names the file, so the output to capture is --output-name.
    @Option(help: ArgumentHelp("Capture only the output with this name (wl_output.name: HEADLESS-2, WL-1).",
                               valueName: "NAME"))
    var outputName: String?

    func command(currentDirectory: String) throws -> StrataCommand {
        guard let output else { throw UsageError("screenshot needs --output FILE.png") }
        let path = absolute(output, in: currentDirectory)
        guard let outputName else { return .control(socketName: try socket.checked(), request: .screenshot(path: path)) }
        guard !outputName.isEmpty, !outputName.contains(where: \.isWhitespace) else {
            throw UsageError("invalid --output-name '\(outputName)'")
        }
        return .control(socketName: try socket.checked(), request: .screenshotOutput(name: outputName, path: path))
    }
}

struct TreeCommand: StrataSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "tree", abstract: "Print every client's windows, surfaces and layer trees, and the seat, as JSON.")
    @OptionGroup var socket: SocketOption

    func command(currentDirectory: String) throws -> StrataCommand {
        .control(socketName: try socket.checked(), request: .tree)
    }
}

struct FrameCommand: StrataSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "frame", abstract: "Render a frame now and print its statistics as JSON.")
    @OptionGroup var socket: SocketOption
    @Option(help: ArgumentHelp("First move a --manual-frames clock on by MS milliseconds.", valueName: "MS"))
    var advance: String?

    func command(currentDirectory: String) throws -> StrataCommand {
        guard let advance else { return .control(socketName: try socket.checked(), request: .frame) }
        guard let ms = Double(advance), ms.isFinite, ms >= 0, ms <= 86_400_000 else {
            throw UsageError("invalid --advance '\(advance)' (milliseconds, 0 or more)")
        }
        return .control(socketName: try socket.checked(), request: .advanceFrame(milliseconds: ms))
    }
}

struct StatsCommand: StrataSubcommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Print the last frame's statistics as JSON.")
    @OptionGroup var socket: SocketOption

    func command(currentDirectory: String) throws -> StrataCommand {
        .control(socketName: try socket.checked(), request: .stats)
    }
}

/// A window's title on the command line: one line, not empty.
private func checkedTitle(_ title: String?) throws -> String? {
    guard let title else { return nil }
    guard !title.isEmpty, !title.contains("\n") else { throw UsageError("invalid title '\(title)'") }
    return title
}

struct CloseCommand: StrataSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "close", abstract: "Ask the window titled TITLE to close, as a window manager would.")
    @OptionGroup var socket: SocketOption
    @Option(help: ArgumentHelp("The window's title.", valueName: "TITLE"))
    var title: String?

    func command(currentDirectory: String) throws -> StrataCommand {
        guard let title = try checkedTitle(title) else { throw UsageError("close needs --title TITLE") }
        return .control(socketName: try socket.checked(), request: .close(title: title))
    }
}

struct ResizeCommand: StrataSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "resize", abstract: "Configure the window titled TITLE to WxH points.")
    @OptionGroup var socket: SocketOption
    @Option(help: ArgumentHelp("The window's title.", valueName: "TITLE"))
    var title: String?
    @Option(help: ArgumentHelp("The size, in points.", valueName: "WxH"))
    var size: String?

    func command(currentDirectory: String) throws -> StrataCommand {
        guard let title = try checkedTitle(title), let size else { throw UsageError("resize needs --title TITLE and --size WxH") }
        let (width, height) = try ArgumentChecks.size(size, example: "640x480")
        return .control(socketName: try socket.checked(), request: .resize(title: title, width: width, height: height))
    }
}
