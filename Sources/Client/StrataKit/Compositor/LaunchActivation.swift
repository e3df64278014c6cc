import StrataWayland
#if canImport(Glibc)
import Glibc
#endif

/// The activation token the app's launcher handed it, as GTK and Qt use
/// it: a compositor or launcher that starts an app puts an
/// xdg_activation_v1 token in `XDG_ACTIVATION_TOKEN` (and the same in
/// `DESKTOP_STARTUP_ID`); when the app's first window maps, the app
/// activates that window with it, so the window may take the focus from
/// whichever has it. Both variables are then removed, so the processes
/// the app starts do not reuse a token meant for it.
enum LaunchActivation {
    static let tokenVariable = "XDG_ACTIVATION_TOKEN"
    static let startupIDVariable = "DESKTOP_STARTUP_ID"

    /// A window mapped for the first time: with a launch token still in
    /// the environment, it is activated with it (where the compositor
    /// offers xdg_activation_v1), and the token is let go either way.
    /// Returns whether an activate request was sent.
    @discardableResult
    static func windowMapped(_ toplevel: WaylandToplevel, on connection: Connection) -> Bool {
        guard let value = getenv(tokenVariable) else { return false }
        let token = String(cString: value)
        unsetenv(tokenVariable)
        unsetenv(startupIDVariable)
        guard !token.isEmpty, connection.offersActivation else { return false }
        return connection.activate(toplevel, token: token)
    }
}
