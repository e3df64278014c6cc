import CStrataServerProtocol
import CWaylandServer

/// A wp_fractional_scale_v1: sends its surface's preferred scale, in
/// 120ths, when it is first known and whenever it changes. The scale is
/// the largest of the outputs the surface is on (Surface+Output.swift),
/// or `ServerConfiguration.preferredScale` where one is set.
final class FractionalScale {
    /// Nil once the surface is destroyed: the object is then inert.
    private(set) weak var surface: Surface?
    private(set) var resource: WaylandResource?
    /// What was last sent, in 120ths; nil before the first.
    private(set) var sent: UInt32?

    init?(surface: Surface, parent: WaylandResource, id: UInt32) {
        self.surface = surface
        guard let resource = makeResource(child: parent, interface: strata_wp_fractional_scale_v1_interface(), id: id,
                                          implementation: FractionalScale.implementation, object: self,
                                          onDestroy: { [unowned self] _ in self.destroyed() })
        else { return nil }
        self.resource = resource
    }

    /// Sends preferred_scale if the surface's scale is known and differs from what was sent.
    func update() {
        guard let resource, let surface, let scale = surface.preferredScale else { return }
        let value = UInt32((scale * 120).rounded())
        guard value != sent, value > 0 else { return }
        sent = value
        wp_fractional_scale_v1_send_preferred_scale(resource, value)
    }

    func surfaceDestroyed() { surface = nil }

    private func destroyed() {
        resource = nil
        if let surface, surface.fractionalScale === self { surface.fractionalScale = nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wp_fractional_scale_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}

extension Surface {
    /// The scale the surface is best drawn at: the configured preferred
    /// scale, else the largest scale of the outputs it is on; nil while it
    /// is on none.
    var preferredScale: Double? {
        if let preferred = server.configuration.preferredScale { return preferred }
        return outputsEntered.map { max($0.renderer.scale, 1) }.max()
    }
}
