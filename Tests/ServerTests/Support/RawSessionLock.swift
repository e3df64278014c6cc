import CStrataClientProtocol
import CStrataServerProtocol
import Foundation

/// An ext_session_lock_v1 of a RawClient: whether `locked` or `finished` came.
final class RawSessionLock {
    let client: RawClient
    let lock: OpaquePointer
    private(set) var locked = false
    private(set) var finished = false
    private let listener = UnsafeMutablePointer<ext_session_lock_v1_listener>.allocate(capacity: 1)

    init(_ client: RawClient, manager: OpaquePointer) {
        self.client = client
        lock = ext_session_lock_manager_v1_lock(manager)!
        listener.initialize(to: ext_session_lock_v1_listener(
            locked: { data, _ in Unmanaged<RawSessionLock>.fromOpaque(data!).takeUnretainedValue().locked = true },
            finished: { data, _ in Unmanaged<RawSessionLock>.fromOpaque(data!).takeUnretainedValue().finished = true }))
        ext_session_lock_v1_add_listener(lock, listener, Unmanaged.passUnretained(self).toOpaque())
        client.roundtrip()
    }

    deinit { listener.deallocate() }

    func unlockAndDestroy() {
        ext_session_lock_v1_unlock_and_destroy(lock)
        client.roundtrip()
    }
}

/// An ext_session_lock_surface_v1 of a RawClient on one output: every
/// configure written down and acknowledged (unless told not to).
final class RawLockSurface {
    let client: RawClient
    let surface: OpaquePointer
    let lockSurface: OpaquePointer
    private(set) var configures: [(serial: UInt32, width: UInt32, height: UInt32)] = []
    var autoAck = true
    private let listener = UnsafeMutablePointer<ext_session_lock_surface_v1_listener>.allocate(capacity: 1)

    /// `surface`: a wl_surface of the client's to use; nil makes a new one.
    init(_ lock: RawSessionLock, compositor: OpaquePointer, output: OpaquePointer, surface: OpaquePointer? = nil, autoAck: Bool = true) {
        client = lock.client
        self.autoAck = autoAck
        self.surface = surface ?? wl_compositor_create_surface(compositor)!
        lockSurface = ext_session_lock_v1_get_lock_surface(lock.lock, self.surface, output)!
        listener.initialize(to: ext_session_lock_surface_v1_listener(
            configure: { data, lockSurface, serial, width, height in
                let me = Unmanaged<RawLockSurface>.fromOpaque(data!).takeUnretainedValue()
                me.configures.append((serial, width, height))
                if me.autoAck { ext_session_lock_surface_v1_ack_configure(lockSurface, serial) }
            }))
        ext_session_lock_surface_v1_add_listener(lockSurface, listener, Unmanaged.passUnretained(self).toOpaque())
        client.roundtrip()
    }

    deinit { listener.deallocate() }

    var surfaceID: UInt32 { wl_proxy_get_id(surface) }
    var lastSize: (width: UInt32, height: UInt32)? { configures.last.map { ($0.width, $0.height) } }

    /// Commits a buffer of `pixel`, of the configured size unless given one; false if the client was ended.
    @discardableResult
    func show(shm: OpaquePointer, width: Int32? = nil, height: Int32? = nil, scale: Int32 = 1, pixel: UInt32 = 0xFF_FF_00_00) throws -> Bool {
        let w = width ?? Int32(lastSize?.width ?? 0) * scale, h = height ?? Int32(lastSize?.height ?? 0) * scale
        let buffer = try client.makeBuffer(shm: shm, width: w, height: h, pixel: pixel)
        if scale != 1 { wl_surface_set_buffer_scale(surface, scale) }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, w, h)
        wl_surface_commit(surface)
        return client.roundtrip()
    }
}
