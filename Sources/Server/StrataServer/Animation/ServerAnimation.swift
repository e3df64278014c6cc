import StrataProtocol

/// An animation a layer holds: its description, and where it stands in
/// its life (begun, ended) so each event is sent once.
final class ServerAnimation {
    let key: String
    /// Its begin time is a timeline time once `isScheduled`.
    private(set) var animation: LayerAnimation
    /// Seconds after the frame that first shows it; nil for an absolute begin.
    private let delay: Double?
    let isKeptOnCompletion: Bool
    private(set) var isScheduled: Bool
    var hasStarted = false
    var hasEnded = false

    init(key: String, animation: LayerAnimation, delay: Double?, keptOnCompletion: Bool) {
        (self.key, self.animation, self.delay, isKeptOnCompletion) = (key, animation, delay, keptOnCompletion)
        isScheduled = delay == nil
    }

    /// Fixes the begin time once the frame that shows the animation is known.
    func schedule(firstFrameAt time: Double) {
        guard !isScheduled, let delay else { return }
        animation.timing.beginTime = time + delay
        isScheduled = true
    }

    var beginTime: Double { animation.timing.beginTime }
    var endTime: Double { animation.timing.endTime }

    /// Still changing what is drawn at `time`, or yet to begin.
    func isRunning(at time: Double) -> Bool { !isScheduled || time < endTime }
}
