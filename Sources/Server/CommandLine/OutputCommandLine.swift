import ArgumentParser
import StrataServer

/// `strata output`: add a headless output, remove one by name, or list the
/// layout as JSON. The words after `output` are `OutputCommand`'s, which
/// the control socket reads too.
struct OutputCommandLine: StrataSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "output",
        abstract: "Add, remove or list the outputs of a running compositor, or set a monitor's mode.",
        discussion: """
            Actions:
              add [--size WxH] [--scale N]  a headless output at the right of the
                                            layout (default: the first one's size
                                            and scale)
              remove NAME                   take the output NAME (wl_output.name)
                                            away; its windows move to the first
                                            output left
              mode NAME WxH[@HZ]            drive the monitor of output NAME in
                                            that mode (the drm backend; default
                                            rate: the fastest of that size)
              list                          every output, left to right, as JSON

            Only the headless backend adds and removes outputs on request; the
            drm backend's follow its monitors, the wayland backend's its windows.
            The last output cannot be removed.
            """)

    @OptionGroup var socket: SocketOption
    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The action and its arguments.", valueName: "action"))
    var words: [String] = []

    func command(currentDirectory: String) throws -> StrataCommand {
        let (socketName, action) = try socket.split(words)
        return .control(socketName: socketName, request: .output(try OutputCommand.parse(action)))
    }
}
