import CWaylandServer
import CStrataServerProtocol

/// A wl_callback from wl_surface.frame: done once, after the frame that
/// showed the commit it was part of, then destroyed.
final class FrameCallback {
    private(set) var resource: WaylandResource?
    /// The surface whose commit it waits to see drawn.
    weak var surface: Surface?

    init?(surfaceResource: WaylandResource, id: UInt32) {
        // wl_callback has no requests; its version is 1 whatever the surface's.
        guard let resource = makeResource(client: wl_resource_get_client(surfaceResource),
                                          interface: strata_wl_callback_interface(), version: 1, id: id,
                                          implementation: nil, object: self,
                                          onDestroy: { [unowned self] _ in self.resource = nil })
        else { return nil }
        self.resource = resource
    }

    /// Sends done and destroys the callback, unless the client (or its
    /// disconnection) destroyed it already.
    func done(time: UInt32) {
        guard let resource else { return }
        wl_callback_send_done(resource, time)
        wl_resource_destroy(resource)
    }

    /// Destroys the callback without done, as for a surface destroyed before commit.
    func cancel() {
        if let resource { wl_resource_destroy(resource) }
    }
}
