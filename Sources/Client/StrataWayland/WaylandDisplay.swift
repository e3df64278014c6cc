import CStrataClientProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Owns the wl_display and does the event loop work.
///
/// Every object that holds a proxy keeps a strong reference to this, so the
/// display is disconnected only after the last proxy has been destroyed, and
/// no proxy is ever touched after `disconnect()`.
final class WaylandDisplay {
    /// nil once disconnected.
    private(set) var pointer: OpaquePointer?

    init(name: String?) throws {
        let display: OpaquePointer?
        if let name { display = wl_display_connect(name) } else { display = wl_display_connect(nil) }
        guard let display else {
            let code = errno
            let tried = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            throw StrataWaylandError.connectFailed(display: tried, errno: code)
        }
        pointer = display
    }

    deinit { disconnect() }

    var isConnected: Bool { pointer != nil }

    /// A proxy's object id on the wire, to compare with protocol errors; 0
    /// once the proxy or the connection is gone.
    func objectID(of proxy: OpaquePointer?) -> UInt32 {
        guard let proxy, isConnected else { return 0 }
        return wl_proxy_get_id(proxy)
    }

    func disconnect() {
        guard let display = pointer else { return }
        pointer = nil
        wl_display_disconnect(display)
    }

    var fileDescriptor: Int32 { pointer.map { wl_display_get_fd($0) } ?? -1 }

    /// The protocol error the compositor posted, if it posted one.
    var protocolError: (interfaceName: String, objectID: UInt32, code: UInt32)? {
        guard let display = pointer, wl_display_get_error(display) == EPROTO else { return nil }
        var interface: UnsafePointer<wl_interface>?
        var objectID: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &objectID)
        let name = interface.flatMap { $0.pointee.name.map { String(cString: $0) } } ?? "unknown"
        return (name, objectID, code)
    }

    /// The error that killed the connection, as a Swift error.
    func connectionError() -> StrataWaylandError {
        guard let display = pointer else { return .connectionLost(errno: EPIPE) }
        if let error = protocolError {
            return .protocolError(interfaceName: error.interfaceName, objectID: error.objectID, code: error.code)
        }
        let code = wl_display_get_error(display)
        return .connectionLost(errno: code != 0 ? code : errno)
    }

    private func requireDisplay() throws -> OpaquePointer {
        guard let display = pointer else { throw StrataWaylandError.connectionLost(errno: EPIPE) }
        if wl_display_get_error(display) != 0 { throw connectionError() }
        return display
    }

    func roundtrip() throws {
        let display = try requireDisplay()
        if wl_display_roundtrip(display) < 0 { throw connectionError() }
    }

    /// Sends queued requests. Returns false when the socket is full and some remain queued.
    @discardableResult
    func flush() throws -> Bool {
        let display = try requireDisplay()
        if wl_display_flush(display) < 0 {
            if errno == EAGAIN { return false }
            throw connectionError()
        }
        return true
    }

    /// Flushes, waiting while the socket is full: for a run of large
    /// requests (a long path in parts), which libwayland's small buffer
    /// would otherwise refuse. Errors show at the connection's next use.
    func flushWaiting() {
        while (try? flush()) == false {
            var entry = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&entry, 1, 100)
        }
    }

    /// The socket is readable (its poller said so): read and dispatch, as
    /// libwayland asks of a client that polls the fd itself. Events already
    /// queued are dispatched before reading, so none waits for more bytes.
    func readAndDispatch() throws {
        let display = try requireDisplay()
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
        }
        // Readable, so the read does not block; a short read is fine.
        if wl_display_read_events(display) < 0 { throw connectionError() }
        if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
    }

    @discardableResult
    func dispatchPending() throws -> Int {
        let display = try requireDisplay()
        let count = wl_display_dispatch_pending(display)
        if count < 0 { throw connectionError() }
        return Int(count)
    }

    /// Flushes, then waits up to `timeout` seconds (nil: forever) for events
    /// and dispatches them. Returns the number of events dispatched; 0 on a
    /// timeout or when a signal interrupted the wait.
    @discardableResult
    func dispatch(timeout: Double?) throws -> Int {
        let display = try requireDisplay()
        // Events already queued are dispatched first, without blocking.
        if wl_display_prepare_read(display) != 0 {
            return try dispatchPending()
        }
        var pollOut = false
        if wl_display_flush(display) < 0 {
            if errno != EAGAIN {
                wl_display_cancel_read(display)
                throw connectionError()
            }
            pollOut = true
        }
        var entry = pollfd(fd: wl_display_get_fd(display),
                           events: Int16(POLLIN) | (pollOut ? Int16(POLLOUT) : 0), revents: 0)
        let milliseconds: Int32 = timeout.map { Int32(max(0, min($0 * 1000, Double(Int32.max)))) } ?? -1
        let ready = poll(&entry, 1, milliseconds)
        if ready < 0 {
            let code = errno
            wl_display_cancel_read(display)
            if code == EINTR { return 0 }
            throw StrataWaylandError.connectionLost(errno: code)
        }
        if entry.revents & Int16(POLLIN | POLLERR | POLLHUP) == 0 {
            wl_display_cancel_read(display)
            return try dispatchPending()
        }
        if wl_display_read_events(display) < 0 { throw connectionError() }
        return try dispatchPending()
    }

    /// Dispatches until `condition` holds or `timeout` seconds pass. Returns
    /// whether the condition holds.
    func dispatch(until condition: () -> Bool, timeout: Double?) throws -> Bool {
        let deadline = timeout.map { SystemCalls.monotonicSeconds() + $0 }
        while !condition() {
            var remaining: Double? = nil
            if let deadline {
                remaining = deadline - SystemCalls.monotonicSeconds()
                if remaining! <= 0 { return condition() }
            }
            try dispatch(timeout: remaining)
        }
        return true
    }
}
