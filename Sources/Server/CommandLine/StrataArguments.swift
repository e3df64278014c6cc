import ArgumentParser
import Foundation
import StrataServer

/// The `strata` command line, read with swift-argument-parser: every
/// subcommand has its own `--help`, errors name the bad option, and
/// `--generate-completion-script bash|zsh|fish` writes shell completions.
/// It lives beside the executable rather than in it so tests can call it.
public enum StrataArguments {
    /// Parses the arguments after the program name. `currentDirectory`
    /// makes a relative screenshot path absolute (the server has its own).
    /// A wrong command line throws a `UsageError` of one line.
    public static func parse(_ arguments: [String], currentDirectory: String = "/") throws -> StrataCommand {
        guard let first = arguments.first else { throw UsageError("missing command (see strata --help)") }
        // `strata help run` and `strata run --help` (before any `--`): that command's help.
        if first == "help" { return .help(usage(of: arguments.dropFirst().first ?? "")) }
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .help(usage(of: first))
        }
        if !first.hasPrefix("-"), !StrataRoot.configuration.subcommands.contains(where: { $0._commandName == first }) {
            throw UsageError("unknown command '\(first)' (see strata --help)")
        }
        let parsed: ParsableCommand
        do {
            parsed = try StrataRoot.parseAsRoot(arguments)
        } catch {
            // --help, help SUBCOMMAND and --generate-completion-script end parsing "cleanly".
            if StrataRoot.exitCode(for: error) == .success {
                return .help(StrataRoot.fullMessage(for: error))
            }
            throw UsageError(oneLine(StrataRoot.message(for: error)))
        }
        guard let subcommand = parsed as? StrataSubcommand else { return .help(usage) }
        return try subcommand.command(currentDirectory: currentDirectory)
    }

    /// `strata --help`.
    public static var usage: String { StrataRoot.helpMessage() }

    /// The help of one subcommand (`strata input --help`).
    public static func usage(of subcommand: String) -> String {
        guard let command = StrataRoot.configuration.subcommands.first(where: { $0._commandName == subcommand }) else {
            return usage
        }
        return StrataRoot.helpMessage(for: command)
    }

    /// A parser message is one line on the terminal, whatever it quotes: a
    /// list of choices that follows it becomes "a, b, c".
    private static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = lines.first else { return message }
        let choices = lines.dropFirst().filter { $0.hasPrefix("- ") }.map { $0.dropFirst(2) }
        let line = choices.isEmpty ? first : first + " " + choices.joined(separator: ", ")
        // swift-argument-parser capitalizes its own messages ("Unknown option
        // '--foo'"); ours continue "strata: ", in lower case.
        return line.prefix(1).lowercased() + line.dropFirst()
    }
}

/// A subcommand turns what it read into a `StrataCommand`, checking what
/// swift-argument-parser cannot (sizes, names, combinations).
protocol StrataSubcommand: ParsableCommand {
    func command(currentDirectory: String) throws -> StrataCommand
}

struct StrataRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "A Wayland compositor that holds, composites and animates apps' layer trees.",
        discussion: """
            `strata run` is the compositor. The other commands talk to a running one
            through its control socket, $XDG_RUNTIME_DIR/NAME.control (mode 0600),
            where NAME is its Wayland socket's name (--socket, default strata-0).
            """,
        subcommands: [RunCommand.self, ScreenshotCommand.self, TreeCommand.self, FrameCommand.self,
                      StatsCommand.self, CloseCommand.self, ResizeCommand.self, InputCommandLine.self,
                      OutputCommandLine.self])
}

/// `--socket NAME`, which every control command takes.
struct SocketOption: ParsableArguments {
    @Option(name: .customLong("socket"), help: ArgumentHelp("The compositor's Wayland socket name.", valueName: "NAME"))
    var name = "strata-0"

    func checked() throws -> String { try ArgumentChecks.socketName(name) }

    /// The socket name and the action's words, from words passed through
    /// after the action: `--socket NAME` may come after it too.
    func split(_ words: [String]) throws -> (socketName: String, action: [String]) {
        var socketName = try checked()
        var action: [String] = []
        var rest = words[...]
        while let word = rest.popFirst() {
            if word == "--socket" {
                guard let value = rest.popFirst(), !value.hasPrefix("--") else { throw UsageError("missing value for --socket") }
                socketName = try ArgumentChecks.socketName(value)
            } else {
                action.append(word)
            }
        }
        return (socketName, action)
    }
}
