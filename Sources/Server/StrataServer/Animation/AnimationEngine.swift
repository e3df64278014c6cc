import CStrataServerProtocol
import StrataProtocol
import StrataRender

/// Plays every layer animation on the presentation clock. Before each frame
/// it computes the presentation value of each animated layer (model value,
/// then each animation in the order added), writes it to the layer the
/// renderer draws, and tells clients which animations began and ended. The
/// renderer's damage tracking then redraws exactly where an animated layer
/// was and is. Only layers with animations are visited.
final class AnimationEngine {
    private var animatedLayers: [ServerLayer] = []
    /// The same layers by the layer the renderer draws, for `strata tree`.
    private var byRenderLayer: [ObjectIdentifier: ServerLayer] = [:]
    /// The time of the last frame, for presentation values asked between frames.
    private(set) var lastFrameTime: Double = 0
    /// Output pixels per point, for the snapshots of transitions.
    var scale: Double = 1


    /// A layer gained animations (at commit).
    func track(_ layer: ServerLayer) {
        guard !layer.isTrackedByEngine else { return }
        layer.isTrackedByEngine = true
        animatedLayers.append(layer)
        byRenderLayer[ObjectIdentifier(layer.renderLayer)] = layer
    }

    func animatedLayer(drawnAs layer: RenderLayer) -> ServerLayer? {
        byRenderLayer[ObjectIdentifier(layer)]
    }

    /// Computes the frame at `time`; returns when the next frame is wanted:
    /// `time` while an animation on screen moves, the moment one begins or
    /// ends (on screen or not: its events are due), or nil: idle.
    func present(at time: Double, scene: RenderLayer) -> Double? {
        lastFrameTime = time
        var changes: [(ServerLayer, Double)] = []
        var index = 0
        while index < animatedLayers.count {
            let layer = animatedLayers[index]
            let next = layer.advanceAnimations(to: time, scale: scale)
            if layer.animations.isEmpty || layer.isDestroyed {
                layer.isTrackedByEngine = false
                byRenderLayer[ObjectIdentifier(layer.renderLayer)] = nil
                animatedLayers.swapAt(index, animatedLayers.count - 1)
                animatedLayers.removeLast()
                continue
            }
            if let next { changes.append((layer, next)) }
            index += 1
        }
        // Decided once every layer moved on: a transition that ended just now
        // may have put sublayers back on screen.
        var wake: Double? = nil
        for (layer, next) in changes {
            var moment = next
            if next <= time && !layer.renderLayer.isAttached(to: scene) {
                // Off screen: no frame for its motion, only for its end.
                let ends = layer.animations.filter { !$0.hasEnded }.map(\.endTime).filter(\.isFinite)
                guard let end = ends.min() else { continue }
                moment = end
            }
            wake = min(wake ?? moment, moment)
        }
        return wake
    }
}

extension RenderLayer {
    /// Whether `root` is an ancestor: only animations on screen need frames.
    func isAttached(to root: RenderLayer) -> Bool {
        var node: RenderLayer? = self
        while let current = node {
            if current === root { return true }
            node = current.superlayer
        }
        return false
    }
}

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
