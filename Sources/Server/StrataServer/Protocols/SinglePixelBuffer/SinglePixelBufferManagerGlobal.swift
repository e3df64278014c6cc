import CStrataServerProtocol
import CWaylandServer

/// wp_single_pixel_buffer_manager_v1, version 1: wl_buffers of one pixel
/// of a given color (SinglePixelBuffer.swift), which clients stretch with
/// a wp_viewport to fill a rect without sending its pixels.
final class SinglePixelBufferManagerGlobal {
    static let version: Int32 = 1
    unowned let server: Server
    private var global: Global?

    init?(server: Server) {
        self.server = server
        global = Global(display: server.display, interface: strata_wp_single_pixel_buffer_manager_v1_interface(),
                        version: SinglePixelBufferManagerGlobal.version, object: self,
                        implementation: SinglePixelBufferManagerGlobal.implementation)
        if global == nil { return nil }
    }

    private static let implementation: UnsafeRawPointer = {
        var i = wp_single_pixel_buffer_manager_v1_interface()
        i.destroy = { _, resource in wl_resource_destroy(resource) }
        i.create_u32_rgba_buffer = { _, resource, id, r, g, b, a in
            guard let resource else { return }
            _ = SinglePixelBuffer(parent: resource, id: id, red: r, green: g, blue: b, alpha: a)
        }
        return staticImplementation(i)
    }()
}

extension SinglePixelBufferManagerGlobal: ServerExtension {}
