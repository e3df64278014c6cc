import CStrataClientProtocol
import StrataProtocol

/// A window: wl_surface + xdg_surface + xdg_toplevel.
///
/// `init` creates the objects, sets title and app id and commits the bare
/// surface, which asks the compositor for the first configure; call
/// `waitForConfigure()` before attaching a buffer. Configures are
/// acknowledged as they arrive unless `acknowledgesConfigures` is false.
public final class WaylandToplevel {
    /// A configure sequence: xdg_toplevel.configure, then xdg_surface.configure.
    public struct Configure: Hashable, Sendable {
        public var serial: UInt32
        /// The size the compositor suggests; 0 means the client chooses.
        public var width: Int32
        public var height: Int32
        /// xdg_toplevel.state values (maximized 1, fullscreen 2, resizing 3, activated 4, ...).
        public var states: [UInt32]
    }

    /// Kept alive by the toplevel: xdg_wm_base must outlive its surfaces.
    public let connection: Connection
    let display: WaylandDisplay
    /// The raw objects; nil after `destroy()`.
    public private(set) var surface: OpaquePointer?
    public private(set) var xdgSurface: OpaquePointer?
    public private(set) var xdgToplevel: OpaquePointer?

    public private(set) var title: String
    public private(set) var appID: String

    /// The latest configure, acknowledged or not.
    public private(set) var lastConfigure: Configure?
    /// How many configures arrived.
    public private(set) var configureCount = 0
    /// Whether the compositor sent xdg_toplevel.close.
    public private(set) var closeRequested = false

    /// Acknowledge each configure as it arrives (the default). When false,
    /// call `ackConfigure(serial:)` yourself.
    public var acknowledgesConfigures = true
    /// Called after each configure (and after its acknowledgement, if automatic).
    public var onConfigure: ((Configure) -> Void)?
    /// Called when the compositor asks the window to close.
    public var onClose: (() -> Void)?
    /// The wl_outputs the surface is on (wl_surface.enter and leave), as proxies.
    public fileprivate(set) var outputs: [OpaquePointer] = []
    /// Called when the surface entered or left an output.
    public var onOutputsChange: (() -> Void)?

    /// The toplevel configure not yet completed by its xdg_surface.configure.
    private var pendingSize: (width: Int32, height: Int32) = (0, 0)
    private var pendingStates: [UInt32] = []
    private var frameCallbacks: [WaylandFrameCallback] = []

    /// `maximized` asks, before the first commit, to be maximized: the
    /// first configure then gives the output's usable area.
    public init(connection: Connection, title: String = "", appID: String = "", maximized: Bool = false) throws {
        guard let compositor = connection.compositor, let wmBase = connection.wmBase, connection.isConnected else {
            throw StrataWaylandError.missingGlobal(connection.compositor == nil ? "wl_compositor" : "xdg_wm_base")
        }
        self.connection = connection
        display = connection.display
        self.title = title
        self.appID = appID
        surface = wl_compositor_create_surface(compositor)
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)
        xdgToplevel = xdg_surface_get_toplevel(xdgSurface)
        guard surface != nil, xdgSurface != nil, xdgToplevel != nil else { throw display.connectionError() }

        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_surface_add_listener(surface, surfaceListener, me)
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, me)
        xdg_toplevel_add_listener(xdgToplevel, xdgToplevelListener, me)
        if !title.isEmpty { xdg_toplevel_set_title(xdgToplevel, title) }
        if !appID.isEmpty { xdg_toplevel_set_app_id(xdgToplevel, appID) }
        if maximized { xdg_toplevel_set_maximized(xdgToplevel) }
        wl_surface_commit(surface)
        try display.flush()
    }

    deinit { destroy() }

    /// The wl_surface's object id on the wire (0 once destroyed).
    public var surfaceID: UInt32 { display.objectID(of: surface) }

    private func send(_ request: (OpaquePointer) -> Void) {
        guard let surface, display.isConnected else { return }
        request(surface)
    }

    // MARK: Window management

    public func setTitle(_ title: String) {
        self.title = title
        if let xdgToplevel, display.isConnected { xdg_toplevel_set_title(xdgToplevel, title) }
    }

    public func setAppID(_ appID: String) {
        self.appID = appID
        if let xdgToplevel, display.isConnected { xdg_toplevel_set_app_id(xdgToplevel, appID) }
    }

    /// Dispatches until the first configure arrived (and was acknowledged,
    /// unless `acknowledgesConfigures` is off).
    @discardableResult
    public func waitForConfigure(timeout: Double? = 5) throws -> Configure {
        guard try display.dispatch(until: { self.lastConfigure != nil }, timeout: timeout), let lastConfigure else {
            throw StrataWaylandError.timedOut("the first xdg_surface.configure")
        }
        return lastConfigure
    }

    public func ackConfigure(serial: UInt32) {
        if let xdgSurface, display.isConnected { xdg_surface_ack_configure(xdgSurface, serial) }
    }

    /// xdg_surface.set_window_geometry: the part of the surface that is the window.
    public func setWindowGeometry(x: Int32, y: Int32, width: Int32, height: Int32) {
        guard let xdgSurface, display.isConnected else { return }
        xdg_surface_set_window_geometry(xdgSurface, x, y, width, height)
    }

    /// wl_surface.set_buffer_scale: the buffers' pixels per point, from the next commit.
    public func setBufferScale(_ scale: Int32) {
        guard let surface, display.isConnected else { return }
        wl_surface_set_buffer_scale(surface, scale)
    }

    /// xdg_toplevel.move: the compositor moves the window with the pointer
    /// whose button press had `serial`.
    public func move(seat: WaylandSeat, serial: UInt32) {
        guard let xdgToplevel, let seatProxy = seat.proxy, display.isConnected else { return }
        xdg_toplevel_move(xdgToplevel, seatProxy, serial)
    }

    /// xdg_toplevel.resize from `edges` (xdg_toplevel.resize_edge).
    public func resize(seat: WaylandSeat, serial: UInt32, edges: UInt32) {
        guard let xdgToplevel, let seatProxy = seat.proxy, display.isConnected else { return }
        xdg_toplevel_resize(xdgToplevel, seatProxy, serial, edges)
    }

    // MARK: Plain buffers

    /// wl_surface.attach; marks the buffer attached. nil detaches (unmaps on commit).
    public func attach(_ buffer: ShmBuffer?, x: Int32 = 0, y: Int32 = 0) {
        send { wl_surface_attach($0, buffer?.proxy, x, y) }
        if display.isConnected, surface != nil { buffer?.markAttached() }
    }

    /// wl_surface.damage_buffer, in buffer pixels.
    public func damageBuffer(x: Int32, y: Int32, width: Int32, height: Int32) {
        send { wl_surface_damage_buffer($0, x, y, width, height) }
    }

    /// wl_surface.damage, in surface coordinates.
    public func damage(x: Int32, y: Int32, width: Int32, height: Int32) {
        send { wl_surface_damage($0, x, y, width, height) }
    }

    /// wl_surface.commit, then a flush.
    public func commit() {
        send { wl_surface_commit($0) }
        _ = try? display.flush()
    }

    /// Attaches `buffer`, damages all of it and commits.
    public func present(_ buffer: ShmBuffer) {
        attach(buffer)
        damageBuffer(x: 0, y: 0, width: Int32(clamping: buffer.width), height: Int32(clamping: buffer.height))
        commit()
    }

    // MARK: Frame callbacks

    /// Requests a frame callback (wl_surface.frame) for the next commit;
    /// `done` gets the callback's time in milliseconds. The request takes
    /// effect with the next `commit()`.
    @discardableResult
    public func requestFrame(_ done: @escaping (UInt32) -> Void) -> WaylandFrameCallback? {
        guard let surface, display.isConnected, let proxy = wl_surface_frame(surface) else { return nil }
        let callback = WaylandFrameCallback(proxy: proxy, display: display) { [weak self] callback, time in
            self?.frameCallbacks.removeAll { $0 === callback }
            done(time)
        }
        frameCallbacks.append(callback)
        return callback
    }

    // MARK: Teardown

    /// Destroys the toplevel, its xdg_surface and the wl_surface, in that
    /// order, and any frame callbacks still waiting.
    public func destroy() {
        let callbacks = frameCallbacks
        frameCallbacks = []
        for callback in callbacks { callback.destroy() }
        guard surface != nil || xdgSurface != nil || xdgToplevel != nil else { return }
        let objects = (xdgToplevel, xdgSurface, surface)
        (xdgToplevel, xdgSurface, surface) = (nil, nil, nil)
        guard display.isConnected else { return }
        if let toplevel = objects.0 { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface = objects.1 { xdg_surface_destroy(xdgSurface) }
        if let surface = objects.2 { wl_surface_destroy(surface) }
    }

    // MARK: Events

    fileprivate func handleToplevelConfigure(width: Int32, height: Int32, states: [UInt32]) {
        pendingSize = (width, height)
        pendingStates = states
    }

    fileprivate func handleSurfaceConfigure(serial: UInt32) {
        let configure = Configure(serial: serial, width: pendingSize.width, height: pendingSize.height, states: pendingStates)
        lastConfigure = configure
        configureCount += 1
        if acknowledgesConfigures { ackConfigure(serial: serial) }
        onConfigure?(configure)
    }

    fileprivate func handleClose() {
        closeRequested = true
        onClose?()
    }
}

private func toplevel(_ data: UnsafeMutableRawPointer?) -> WaylandToplevel {
    Unmanaged<WaylandToplevel>.fromOpaque(data!).takeUnretainedValue()
}

private let surfaceListener: UnsafeMutablePointer<wl_surface_listener> = {
    let listener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_surface_listener(
        enter: { data, _, output in
            guard let output else { return }
            let window = toplevel(data)
            if !window.outputs.contains(output) { window.outputs.append(output) }
            window.onOutputsChange?()
        },
        leave: { data, _, output in
            let window = toplevel(data)
            window.outputs.removeAll { $0 == output }
            window.onOutputsChange?()
        }))
    return listener
}()

private let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
    let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
    listener.initialize(to: xdg_surface_listener(configure: { data, _, serial in
        toplevel(data).handleSurfaceConfigure(serial: serial)
    }))
    return listener
}()

private let xdgToplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
    let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
    listener.initialize(to: xdg_toplevel_listener(
        configure: { data, _, width, height, states in
            var values: [UInt32] = []
            if let states, let bytes = states.pointee.data {
                let count = states.pointee.size / MemoryLayout<UInt32>.size
                values = Array(UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt32.self), count: count))
            }
            toplevel(data).handleToplevelConfigure(width: width, height: height, states: values)
        },
        close: { data, _ in toplevel(data).handleClose() },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }))
    return listener
}()
