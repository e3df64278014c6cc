import CStrataClientProtocol

extension Connection {
    /// Whether the compositor offers xdg_activation_v1.
    public var offersActivation: Bool { globals.contains { $0.interface == "xdg_activation_v1" } }

    /// xdg_activation_v1.activate: asks the compositor to focus and raise
    /// `toplevel`'s window with `token` (one another client, or the
    /// launcher that started this app, got for it). The compositor decides,
    /// and says nothing back. Returns false when it has no
    /// xdg_activation_v1 or the window has no surface.
    @discardableResult
    public func activate(_ toplevel: WaylandToplevel, token: String) -> Bool {
        if activation == nil {
            activation = bind("xdg_activation_v1", strata_client_xdg_activation_v1_interface(), upTo: 1)
        }
        guard let activation, let surface = toplevel.surface, isConnected else { return false }
        xdg_activation_v1_activate(activation, token, surface)
        return true
    }
}
