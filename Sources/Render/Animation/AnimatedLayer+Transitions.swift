import StrataProtocol

/// What a running transition shows: the layer's appearance before and
/// after, and the stand-in layer that shows each frame of the change in
/// place of the layer's own drawing and sublayers.
public final class TransitionShow {
    let key: String
    /// What its images take at most: before, after and a frame with margins.
    public let bytes: Int
    var old: LayerImage?
    var new: LayerImage?
    var needsNewAppearance = true
    let standIn = RenderLayer()
    var frame: LayerImage?
    public internal(set) var isShowing = false

    init(key: String, old: LayerImage?, bytes: Int) {
        self.key = key
        self.old = old
        self.bytes = bytes
        standIn.name = "transition \(key)"
        standIn.anchorPoint = .zero
    }
}

extension AnimatedLayer {
    /// What taking the appearance for the pending transition will hold at
    /// most, in bytes: the images before and after and a frame with margins,
    /// at the larger of the bounds before and after the commit.
    public func bytesForPendingTransition(pendingBounds: Rect, scale: Double) -> Int {
        let bounds = Size(width: max(model.bounds.width, pendingBounds.width), height: max(model.bounds.height, pendingBounds.height))
        let pixels = (min(bounds.width * scale, 8192).rounded(.up) + 2) * (min(bounds.height * scale, 8192).rounded(.up) + 2)
        return Int(pixels * 4 * 1.25 * 3)
    }

    /// Takes the appearance before the commit that adds a transition: what
    /// is on screen, which is the frame of a transition still running.
    /// Without room for `bytes` (`fits` says no), the transition gets its
    /// timing and events, but no pictures.
    public func captureAppearanceBeforeTransition(bytes: Int, scale: Double, fits: Bool) {
        let key = pendingAnimationChanges.reversed().compactMap { change -> String? in
            if case .add(let animation) = change, animation.transition != nil { return animation.key }
            return nil
        }.first ?? ""
        let previous = transitionShow
        guard fits else {
            restoreOwnDrawing()
            transitionShow = nil
            return
        }
        let before = previous?.isShowing == true ? previous?.frame : SceneRenderer.snapshot(of: renderLayer, scale: scale)
        restoreOwnDrawing()
        transitionShow = TransitionShow(key: key, old: before, bytes: bytes)
    }

    /// The transition that shows at `time`, if any.
    private func activeTransition(at time: Double) -> (LayerTransition, Double)? {
        guard let show = transitionShow else { return nil }
        guard let running = animations.last(where: { $0.key == show.key && $0.transition != nil }),
              running.isScheduled, let transition = running.transition,
              let progress = transition.progress(at: time) else { return nil }
        return (transition, progress)
    }

    /// Writes what the renderer draws for this layer at `time`: the
    /// presentation values, and while a transition runs, its frame in place
    /// of the layer's own drawing and sublayers.
    public func updateRenderLayer(at time: Double, scale: Double) {
        var properties = animations.isEmpty ? model : presentation(at: time)
        // A replicator's delayed copies of this layer show it as it was earlier.
        renderLayer.presentationShifted = animations.isEmpty ? nil : { [weak self] offset in
            self?.presentation(at: time - offset) ?? properties
        }
        guard let (transition, progress) = activeTransition(at: time), let show = transitionShow else {
            renderLayer.properties = properties
            if transitionShow != nil
                && !animations.contains(where: { $0.key == transitionShow?.key && $0.transition != nil && !$0.hasEnded }) {
                restoreOwnDrawing()
                transitionShow = nil
            }
            return
        }
        if show.needsNewAppearance {
            restoreOwnDrawing()
            renderLayer.properties = properties
            show.new = SceneRenderer.snapshot(of: renderLayer, scale: scale)
            // Animated bounds may have grown past what the quota check counted.
            if let new = show.new, new.width * new.height * 4 * 3 > show.bytes { show.new = nil }
            show.needsNewAppearance = false
        }
        var margin = (x: 0, y: 0)
        if let size = show.new ?? show.old {
            let frameSize = TransitionFrame.frameSize(for: transition.kind, width: size.width, height: size.height)
            margin = TransitionFrame.margin(for: transition.kind, width: size.width, height: size.height)
            if show.frame?.width != frameSize.width || show.frame?.height != frameSize.height {
                show.frame = LayerImage(width: frameSize.width, height: frameSize.height, hasAlpha: true)
            }
        }
        if let frame = show.frame {
            TransitionFrame.draw(transition, progress: progress, old: show.old, new: show.new, into: frame)
        }
        // The frame covers the bounds and, for a flip, a margin around them.
        let bounds = properties.bounds
        let (mx, my) = (Double(margin.x) / scale, Double(margin.y) / scale)
        show.standIn.bounds = Rect(x: 0, y: 0, width: bounds.width + 2 * mx, height: bounds.height + 2 * my)
        show.standIn.position = Point(x: bounds.minX - mx, y: bounds.minY - my)
        show.standIn.contents = show.frame
        show.standIn.contentsScale = scale
        properties.backgroundColor = nil
        properties.contents = nil
        properties.isOpaque = false
        renderLayer.properties = properties
        if !show.isShowing {
            renderLayer.setSublayers([show.standIn])
            show.isShowing = true
        }
    }

    /// Puts the layer's committed sublayers back in place of a stand-in.
    public func restoreOwnDrawing() {
        guard let show = transitionShow, show.isShowing else { return }
        renderLayer.setSublayers(modelSublayers)
        show.isShowing = false
    }
}
