import CStrataClientProtocol

/// The outputs' scale (wl_output.scale, pixels per point), which windows
/// take as their `screenScale`. With several outputs the largest wins, so
/// contents are sharp wherever a window is shown.
public final class OutputScales {
    private var registry: OpaquePointer?
    /// Bound outputs by registry name, with the scale each announced.
    private var outputs: [UInt32: (proxy: OpaquePointer, scale: Int32, pixels: (width: Double, height: Double)?)] = [:]
    /// Called when the largest scale changed.
    public var onChange: ((Double) -> Void)?

    /// The largest scale of the outputs; 1 while none is known.
    public var scale: Double { Double(max(1, outputs.values.map(\.scale).max() ?? 1)) }

    /// The largest scale of `entered` (wl_output proxies a surface is on);
    /// of all outputs while it is on none known (some compositors say
    /// where a surface is only once it has shown a buffer).
    public func scale(ofOutputs entered: [OpaquePointer]) -> Double {
        let scales = outputs.values.filter { entered.contains($0.proxy) }.map(\.scale)
        return scales.isEmpty ? scale : Double(max(1, scales.max()!))
    }

    /// Starts listening on `connection`; the scales arrive with the next roundtrips.
    public init(connection: Connection) {
        guard let display = connection.wlDisplay, let registry = wl_display_get_registry(display) else { return }
        self.registry = registry
        wl_registry_add_listener(registry, outputRegistryListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        for output in outputs.values { wl_proxy_destroy(output.proxy) }
        if let registry { wl_registry_destroy(registry) }
    }

    fileprivate func globalAdded(name: UInt32, interface: String, version: UInt32) {
        guard interface == "wl_output", let registry,
              let bound = wl_registry_bind(registry, name, strata_client_wl_output_interface(), min(version, 2)) else { return }
        let proxy = OpaquePointer(bound)
        outputs[name] = (proxy, 1, nil)
        wl_output_add_listener(proxy, outputListener, Unmanaged.passUnretained(self).toOpaque())
    }

    fileprivate func globalRemoved(name: UInt32) {
        guard let output = outputs.removeValue(forKey: name) else { return }
        let before = scale
        wl_proxy_destroy(output.proxy)
        if scale != before { onChange?(scale) }
    }

    /// The first output's size in points (UIScreen.main's bounds), once announced.
    public var firstOutputSize: (width: Double, height: Double)? {
        guard let first = outputs.min(by: { $0.key < $1.key })?.value, let pixels = first.pixels else { return nil }
        let scale = Double(max(1, first.scale))
        return (pixels.width / scale, pixels.height / scale)
    }

    fileprivate func modeAnnounced(flags: UInt32, width: Int32, height: Int32, by proxy: OpaquePointer?) {
        guard flags & 1 != 0, width > 0, height > 0,  // WL_OUTPUT_MODE_CURRENT
              let name = outputs.first(where: { $0.value.proxy == proxy })?.key else { return }
        outputs[name]?.pixels = (Double(width), Double(height))
    }

    fileprivate func scaleAnnounced(_ factor: Int32, by proxy: OpaquePointer?) {
        guard let name = outputs.first(where: { $0.value.proxy == proxy })?.key else { return }
        let before = scale
        outputs[name]?.scale = factor
        if scale != before { onChange?(scale) }
    }
}

private func observer(_ data: UnsafeMutableRawPointer?) -> OutputScales {
    Unmanaged<OutputScales>.fromOpaque(data!).takeUnretainedValue()
}

private let outputRegistryListener: UnsafeMutablePointer<wl_registry_listener> = {
    let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_registry_listener(
        global: { data, _, name, interface, version in
            observer(data).globalAdded(name: name, interface: String(cString: interface!), version: version)
        },
        global_remove: { data, _, name in observer(data).globalRemoved(name: name) }))
    return listener
}()

private let outputListener: UnsafeMutablePointer<wl_output_listener> = {
    let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { data, output, flags, width, height, _ in
            observer(data).modeAnnounced(flags: flags, width: width, height: height, by: output)
        },
        done: { _, _ in },
        scale: { data, output, factor in observer(data).scaleAnnounced(factor, by: output) },
        name: { _, _, _ in },
        description: { _, _, _ in }))
    return listener
}()
