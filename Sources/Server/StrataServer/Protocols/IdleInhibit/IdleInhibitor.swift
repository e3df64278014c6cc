import CStrataServerProtocol
import CWaylandServer

/// A zwp_idle_inhibitor_v1. It ends with its surface: once the surface is
/// destroyed it inhibits nothing, though the object lives until its
/// client destroys it (the protocol has no event to say so).
final class IdleInhibitor {
    unowned let manager: IdleInhibitManagerGlobal
    private(set) weak var surface: Surface?

    init?(manager: IdleInhibitManagerGlobal, surface: Surface, parent: WaylandResource, id: UInt32) {
        self.manager = manager
        self.surface = surface
        guard makeResource(child: parent, interface: strata_zwp_idle_inhibitor_v1_interface(), id: id,
                           implementation: IdleInhibitor.implementation, object: self,
                           onDestroy: { [unowned self] _ in self.manager.remove(self) }) != nil
        else { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = zwp_idle_inhibitor_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
