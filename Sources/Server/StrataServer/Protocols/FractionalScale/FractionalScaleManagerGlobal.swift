import CStrataServerProtocol
import CWaylandServer

/// wp_fractional_scale_manager_v1, version 1: tells a client the scale a
/// surface is best drawn at, which may be fractional (the client then draws
/// a buffer of that many pixels per point and maps it back to its size in
/// points with wp_viewport). Each surface may have one wp_fractional_scale_v1.
final class FractionalScaleManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_wp_fractional_scale_manager_v1_interface(),
                        version: FractionalScaleManagerGlobal.version, object: self,
                        implementation: FractionalScaleManagerGlobal.implementation)
        if global == nil { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wp_fractional_scale_manager_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_fractional_scale = { _, resource, id, surfaceResource in
            guard let resource, let surface = Surface.from(surfaceResource) else { return }
            if surface.fractionalScale != nil {
                strata_resource_post_error(resource, WP_FRACTIONAL_SCALE_MANAGER_V1_ERROR_FRACTIONAL_SCALE_EXISTS.rawValue,
                                           "wl_surface@\(surface.id) already has a wp_fractional_scale_v1")
                return
            }
            guard let scale = FractionalScale(surface: surface, parent: resource, id: id) else { return }
            surface.fractionalScale = scale
            scale.update()
        }
        return staticImplementation(i)
    }()
}

extension FractionalScaleManagerGlobal: ServerExtension {}
