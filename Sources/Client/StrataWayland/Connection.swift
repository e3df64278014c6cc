import CStrataClientProtocol
import StrataProtocol
#if canImport(Glibc)
import Glibc
#endif

/// A connection to a Wayland compositor with the globals a Strata client uses.
///
/// `init` connects, reads the registry and binds wl_compositor, wl_shm and
/// xdg_wm_base (all required) and strata_layers_v1 (optional: see
/// `layerManager`), then waits until the compositor has answered, so that
/// `layerManager?.limits` is known when `init` returns.
///
/// Nothing here runs on its own: events are handled only inside
/// `roundtrip()`, `dispatch(timeout:)`, `dispatchPending()` and the `wait`
/// helpers, on the calling thread.
public final class Connection {
    /// One entry of the registry.
    public struct Global: Hashable, Sendable {
        public var name: UInt32
        public var interface: String
        public var version: UInt32
    }

    let display: WaylandDisplay
    private var registry: OpaquePointer?

    /// Every global the compositor advertises, in registry order.
    public private(set) var globals: [Global] = []

    /// The bound globals, for requests StrataWayland does not wrap.
    public private(set) var compositor: OpaquePointer?
    public private(set) var shm: OpaquePointer?
    public private(set) var wmBase: OpaquePointer?
    /// zxdg_decoration_manager_v1, bound when a window first asks for decorations.
    var decorationManager: OpaquePointer?
    /// wp_fractional_scale_manager_v1 and wp_viewporter, bound when a window first asks to be scaled.
    var fractionalScaleManager: OpaquePointer?
    var viewporter: OpaquePointer?
    /// xdg_activation_v1, bound when a window is first activated with a token.
    var activation: OpaquePointer?

    /// The strata_layers_v1 binding made at connect, or nil when the
    /// compositor does not offer strata_layers_v1.
    public private(set) var layerManager: WaylandLayerManager?

    /// wl_shm formats the compositor announced.
    public private(set) var shmFormats: Set<UInt32> = []

    /// Connects to `name`, or to $WAYLAND_DISPLAY (libwayland's default) when nil.
    public init(name: String? = nil) throws {
        display = try WaylandDisplay(name: name)
        guard let registry = wl_display_get_registry(display.pointer) else {
            throw display.connectionError()
        }
        self.registry = registry
        wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(self).toOpaque())
        try display.roundtrip()
        for required in ["wl_compositor", "wl_shm", "xdg_wm_base"] where !globals.contains(where: { $0.interface == required }) {
            throw StrataWaylandError.missingGlobal(required)
        }

        compositor = bind("wl_compositor", strata_client_wl_compositor_interface(), upTo: UInt32(wl_compositor_interface.version))
        shm = bind("wl_shm", strata_client_wl_shm_interface(), upTo: 1)
        wmBase = bind("xdg_wm_base", strata_client_xdg_wm_base_interface(), upTo: UInt32(xdg_wm_base_interface.version))
        if let shm { wl_shm_add_listener(shm, shmListener, Unmanaged.passUnretained(self).toOpaque()) }
        if let wmBase { xdg_wm_base_add_listener(wmBase, wmBaseListener, nil) }
        layerManager = bindLayerManagerWithoutWaiting()
        // Answers to the binds: wl_shm formats, strata_layers_v1 limits.
        try display.roundtrip()
    }

    deinit {
        layerManager = nil
        guard display.isConnected else { return }
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let activation { xdg_activation_v1_destroy(activation) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        if let registry { wl_registry_destroy(registry) }
    }

    /// Binds strata_layers_v1 once more: a binding of its own, with its own
    /// transaction, layers and quotas. Waits for its limits.
    /// Throws `missingGlobal` when the compositor does not offer it.
    public func bindLayerManager() throws -> WaylandLayerManager {
        guard let manager = bindLayerManagerWithoutWaiting() else {
            throw StrataWaylandError.missingGlobal("strata_layers_v1")
        }
        try display.roundtrip()
        return manager
    }

    private func bindLayerManagerWithoutWaiting() -> WaylandLayerManager? {
        bind("strata_layers_v1", strata_client_strata_layers_v1_interface(), upTo: 4).map { WaylandLayerManager(proxy: $0, display: display) }
    }

    /// `layerManager`, or `missingGlobal("strata_layers_v1")`.
    public func requireLayerManager() throws -> WaylandLayerManager {
        guard let layerManager else { throw StrataWaylandError.missingGlobal("strata_layers_v1") }
        return layerManager
    }

    func bind(_ interface: String, _ type: UnsafePointer<wl_interface>, upTo maximum: UInt32) -> OpaquePointer? {
        globals.first(where: { $0.interface == interface }).flatMap { bindGlobal($0, type, upTo: maximum) }
    }

    func bindGlobal(_ global: Global, _ type: UnsafePointer<wl_interface>, upTo maximum: UInt32) -> OpaquePointer? {
        guard let registry else { return nil }
        return OpaquePointer(wl_registry_bind(registry, global.name, type, min(global.version, maximum)))
    }

    // MARK: The event loop

    /// The raw wl_display, for calls StrataWayland does not wrap. nil after `disconnect()`.
    public var wlDisplay: OpaquePointer? { display.pointer }

    /// The connection's file descriptor, to poll beside other sources.
    public var fileDescriptor: Int32 { display.fileDescriptor }

    /// Sends all queued requests and waits until the compositor has handled
    /// them, dispatching every event that arrives meanwhile.
    public func roundtrip() throws { try display.roundtrip() }

    /// Sends queued requests. Returns false if the socket was full and some are still queued.
    @discardableResult
    public func flush() throws -> Bool { try display.flush() }

    /// Flushes, waits up to `timeout` seconds (nil: without limit) for events
    /// and dispatches them. Returns how many were dispatched: 0 after a
    /// timeout or a signal.
    @discardableResult
    public func dispatch(timeout: Double? = nil) throws -> Int { try display.dispatch(timeout: timeout) }

    /// The socket is readable: reads and dispatches what came, without blocking.
    public func readAndDispatch() throws { try display.readAndDispatch() }

    /// Dispatches events already read from the socket, without blocking.
    @discardableResult
    public func dispatchPending() throws -> Int { try display.dispatchPending() }

    /// Dispatches until `condition` is true or `timeout` seconds have passed;
    /// returns the condition's final value.
    @discardableResult
    public func dispatch(until condition: () -> Bool, timeout: Double? = nil) throws -> Bool {
        try display.dispatch(until: condition, timeout: timeout)
    }

    /// Closes the socket. Every object of this connection becomes inert:
    /// their requests are dropped and their destroy() does nothing. Used to
    /// test how a compositor cleans up after a client that goes away.
    public func disconnect() { display.disconnect() }

    public var isConnected: Bool { display.isConnected }

    // MARK: Errors

    /// After the compositor posted a protocol error (the connection is then
    /// dead): the interface and id of the object it named, and the error code.
    public var protocolError: (interfaceName: String, objectID: UInt32, code: UInt32)? { display.protocolError }

    /// The errno of a failed connection (EPROTO after a protocol error), or 0.
    public var errorCode: Int32 { display.pointer.map { wl_display_get_error($0) } ?? 0 }

    // MARK: Registry events

    fileprivate func globalAdded(name: UInt32, interface: String, version: UInt32) {
        globals.append(Global(name: name, interface: interface, version: version))
    }

    fileprivate func globalRemoved(name: UInt32) {
        globals.removeAll { $0.name == name }
    }

    fileprivate func shmFormat(_ format: UInt32) { shmFormats.insert(format) }
}

private func connection(_ data: UnsafeMutableRawPointer?) -> Connection {
    Unmanaged<Connection>.fromOpaque(data!).takeUnretainedValue()
}

private let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
    let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_registry_listener(
        global: { data, _, name, interface, version in
            connection(data).globalAdded(name: name, interface: String(cString: interface!), version: version)
        },
        global_remove: { data, _, name in
            connection(data).globalRemoved(name: name)
        }))
    return listener
}()

private let shmListener: UnsafeMutablePointer<wl_shm_listener> = {
    let listener = UnsafeMutablePointer<wl_shm_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_shm_listener(format: { data, _, format in connection(data).shmFormat(format) }))
    return listener
}()

/// xdg_wm_base.ping must be answered or the compositor deems the client hung.
private let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
    let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
    listener.initialize(to: xdg_wm_base_listener(ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }))
    return listener
}()
