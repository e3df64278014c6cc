import CStrataServerProtocol
import CWaylandServer

/// strata_blur_manager_v1, version 1: blur behind ordinary Wayland
/// surfaces. Each surface may have one strata_blur_v1 at a time
/// (Blur.swift); what it sets applies at wl_surface.commit (Surface+Blur.swift).
final class BlurManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_strata_blur_manager_v1_interface(),
                        version: BlurManagerGlobal.version, object: self, implementation: BlurManagerGlobal.implementation)
        if global == nil { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = strata_blur_manager_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_blur = { _, resource, id, surfaceResource in
            guard let resource, let surface = Surface.from(surfaceResource) else { return }
            if surface.blurObject != nil {
                strata_resource_post_error(resource, STRATA_BLUR_MANAGER_V1_ERROR_BLUR_EXISTS.rawValue,
                                           "wl_surface@\(surface.id) already has a strata_blur_v1")
                return
            }
            surface.blurObject = Blur(surface: surface, parent: resource, id: id)
        }
        return staticImplementation(i)
    }()
}

extension BlurManagerGlobal: ServerExtension {}
