import CWaylandServer

/// A global taken away safely: withdrawn at once (every client gets
/// wl_registry.global_remove, new clients never see it) and destroyed only
/// some seconds later. A client that bound it meanwhile, before the
/// global_remove reached it, gets a working (inert) object instead of a
/// protocol error for binding a global that no longer exists. wlroots
/// (wlr_global_destroy_safe) and weston wait 5 seconds too.
final class RetiringGlobal {
    static let delayMilliseconds: Int32 = 5_000
    private var timer: OpaquePointer?
    /// Destroys the global; it holds what the global's bind handler needs until then.
    private var destroy: (() -> Void)?

    /// Call `Global.withdraw()` first; `destroy` runs once, after the delay or at `destroyNow()`.
    init(loop: OpaquePointer, delayMilliseconds: Int32 = RetiringGlobal.delayMilliseconds, destroy: @escaping () -> Void) {
        self.destroy = destroy
        timer = wl_event_loop_add_timer(loop, { data in
            Unmanaged<RetiringGlobal>.fromOpaque(data!).takeUnretainedValue().destroyNow()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        if let timer { wl_event_source_timer_update(timer, max(delayMilliseconds, 1)) } else { destroyNow() }
    }

    /// When the delay is over, or at shutdown (globals must go before the display).
    func destroyNow() {
        if let timer { wl_event_source_remove(timer) }
        timer = nil
        let body = destroy
        destroy = nil
        body?()
    }

    var isDestroyed: Bool { destroy == nil }
}
