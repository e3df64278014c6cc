import StrataProtocol

/// Plays every layer animation on the presentation clock. Before each frame
/// it computes the presentation value of each animated layer (model value,
/// then each animation in the order added), writes it to the layer the
/// renderer draws, and tells the layers which animations began and ended. The
/// renderer's damage tracking then redraws exactly where an animated layer
/// was and is. Only layers with animations are visited.
public final class AnimationEngine {
    private var animatedLayers: [AnimatedLayer] = []
    /// The same layers by the layer the renderer draws, for `strata tree`.
    private var byRenderLayer: [ObjectIdentifier: AnimatedLayer] = [:]
    /// The time of the last frame, for presentation values asked between frames.
    public private(set) var lastFrameTime: Double = 0
    /// Output pixels per point, for the snapshots of transitions.
    public var scale: Double = 1

    public init() {}

    /// A layer gained animations (at commit).
    public func track(_ layer: AnimatedLayer) {
        guard !layer.isTrackedByEngine else { return }
        layer.isTrackedByEngine = true
        animatedLayers.append(layer)
        byRenderLayer[ObjectIdentifier(layer.renderLayer)] = layer
    }

    public func animatedLayer(drawnAs layer: RenderLayer) -> AnimatedLayer? {
        byRenderLayer[ObjectIdentifier(layer)]
    }

    /// Computes the frame at `time`; returns when the next frame is wanted:
    /// `time` while an animation on screen moves, the moment one begins or
    /// ends (on screen or not: its events are due), or nil: idle.
    public func present(at time: Double, scene: RenderLayer) -> Double? {
        present(at: time, scenes: [scene])
    }

    /// The same for several scenes (an app's windows): a layer in any of them is on screen.
    public func present(at time: Double, scenes: [RenderLayer]) -> Double? {
        lastFrameTime = time
        var changes: [(AnimatedLayer, Double)] = []
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
            if next <= time && !scenes.contains(where: layer.renderLayer.isAttached(to:)) {
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
    public func isAttached(to root: RenderLayer) -> Bool {
        var node: RenderLayer? = self
        while let current = node {
            if current === root { return true }
            node = current.superlayer
        }
        return false
    }
}
