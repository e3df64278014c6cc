import Foundation
import StrataProtocol

/// Core Animation's replicator: its sublayers are drawn `instanceCount`
/// times, each copy transformed, delayed and tinted from the one before.
/// The app describes one copy; the compositor draws them all and plays
/// each copy's animations `instanceDelay` later than the one before.
open class CAReplicatorLayer: CALayer {
    /// 1 by default; 0 draws no sublayers. At most 1024 are drawn.
    open var instanceCount = 1 {
        didSet { if instanceCount != oldValue { didChange(.replicator) } }
    }

    /// Seconds each copy's animations run after the previous copy's.
    open var instanceDelay: CFTimeInterval = 0 {
        didSet { if instanceDelay != oldValue { didChange(.replicator) } }
    }

    /// Applied to copy k−1 to make copy k, about the center of this layer
    /// (the sublayers' superlayer). Animatable. Only its affine part is drawn.
    open var instanceTransform = CATransform3DIdentity {
        didSet {
            guard instanceTransform != oldValue else { return }
            didChange(.replicator)
            runAction(for: .instanceTransform,
                      previous: StrataProtocol.AffineTransform(CATransform3DGetAffineTransform(oldValue)).components)
        }
    }

    /// Multiplies the first copy's colors; opaque white by default, which
    /// changes nothing (nil is taken as white too).
    open var instanceColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) {
        didSet { didChange(.replicator) }
    }

    /// Added to the color's components for each copy after the first.
    open var instanceRedOffset: Float = 0 { didSet { didChange(.replicator) } }
    open var instanceGreenOffset: Float = 0 { didSet { didChange(.replicator) } }
    open var instanceBlueOffset: Float = 0 { didSet { didChange(.replicator) } }
    open var instanceAlphaOffset: Float = 0 { didSet { didChange(.replicator) } }

    /// Kept for code that sets it; the compositor flattens each copy into
    /// the replicator's plane (no 3-D depth yet).
    open var preservesDepth = false

    /// The rules as the wire carries them.
    var replicatorStyle: ReplicatorStyle {
        var rules = ReplicatorStyle()
        rules.count = min(max(instanceCount, 0), ReplicatorStyle.maxInstances)
        rules.instanceTransform = StrataProtocol.AffineTransform(CATransform3DGetAffineTransform(instanceTransform))
        if !rules.instanceTransform.components.allSatisfy(\.isFinite) { rules.instanceTransform = .identity }
        rules.instanceDelay = instanceDelay.isFinite ? max(instanceDelay, 0) : 0
        rules.instanceColor = instanceColor.map(Color.init) ?? .white
        rules.instanceColorOffsets = [instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset]
            .map { $0.isFinite ? Double($0) : 0 }
        return rules
    }

    override func copyStyle(from layer: CALayer) {
        super.copyStyle(from: layer)
        guard let replicator = layer as? CAReplicatorLayer else { return }
        (instanceCount, instanceDelay, instanceColor) = (replicator.instanceCount, replicator.instanceDelay, replicator.instanceColor)
        (instanceRedOffset, instanceGreenOffset) = (replicator.instanceRedOffset, replicator.instanceGreenOffset)
        (instanceBlueOffset, instanceAlphaOffset) = (replicator.instanceBlueOffset, replicator.instanceAlphaOffset)
    }

    override func storeAnimatableValues(into values: inout AnimatableValues) {
        values.instanceTransform = StrataProtocol.AffineTransform(CATransform3DGetAffineTransform(instanceTransform))
    }

    override func takeAnimatableValues(_ values: AnimatableValues) {
        let t = values.instanceTransform
        instanceTransform = CATransform3DMakeAffineTransform(CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty))
    }
}
