import ArgumentParser
import StrataServer

/// `strata output`: add a headless output, remove one by name, change one
/// (an output configuration), or list the layout as JSON. The words after `output` are `OutputCommand`'s, which
/// the control socket reads too.
struct OutputCommandLine: StrataSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "output",
        abstract: "Add, remove, change or list the outputs of a running compositor.",
        discussion: """
            Actions:
              add [--size WxH] [--scale N]  a headless output at the right of the
                                            layout (default: the first one's size
                                            and scale)
              remove NAME                   take the output NAME (wl_output.name)
                                            away; its windows move to the first
                                            output left
              set NAME [--mode WxH[@HZ]] [--scale N] [--position X,Y]
                  [--transform normal|90|180|270|flipped|flipped-90|flipped-180|flipped-270]
                  [--enable|--disable]
                                            change the output NAME: its mode (a
                                            monitor's listed modes; headless
                                            outputs take any size), integer scale,
                                            top left in the layout in points, and
                                            whether it is in the layout at all
              mode NAME WxH[@HZ]            the same as set NAME --mode WxH[@HZ]
                                            (default rate: the fastest of that size)
              list                          every output, left to right, as JSON

            set and mode apply an output configuration, as wlr-randr and kanshi
            do (zwlr_output_manager_v1), through the same code: all of it or,
            when the output cannot do some part, none of it, with a one-line
            error. Fractional scales and transforms other than normal are
            refused (not rendered yet); the drm backend keeps every monitor at
            its --scale and enabled; the last enabled output stays enabled.

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
