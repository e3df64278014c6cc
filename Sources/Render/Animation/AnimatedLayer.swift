import StrataProtocol

/// A layer as a render server keeps it: its committed (model) values and
/// sublayers, the animations and transition running on it, and the
/// `RenderLayer` that draws their presentation. The compositor's layers
/// and an app compositing its own windows are both made of these, so an
/// animation plays the same frames in either.
///
/// Subclasses hear of each animation's start and end (to tell whoever
/// added it) and of how many animations the layer holds (for quotas).
open class AnimatedLayer {
    public let renderLayer = RenderLayer()
    /// The committed values (CA's model layer). `renderLayer` draws these,
    /// or while animations run, the presentation values made from them.
    public var model = RenderLayer.Properties()
    /// The committed sublayers' render layers: a transition shows a stand-in
    /// in their place while it runs.
    public var modelSublayers: [RenderLayer] = []
    /// In the order added; the later ones apply on top.
    public internal(set) var animations: [RunningAnimation] = []
    /// Adds and removals waiting for the next commit, in request order.
    public var pendingAnimationChanges: [PendingAnimationChange] = []
    /// What a running transition shows; see `AnimatedLayer+Transitions`.
    open var transitionShow: TransitionShow?
    /// The layer's object is gone: its animations tell nothing more.
    public var isDestroyed = false
    var isTrackedByEngine = false

    public init() {}

    // MARK: What subclasses hear

    /// `animation` began (its begin time is on the timeline).
    open func animationStarted(_ animation: RunningAnimation) {}
    /// `animation` ran to its end, or was replaced or removed before.
    open func animationEnded(_ animation: RunningAnimation, finished: Bool) {}
    /// The layer holds `delta` more (or fewer) animations.
    open func animationCountChanged(by delta: Int) {}

    // MARK: Commit

    /// Makes `properties` the model, keeping the contents (which a commit
    /// changes on their own), and `sublayers` the model's sublayers when
    /// given. Returns whether the bounds changed size.
    @discardableResult
    public func commitModel(_ properties: RenderLayer.Properties, sublayers: [RenderLayer]?) -> Bool {
        var properties = properties
        properties.contents = model.contents
        let resized = properties.bounds.size != model.bounds.size
        model = properties
        if let sublayers {
            modelSublayers = sublayers
            if transitionShow?.isShowing != true { renderLayer.setSublayers(sublayers) }
        }
        return resized
    }

    /// The layer's object was destroyed: it leaves the tree it was drawn in.
    public func commitDestruction() {
        renderLayer.removeFromSuperlayer()
        renderLayer.setSublayers([])
        modelSublayers = []
    }

    /// After a commit's changes: draws the model, or while the layer
    /// animates, hands it to `engine` and draws its presentation now.
    public func finishCommit(engine: AnimationEngine) {
        if animations.isEmpty && transitionShow == nil {
            renderLayer.properties = model
        } else {
            engine.track(self)
            updateRenderLayer(at: engine.lastFrameTime, scale: engine.scale)
        }
    }

    /// Whether the next commit adds a transition (its old appearance is taken first).
    public var hasPendingTransition: Bool {
        pendingAnimationChanges.contains { if case .add(let a) = $0 { return a.transition != nil } else { return false } }
    }

    /// Applies the pending adds and removals. Replaced and removed
    /// animations end with finished false, as CA tells its delegate.
    public func applyAnimationChanges() {
        for change in pendingAnimationChanges {
            switch change {
            case .add(let animation):
                if let index = animations.firstIndex(where: { $0.key == animation.key }) {
                    end(animations.remove(at: index), finished: false)
                } else {
                    animationCountChanged(by: 1)
                }
                animations.append(animation)
            case .remove(let key):
                if let index = animations.firstIndex(where: { $0.key == key }) {
                    end(animations.remove(at: index), finished: false)
                    animationCountChanged(by: -1)
                }
            }
        }
        pendingAnimationChanges.removeAll()
    }

    /// Drops every animation without events (the layer's object is gone).
    public func discardAnimations() {
        animationCountChanged(by: -animations.count)
        animations.removeAll()
        pendingAnimationChanges.removeAll()
        transitionShow = nil
    }

    // MARK: Frames

    /// Moves every animation to `time`: schedules new ones, tells of starts
    /// and ends, drops the finished ones, and writes the presentation
    /// values for the renderer. Returns when the layer next needs a frame:
    /// `time` itself while an animation moves, a later time when one
    /// begins or ends then, nil when nothing of it will change.
    public func advanceAnimations(to time: Double, scale: Double) -> Double? {
        var next: Double? = nil
        func wake(at moment: Double) { next = min(next ?? moment, moment) }
        // Looked up once a frame: how much later an enclosing replicator's last copy plays.
        let replicated = animations.isEmpty ? 0 : replicatedDelay
        var index = 0
        while index < animations.count {
            let animation = animations[index]
            animation.schedule(firstFrameAt: time)
            if !animation.hasStarted && time >= animation.beginTime {
                animation.hasStarted = true
                if !isDestroyed { animationStarted(animation) }
            }
            // A replicator's delayed copies play it later: it stays (unapplied here) until the last copy's end.
            let linger = animation.propertyAnimation == nil ? 0 : replicated
            if !animation.hasEnded && time >= animation.endTime {
                end(animation, finished: true)
            }
            if animation.hasEnded && !animation.isKeptOnCompletion && time >= animation.endTime + linger {
                animations.remove(at: index)
                animationCountChanged(by: -1)
                continue
            }
            let timing = animation.timing
            if time < animation.beginTime {
                wake(at: animation.beginTime)
            } else if !animation.hasEnded {
                // Moving, unless its clock stands still; then only its end (if any) matters.
                if timing.speed > 0 && timing.duration > 0 { wake(at: time) } else if animation.endTime.isFinite { wake(at: animation.endTime) }
            } else if time < animation.endTime + linger {
                wake(at: time)
            }
            index += 1
        }
        updateRenderLayer(at: time, scale: scale)
        return next
    }

    /// How much later than this layer the last copy of an enclosing
    /// replicator plays its animations ((count − 1) × instanceDelay of the
    /// nearest replicator within a few levels up); 0 outside replicators.
    var replicatedDelay: Double {
        var ancestor = renderLayer.superlayer
        for _ in 0..<16 {
            guard let layer = ancestor else { return 0 }
            if let rules = layer.replicator, rules.count > 1, rules.instanceDelay > 0 {
                return Double(min(rules.count, ReplicatorStyle.maxInstances) - 1) * rules.instanceDelay
            }
            ancestor = layer.superlayer
        }
        return 0
    }

    /// The model value with every animation applied at `time`.
    public func presentation(at time: Double) -> RenderLayer.Properties {
        var values = model.animatable
        for running in animations where running.isScheduled {
            guard let animation = running.propertyAnimation else { continue }
            if let value = animation.value(at: time) {
                values.apply(animation.property, value, additive: animation.isAdditive)
            }
        }
        var properties = model
        properties.animatable = values
        return properties
    }

    private func end(_ animation: RunningAnimation, finished: Bool) {
        if !animation.hasEnded && !isDestroyed { animationEnded(animation, finished: finished) }
        animation.hasEnded = true
    }
}
