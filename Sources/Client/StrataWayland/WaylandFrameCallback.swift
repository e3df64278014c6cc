import CStrataClientProtocol

/// A wl_callback from wl_surface.frame. It destroys itself when done
/// arrives; `destroy()` abandons it earlier.
public final class WaylandFrameCallback {
    let display: WaylandDisplay
    private var proxy: OpaquePointer?
    private let done: (WaylandFrameCallback, UInt32) -> Void
    /// Whether done arrived.
    public private(set) var isDone = false

    init(proxy: OpaquePointer, display: WaylandDisplay, done: @escaping (WaylandFrameCallback, UInt32) -> Void) {
        self.proxy = proxy
        self.display = display
        self.done = done
        wl_callback_add_listener(proxy, callbackListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { destroy() }

    public func destroy() {
        guard let proxy else { return }
        self.proxy = nil
        if display.isConnected { wl_callback_destroy(proxy) }
    }

    fileprivate func handleDone(time: UInt32) {
        // Keep self alive through the handler, which may drop the last reference.
        withExtendedLifetime(self) {
            isDone = true
            destroy()
            done(self, time)
        }
    }
}

private let callbackListener: UnsafeMutablePointer<wl_callback_listener> = {
    let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    listener.initialize(to: wl_callback_listener(done: { data, _, time in
        Unmanaged<WaylandFrameCallback>.fromOpaque(data!).takeUnretainedValue().handleDone(time: time)
    }))
    return listener
}()
