import CStrataServerProtocol
import CWaylandServer

/// org_kde_kwin_server_decoration_manager, version 1: KDE's older way for a
/// client to say who draws its title bar, which GTK 3 and Qt clients speak
/// where xdg-decoration is missing or as well. Strata's default is Server:
/// a surface with a decoration object gets Strata's title bar until it asks
/// for Client (or None). The title bar is the one xdg-decoration drives
/// (Protocols/Decoration): the mode reaches the window as its decoration
/// mode, shown at once when the window is mapped, else with the commit
/// that maps it.
final class KdeServerDecorationManagerGlobal {
    static let version: Int32 = 1
    static let defaultMode = ORG_KDE_KWIN_SERVER_DECORATION_MANAGER_MODE_SERVER.rawValue
    unowned let server: Server
    private var global: Global?
    /// Every live decoration object.
    private var decorations: [KdeServerDecoration] = []

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_org_kde_kwin_server_decoration_manager_interface(),
                        version: KdeServerDecorationManagerGlobal.version) { [unowned self] client, version, id in
            guard let resource = makeResource(client: client, interface: strata_org_kde_kwin_server_decoration_manager_interface(),
                                              version: Int32(version), id: id,
                                              implementation: KdeServerDecorationManagerGlobal.implementation, object: self)
            else { return }
            org_kde_kwin_server_decoration_manager_send_default_mode(resource, KdeServerDecorationManagerGlobal.defaultMode)
        }
        if global == nil { return nil }
    }

    func remove(_ decoration: KdeServerDecoration) { decorations.removeAll { $0 === decoration } }

    private static let implementation: UnsafeRawPointer = {
        var i = org_kde_kwin_server_decoration_manager_interface()
        i.create = { _, resource, id, surfaceResource in
            guard let resource, let manager = resourceObject(resource, as: KdeServerDecorationManagerGlobal.self),
                  let surface = Surface.from(surfaceResource),
                  let decoration = KdeServerDecoration(manager: manager, surface: surface, parent: resource, id: id)
            else { return }
            manager.decorations.append(decoration)
            decoration.start()
        }
        return staticImplementation(i)
    }()
}

extension KdeServerDecorationManagerGlobal: ServerExtension {
    /// A surface whose decoration came before its toplevel: the window takes the mode when it maps.
    func toplevelChanged(_ toplevel: Toplevel) {
        guard toplevel.resource != nil else { return }
        for decoration in decorations where decoration.surface === toplevel.surface { decoration.reach(toplevel) }
    }

    func treeMembers(of surface: Surface) -> [(String, JSONValue)] {
        guard let decoration = decorations.first(where: { $0.surface === surface }) else { return [] }
        return [("kde_server_decoration", .string(decoration.modeName))]
    }

    func census() -> [String: Int] { ["kdeServerDecorations": decorations.count] }
}
