import Dispatch
import Foundation

/// Where the event system reads the time and schedules its timers (a long
/// press's duration, a tap's wait for another tap, a swipe's time limit, the
/// end of a scroll). All of them go through `EventClock.current`, so tests
/// swap in a `ManualEventClock` and advance time by hand instead of sleeping,
/// as SwiftNIO's EmbeddedEventLoop does.
protocol EventClock: AnyObject {
    /// Seconds on the clock of `UIEvent.timestamp` (`systemUptime`).
    var now: TimeInterval { get }
    /// Runs `work` on the main thread `delay` seconds from now, unless cancelled.
    func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> EventTimer
}

enum EventClocks {
    /// The clock the event system uses; tests replace it.
    static var current: EventClock = MainQueueEventClock()
}

/// A scheduled piece of work that can be cancelled before it runs.
final class EventTimer {
    private(set) var isCancelled = false
    private(set) var hasFired = false
    private let work: () -> Void

    init(_ work: @escaping () -> Void) { self.work = work }

    func cancel() { isCancelled = true }

    /// Runs the work once, unless cancelled.
    func fire() {
        guard !isCancelled, !hasFired else { return }
        hasFired = true
        work()
    }

    var isPending: Bool { !isCancelled && !hasFired }
}

/// The production clock: monotonic uptime, timers on the main queue.
final class MainQueueEventClock: EventClock {
    var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

    func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> EventTimer {
        let timer = EventTimer(work)
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { timer.fire() }
        return timer
    }
}

/// A clock that moves only when told to: `advance(by:)` runs the timers that
/// fall due, in order of their deadlines.
final class ManualEventClock: EventClock {
    private(set) var now: TimeInterval
    private var scheduled: [(deadline: TimeInterval, timer: EventTimer)] = []

    init(now: TimeInterval = 1000) { self.now = now }

    func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> EventTimer {
        let timer = EventTimer(work)
        scheduled.append((now + max(delay, 0), timer))
        return timer
    }

    func advance(by interval: TimeInterval) {
        let end = now + interval
        // Timers scheduled by a firing timer run too when they fall due in the interval.
        while let next = scheduled.enumerated().filter({ $0.element.deadline <= end })
                .min(by: { $0.element.deadline < $1.element.deadline }) {
            scheduled.remove(at: next.offset)
            now = max(now, next.element.deadline)
            next.element.timer.fire()
        }
        now = end
    }
}
