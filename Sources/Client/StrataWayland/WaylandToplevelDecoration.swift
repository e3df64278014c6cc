import CStrataClientProtocol

/// A toplevel's zxdg_toplevel_decoration_v1: asks the compositor to draw
/// the window's title bar and borders. The compositor decides; `mode` is
/// what it said (client-side until it says otherwise, and where it has no
/// decoration manager there is no object at all).
public final class WaylandToplevelDecoration {
    public enum Mode: Equatable, Sendable { case clientSide, serverSide }

    private var proxy: OpaquePointer?
    private let display: WaylandDisplay
    public private(set) var mode: Mode = .clientSide
    /// Whether the compositor said which side draws (the window's first
    /// frame waits for it, so it is not drawn twice).
    public private(set) var isConfigured = false
    /// Called when the compositor says which side draws the decoration.
    public var onModeChange: ((Mode) -> Void)?

    fileprivate init(proxy: OpaquePointer, display: WaylandDisplay) {
        self.proxy = proxy
        self.display = display
        zxdg_toplevel_decoration_v1_add_listener(proxy, decorationListener, Unmanaged.passUnretained(self).toOpaque())
        zxdg_toplevel_decoration_v1_set_mode(proxy, UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue))
    }

    deinit { destroy() }

    /// Destroyed before its toplevel, as the protocol requires.
    public func destroy() {
        if let proxy, display.isConnected { zxdg_toplevel_decoration_v1_destroy(proxy) }
        proxy = nil
    }

    fileprivate func configured(_ rawMode: UInt32) {
        mode = rawMode == UInt32(ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue) ? .serverSide : .clientSide
        isConfigured = true
        onModeChange?(mode)
    }
}

extension Connection {
    /// Asks for server-side decorations of `toplevel`; nil when the
    /// compositor has no zxdg_decoration_manager_v1 (the app draws its own).
    public func requestServerSideDecoration(for toplevel: WaylandToplevel) -> WaylandToplevelDecoration? {
        if decorationManager == nil {
            decorationManager = globals.first(where: { $0.interface == "zxdg_decoration_manager_v1" })
                .flatMap { bindGlobal($0, strata_client_zxdg_decoration_manager_v1_interface(), upTo: 1) }
        }
        guard let decorationManager, let xdgToplevel = toplevel.xdgToplevel,
              let proxy = zxdg_decoration_manager_v1_get_toplevel_decoration(decorationManager, xdgToplevel) else { return nil }
        return WaylandToplevelDecoration(proxy: proxy, display: display)
    }
}

private let decorationListener: UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener> = {
    let listener = UnsafeMutablePointer<zxdg_toplevel_decoration_v1_listener>.allocate(capacity: 1)
    listener.initialize(to: zxdg_toplevel_decoration_v1_listener(
        configure: { data, _, mode in
            Unmanaged<WaylandToplevelDecoration>.fromOpaque(data!).takeUnretainedValue().configured(mode)
        }))
    return listener
}()
