import CStrataClientProtocol

/// A surface drawn at a fractional scale: its wp_fractional_scale_v1 says
/// the scale the compositor prefers (in 120ths, so 1.5 is 180), and its
/// wp_viewport maps the buffer, drawn at that scale with buffer scale 1,
/// onto the surface's size in points.
public final class SurfaceScaling {
    private var scaleProxy: OpaquePointer?
    private var viewport: OpaquePointer?
    private let display: WaylandDisplay
    /// The compositor's preferred scale; nil until it says.
    public private(set) var preferredScale: Double?
    /// The destination last set, in surface points.
    public private(set) var destination: (width: Int32, height: Int32)?
    /// Called when the preferred scale changes.
    public var onChange: ((Double) -> Void)?

    fileprivate init(scale: OpaquePointer, viewport: OpaquePointer, display: WaylandDisplay) {
        scaleProxy = scale
        self.viewport = viewport
        self.display = display
        wp_fractional_scale_v1_add_listener(scale, fractionalScaleListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { destroy() }

    /// Shows the whole buffer at `width`×`height` points from the next commit on.
    public func setDestination(width: Int32, height: Int32) {
        guard let viewport, destination.map({ $0 != (width, height) }) ?? true else { return }
        destination = (width, height)
        wp_viewport_set_destination(viewport, width, height)
    }

    /// Destroyed before the surface, as both protocols ask.
    public func destroy() {
        if display.isConnected {
            if let viewport { wp_viewport_destroy(viewport) }
            if let scaleProxy { wp_fractional_scale_v1_destroy(scaleProxy) }
        }
        (viewport, scaleProxy) = (nil, nil)
    }

    fileprivate func preferred(_ value: UInt32) {
        let scale = Double(value) / 120
        guard scale > 0, scale != preferredScale else { return }
        preferredScale = scale
        onChange?(scale)
    }
}

extension Connection {
    /// wp_fractional_scale_v1 and wp_viewport for `toplevel`'s surface; nil
    /// unless the compositor offers both wp_fractional_scale_manager_v1 and
    /// wp_viewporter (the surface then keeps integer buffer scales).
    public func fractionalScaling(for toplevel: WaylandToplevel) -> SurfaceScaling? {
        let offered = Set(globals.map(\.interface))
        guard offered.contains("wp_fractional_scale_manager_v1"), offered.contains("wp_viewporter") else { return nil }
        if fractionalScaleManager == nil, viewporter == nil {
            fractionalScaleManager = bind("wp_fractional_scale_manager_v1",
                                          strata_client_wp_fractional_scale_manager_v1_interface(), upTo: 1)
            viewporter = bind("wp_viewporter", strata_client_wp_viewporter_interface(), upTo: 1)
        }
        guard let fractionalScaleManager, let viewporter, let surface = toplevel.surface,
              let scale = wp_fractional_scale_manager_v1_get_fractional_scale(fractionalScaleManager, surface),
              let viewport = wp_viewporter_get_viewport(viewporter, surface) else { return nil }
        return SurfaceScaling(scale: scale, viewport: viewport, display: display)
    }
}

private let fractionalScaleListener: UnsafeMutablePointer<wp_fractional_scale_v1_listener> = {
    let listener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: wp_fractional_scale_v1_listener(
        preferred_scale: { data, _, scale in
            Unmanaged<SurfaceScaling>.fromOpaque(data!).takeUnretainedValue().preferred(scale)
        }))
    return listener
}()
