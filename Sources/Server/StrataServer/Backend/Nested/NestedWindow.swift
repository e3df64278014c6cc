import CStrataClientProtocol
import StrataRender
import StrataWayland

/// One output of the nested backend: a window on the parent compositor.
/// Each frame's damage is copied into a wl_shm buffer and committed with
/// only that damage, paced by the parent's frame callbacks (`SurfacePresenter`).
final class NestedWindow: BackendOutput {
    private(set) var renderer: SceneRenderer
    let toplevel: WaylandToplevel
    let outputName: String
    let outputModel = "Window"
    let outputKind: String
    private let scale: Int
    private let presenter: SurfacePresenter
    /// Pixels copied into buffers and committed as damage to the parent.
    var pixelsPresented: Int { presenter.pixelsPresented }

    /// Maps a window of `width`×`height` pixels at `scale`, titled `title`, as output `name`.
    init(connection: Connection, name: String, parentName: String, width: Int, height: Int, scale: Int, title: String) throws {
        self.scale = scale
        outputName = name
        outputKind = "window on \(parentName)"
        renderer = SceneRenderer(width: width, height: height, scale: Double(scale))
        toplevel = try WaylandToplevel(connection: connection, title: title, appID: "strata")
        if let surface = toplevel.surface { wl_surface_set_buffer_scale(surface, Int32(scale)) }
        presenter = SurfacePresenter(connection: connection, toplevel: toplevel)
        _ = try toplevel.waitForConfigure()
        try presenter.resize(width: width, height: height, opaque: true)
    }

    /// The parent sized the window: the output takes that size (in the
    /// parent's points, times this output's scale), as a monitor's new
    /// mode. True when the renderer was replaced by one of the new size.
    func configured(_ configure: WaylandToplevel.Configure) -> Bool {
        let width = Int(configure.width) * scale, height = Int(configure.height) * scale
        guard width > 0, height > 0, width <= 16384, height <= 16384,
              width != renderer.width || height != renderer.height else { return false }
        do {
            try presenter.resize(width: width, height: height, opaque: true)
        } catch {
            ServerLog.logger.error("cannot resize the window of \(outputName) to \(width)x\(height): \(error)")
            return false
        }
        renderer = SceneRenderer(width: width, height: height, scale: Double(scale))
        return true
    }

    func present(_ stats: FrameStats) {
        presenter.present(renderer.framebuffer, damage: stats.damage)
    }

    func destroy() {
        presenter.destroy()
        toplevel.destroy()
    }
}
