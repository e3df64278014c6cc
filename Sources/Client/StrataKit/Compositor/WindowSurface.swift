import Foundation
import StrataWayland

/// A shown UIWindow on the compositor: an xdg_toplevel whose content is the
/// window's layer tree, bound by a strata_context_v1 and with the buffer
/// pool its layers' contents are sent in (Strata composites), or drawn by
/// the app into the toplevel's own buffers (the app composites).
///
/// Made when the window becomes visible and torn down when it hides, which
/// unmaps it; the strata layers of the tree stay, so showing it again sends
/// only what changed.
final class WindowSurface {
    let toplevel: WaylandToplevel
    /// Binds the window's layer tree to the toplevel, when Strata composites.
    let context: Context?
    /// Draws the window's layer tree into the toplevel, when the app composites.
    let presenter: WindowPresenter?
    let bufferPool: ContentsBufferPool
    /// The request for server-side decorations, where the compositor takes
    /// such requests (in both compositing modes).
    private var decoration: WaylandToplevelDecoration?
    private weak var compositor: CompositorConnection?
    /// The window this shows; it owns the surface.
    private(set) weak var window: UIWindow?

    /// Whether the first configure arrived (and was acknowledged), and
    /// where decorations were asked for, the compositor's answer: the layer
    /// tree may be shown.
    var isConfigured: Bool { isToplevelConfigured && (decoration?.isConfigured ?? true) }
    private var isToplevelConfigured = false
    /// Whether the context's root was sent.
    var isRootSent = false
    /// Whether the window was mapped: its tree went with a commit (Strata
    /// composites), or its first frame did (the app composites).
    var isMapped: Bool { isRootSent && (presenter.map { $0.commitCount > 0 } ?? true) }
    /// Whether `mapped()` ran.
    private(set) var wasMapped = false

    /// The window is on the compositor for the first time since it was shown.
    func mapped() {
        wasMapped = true
        if let compositor { LaunchActivation.windowMapped(toplevel, on: compositor.connection) }
    }

    init(window: UIWindow, compositor: CompositorConnection) throws {
        self.window = window
        self.compositor = compositor
        toplevel = try WaylandToplevel(connection: compositor.connection, title: window.title, appID: UIWindow.applicationID,
                                maximized: window.fillsScreen)
        context = compositor.layerManager?.context(for: toplevel)
        let madeToplevel = toplevel
        presenter = compositor.localCompositor.map {
            WindowPresenter(toplevel: madeToplevel, connection: compositor.connection, compositor: $0,
                            scaling: CompositorConnection.usesFractionalScaling
                                ? compositor.connection.fractionalScaling(for: madeToplevel) : nil)
        }
        bufferPool = ContentsBufferPool(connection: compositor.connection)
        // Whoever composites, the compositor is asked to draw the title bar
        // (Strata does, as for any window that asks).
        decoration = compositor.connection.requestServerSideDecoration(for: toplevel)
        decoration?.onModeChange = { [weak self] _ in
            self?.updateDecoration()
            UpdateCycle.shared.schedule()
        }
        if let presenter {
            // Without a decoration manager (GNOME, weston) the app draws its title bar.
            presenter.setDrawsTitleBar(decoration == nil)
            presenter.setTitle(window.title, isActive: false)
        }
        toplevel.onConfigure = { [weak self] configure in
            self?.updateDecoration()
            // The compositor sizes the window with its decoration; the content is what is left.
            let offset = Int(self?.presenter?.contentOffset ?? 0)
            self?.configured(width: Int(configure.width), height: Int(configure.height) - (configure.height > 0 ? offset : 0))
        }
        toplevel.onOutputsChange = { [weak self, weak compositor] in
            guard let window = self?.window else { return }
            compositor?.updateScale(of: window)
        }
        presenter?.scaling?.onChange = { [weak self, weak compositor] _ in
            guard let window = self?.window else { return }
            compositor?.updateScale(of: window)
            UpdateCycle.shared.schedule()
        }
        toplevel.onClose = { [weak self] in
            guard let window = self?.window else { return }
            UIApplication.shared.windowCloseRequested(window)
        }
    }

    /// A configure was acknowledged: commit the surface so it takes effect,
    /// and take the size the compositor chose, if it chose one (resizing
    /// the window runs autoresizing and layout like any bounds change).
    func configured(width: Int, height: Int) {
        isToplevelConfigured = true
        toplevel.commit()
        if width > 0, height > 0, let window {
            let size = CGSize(width: CGFloat(width), height: CGFloat(height))
            if window.bounds.size != size { window.frame = CGRect(origin: window.frame.origin, size: size) }
        }
        UpdateCycle.shared.schedule()
    }

    /// The app draws the title bar when the compositor does not (only when
    /// the app composites: Strata's layer trees have no app-drawn bar), except
    /// over a fullscreen window; it shows whether the window is active, and
    /// resizes from the edges only a window that is not maximized,
    /// fullscreen or tiled (xdg_toplevel's states).
    private func updateDecoration() {
        guard let presenter else { return }
        let states = toplevel.lastConfigure?.states ?? []
        let fullscreen = states.contains(2)
        presenter.setDrawsTitleBar((decoration?.mode ?? .clientSide) == .clientSide && !fullscreen)
        presenter.resizesFromEdges = !states.contains { [1, 2, 5, 6, 7, 8].contains($0) }
        presenter.setTitle(window?.title ?? "", isActive: states.contains(4))
    }

    func setTitle(_ title: String) {
        toplevel.setTitle(title)
        presenter?.setTitle(title, isActive: toplevel.lastConfigure?.states.contains(4) ?? false)
    }

    /// Shows the window's layer tree (its root's node) from the next commit on.
    func show(_ root: any LayerNode) {
        if let context { context.setRootLayer(root as? Layer) }
        if let presenter, let root = root as? LocalLayer { presenter.show(root) }
    }

    /// Gives the app-drawn surface the window's size and scale before a frame.
    func fitToWindow() {
        guard let presenter, let window else { return }
        presenter.fit(width: Double(window.bounds.width), height: Double(window.bounds.height), scale: Double(window.screenScale))
    }

    /// False once the connection it was made on was closed.
    var isAlive: Bool {
        guard let compositor else { return false }
        return CompositorConnection.current === compositor && compositor.connection.isConnected
    }

    /// Unmaps: the context goes with the next commit, the toplevel at once.
    func tearDown() {
        context?.destroy()
        presenter?.destroy()
        decoration?.destroy()
        toplevel.onConfigure = nil
        toplevel.onClose = nil
        toplevel.onOutputsChange = nil
        toplevel.destroy()
        bufferPool.removeAll()
        compositor?.needsCommit = true
        // The context's destruction takes effect with a commit; the toplevel's needs a flush.
        UpdateCycle.shared.schedule()
    }
}
