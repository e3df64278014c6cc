import CStrataServerProtocol
import CWaylandServer

/// wl_subcompositor, version 1 (what Debian 12's libwayland and its
/// clients know): turns surfaces into subsurfaces of other surfaces.
final class SubcompositorGlobal {
    static let version: Int32 = 1
    /// wl_subcompositor.error.bad_parent, added to the protocol after
    /// libwayland 1.21 (whose header lacks it) with this value.
    static let badParentError: UInt32 = 1
    /// The deepest subsurface nesting served. Walks over a surface tree
    /// recurse, so a hostile chain must end here; real clients nest two or three deep.
    static let maximumDepth = 32
    unowned let server: Server
    private var global: Global?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_wl_subcompositor_interface(),
                        version: SubcompositorGlobal.version, object: self, implementation: SubcompositorGlobal.implementation)
        if global == nil { return nil }
    }

    private func getSubsurface(resource: WaylandResource, id: UInt32, surface: Surface, parent: Surface) {
        if surface.roleObject != nil || !surface.giveRole(.subsurface) {
            let role = surface.roleObject is Subsurface ? "a wl_subsurface" : "the role \(surface.role)"
            strata_resource_post_error(resource, WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE.rawValue,
                                       "wl_surface@\(surface.id) already has \(role)")
            return
        }
        if parent === surface || surface.isAncestor(of: parent) {
            strata_resource_post_error(resource, SubcompositorGlobal.badParentError,
                                       "wl_surface@\(parent.id) cannot be the parent of wl_surface@\(surface.id), \(parent === surface ? "itself" : "its own descendant")")
            return
        }
        if parent.subsurfaceDepth + 1 + surface.subsurfaceHeight > SubcompositorGlobal.maximumDepth {
            strata_resource_post_error(resource, SubcompositorGlobal.badParentError,
                                       "wl_surface@\(parent.id) would nest wl_surface@\(surface.id) more than \(SubcompositorGlobal.maximumDepth) subsurfaces deep")
            return
        }
        _ = Subsurface(server: server, subcompositor: resource, id: id, surface: surface, parent: parent)
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_subcompositor_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.get_subsurface = { _, resource, id, surface, parent in
            guard let resource, let global = resourceObject(resource, as: SubcompositorGlobal.self),
                  let surface = Surface.from(surface), let parent = Surface.from(parent) else { return }
            global.getSubsurface(resource: resource, id: id, surface: surface, parent: parent)
        }
        return staticImplementation(i)
    }()
}
