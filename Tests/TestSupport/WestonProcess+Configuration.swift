/// The weston.ini a `WestonProcess` runs with: desktop-shell with nothing
/// of its own on screen, so a screenshot shows only the clients' windows
/// on black.
///
/// Why desktop-shell: it keeps a normal xdg_toplevel at the size the client
/// chose (an initial configure of 0×0) and draws no decorations or shadows
/// around it. kiosk-shell makes every toplevel fullscreen, so an app would
/// be configured to the output's size, not its own; fullscreen-shell offers
/// no xdg_wm_base at all (only zwp_fullscreen_shell_v1). Left alone,
/// desktop-shell draws a panel with a clock (different pixels every minute)
/// over a patterned background, fades in at start-up and starts an
/// on-screen keyboard helper; the settings below turn all of that off.
///
/// Until weston-desktop-shell (a client weston starts) has drawn that
/// background, the output is transparent black: `WestonProcess.init` waits
/// for the opaque one, so no test sees the difference.
extension WestonProcess {
    /// The background, as a screenshot shows it.
    public static let backgroundPixel = DecodedPNG.Pixel(red: 0, green: 0, blue: 0)

    static let configuration = """
        [core]
        # Never blank or lock the screen while a test runs.
        idle-time=0

        [shell]
        panel-position=none
        background-color=0xff000000
        # An empty image: the solid color, not weston's default pattern.
        background-image=
        startup-animation=none
        animation=none
        close-animation=none
        focus-animation=none
        locking=false

        [input-method]
        # No weston-keyboard helper client.
        path=

        """
}
