import CStrataServerProtocol
import CWaylandServer

/// A zxdg_exported_v1/v2: the handle of one window, sent at once.
/// Destroying it revokes the handle.
final class ExportedToplevel {
    unowned let registry: XdgForeignRegistry
    let handle: String
    private(set) weak var toplevel: Toplevel?

    init?(registry: XdgForeignRegistry, version: XdgForeignVersion, handle: String, toplevel: Toplevel?,
          parent: WaylandResource, id: UInt32) {
        self.registry = registry
        self.handle = handle
        self.toplevel = toplevel
        let interface: UnsafePointer<wl_interface> = version == .v1 ? strata_zxdg_exported_v1_interface()! : strata_zxdg_exported_v2_interface()!
        guard let resource = makeResource(child: parent, interface: interface, id: id,
                                          implementation: version == .v1 ? ExportedToplevel.v1 : ExportedToplevel.v2,
                                          object: self, onDestroy: { [unowned self] _ in self.registry.revoke(self) })
        else { return nil }
        handle.withCString { text in
            if version == .v1 { zxdg_exported_v1_send_handle(resource, text) } else { zxdg_exported_v2_send_handle(resource, text) }
        }
    }

    private static let v1: UnsafeRawPointer = {
        var i = zxdg_exported_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()

    private static let v2: UnsafeRawPointer = {
        var i = zxdg_exported_v2_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
