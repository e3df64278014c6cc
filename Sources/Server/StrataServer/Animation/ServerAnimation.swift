import StrataProtocol

/// An animation a layer holds: a property animation or a transition, and
/// where it stands in its life (begun, ended) so each event is sent once.
final class ServerAnimation {
    enum Effect {
        case property(LayerAnimation)
        case transition(LayerTransition)
    }

    let key: String
    /// Its timing's begin time is a timeline time once `isScheduled`.
    private(set) var effect: Effect
    /// Seconds after the frame that first shows it; nil for an absolute begin.
    private let delay: Double?
    let isKeptOnCompletion: Bool
    private(set) var isScheduled: Bool
    var hasStarted = false
    var hasEnded = false

    init(key: String, effect: Effect, delay: Double?, keptOnCompletion: Bool) {
        (self.key, self.effect, self.delay, isKeptOnCompletion) = (key, effect, delay, keptOnCompletion)
        isScheduled = delay == nil
    }

    var timing: MediaTiming {
        get {
            switch effect {
            case .property(let animation): return animation.timing
            case .transition(let transition): return transition.timing
            }
        }
        set {
            switch effect {
            case .property(var animation): animation.timing = newValue; effect = .property(animation)
            case .transition(var transition): transition.timing = newValue; effect = .transition(transition)
            }
        }
    }

    var propertyAnimation: LayerAnimation? {
        if case .property(let animation) = effect { return animation }
        return nil
    }

    var transition: LayerTransition? {
        if case .transition(let transition) = effect { return transition }
        return nil
    }

    /// Fixes the begin time once the frame that shows the animation is known.
    func schedule(firstFrameAt time: Double) {
        guard !isScheduled, let delay else { return }
        timing.beginTime = time + delay
        isScheduled = true
    }

    var beginTime: Double { timing.beginTime }
    var endTime: Double { timing.endTime }
}
