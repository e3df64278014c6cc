/// A layer's 3-D state beyond its affine transform (strata_layers_v1
/// version 4): CALayer's transform as a CATransform3D, sublayerTransform,
/// zPosition, anchorPointZ, isDoubleSided, and CATransformLayer. A layer
/// whose depth is all defaults has none (`RenderLayer.Properties.depth` is
/// nil), and is drawn exactly as before.
public struct LayerDepth: Hashable, Sendable {
    /// The layer's transform when it is not affine; nil when the affine
    /// `transform` says it all.
    public var transform: Transform3D? = nil
    /// Applied to every sublayer after its own transform, about the centre
    /// of the bounds.
    public var sublayerTransform = Transform3D.identity
    /// The anchor point's place along z in the superlayer, as position is in x and y.
    public var zPosition: Double = 0
    /// The anchor point's z, about which the transform applies.
    public var anchorPointZ: Double = 0
    /// False: nothing of the layer or its sublayers is drawn while its back faces the viewer.
    public var isDoubleSided = true
    /// A CATransformLayer: draws nothing of its own and keeps its
    /// sublayers in the 3-D space of the nearest ordinary ancestor.
    public var isTransformLayer = false

    public init() {}

    public static let none = LayerDepth()
}
