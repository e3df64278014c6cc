import CStrataServerProtocol
import CWaylandServer

/// A zxdg_imported_v1/v2: another client's window, which `set_parent_of`
/// makes the parent of one of this client's windows. When the handle ends
/// (or this object is destroyed), the windows it parented lose that parent.
final class ImportedToplevel {
    unowned let registry: XdgForeignRegistry
    let version: XdgForeignVersion
    /// The handle's export; nil once it ended.
    private(set) weak var export: ExportedToplevel?
    private var resource: WaylandResource?
    /// The windows given the imported window as their parent.
    private var children: [Weak<Toplevel>] = []

    init?(registry: XdgForeignRegistry, version: XdgForeignVersion, export: ExportedToplevel?, parent: WaylandResource, id: UInt32) {
        self.registry = registry
        self.version = version
        self.export = export
        let interface: UnsafePointer<wl_interface> = version == .v1 ? strata_zxdg_imported_v1_interface()! : strata_zxdg_imported_v2_interface()!
        guard let resource = makeResource(child: parent, interface: interface, id: id,
                                          implementation: version == .v1 ? ImportedToplevel.v1 : ImportedToplevel.v2,
                                          object: self, onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    func sendDestroyed() {
        guard let resource else { return }
        if version == .v1 { zxdg_imported_v1_send_destroyed(resource) } else { zxdg_imported_v2_send_destroyed(resource) }
    }

    /// The handle was revoked or its window went.
    func exportEnded() {
        let parent = export?.toplevel
        export = nil
        releaseChildren(of: parent)
        sendDestroyed()
    }

    private func setParent(of surfaceResource: WaylandResource?) {
        guard let resource else { return }
        guard let child = Surface.from(surfaceResource)?.toplevel, child.isLive else {
            if version == .v2 {
                strata_resource_post_error(resource, ZXDG_IMPORTED_V2_ERROR_INVALID_SURFACE.rawValue,
                                           "zxdg_imported_v2.set_parent_of: the surface is not an xdg_toplevel")
            }
            return
        }
        guard let parent = export?.toplevel, parent.resource != nil else { return }
        // A parent that would make the child its own ancestor is ignored: the protocol has no error for it.
        guard child.setParent(toplevel: parent) else { return }
        children.removeAll { $0.object == nil || $0.object === child }
        children.append(Weak(child))
    }

    private func releaseChildren(of parent: Toplevel?) {
        for child in children.compactMap(\.object) where parent != nil && child.parent === parent {
            _ = child.setParent(toplevel: nil)
        }
        children = []
    }

    private func destroyed() {
        resource = nil
        releaseChildren(of: export?.toplevel)
        registry.remove(self)
    }

    private static let v1: UnsafeRawPointer = {
        var i = zxdg_imported_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_parent_of = { _, resource, surface in resourceObject(resource, as: ImportedToplevel.self)?.setParent(of: surface) }
        return staticImplementation(i)
    }()

    private static let v2: UnsafeRawPointer = {
        var i = zxdg_imported_v2_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_parent_of = { _, resource, surface in resourceObject(resource, as: ImportedToplevel.self)?.setParent(of: surface) }
        return staticImplementation(i)
    }()
}
