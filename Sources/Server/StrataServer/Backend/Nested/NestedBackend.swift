import CPixman
import CStrataClientProtocol
import CWaylandServer
import StrataProtocol
import StrataRender
import StrataWayland
#if canImport(Glibc)
import Glibc
#endif

/// The output as a window on another Wayland compositor (the parent): each
/// frame's damage is copied into a wl_shm buffer and committed with only
/// that damage, paced by the parent's frame callbacks; the parent's pointer,
/// keyboard and touch become this compositor's seat; closing the window
/// ends the session. Built on StrataWayland, the client layer StrataKit uses.
final class NestedBackend: OutputBackend {
    private(set) var renderer: SceneRenderer
    let parentName: String
    private let connection: Connection
    private let toplevel: StrataWayland.Toplevel
    private let parentSeat: StrataWayland.Seat?
    private let scale: Int
    /// Frames to the parent: only their damage, paced by its frame callbacks.
    private let presenter: SurfacePresenter
    private weak var server: Server?
    private var source: OpaquePointer?
    private var input: NestedInput?
    /// Pixels copied into buffers and committed as damage to the parent.
    var pixelsPresented: Int { presenter.pixelsPresented }

    /// Connects to the parent (`parentName`, as WAYLAND_DISPLAY names it) and
    /// maps a window of `width`×`height` pixels at `scale`, titled `title`.
    init(parentName: String, width: Int, height: Int, scale: Int, title: String) throws {
        self.parentName = parentName
        self.scale = scale
        renderer = SceneRenderer(width: width, height: height, scale: Double(scale))
        connection = try Connection(name: parentName)
        toplevel = try StrataWayland.Toplevel(connection: connection, title: title, appID: "strata")
        if let surface = toplevel.surface { wl_surface_set_buffer_scale(surface, Int32(scale)) }
        parentSeat = connection.bindSeat()
        presenter = SurfacePresenter(connection: connection, toplevel: toplevel)
        _ = try toplevel.waitForConfigure()
        try presenter.resize(width: width, height: height, opaque: true)
    }

    /// The parent sized the window: the output takes that size (in the
    /// parent's points, times this output's scale), as a monitor's new mode.
    private func configured(_ configure: StrataWayland.Toplevel.Configure) {
        let width = Int(configure.width) * scale, height = Int(configure.height) * scale
        guard width > 0, height > 0, width <= 16384, height <= 16384,
              width != renderer.width || height != renderer.height, let server else { return }
        do {
            try presenter.resize(width: width, height: height, opaque: true)
        } catch {
            ServerLog.logger.error("cannot resize the window to \(width)x\(height): \(error)")
            return
        }
        renderer = SceneRenderer(width: width, height: height, scale: Double(scale))
        server.outputDidResize(width: width, height: height)
    }

    let outputName = "WL-1", outputModel = "Window"
    var outputKind: String { "window on \(parentName)" }
    var summary: String { "a \(renderer.width)x\(renderer.height) window at scale \(scale) on \(parentName)" }

    func attach(to server: Server) {
        self.server = server
        toplevel.onClose = { [weak server] in server?.terminate() }
        toplevel.onConfigure = { [unowned self] configure in self.configured(configure) }
        // A parent that sized the window from the start (a tiling one) gets that size at once.
        if let first = toplevel.lastConfigure { configured(first) }
        if let parentSeat { input = NestedInput(seat: parentSeat, server: server) }
        source = wl_event_loop_add_fd(server.eventLoop, connection.fileDescriptor, UInt32(WL_EVENT_READABLE), { _, mask, data in
            Unmanaged<NestedBackend>.fromOpaque(data!).takeUnretainedValue().parentReadable(mask: mask)
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        // The first frame covers the whole window.
        server.scheduleFrame()
    }

    func present(_ stats: FrameStats) {
        presenter.present(renderer.framebuffer, damage: stats.damage)
    }

    private func parentReadable(mask: UInt32) {
        do {
            try connection.dispatch(timeout: 0)
            _ = try connection.flush()
        } catch {
            ServerLog.logger.error("the parent compositor \(parentName) went away: \(error)")
            server?.terminate()
            return
        }
        if mask & UInt32(WL_EVENT_HANGUP | WL_EVENT_ERROR) != 0 {
            ServerLog.logger.error("the parent compositor \(parentName) closed the connection")
            server?.terminate()
        }
    }

    func stop() {
        if let source { wl_event_source_remove(source) }
        source = nil
        input = nil
        presenter.destroy()
        toplevel.destroy()
        connection.disconnect()
    }
}

extension Server {
    /// A window on the compositor named `parent` as the output (the nested backend).
    public static func nestedBackend(parent: String, width: Int, height: Int, scale: Int, title: String) throws -> OutputBackend {
        try NestedBackend(parentName: parent, width: width, height: height, scale: scale, title: title)
    }
}
