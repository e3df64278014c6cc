import CStrataClientProtocol
import StrataRender
import StrataWayland

/// One output of the nested backend: a window on the parent compositor.
/// Each frame's damage is copied into a wl_shm buffer and committed with
/// only that damage, paced by the parent's frame callbacks.
final class NestedWindow: BackendOutput {
    private(set) var renderer: SceneRenderer
    let toplevel: StrataWayland.Toplevel
    let outputName: String
    let outputModel = "Window"
    let outputKind: String
    private let connection: Connection
    private let scale: Int
    /// Two buffers, so one can be drawn while the parent still reads the other.
    private var buffers: [DamagedBuffer<ShmBuffer>] = []
    private var frameCallbackPending = false
    /// A frame was rendered while the parent could not take it yet.
    private var presentWanted = false
    /// Pixels copied into buffers and committed as damage to the parent.
    private(set) var pixelsPresented = 0

    /// Maps a window of `width`×`height` pixels at `scale`, titled `title`, as output `name`.
    init(connection: Connection, name: String, parentName: String, width: Int, height: Int, scale: Int, title: String) throws {
        self.connection = connection
        self.scale = scale
        outputName = name
        outputKind = "window on \(parentName)"
        renderer = SceneRenderer(width: width, height: height, scale: Double(scale))
        toplevel = try StrataWayland.Toplevel(connection: connection, title: title, appID: "strata")
        if let surface = toplevel.surface { wl_surface_set_buffer_scale(surface, Int32(scale)) }
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
    /// parent's points, times this output's scale), as a monitor's new
    /// mode. True when the renderer was replaced by one of the new size.
    func configured(_ configure: StrataWayland.Toplevel.Configure) -> Bool {
        let width = Int(configure.width) * scale, height = Int(configure.height) * scale
        guard width > 0, height > 0, width <= 16384, height <= 16384,
              width != renderer.width || height != renderer.height else { return false }
        do {
            try makeBuffers(width: width, height: height)
        } catch {
            ServerLog.logger.error("cannot resize the window of \(outputName) to \(width)x\(height): \(error)")
            return false
        }
        renderer = SceneRenderer(width: width, height: height, scale: Double(scale))
        return true
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

    func destroy() {
        toplevel.destroy()
        buffers = []
    }
}
