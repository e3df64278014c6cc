import StrataProtocol

/// What stands behind a window: the protocol its client speaks. An
/// xdg_surface (with the Toplevel as its xdg_toplevel), or an X11 window
/// that Xwayland draws into a wl_surface (Xwayland/XWindow). The window's
/// policy (placement, states, title bar, stacking, focus) is Toplevel's and
/// the same for both; this is only what differs.
protocol ToplevelShell: AnyObject {
    var surface: Surface? { get }
    var toplevel: Toplevel? { get }
    /// The client owning the surface.
    var client: OpaquePointer? { get }
    /// The visible part of the surface in surface points; nil: the surface with its subsurfaces.
    var geometry: Rect? { get }
    /// Buffers may be shown (xdg-shell: a configure was acknowledged).
    var mayShowBuffers: Bool { get }
    /// The first configure went out, so others may follow.
    var sentInitialConfigure: Bool { get }
    /// The latest configure's serial, if the protocol has serials.
    var lastSentSerial: UInt32? { get }
    /// Whether the client took the configure `serial` (or a later one).
    func hasAcknowledged(_ serial: UInt32) -> Bool
    /// Follows the Toplevel's own configure (xdg_toplevel.configure): the
    /// size the client is asked for (0: its choice) and the window's states.
    func configure(width: Int32, height: Int32, states: WindowStates, activated: Bool)
    /// The window's geometry starts at `origin` in the layout now.
    func moved(to origin: Point)
    /// Asks the client to close the window; one that stopped answering is
    /// disconnected instead, which is how a person closes a hung app.
    func requestClose()
    /// Its client answers (xdg_wm_base pings).
    var isResponding: Bool { get }
    /// The window object is gone: the surface is unmapped and may get a new one.
    func roleObjectDestroyed()
}

extension ToplevelShell {
    func moved(to origin: Point) {}
}

extension Surface {
    /// The window whose main surface this is, mapped or not.
    var toplevel: Toplevel? { (roleObject as? ToplevelShell)?.toplevel }
}
