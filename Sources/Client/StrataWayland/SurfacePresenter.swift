import CStrataClientProtocol
import StrataRender

/// Shows a framebuffer in a toplevel's wl_surface: each frame's damage is
/// copied into a free wl_shm buffer, which is committed with only that
/// damage (`wl_surface.damage_buffer`), paced by frame callbacks. Two
/// buffers, so one can be drawn while the compositor still reads the other;
/// each keeps the damage it missed, so a frame copies only what changed
/// since that buffer was last shown. A frame with no damage commits nothing.
public final class SurfacePresenter {
    private let connection: Connection
    private let toplevel: WaylandToplevel
    private var buffers: [DamagedBuffer<ShmBuffer>] = []
    private var frameCallbackPending = false
    /// Damage waits for a free buffer or for the compositor's next frame.
    private var presentWanted = false
    /// What changed since the last commit: the surface damage of the next.
    private var surfaceDamage: [PixelRect] = []
    /// The framebuffer the damage is copied from (a pixman image).
    private var source: OpaquePointer?
    /// Called when the compositor wants the next frame (its frame callback came).
    public var onFrame: (() -> Void)?
    /// The surface damage of the last commit, in buffer pixels (for tests and figures).
    public private(set) var lastDamage: [PixelRect] = []
    public private(set) var commitCount = 0
    public private(set) var pixelsPresented = 0

    public init(connection: Connection, toplevel: WaylandToplevel) {
        self.connection = connection
        self.toplevel = toplevel
    }

    /// Whether a frame callback is outstanding: the compositor has not shown the last buffer yet.
    public var isWaitingForFrame: Bool { frameCallbackPending }

    /// New buffers of `width`×`height` pixels; the next frame covers them whole.
    public func resize(width: Int, height: Int, opaque: Bool) throws {
        buffers = try (0..<2).map { _ in
            let shm = try ShmBuffer(connection: connection, width: width, height: height, format: opaque ? .xrgb8888 : .argb8888)
            return DamagedBuffer(shm, pixels: shm.pixels, width: shm.width, height: shm.height, stride: shm.stride)
        }
        for buffer in buffers { buffer.handle.onRelease = { [unowned self] in if self.presentWanted { self.presentNow() } } }
    }

    /// `damage` of `framebuffer` changed: shows it now, or once the
    /// compositor is ready for a new buffer.
    public func present(_ framebuffer: OpaquePointer, damage: [PixelRect]) {
        source = framebuffer
        guard !damage.isEmpty else { return }
        for buffer in buffers { buffer.add(damage) }
        surfaceDamage += damage
        if surfaceDamage.count > 32, let first = surfaceDamage.first {
            surfaceDamage = [surfaceDamage.dropFirst().reduce(first) { $0.union($1) }]
        }
        if frameCallbackPending { presentWanted = true } else { presentNow() }
    }

    private func presentNow() {
        guard let source, let buffer = buffers.first(where: { $0.handle.released }) else {
            presentWanted = true  // every buffer is with the compositor: the next release presents
            return
        }
        presentWanted = false
        guard buffer.hasDamage else { return }
        // The buffer gets all it missed since it was last shown; the
        // compositor hears only what changed since the last commit.
        _ = buffer.copyDamage(from: source)
        let damage = surfaceDamage
        surfaceDamage = []
        toplevel.attach(buffer.handle)
        for rect in damage {
            pixelsPresented += rect.area
            toplevel.damageBuffer(x: Int32(rect.x), y: Int32(rect.y), width: Int32(rect.width), height: Int32(rect.height))
        }
        lastDamage = damage
        commitCount += 1
        frameCallbackPending = true
        _ = toplevel.requestFrame { [weak self] _ in
            guard let self else { return }
            self.frameCallbackPending = false
            if self.presentWanted { self.presentNow() }
            self.onFrame?()
        }
        toplevel.commit()
    }

    public func destroy() {
        for buffer in buffers { buffer.handle.destroy() }
        buffers = []
    }
}
