import Foundation
import StrataProtocol
import StrataRender
import StrataWayland

/// A CALayer's counterpart when the app composites its own windows: the
/// encoder's requests change its pending state, and the local compositor's
/// commit applies them as Strata's compositor applies a strata_layer_v1's,
/// with the same animation and transition code (`AnimatedLayer`).
final class LocalLayer: AnimatedLayer, LayerNode {
    private unowned let compositor: LocalCompositor

    /// Pending values of the plain properties; contents change only through `pendingContents`.
    var pending = RenderLayer.Properties()
    var pendingContents = PendingContents.unchanged
    /// The pending tree, as the encoder edits it.
    private(set) var pendingSublayers: [LocalLayer] = []
    private(set) weak var pendingSuperlayer: LocalLayer?
    var structureChanged = false
    var isDirty = false
    /// The pending mask, applied at commit when `maskChanged`.
    var pendingMask: LocalLayer?
    var maskChanged = false

    var onAnimationEvent: ((AnimationEvent) -> Void)?

    /// New contents waiting for the commit: the image and the rects of it
    /// that changed (all of it unless partial).
    enum PendingContents {
        case unchanged
        case removed
        case image(CGImage, rects: [CGRect], partial: Bool)
    }

    init(compositor: LocalCompositor) {
        self.compositor = compositor
        super.init()
    }

    func changed() { if !isDirty { compositor.markDirty(self) } }

    // MARK: LayerNode

    var nodeSublayers: [any LayerNode] { pendingSublayers }
    var nodeSuperlayer: (any LayerNode)? { pendingSuperlayer }

    // The values strata_layers_v1 carries as wl_fixed (1/256 steps) are
    // rounded the same way here, so a window composited by the app has the
    // very pixels Strata would draw for it (a color of 0.86 is 219 there,
    // not 220). The transform travels as doubles and stays as it is.
    func setPosition(_ position: Point) { pending.position = position.wireRounded; changed() }
    func setBounds(_ bounds: Rect) { pending.bounds = bounds.wireRounded; changed() }
    func setAnchorPoint(_ anchorPoint: Point) { pending.anchorPoint = anchorPoint.wireRounded; changed() }
    func setTransform(_ transform: StrataProtocol.AffineTransform) { pending.transform3D = Transform3D(transform); changed() }
    func setOpacity(_ opacity: Double) { pending.opacity = wireRounded(opacity); changed() }
    func setHidden(_ hidden: Bool) { pending.isHidden = hidden; changed() }
    func setMasksToBounds(_ masks: Bool) { pending.masksToBounds = masks; changed() }
    func setBackgroundColor(_ color: Color?) {
        pending.backgroundColor = color.map {
            Color(red: wireRounded($0.red), green: wireRounded($0.green), blue: wireRounded($0.blue), alpha: wireRounded($0.alpha))
        }.flatMap { $0.alpha > 0 ? $0 : nil }
        changed()
    }
    func setOpaque(_ opaque: Bool) { pending.isOpaque = opaque; changed() }
    func setContentsScale(_ scale: Double) { pending.contentsScale = wireRounded(scale); changed() }
    func setContentsGravity(_ gravity: ContentsGravity) { pending.contentsGravity = gravity; changed() }
    func setContentsCenter(_ center: Rect) { pending.contentsCenter = center.wireRounded; changed() }
    func setContentsRect(_ rect: Rect) { pending.contentsRect = rect.wireRounded; changed() }

    func addAnimation(_ animation: LayerAnimation, forKey key: String, keptOnCompletion: Bool) {
        queue(.property(animation), key: key, delay: animation.timing.beginTime, keptOnCompletion: keptOnCompletion)
    }

    func addTransition(_ transition: LayerTransition, forKey key: String) {
        queue(.transition(transition), key: key, delay: transition.timing.beginTime, keptOnCompletion: false)
    }

    /// Its begin time is a delay after the first frame that shows it, as on the wire.
    private func queue(_ effect: RunningAnimation.Effect, key: String, delay: Double, keptOnCompletion: Bool) {
        pendingAnimationChanges.append(.add(RunningAnimation(key: key, effect: effect, delay: delay,
                                                             keptOnCompletion: keptOnCompletion)))
        changed()
    }

    func removeAnimation(forKey key: String) {
        pendingAnimationChanges.append(.remove(key: key))
        changed()
    }

    /// A sublayer moving within this layer is taken out first, as the compositor does.
    func insertSublayer(_ node: any LayerNode, at index: Int) {
        let sublayer = node as! LocalLayer
        if sublayer.pendingSuperlayer === self {
            pendingSublayers.removeAll { $0 === sublayer }
        } else {
            sublayer.removeFromSuperlayer()
        }
        pendingSublayers.insert(sublayer, at: min(index, pendingSublayers.count))
        sublayer.pendingSuperlayer = self
        markStructureChanged()
        sublayer.changed()
    }

    func removeFromSuperlayer() {
        guard let superlayer = pendingSuperlayer else { return }
        superlayer.pendingSublayers.removeAll { $0 === self }
        superlayer.markStructureChanged()
        pendingSuperlayer = nil
    }

    func destroy() {
        removeFromSuperlayer()
        for sublayer in pendingSublayers { sublayer.pendingSuperlayer = nil }
        pendingSublayers = []
        pendingContents = .removed
        // A destroyed layer masks nothing any more.
        if pendingMask != nil || renderLayer.mask != nil { (pendingMask, maskChanged) = (nil, true) }
        discardAnimations()
        isDestroyed = true
        markStructureChanged()
    }

    private func markStructureChanged() {
        structureChanged = true
        changed()
    }

    // MARK: Animation events, told to the CALayer's entries

    override func animationStarted(_ animation: RunningAnimation) {
        onAnimationEvent?(.started(key: animation.key, time: animation.beginTime))
    }

    override func animationEnded(_ animation: RunningAnimation, finished: Bool) {
        onAnimationEvent?(.ended(key: animation.key, finished: finished))
    }
}

/// `value` as wl_fixed carries it: the nearest multiple of 1/256.
func wireRounded(_ value: Double) -> Double { (value * 256).rounded(.toNearestOrEven) / 256 }

private extension Point {
    var wireRounded: Point { Point(x: StrataKit.wireRounded(x), y: StrataKit.wireRounded(y)) }
}

private extension Rect {
    var wireRounded: Rect {
        Rect(x: StrataKit.wireRounded(origin.x), y: StrataKit.wireRounded(origin.y),
             width: StrataKit.wireRounded(size.width), height: StrataKit.wireRounded(size.height))
    }
}
