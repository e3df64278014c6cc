import CStrataServerProtocol
import CWaylandServer
import StrataRender

/// A wl_buffer of one pixel, from wp_single_pixel_buffer_manager_v1. The
/// color is premultiplied, 32 bits a channel; its resource owns it.
final class SinglePixelBuffer {
    let red, green, blue, alpha: UInt32

    @discardableResult
    init?(parent: WaylandResource, id: UInt32, red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        // wl_buffer is version 1 whatever the manager's version.
        guard makeResource(client: wl_resource_get_client(parent), interface: strata_wl_buffer_interface(), version: 1,
                           id: id, implementation: SinglePixelBuffer.implementation, object: self) != nil
        else { return nil }
    }

    /// The single-pixel buffer behind a wl_buffer, or nil for other buffers
    /// (wl_shm's carry libwayland's data, so the implementation is checked first).
    static func from(_ resource: WaylandResource?) -> SinglePixelBuffer? {
        guard let resource, wl_resource_instance_of(resource, strata_wl_buffer_interface(), implementation) != 0 else { return nil }
        return resourceObject(resource, as: SinglePixelBuffer.self)
    }

    /// The pixel as layer contents: 8 bits a channel, rounded, still premultiplied.
    func makeImage() -> LayerImage {
        let opaque = alpha == .max
        let image = LayerImage(width: 1, height: 1, hasAlpha: !opaque)
        func byte(_ channel: UInt32) -> UInt32 { UInt32((UInt64(channel) * 255 + UInt64(UInt32.max) / 2) / UInt64(UInt32.max)) }
        let pixel = byte(alpha) << 24 | byte(red) << 16 | byte(green) << 8 | byte(blue)
        image.data.storeBytes(of: pixel, as: UInt32.self)
        image.addDamage(PixelRect(x: 0, y: 0, width: 1, height: 1))
        return image
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wl_buffer_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        return staticImplementation(i)
    }()
}
