import Foundation
import StrataProtocol
import StrataWayland

/// What the transaction encoder keeps for each CALayer of a shown window:
/// a strata_layer_v1 on the compositor when it composites the app's
/// layers, or a layer this app composites itself (`LocalLayer`) when the
/// compositor is not Strata. Either takes strata_layer_v1's requests, and
/// none takes effect before the transaction's commit.
protocol LayerNode: AnyObject {
    var nodeSublayers: [any LayerNode] { get }
    var nodeSuperlayer: (any LayerNode)? { get }
    /// Hears when its animations start and end.
    var onAnimationEvent: ((AnimationEvent) -> Void)? { get set }

    func setPosition(_ position: Point)
    func setBounds(_ bounds: Rect)
    func setAnchorPoint(_ anchorPoint: Point)
    func setTransform(_ transform: StrataProtocol.AffineTransform)
    func setOpacity(_ opacity: Double)
    func setHidden(_ hidden: Bool)
    func setMasksToBounds(_ masks: Bool)
    func setBackgroundColor(_ color: Color?)
    func setOpaque(_ opaque: Bool)
    func setContentsScale(_ scale: Double)
    func setContentsGravity(_ gravity: ContentsGravity)
    func setContentsCenter(_ center: Rect)
    func setContentsRect(_ rect: Rect)

    // Version 3: what the render server draws around and instead of contents.
    /// Whether the node takes these (a strata_layer_v1 of an older binding does not).
    var hasStyling: Bool { get }
    func setCornerRadius(_ radius: Double, maskedCorners: CornerMask, curve: CornerCurve)
    func setBorder(width: Double, color: Color)
    func setShadow(color: Color, opacity: Double, offset: Size, radius: Double)
    func setShadowPath(_ path: LayerPath?)
    /// nil (or an empty path) removes the shape; its fill and stroke stay.
    func setShape(_ path: LayerPath?, fillRule: FillRule)
    func setFillColor(_ color: Color?)
    func setStroke(color: Color?, lineWidth: Double, cap: LineCap, join: LineJoin, miterLimit: Double)
    func setLineDash(pattern: [Double], phase: Double)
    func setStrokeRange(start: Double, end: Double)
    func setGradient(_ gradient: GradientStyle?)
    /// A replicator's rules; nil makes it a plain layer.
    func setReplicator(_ rules: ReplicatorStyle?)
    /// A node outside any tree whose alpha masks this one; nil removes it.
    func setMask(_ mask: (any LayerNode)?)

    // Version 4: depth.
    /// Whether the node takes these (a strata_layer_v1 of an older binding does not).
    var hasDepth: Bool { get }
    /// Sixteen doubles, m11 … m44.
    func setTransform3D(rawMatrix: [Double])
    func setSublayerTransform(rawMatrix: [Double])
    func setZPosition(_ z: Double)
    func setAnchorPointZ(_ z: Double)
    func setDoubleSided(_ doubleSided: Bool)
    func setTransformLayer(_ isTransformLayer: Bool)

    // Version 4: a material below the layer's own drawing.
    /// Whether the node takes backdrops (a strata_layer_v1 of an older binding does not).
    var hasBackdrops: Bool { get }
    func setBackdrop(_ backdrop: BackdropStyle?)

    func addAnimation(_ animation: LayerAnimation, forKey key: String, keptOnCompletion: Bool)
    func addTransition(_ transition: LayerTransition, forKey key: String)
    func removeAnimation(forKey key: String)

    func insertSublayer(_ node: any LayerNode, at index: Int)
    func removeFromSuperlayer()
    func destroy()
}

/// Where the encoder's nodes live, and how contents reach them.
protocol LayerTransport: AnyObject {
    func makeNode() -> any LayerNode
    /// Makes `image` the node's contents: only `rects` of it changed when
    /// `partial`, else all of it. Returns the bytes copied.
    func setContents(_ image: CGImage, changed rects: [CGRect], partial: Bool,
                     of node: any LayerNode, for layer: CALayer) throws -> Int
    func removeContents(of node: any LayerNode)
    /// Sends what was written so far (a wire transport's socket buffer is small).
    func flush()
}

extension Layer: LayerNode {
    var nodeSublayers: [any LayerNode] { sublayers }
    var nodeSuperlayer: (any LayerNode)? { superlayer }

    /// nil: one plain copy, which is what a layer without rules draws.
    func setReplicator(_ rules: ReplicatorStyle?) { setReplicator(rules ?? ReplicatorStyle()) }

    func addAnimation(_ animation: LayerAnimation, forKey key: String, keptOnCompletion: Bool) {
        addAnimation(animation, forKey: key, absoluteBegin: false, keptOnCompletion: keptOnCompletion)
    }

    func insertSublayer(_ node: any LayerNode, at index: Int) {
        insertSublayer(node as! Layer, at: index)
    }

    func setMask(_ mask: (any LayerNode)?) {
        setMask(mask.map { $0 as! Layer })
    }
}
