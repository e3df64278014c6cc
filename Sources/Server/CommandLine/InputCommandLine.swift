import ArgumentParser
import StrataServer

/// `strata input`: the words after it are `InputCommand`'s, which the
/// control socket reads too, so one parser (InputCommand.parse) reads both;
/// they pass through untouched (negative coordinates included).
struct InputCommandLine: StrataSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "input",
        abstract: "Inject pointer, key or touch events through the seat, at output points.",
        discussion: """
            Actions:
              \(InputCommand.usage.components(separatedBy: " | ").joined(separator: "\n  "))

            key takes an xkb keysym name (a, Return, BackSpace, Left); type sends each
            character's key, with Shift where needed.
            """)

    @OptionGroup var socket: SocketOption
    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The action and its arguments.", valueName: "action"))
    var words: [String] = []

    func command(currentDirectory: String) throws -> StrataCommand {
        let (socketName, action) = try socket.split(words)
        return .control(socketName: socketName, request: .input(try InputCommand.parse(action)))
    }
}
