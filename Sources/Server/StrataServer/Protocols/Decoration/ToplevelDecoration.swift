import CStrataServerProtocol
import CWaylandServer

/// zxdg_toplevel_decoration_v1: one toplevel's decoration mode. Strata's
/// preference is server_side; a client that asks for client_side gets it.
/// The mode goes out with the window's next configure and takes effect
/// with the commit that acknowledges it.
final class ToplevelDecoration {
    private(set) var resource: WaylandResource?
    private weak var toplevel: Toplevel?
    /// What the client asked for; nil: no preference (unset_mode, or nothing yet).
    private var requested: UInt32?
    /// A configure carrying the mode is owed to the client.
    private var needsConfigure = true

    init(toplevel: Toplevel, resource: WaylandResource) {
        self.toplevel = toplevel
        self.resource = resource
    }

    /// Gives the resource its requests; the window now has a decoration.
    func start() {
        guard let resource, let toplevel else { return }
        attach(self, to: resource, implementation: ToplevelDecoration.implementation,
               onDestroy: { [unowned self] _ in self.destroyed() })
        toplevel.decoration = self
        // Already configured once: the mode comes in a configure of its own
        // (before the initial commit, the first configure carries it).
        toplevel.sendConfigure()
    }

    static func from(_ resource: WaylandResource?) -> ToplevelDecoration? {
        resourceObject(resource, as: ToplevelDecoration.self, interface: strata_zxdg_toplevel_decoration_v1_interface())
    }

    /// The mode Strata gives: the client's choice, else server-side.
    var mode: UInt32 {
        requested == ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue
            ? ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue : ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue
    }

    var isServerSide: Bool { mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue }

    /// Called by the window as it configures: the mode goes first, when owed.
    /// Returns whether a mode was sent.
    @discardableResult
    func sendConfigure() -> Bool {
        guard needsConfigure, let resource else { return false }
        needsConfigure = false
        zxdg_toplevel_decoration_v1_send_configure(resource, mode)
        return true
    }

    /// set_mode and unset_mode: answered with a configure even when the mode stays.
    /// A value outside the enum is taken as no preference (the protocol defines no error for it).
    private func setMode(_ value: UInt32?) {
        let known = [ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue]
        requested = value.flatMap { known.contains($0) ? $0 : nil }
        needsConfigure = true
        toplevel?.sendConfigure()
    }

    /// xdg_toplevel.destroy came first: the orphaned error.
    func toplevelDestroyedFirst() {
        guard let resource else { return }
        strata_resource_post_error(resource, ZXDG_TOPLEVEL_DECORATION_V1_ERROR_ORPHANED.rawValue,
                                   "xdg_toplevel destroyed before its zxdg_toplevel_decoration_v1")
    }

    private func destroyed() {
        resource = nil
        // Back to no server-side decoration, at the next commit.
        if let toplevel, toplevel.decoration === self {
            toplevel.decoration = nil
            toplevel.decorationModeChanged(serverSide: false, serial: nil)
        }
    }

    static let implementation: UnsafeRawPointer = {
        var i = zxdg_toplevel_decoration_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_mode = { _, resource, mode in ToplevelDecoration.from(resource)?.setMode(mode) }
        i.unset_mode = { _, resource in ToplevelDecoration.from(resource)?.setMode(nil) }
        return staticImplementation(i)
    }()
}
