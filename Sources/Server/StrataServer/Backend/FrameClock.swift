import CWaylandServer
#if canImport(Glibc)
import Glibc
#endif

/// When a frame reached the screen, in CLOCK_MONOTONIC, as
/// wp_presentation_feedback.presented reports it.
public struct PresentationTime: Sendable, Equatable {
    public var seconds: UInt64
    public var nanoseconds: UInt32
    public var refreshNanoseconds: UInt32

    public init(seconds: UInt64, nanoseconds: UInt32, refreshNanoseconds: UInt32) {
        (self.seconds, self.nanoseconds, self.refreshNanoseconds) = (seconds, nanoseconds, refreshNanoseconds)
    }

    /// wl_callback.done's timestamp: milliseconds, wrapping.
    public var milliseconds: UInt32 {
        UInt32(truncatingIfNeeded: seconds &* 1000 &+ UInt64(nanoseconds / 1_000_000))
    }

    var totalNanoseconds: UInt64 { seconds * 1_000_000_000 + UInt64(nanoseconds) }
}

/// Paces frames. In realtime mode a wl_event_loop timer is armed only while
/// a frame is scheduled, so an idle compositor never wakes up; in manual
/// mode nothing fires by itself.
final class FrameClock {
    let mode: FrameClockMode
    let refreshNanoseconds: UInt32
    private(set) var isFrameScheduled = false
    private var timer: OpaquePointer?
    private var timerArmed = false
    private var armedDue: UInt64 = 0
    private var lastFrame: UInt64 = 0
    private let tick: () -> Void

    init(loop: OpaquePointer, mode: FrameClockMode, tick: @escaping () -> Void) {
        self.mode = mode
        self.tick = tick
        switch mode {
        case .realtime(let millihertz): refreshNanoseconds = UInt32(1_000_000_000_000 / max(millihertz, 1))
        case .manual: refreshNanoseconds = 16_666_666
        }
        if case .realtime = mode {
            timer = wl_event_loop_add_timer(loop, { data in
                Unmanaged<FrameClock>.fromOpaque(data!).takeUnretainedValue().timerFired()
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    func schedule() { schedule(afterNanoseconds: 0) }

    /// Asks for a frame no sooner than `delay` from now (an animation that
    /// begins or ends later): the timer sleeps until then.
    func schedule(afterNanoseconds delay: UInt64) {
        isFrameScheduled = true
        guard let timer else { return }
        // Keep to the refresh cadence: the next tick is one period after the
        // last frame, or as soon as possible when the output was idle.
        let now = FrameClock.monotonicNow(refreshNanoseconds: refreshNanoseconds).totalNanoseconds
        let due = max(lastFrame + UInt64(refreshNanoseconds), now &+ delay)
        if timerArmed, armedDue <= due { return }
        // The timer counts whole milliseconds; rounding to the nearest keeps
        // the average period at the refresh rate.
        let milliseconds = due > now ? min((due - now + 500_000) / 1_000_000, UInt64(Int32.max)) : 1
        wl_event_source_timer_update(timer, Int32(max(milliseconds, 1)))
        timerArmed = true
        armedDue = due
    }

    func frameDidRender() {
        isFrameScheduled = false
        let now = FrameClock.monotonicNow(refreshNanoseconds: refreshNanoseconds).totalNanoseconds
        let period = UInt64(refreshNanoseconds)
        // Stay on the refresh grid while frames follow each other, so the
        // millisecond timer's rounding does not drift the rate; after idle, start afresh.
        if lastFrame > 0, now >= lastFrame, now - lastFrame < period * 3 / 2 {
            lastFrame += period
        } else {
            lastFrame = now
        }
    }

    private func timerFired() {
        timerArmed = false
        // A frame rendered by hand since the timer was armed leaves nothing to do.
        if isFrameScheduled { tick() }
    }

    func stop() {
        if let timer { wl_event_source_remove(timer) }
        timer = nil
    }

    static func monotonicNow(refreshNanoseconds: UInt32) -> PresentationTime {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return PresentationTime(seconds: UInt64(now.tv_sec), nanoseconds: UInt32(now.tv_nsec),
                                refreshNanoseconds: refreshNanoseconds)
    }
}
