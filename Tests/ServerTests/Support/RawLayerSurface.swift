import CStrataClientProtocol
import CStrataServerProtocol
import Foundation

/// A zwlr_layer_surface_v1 of a RawClient: `setUp` sets its state before
/// the initial commit; it writes down every configure (and acknowledges
/// it, unless told not to) and whether it was closed.
final class RawLayerSurface {
    let client: RawClient
    let surface: OpaquePointer
    let layerSurface: OpaquePointer
    private(set) var configures: [(serial: UInt32, width: UInt32, height: UInt32)] = []
    private(set) var closed = false
    var autoAck = true
    private let listener = UnsafeMutablePointer<zwlr_layer_surface_v1_listener>.allocate(capacity: 1)

    static let background: UInt32 = 0, bottom: UInt32 = 1, top: UInt32 = 2, overlay: UInt32 = 3
    static let anchorTop: UInt32 = 1, anchorBottom: UInt32 = 2, anchorLeft: UInt32 = 4, anchorRight: UInt32 = 8
    static let anchorAll: UInt32 = 15

    /// `output`: the wl_output it asks to be on; nil leaves it to the compositor.
    init(_ client: RawClient, compositor: OpaquePointer, shell: OpaquePointer, layer: UInt32, namespace: String = "test",
         output: OpaquePointer? = nil, commit: Bool = true, setUp: (OpaquePointer) -> Void = { _ in }) {
        self.client = client
        surface = wl_compositor_create_surface(compositor)!
        layerSurface = zwlr_layer_shell_v1_get_layer_surface(shell, surface, output, layer, namespace)!
        listener.initialize(to: zwlr_layer_surface_v1_listener(
            configure: { data, layerSurface, serial, width, height in
                let me = Unmanaged<RawLayerSurface>.fromOpaque(data!).takeUnretainedValue()
                me.configures.append((serial, width, height))
                if me.autoAck { zwlr_layer_surface_v1_ack_configure(layerSurface, serial) }
            },
            closed: { data, _ in Unmanaged<RawLayerSurface>.fromOpaque(data!).takeUnretainedValue().closed = true }))
        zwlr_layer_surface_v1_add_listener(layerSurface, listener, Unmanaged.passUnretained(self).toOpaque())
        setUp(layerSurface)
        if commit {
            wl_surface_commit(surface)
            client.roundtrip()
        }
    }

    deinit { listener.deallocate() }

    var surfaceID: UInt32 { wl_proxy_get_id(surface) }
    var lastSize: (width: UInt32, height: UInt32)? { configures.last.map { ($0.width, $0.height) } }

    /// Commits a buffer of `pixel`, of the configured size unless given one, and waits until the compositor handled it.
    @discardableResult
    func show(shm: OpaquePointer, width: Int32? = nil, height: Int32? = nil, pixel: UInt32 = 0xFF_00_80_FF) throws -> Bool {
        let w = width ?? Int32(lastSize?.width ?? 0), h = height ?? Int32(lastSize?.height ?? 0)
        let buffer = try client.makeBuffer(shm: shm, width: w, height: h, pixel: pixel)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, w, h)
        wl_surface_commit(surface)
        return client.roundtrip()
    }

    /// Attaches no buffer and commits: the surface unmaps.
    func unmap() {
        wl_surface_attach(surface, nil, 0, 0)
        wl_surface_commit(surface)
        client.roundtrip()
    }
}
