import CStrataServerProtocol
import CWaylandServer

/// An org_kde_kwin_server_decoration: one surface's decoration mode, Server
/// until the client asks otherwise. Each request_mode is answered with a
/// mode event of the mode applied; the window draws Strata's title bar in
/// Server mode only.
final class KdeServerDecoration {
    unowned let manager: KdeServerDecorationManagerGlobal
    private(set) var resource: WaylandResource?
    private(set) weak var surface: Surface?
    private(set) var mode = KdeServerDecorationManagerGlobal.defaultMode
    /// The window last given the mode.
    private weak var reached: Toplevel?

    init?(manager: KdeServerDecorationManagerGlobal, surface: Surface, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        self.surface = surface
        guard let resource = makeResource(child: parent, interface: strata_org_kde_kwin_server_decoration_interface(), id: id,
                                          implementation: KdeServerDecoration.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    var isServerSide: Bool { mode == ORG_KDE_KWIN_SERVER_DECORATION_MODE_SERVER.rawValue }

    var modeName: String {
        switch mode {
        case ORG_KDE_KWIN_SERVER_DECORATION_MODE_SERVER.rawValue: return "server"
        case ORG_KDE_KWIN_SERVER_DECORATION_MODE_CLIENT.rawValue: return "client"
        default: return "none"
        }
    }

    /// The window of the surface, once it has the toplevel role.
    private var toplevel: Toplevel? { (surface?.roleObject as? XdgSurface)?.toplevel }

    /// The policy goes out at once, as the protocol says, and reaches the window if there is one.
    func start() {
        sendMode()
        if let toplevel { apply(to: toplevel) }
    }

    /// The toplevel changed (mapped, say): one not yet given the mode takes it.
    func reach(_ toplevel: Toplevel) {
        guard toplevel !== reached, toplevel === self.toplevel else { return }
        // From a hook that may run inside the window's own commit: shown with its next commit.
        reached = toplevel
        toplevel.decorationModeChanged(serverSide: isServerSide, serial: nil)
    }

    private func sendMode() {
        if let resource { org_kde_kwin_server_decoration_send_mode(resource, mode) }
    }

    /// The window's decoration mode is this one's: at once when mapped (no
    /// configure carries this protocol's mode), else with its mapping commit.
    private func apply(to toplevel: Toplevel) {
        reached = toplevel
        toplevel.decorationModeChanged(serverSide: isServerSide, serial: nil)
        if toplevel.isMapped { toplevel.updateMapping() }
    }

    /// request_mode: None, Client or Server; another value leaves the mode as it is (the protocol has no error for it).
    private func requestMode(_ requested: UInt32) {
        let known = [ORG_KDE_KWIN_SERVER_DECORATION_MODE_NONE.rawValue, ORG_KDE_KWIN_SERVER_DECORATION_MODE_CLIENT.rawValue,
                     ORG_KDE_KWIN_SERVER_DECORATION_MODE_SERVER.rawValue]
        if known.contains(requested) { mode = requested }
        sendMode()
        if let toplevel { apply(to: toplevel) }
    }

    /// Released (or its client gone): the window has no title bar from Strata any more, as when an xdg-decoration goes.
    private func destroyed() {
        resource = nil
        manager.remove(self)
        if let toplevel, toplevel.resource != nil, isServerSide, toplevel.decoration == nil {
            toplevel.decorationModeChanged(serverSide: false, serial: nil)
            if toplevel.isMapped { toplevel.updateMapping() }
        }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = org_kde_kwin_server_decoration_interface()
        i.release = { _, resource in wl_resource_destroy(resource) }
        i.request_mode = { _, resource, mode in
            resourceObject(resource, as: KdeServerDecoration.self)?.requestMode(mode)
        }
        return staticImplementation(i)
    }()
}
