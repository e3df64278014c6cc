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
    /// Two buffers, so one can be drawn while the parent still reads the other.
    private var buffers: [DamagedBuffer<ShmBuffer>] = []
    private var frameCallbackPending = false
    /// A frame was rendered while the parent could not take it yet.
    private var presentWanted = false
    private weak var server: Server?
    private var source: OpaquePointer?
    private var input: NestedInput?
    /// Pixels copied into buffers and committed as damage to the parent.
    private(set) var pixelsPresented = 0

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
        _ = try toplevel.waitForConfigure()
        try makeBuffers(width: width, height: height)
    }

    private func makeBuffers(width: Int, height: Int) throws {
        buffers = try (0..<2).map { _ in
            let shm = try ShmBuffer(connection: connection, width: width, height: height, format: .xrgb8888)
            return DamagedBuffer(shm, pixels: shm.pixels, width: shm.width, height: shm.height, stride: shm.stride)
        }
        for buffer in buffers { buffer.handle.onRelease = { [unowned self] in if self.presentWanted { self.presentNow() } } }
    }

    /// The parent sized the window: the output takes that size (in the
    /// parent's points, times this output's scale), as a monitor's new mode.
    private func configured(_ configure: StrataWayland.Toplevel.Configure) {
        let width = Int(configure.width) * scale, height = Int(configure.height) * scale
        guard width > 0, height > 0, width <= 16384, height <= 16384,
              width != renderer.width || height != renderer.height, let server else { return }
        do {
            try makeBuffers(width: width, height: height)
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
        guard !stats.damage.isEmpty else { return }
        for buffer in buffers { buffer.add(stats.damage) }
        if frameCallbackPending { presentWanted = true } else { presentNow() }
    }

    /// Copies what changed since the free buffer was last shown, and commits it with that damage.
    private func presentNow() {
        guard let buffer = buffers.first(where: { $0.handle.released }) else {
            presentWanted = true  // both with the parent: the next release presents
            return
        }
        presentWanted = false
        guard buffer.hasDamage else { return }
        let damage = buffer.copyDamage(from: renderer.framebuffer)
        toplevel.attach(buffer.handle)
        for rect in damage {
            pixelsPresented += rect.area
            toplevel.damageBuffer(x: Int32(rect.x), y: Int32(rect.y), width: Int32(rect.width), height: Int32(rect.height))
        }
        frameCallbackPending = true
        toplevel.requestFrame { [weak self] _ in
            guard let self else { return }
            self.frameCallbackPending = false
            if self.presentWanted { self.presentNow() }
        }
        toplevel.commit()
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
        toplevel.destroy()
        buffers = []
        connection.disconnect()
    }
}

extension Server {
    /// A window on the compositor named `parent` as the output (the nested backend).
    public static func nestedBackend(parent: String, width: Int, height: Int, scale: Int, title: String) throws -> OutputBackend {
        try NestedBackend(parentName: parent, width: width, height: height, scale: scale, title: title)
    }
}
