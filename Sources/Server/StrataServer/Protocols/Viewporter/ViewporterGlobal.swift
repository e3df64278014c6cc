import CStrataServerProtocol
import CWaylandServer

/// wp_viewporter, version 1: crop and scale for wl_surfaces. Each surface
/// may have one wp_viewport at a time (Viewport.swift); what it sets is
/// applied at wl_surface.commit (Surface+Viewport.swift).
final class ViewporterGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_wp_viewporter_interface(),
                        version: ViewporterGlobal.version, object: self, implementation: ViewporterGlobal.implementation)
        if global == nil { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wp_viewporter_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_viewport = { _, resource, id, surfaceResource in
            guard let resource, let surface = Surface.from(surfaceResource) else { return }
            if surface.viewport != nil {
                strata_resource_post_error(resource, WP_VIEWPORTER_ERROR_VIEWPORT_EXISTS.rawValue,
                                           "wl_surface@\(surface.id) already has a wp_viewport")
                return
            }
            surface.viewport = Viewport(surface: surface, parent: resource, id: id)
        }
        return staticImplementation(i)
    }()
}

extension ViewporterGlobal: ServerExtension {}
