import CWaylandServer
import CStrataServerProtocol

/// wl_compositor: makes surfaces and regions. Version 5 (wl_surface.offset).
final class CompositorGlobal {
    static let version: Int32 = 5
    private var global: Global?
    unowned let server: Server

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_wl_compositor_interface(),
                        version: CompositorGlobal.version, object: self, implementation: CompositorGlobal.implementation)
        if global == nil { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_compositor_interface()
        i.create_surface = { _, resource, id in
            guard let compositor = resourceObject(resource, as: CompositorGlobal.self) else { return }
            if let surface = Surface(server: compositor.server, compositorResource: resource!, id: id) {
                compositor.server.surfaceCreated(surface)
            }
        }
        i.create_region = { _, resource, id in
            Region.make(parent: resource!, id: id)
        }
        return staticImplementation(i)
    }()
}
