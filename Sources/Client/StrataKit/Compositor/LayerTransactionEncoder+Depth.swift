import Foundation
import StrataProtocol

// Protocol version 4: 3-D transforms, z position, double-sidedness and
// transform layers. An older compositor gets the transform's affine part.
extension LayerTransactionEncoder {
    static func depthChangesFromDefaults(of layer: CALayer) -> CALayer.Changes {
        var changes: CALayer.Changes = []
        if !CATransform3DIsIdentity(layer.sublayerTransform) { changes.insert(.sublayerTransform) }
        if layer.zPosition != 0 { changes.insert(.zPosition) }
        if layer.anchorPointZ != 0 || !layer.isDoubleSided || layer is CATransformLayer { changes.insert(.depth) }
        return changes
    }

    /// Whether `property` is one of version 4's depth key paths.
    static func isDepth(_ property: AnimatableProperty) -> Bool {
        [.sublayerTransform, .zPosition, .anchorPointZ, .rotationX, .rotationY, .scaleZ, .translationZ].contains(property)
    }

    func sendTransform(of layer: CALayer, to remote: any LayerNode) {
        if remote.hasDepth, !CATransform3DIsAffine(layer.transform) {
            remote.setTransform3D(rawMatrix: layer.transform.wireValue)
        } else {
            remote.setTransform(StrataProtocol.AffineTransform(layer.affineTransform()))
        }
        sent()
    }

    func sendDepth(_ changes: CALayer.Changes, of layer: CALayer, to remote: any LayerNode) {
        if changes.contains(.sublayerTransform) { remote.setSublayerTransform(rawMatrix: layer.sublayerTransform.wireValue); sent() }
        if changes.contains(.zPosition) { remote.setZPosition(Double(layer.zPosition)); sent() }
        if changes.contains(.depth) {
            remote.setAnchorPointZ(Double(layer.anchorPointZ))
            remote.setDoubleSided(layer.isDoubleSided)
            remote.setTransformLayer(layer is CATransformLayer)
            sent(3)
        }
    }
}

extension LayerAnimation {
    /// The same animation of the transform's affine part.
    var affinePart: LayerAnimation {
        var animation = self
        animation.property = .transform
        animation.values = values.map { Transform3D(values: $0)?.affine.components ?? StrataProtocol.AffineTransform.identity.components }
        return animation
    }
}

extension CATransform3D {
    /// m11 m12 … m44, as set_transform_3d takes them.
    var wireValue: [Double] { rows.joined().map(Double.init) }

    /// From sixteen doubles, m11 … m44.
    init(wireValue v: [Double]) {
        precondition(v.count == 16)
        self.init(rows: (0..<4).map { row in (0..<4).map { CGFloat(v[row * 4 + $0]) } })
    }
}
