import StrataProtocol
import StrataRender

extension AnimationEngine {
    /// `strata tree`'s view of an animated layer: the values drawn are the
    /// presentation values; these add the model values and each animation
    /// with where it stands at the last frame.
    func annotation(_ layer: RenderLayer) -> [(String, JSONValue)] {
        guard let animated = animatedLayer(drawnAs: layer) else { return [] }
        let time = lastFrameTime
        let model = animated.model
        let animations: [JSONValue] = animated.animations.map { running in
            let timing = running.timing
            var phase = "scheduled"
            var progress: JSONValue = .null
            if running.isScheduled {
                switch timing.phase(at: time) {
                case .pending: phase = "pending"
                case .active(let fraction):
                    phase = running.hasEnded ? "filling" : "running"
                    progress = .number(fraction)
                case .finished: phase = "finished"
                }
            }
            var members: [(String, JSONValue)] = [("key", .string(running.key))]
            switch running.effect {
            case .property(let a):
                func array(_ value: [Double]?) -> JSONValue { value.map { .array($0.map(JSONValue.number)) } ?? .null }
                members += [("keyPath", .string(a.property.rawValue)),
                            ("from", array(a.values.first)), ("to", array(a.values.last)),
                            ("value", array(a.value(at: time))),
                            ("additive", .bool(a.isAdditive))]
            case .transition(let t):
                members += [("transition", .string(String(describing: t.kind))),
                            ("direction", .string(String(describing: t.direction))),
                            ("progress", t.progress(at: time).map(JSONValue.number) ?? .null)]
            }
            return .object(members + [
                ("phase", .string(phase)),
                ("fraction", progress),
                ("beginTime", running.isScheduled ? .number(timing.beginTime) : .null),
                ("duration", .number(timing.duration)),
                ("repeatCount", timing.repeatCount.isFinite ? .number(timing.repeatCount) : .string("infinity")),
                ("autoreverses", .bool(timing.autoreverses)),
            ])
        }
        return [
            ("model", .object([
                ("position", .point(model.position)),
                ("bounds", .rect(model.bounds)),
                ("anchor", .point(model.anchorPoint)),
                ("transform", .array(model.transform.components.map(JSONValue.number))),
                ("opacity", .number(model.opacity)),
                ("backgroundColor", model.backgroundColor.map(JSONValue.color) ?? .null),
            ])),
            ("animations", .array(animations)),
            ("presentationTime", .number(time)),
        ]
    }
}
