import Foundation
import StrataWayland

/// A shown UIWindow on the compositor: an xdg_toplevel whose content is the
/// window's layer tree, bound by a strata_context_v1, and the buffer pool
/// its layers' contents are sent in.
///
/// Made when the window becomes visible and torn down when it hides, which
/// unmaps it; the strata layers of the tree stay, so showing it again sends
/// only what changed.
final class WindowSurface {
    let toplevel: Toplevel
    let context: Context
    let bufferPool: ContentsBufferPool
    private weak var compositor: CompositorConnection?
    /// The window this shows; it owns the surface.
    private(set) weak var window: UIWindow?

    /// Whether the first configure arrived (and was acknowledged), so the
    /// layer tree may be shown.
    private(set) var isConfigured = false
    /// Whether the context's root was sent.
    var isRootSent = false

    init(window: UIWindow, compositor: CompositorConnection) throws {
        self.window = window
        self.compositor = compositor
        toplevel = try Toplevel(connection: compositor.connection, title: window.title, appID: UIWindow.applicationID)
        context = compositor.layerManager.context(for: toplevel)
        bufferPool = ContentsBufferPool(connection: compositor.connection)
        toplevel.onConfigure = { [weak self] configure in
            self?.configured(width: Int(configure.width), height: Int(configure.height))
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
        isConfigured = true
        toplevel.commit()
        if width > 0, height > 0, let window {
            let size = CGSize(width: CGFloat(width), height: CGFloat(height))
            if window.bounds.size != size { window.frame = CGRect(origin: window.frame.origin, size: size) }
        }
        UpdateCycle.shared.schedule()
    }

    func setTitle(_ title: String) { toplevel.setTitle(title) }

    /// False once the connection it was made on was closed.
    var isAlive: Bool {
        guard let compositor else { return false }
        return CompositorConnection.current === compositor && compositor.connection.isConnected
    }

    /// Unmaps: the context goes with the next commit, the toplevel at once.
    func tearDown() {
        context.destroy()
        toplevel.onConfigure = nil
        toplevel.onClose = nil
        toplevel.destroy()
        bufferPool.removeAll()
        compositor?.needsCommit = true
        // The context's destruction takes effect with a commit; the toplevel's needs a flush.
        UpdateCycle.shared.schedule()
    }
}
