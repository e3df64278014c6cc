import CStrataClientProtocol

/// A strata_context_v1: binds a layer tree to a toplevel's wl_surface.
public final class Context {
    let display: WaylandDisplay
    /// The strata_context_v1; nil after `destroy()`.
    public private(set) var proxy: OpaquePointer?
    /// The root layer as last sent; kept alive by the context.
    public private(set) var rootLayer: Layer?
    /// The window it was made for, kept alive with the context (nil for a bare surface).
    public internal(set) var toplevel: WaylandToplevel?

    init(proxy: OpaquePointer?, display: WaylandDisplay) {
        self.proxy = proxy
        self.display = display
    }

    deinit { destroy() }

    /// The object id on the wire (0 once destroyed).
    public var objectID: UInt32 { display.objectID(of: proxy) }

    /// Sets the pending root layer; nil shows no tree. Applied at the next commit.
    public func setRootLayer(_ layer: Layer?) {
        guard let proxy, display.isConnected else { return }
        strata_context_v1_set_root_layer(proxy, layer?.proxy)
        rootLayer = layer
    }

    /// Unbinds the tree from the surface from the next commit on; the layers stay alive.
    public func destroy() {
        guard let proxy else { return }
        self.proxy = nil
        if display.isConnected { strata_context_v1_destroy(proxy) }
        // After the destroy request, so a root layer freed here is destroyed second.
        rootLayer = nil
    }
}
