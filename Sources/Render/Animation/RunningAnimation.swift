import StrataProtocol

/// An animation a layer holds: a property animation or a transition, and
/// where it stands in its life (begun, ended) so each event is told once.
public final class RunningAnimation {
    public enum Effect {
        case property(LayerAnimation)
        case transition(LayerTransition)
    }

    public let key: String
    /// Its timing's begin time is a timeline time once `isScheduled`.
    public private(set) var effect: Effect
    /// Seconds after the frame that first shows it; nil for an absolute begin.
    private let delay: Double?
    public let isKeptOnCompletion: Bool
    public private(set) var isScheduled: Bool
    public internal(set) var hasStarted = false
    public internal(set) var hasEnded = false

    public init(key: String, effect: Effect, delay: Double?, keptOnCompletion: Bool) {
        (self.key, self.effect, self.delay, isKeptOnCompletion) = (key, effect, delay, keptOnCompletion)
        isScheduled = delay == nil
    }

    public var timing: MediaTiming {
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

    public var propertyAnimation: LayerAnimation? {
        if case .property(let animation) = effect { return animation }
        return nil
    }

    public var transition: LayerTransition? {
        if case .transition(let transition) = effect { return transition }
        return nil
    }

    /// Fixes the begin time once the frame that shows the animation is known.
    func schedule(firstFrameAt time: Double) {
        guard !isScheduled, let delay else { return }
        timing.beginTime = time + delay
        isScheduled = true
    }

    public var beginTime: Double { timing.beginTime }
    public var endTime: Double { timing.endTime }
}

/// What the next commit does to a layer's animations, in request order.
public enum PendingAnimationChange {
    case add(RunningAnimation)
    case remove(key: String)
}
