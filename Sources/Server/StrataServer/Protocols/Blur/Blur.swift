import CStrataServerProtocol
import CWaylandServer
import StrataProtocol

/// A strata_blur_v1: the blur behind part of its surface. Each request
/// puts the whole of the object's state into the surface's pending state,
/// so it applies at wl_surface.commit like the rest (Surface+Blur.swift).
final class Blur {
    /// Nil once the surface is destroyed: requests then fail with no_surface.
    private(set) weak var surface: Surface?
    private(set) var resource: WaylandResource?
    private var state = SurfaceBlur()

    init?(surface: Surface, parent: WaylandResource, id: UInt32) {
        self.surface = surface
        guard let resource = makeResource(child: parent, interface: strata_strata_blur_v1_interface(), id: id,
                                          implementation: Blur.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
        // A new blur covers the whole surface from the next commit.
        surface.pending.blur = .some(state)
    }

    static func from(_ resource: WaylandResource?) -> Blur? {
        resourceObject(resource, as: Blur.self, interface: strata_strata_blur_v1_interface())
    }

    /// The surface is gone; the object stays until the client destroys it.
    func surfaceDestroyed() { surface = nil }

    private func postError(_ code: strata_blur_v1_error, _ message: String) {
        guard let resource else { return }
        strata_resource_post_error(resource, code.rawValue, message)
    }

    /// Records a change and hands the state to the surface's pending state.
    private func change(_ request: String, _ body: (inout SurfaceBlur) -> Void) {
        guard let surface else {
            postError(STRATA_BLUR_V1_ERROR_NO_SURFACE, "strata_blur_v1.\(request): its wl_surface was destroyed")
            return
        }
        body(&state)
        surface.pending.blur = .some(state)
    }

    private func setRegion(_ region: WaylandResource?) {
        let shape = region.flatMap { Region.from($0)?.shape }
        change("set_region") { $0.region = shape }
    }

    private func setRadius(_ value: wl_fixed_t) {
        let radius = ClientValue.double(fixed: value)
        guard (0...BackdropStyle.maximumRadius).contains(radius) else {
            postError(STRATA_BLUR_V1_ERROR_INVALID_VALUE, "radius \(radius) is outside 0...\(Int(BackdropStyle.maximumRadius))")
            return
        }
        change("set_radius") { $0.radius = radius }
    }

    private func setSaturation(_ value: wl_fixed_t) {
        let saturation = ClientValue.double(fixed: value)
        guard (0...BackdropStyle.maximumSaturation).contains(saturation) else {
            postError(STRATA_BLUR_V1_ERROR_INVALID_VALUE,
                      "saturation \(saturation) is outside 0...\(Int(BackdropStyle.maximumSaturation))")
            return
        }
        change("set_saturation") { $0.saturation = saturation }
    }

    /// Destroying the object removes the blur at the surface's next commit.
    private func destroyed() {
        resource = nil
        guard let surface else { return }
        surface.pending.blur = .some(nil)
        if surface.blurObject === self { surface.blurObject = nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = strata_blur_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.set_region = { _, resource, region in Blur.from(resource)?.setRegion(region) }
        i.set_radius = { _, resource, radius in Blur.from(resource)?.setRadius(radius) }
        i.set_saturation = { _, resource, saturation in Blur.from(resource)?.setSaturation(saturation) }
        return staticImplementation(i)
    }()
}
