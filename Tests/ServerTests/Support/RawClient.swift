import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import TestSupport

/// A bare libwayland client for tests that misbehave on purpose: it makes
/// exactly the requests a test asks for, and reports the protocol error
/// the compositor answers with. Interface addresses come from the server
/// glue's accessors (the same wl_interface objects both sides use).
final class RawClient {
    let display: OpaquePointer
    private var registry: OpaquePointer!
    /// The globals announced and not removed, in the order they came.
    private(set) var globals: [(name: UInt32, interface: String, version: UInt32)] = []
    /// Every wl_registry.global_remove, in order: the removed globals as they were announced.
    private(set) var removedGlobals: [(name: UInt32, interface: String, version: UInt32)] = []
    private var listener = wl_registry_listener()

    convenience init(socket: String, runtimeDirectory: String) throws {
        setenv("XDG_RUNTIME_DIR", runtimeDirectory, 1)
        guard let display = wl_display_connect(socket) else {
            throw StrataTestError("cannot connect to \(runtimeDirectory)/\(socket)")
        }
        self.init(display: display)
    }

    /// A client on `fd`, a socket already connected to the compositor (which the client now owns).
    convenience init(connectedTo fd: Int32) throws {
        guard let display = wl_display_connect_to_fd(fd) else { throw StrataTestError("cannot connect on fd \(fd)") }
        self.init(display: display)
    }

    private init(display: OpaquePointer) {
        self.display = display
        registry = wl_display_get_registry(display)
        listener.global = { data, _, name, interface, version in
            let client = Unmanaged<RawClient>.fromOpaque(data!).takeUnretainedValue()
            client.globals.append((name, String(cString: interface!), version))
        }
        listener.global_remove = { data, _, name in
            let client = Unmanaged<RawClient>.fromOpaque(data!).takeUnretainedValue()
            client.removedGlobals += client.globals.filter { $0.name == name }
            client.globals.removeAll { $0.name == name }
        }
        wl_registry_add_listener(registry, &listener, Unmanaged.passUnretained(self).toOpaque())
        roundtrip()
    }

    convenience init(_ strata: StrataProcess) throws {
        try self.init(socket: strata.socketName, runtimeDirectory: strata.runtimeDirectory)
    }

    deinit { wl_display_disconnect(display) }

    /// Binds the global of `interface` at `version`.
    func bind(_ interface: UnsafePointer<wl_interface>, version: UInt32) throws -> OpaquePointer {
        let name = String(cString: interface.pointee.name)
        guard let global = globals.first(where: { $0.interface == name }) else {
            throw StrataTestError("no \(name) global")
        }
        return OpaquePointer(wl_registry_bind(registry, global.name, interface, min(version, global.version))!)
    }

    /// Binds the global named `name` (as wl_registry.global numbered it), whether or not it was removed since.
    func bind(name: UInt32, _ interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer {
        OpaquePointer(wl_registry_bind(registry, name, interface, version)!)
    }

    /// Binds every global of `interface` (each output), in the order the registry announced them.
    func bindAll(_ interface: UnsafePointer<wl_interface>, version: UInt32) -> [OpaquePointer] {
        let name = String(cString: interface.pointee.name)
        return globals.filter { $0.interface == name }.map { global in
            OpaquePointer(wl_registry_bind(registry, global.name, interface, min(version, global.version))!)
        }
    }

    /// Round-trips; false when the connection died (a protocol error).
    @discardableResult
    func roundtrip() -> Bool { wl_display_roundtrip(display) >= 0 }

    /// The error that ended the connection (errno), 0 while it lives. An
    /// error posted on wl_display itself (invalid_method, as for arguments
    /// no request can use) is EINVAL here, not a `protocolError`.
    var connectionError: Int32 { wl_display_get_error(display) }

    /// The protocol error the compositor sent, if any.
    var protocolError: (interface: String, code: UInt32, objectID: UInt32)? {
        guard wl_display_get_error(display) == EPROTO else { return nil }
        var interface: UnsafePointer<wl_interface>?
        var id: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &id)
        return (interface.map { String(cString: $0.pointee.name) } ?? "?", code, id)
    }

    /// An ARGB8888 wl_shm buffer filled with `pixel`, from a pool of its own.
    func makeBuffer(shm: OpaquePointer, width: Int32, height: Int32, stride: Int32? = nil,
                    pixel: UInt32 = 0xFF_00_80_FF, format: UInt32 = WL_SHM_FORMAT_ARGB8888.rawValue,
                    truncatePool: Bool = false) throws -> OpaquePointer {
        let stride = stride ?? width * 4
        let size = Int(stride) * Int(height)
        let (fd, memory) = try RawClient.sharedMemory(size: size)
        defer { close(fd) }
        let words = memory.bindMemory(to: UInt32.self, capacity: size / 4)
        for i in 0..<(size / 4) { words[i] = pixel }
        munmap(memory, size)
        let pool = wl_shm_create_pool(shm, fd, Int32(size))!
        let buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, format)!
        wl_shm_pool_destroy(pool)
        if truncatePool {
            // The server mapped the pool at create_pool; shrinking the file
            // now makes its reads fault (SIGBUS), as a hostile client would.
            _ = wl_display_flush(display)
            _ = roundtrip()
            ftruncate(fd, 0)
        }
        return buffer
    }
}

extension RawClient {
    /// An unlinked file of `size` bytes and a shared mapping of it, for
    /// wl_shm pools; the caller closes the fd and unmaps the memory.
    static func sharedMemory(size: Int) throws -> (fd: Int32, memory: UnsafeMutableRawPointer) {
        var template = Array((NSTemporaryDirectory() + "strata-shm-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw StrataTestError("mkstemp failed") }
        unlink(String(cString: template))
        guard ftruncate(fd, off_t(size)) == 0,
              let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), memory != MAP_FAILED
        else {
            close(fd)
            throw StrataTestError("cannot map a pool of \(size) bytes")
        }
        return (fd, memory)
    }
}

/// Counts wl_callback.done events.
final class CallbackCounter {
    private(set) var done: [UInt32] = []
    private var listener = wl_callback_listener()

    init(_ callback: OpaquePointer) {
        listener.done = { data, _, time in
            Unmanaged<CallbackCounter>.fromOpaque(data!).takeUnretainedValue().done.append(time)
        }
        wl_callback_add_listener(callback, &listener, Unmanaged.passUnretained(self).toOpaque())
    }
}

/// Acknowledges every xdg_surface.configure at once, and remembers them.
final class ConfigureAcker {
    private(set) var serials: [UInt32] = []
    var autoAck = true
    private var listener = xdg_surface_listener()

    init(_ xdgSurface: OpaquePointer) {
        listener.configure = { data, surface, serial in
            let acker = Unmanaged<ConfigureAcker>.fromOpaque(data!).takeUnretainedValue()
            acker.serials.append(serial)
            if acker.autoAck { xdg_surface_ack_configure(surface, serial) }
        }
        xdg_surface_add_listener(xdgSurface, &listener, Unmanaged.passUnretained(self).toOpaque())
    }
}
