import CWaylandServer

/// A one-shot timer on the server's event loop: `body` runs on the loop's
/// thread once the time set by `arm` has passed. Arming again moves it;
/// it is removed from the loop when it goes.
final class LoopTimer {
    private var source: OpaquePointer?
    private let body: () -> Void

    init(loop: OpaquePointer, body: @escaping () -> Void) {
        self.body = body
        source = wl_event_loop_add_timer(loop, { data in
            Unmanaged<LoopTimer>.fromOpaque(data!).takeUnretainedValue().body()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let source { wl_event_source_remove(source) }
    }

    /// Runs `body` after `milliseconds` (at least 1: libwayland takes 0 to mean never).
    func arm(milliseconds: Int32) {
        if let source { wl_event_source_timer_update(source, max(milliseconds, 1)) }
    }

    func disarm() {
        if let source { wl_event_source_timer_update(source, 0) }
    }
}
