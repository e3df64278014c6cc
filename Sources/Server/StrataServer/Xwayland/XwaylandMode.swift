/// Whether X11 clients can connect, through Xwayland (`strata run --xwayland`).
public enum XwaylandMode: String, CaseIterable, Equatable, Sendable {
    /// The X11 display is there from the start; Xwayland starts when the first X client connects.
    case lazy
    /// Xwayland starts with the compositor.
    case start
    /// No X11 display.
    case off
}
