import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// A wp_viewport: sets its surface's pending source rect and destination
/// size. Both are double-buffered surface state, checked and applied at
/// wl_surface.commit (Surface+Viewport.swift).
final class Viewport {
    /// Nil once the surface is destroyed: requests then fail with no_surface.
    private(set) weak var surface: Surface?
    private(set) var resource: WaylandResource?

    init?(surface: Surface, parent: WaylandResource, id: UInt32) {
        self.surface = surface
        guard let resource = makeResource(child: parent, interface: strata_wp_viewport_interface(), id: id,
                                          implementation: Viewport.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    static func from(_ resource: WaylandResource?) -> Viewport? {
        resourceObject(resource, as: Viewport.self, interface: strata_wp_viewport_interface())
    }

    func postError(_ code: wp_viewport_error, _ message: String) {
        guard let resource else { return }
        strata_resource_post_error(resource, code.rawValue, message)
    }

    /// The surface is gone; the viewport stays until the client destroys it.
    func surfaceDestroyed() { surface = nil }

    /// The surface the request is about, or nil after posting no_surface.
    private func liveSurface(_ request: String) -> Surface? {
        if let surface { return surface }
        postError(WP_VIEWPORT_ERROR_NO_SURFACE, "wp_viewport.\(request): its wl_surface was destroyed")
        return nil
    }

    private func setSource(x: wl_fixed_t, y: wl_fixed_t, width: wl_fixed_t, height: wl_fixed_t) {
        guard let surface = liveSurface("set_source") else { return }
        let unset: wl_fixed_t = -256 // wl_fixed_from_int(-1)
        if x == unset, y == unset, width == unset, height == unset {
            surface.pending.viewportSource = .some(nil)
            return
        }
        guard x >= 0, y >= 0, width > 0, height > 0 else {
            postError(WP_VIEWPORT_ERROR_BAD_VALUE, "source (\(Viewport.double(x)), \(Viewport.double(y)), "
                      + "\(Viewport.double(width))×\(Viewport.double(height))) needs x, y ≥ 0 and a positive size, or all -1")
            return
        }
        surface.pending.viewportSource = .some(Rect(x: Viewport.double(x), y: Viewport.double(y),
                                                    width: Viewport.double(width), height: Viewport.double(height)))
    }

    private func setDestination(width: Int32, height: Int32) {
        guard let surface = liveSurface("set_destination") else { return }
        if width == -1, height == -1 {
            surface.pending.viewportDestination = .some(nil)
            return
        }
        guard width > 0, height > 0 else {
            postError(WP_VIEWPORT_ERROR_BAD_VALUE, "destination \(width)×\(height) needs a positive size, or both -1")
            return
        }
        // Past 2^29 points a destination is clamped there, as every length from a client is.
        surface.pending.viewportDestination = .some(Size(width: Double(ClientValue.length(width)),
                                                         height: Double(ClientValue.length(height))))
    }

    /// Destroying the viewport removes crop and scale at the surface's next commit.
    private func destroyed() {
        resource = nil
        guard let surface else { return }
        surface.pending.viewportSource = .some(nil)
        surface.pending.viewportDestination = .some(nil)
        if surface.viewport === self { surface.viewport = nil }
    }

    /// wl_fixed_t is 24.8 fixed point.
    static func double(_ value: wl_fixed_t) -> Double { ClientValue.double(fixed: value) }

    private static let implementation: UnsafeRawPointer = {
        var i = wp_viewport_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_source = { _, resource, x, y, width, height in
            Viewport.from(resource)?.setSource(x: x, y: y, width: width, height: height)
        }
        i.set_destination = { _, resource, width, height in
            Viewport.from(resource)?.setDestination(width: width, height: height)
        }
        return staticImplementation(i)
    }()
}
